import PareaRules
import Testing

@testable import PareaStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One of the three files, to run the same bad input against each.
enum Kind: String, CaseIterable, CustomTestStringConvertible {
  case settings, players, game

  var relative: String {
    switch self {
    case .settings: "config/parea/settings.json"
    case .players: "state/parea/players.json"
    case .game: "state/parea/game.json"
    }
  }

  /// A valid file of this kind.
  func valid() throws -> [UInt8] {
    switch self {
    case .settings: json(Settings(language: .el, houseRules: HouseRules(revealDeadRoles: true)))
    case .players: json(PlayersFile(version: 1, names: ["Anna", "Bob"]))
    case .game: json(SavedGame(try sampleGame()))
    }
  }

  /// Loads this kind; true if the value is the default, and the problems.
  func load(_ store: inout Store) -> (isDefault: Bool, problems: [StoreProblem]) {
    switch self {
    case .settings:
      let loaded = store.loadSettings()
      return (loaded.value == Settings(), loaded.problems)
    case .players:
      let loaded = store.loadPlayers()
      return (loaded.value == [], loaded.problems)
    case .game:
      let loaded = store.loadGame()
      return (loaded.value == nil, loaded.problems)
    }
  }

  var testDescription: String { rawValue }
}

/// The kinds of damage a file can come to.
enum Damage: String, CaseIterable, CustomTestStringConvertible {
  case empty, truncated, garbage, notUTF8, utf16, wrongShape, noVersion, zeroVersion, topLevelArray

  func apply(to valid: [UInt8]) -> [UInt8] {
    switch self {
    case .empty: []
    case .truncated: Array(valid.prefix(valid.count / 2))
    case .garbage: [0x00, 0x9C, 0xFF, 0x13, 0x37, 0x42, 0x0A]
    // Valid JSON but for one byte that is not UTF-8.
    case .notUTF8: Array(#"{"version": 1, "names": ["An"#.utf8) + [0xFF] + Array(#"na"]}"#.utf8)
    case .utf16: [0xFF, 0xFE] + Array(#"{"version":1}"#.utf8).flatMap { [$0, 0] }
    case .wrongShape: Array(#"{"version": 1, "names": "Anna", "language": 3, "table": []}"#.utf8)
    case .noVersion: Array(#"{"names": ["Anna"], "language": "el"}"#.utf8)
    case .zeroVersion: Array(#"{"version": 0, "names": ["Anna"], "language": "el"}"#.utf8)
    case .topLevelArray: Array(#"[1, 2, 3]"#.utf8)
    }
  }

  var testDescription: String { rawValue }
}

@Suite("Bad files are kept aside and reported")
struct BadFileTests {
  /// Checks that `bytes` at `kind`'s path load as the default, with one
  /// `.corrupt` problem, and that the file was renamed with its bytes intact.
  func expectSetAside(_ bytes: [UInt8], kind: Kind, future version: Int? = nil) {
    let sandbox = Sandbox()
    sandbox.put(bytes, at: kind.relative)
    let file = sandbox.path(kind.relative)
    let keptAs = file + ".corrupt-" + Sandbox.fixedStamp
    var store = sandbox.store()
    let (isDefault, problems) = kind.load(&store)
    #expect(isDefault)
    if let version {
      #expect(problems == [.futureVersion(file: file, version: version, keptAs: keptAs)])
    } else {
      #expect(problems == [.corrupt(file: file, keptAs: keptAs)])
    }
    #expect(!exists(file))
    #expect(sandbox.bytes(keptAs) == bytes)
    // Loading again: the bad file is out of the way, so nothing more to report.
    #expect(kind.load(&store) == (true, []))
  }

  @Test(
    "A damaged file: defaults, reported, kept with its bytes", arguments: Kind.allCases,
    Damage.allCases)
  func damaged(kind: Kind, damage: Damage) throws {
    expectSetAside(damage.apply(to: try kind.valid()), kind: kind)
  }

  @Test("A file from a newer Parea: defaults, reported as such, kept", arguments: Kind.allCases)
  func futureVersion(kind: Kind) throws {
    let text = try kind.valid().text.replacing("\"version\" : 1", with: "\"version\" : 7")
    expectSetAside(Array(text.utf8), kind: kind, future: 7)
  }

  @Test("A newer file whose shape changed is still reported as newer")
  func futureShape() {
    expectSetAside(
      Array(#"{"version": 2, "everything": "different"}"#.utf8), kind: .game, future: 2)
  }

  @Test(
    "A saved game that decodes but makes no sense is corrupt",
    arguments: [
      ("\"palermo\"", "\"nosuchgame\""),  // unknown game
      ("\"palermo.doctor\"", "\"spy.spy\""),  // a role from another game
      ("\"palermo.redThief\"", "\"palermo.nobody\""),  // a role no game has
      ("\"nextReveal\" : 2", "\"nextReveal\" : 9"),  // past the last seat
      ("\"nextReveal\" : 2", "\"nextReveal\" : -1"),
      ("\"name\" : \"Bob\"", "\"name\" : \"B\\u001b[2Job\""),  // an escape sequence in a name
    ])
  func invalidGame(from: String, to: String) throws {
    let valid = try Kind.game.valid().text
    #expect(valid.contains(from))
    expectSetAside(Array(valid.replacing(from, with: to).utf8), kind: .game)
  }

  @Test("A saved game with too few seats for its game is corrupt")
  func tooFewSeats() throws {
    var game = try sampleGame()
    let dealt = try #require(game.table)
    let table = Table(game: dealt.rules, seats: Array(dealt.seats.prefix(2)))
    game.table = table
    game.nextReveal = 0
    expectSetAside(json(SavedGame(game)), kind: .game)
  }

  @Test(
    "A session between rounds that makes no sense is corrupt",
    arguments: [
      ("\"game\" : \"spy\"", "\"game\" : \"chess\""),  // no such game
      ("\"roundsPlayed\" : 1", "\"roundsPlayed\" : 0"),  // no round behind it
      ("\"nextReveal\" : 0", "\"nextReveal\" : 2"),  // reveals with no table
      ("\"Bob\",\n    \"Chris\",\n    \"Dina\"", "\"Dina\""),  // too few players for Spy
    ])
  func invalidSession(from: String, to: String) throws {
    let valid = json(SavedGame(try sampleSession())).text
    #expect(valid.contains(from), "\(valid)")
    expectSetAside(Array(valid.replacing(from, with: to).utf8), kind: .game)
  }

  @Test("A second bad file in the same second gets a counter")
  func counter() throws {
    let sandbox = Sandbox()
    let file = sandbox.path(Kind.settings.relative)
    sandbox.put(Array("one".utf8), at: Kind.settings.relative)
    _ = sandbox.restart { $0.loadSettings() }
    sandbox.put(Array("two".utf8), at: Kind.settings.relative)
    let problems = sandbox.restart { $0.loadSettings() }.problems
    sandbox.put(Array("three".utf8), at: Kind.settings.relative)
    _ = sandbox.restart { $0.loadSettings() }
    let stem = file + ".corrupt-" + Sandbox.fixedStamp
    #expect(problems == [.corrupt(file: file, keptAs: stem + "-2")])
    #expect(sandbox.bytes(stem) == Array("one".utf8))
    #expect(sandbox.bytes(stem + "-2") == Array("two".utf8))
    #expect(sandbox.bytes(stem + "-3") == Array("three".utf8))
  }

  @Test("After a bad file is set aside, saving works and the kept file stays")
  func saveAfterCorrupt() throws {
    let sandbox = Sandbox()
    sandbox.put(Array("{".utf8), at: Kind.settings.relative)
    var store = sandbox.store()
    _ = store.loadSettings()
    try store.save(Settings(language: .el))
    #expect(store.loadSettings() == Loaded(value: Settings(language: .el)))
    #expect(
      sandbox.names(in: sandbox.path("config/parea"))
        == ["settings.json", "settings.json.corrupt-" + Sandbox.fixedStamp])
  }

  @Test("Something that cannot be read (a folder in the file's place) is reported and kept aside whole")
  func unreadable() throws {
    let sandbox = Sandbox()
    sandbox.put([], at: "state/parea/game.json/inside")
    let file = sandbox.path("state/parea/game.json")
    var store = sandbox.store()
    let loaded = store.loadGame()
    let keptAs = file + ".corrupt-" + Sandbox.fixedStamp
    #expect(loaded == Loaded(value: nil, problems: [.unreadable(file: file, keptAs: keptAs)]))
    #expect(exists(keptAs + "/inside"))
  }

  @Test("A file without read permission is reported as unreadable", .enabled(if: !runningAsRoot))
  func noReadPermission() throws {
    let sandbox = Sandbox()
    sandbox.put(try Kind.settings.valid(), at: Kind.settings.relative)
    chmod(sandbox.path(Kind.settings.relative), 0o200)
    var store = sandbox.store()
    let file = sandbox.path(Kind.settings.relative)
    #expect(
      store.loadSettings().problems
        == [.unreadable(file: file, keptAs: file + ".corrupt-" + Sandbox.fixedStamp)])
  }

  @Test("A FIFO in the file's place does not hang start-up")
  func fifo() {
    let sandbox = Sandbox()
    sandbox.put([], at: "config/parea/other")
    let file = sandbox.path(Kind.settings.relative)
    #expect(mkfifo(file, 0o600) == 0)
    var store = sandbox.store()
    #expect(
      store.loadSettings().problems
        == [.unreadable(file: file, keptAs: file + ".corrupt-" + Sandbox.fixedStamp)])
  }

  @Test("A file too big to be ours is unreadable, not read into memory")
  func tooBig() {
    let sandbox = Sandbox()
    sandbox.put(
      [UInt8](repeating: 0x20, count: DiskFile.maximumSize + 1), at: Kind.players.relative)
    var store = sandbox.store()
    let file = sandbox.path(Kind.players.relative)
    #expect(
      store.loadPlayers().problems
        == [.unreadable(file: file, keptAs: file + ".corrupt-" + Sandbox.fixedStamp)])
  }
}
