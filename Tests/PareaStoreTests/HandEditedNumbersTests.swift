import FoundationEssentials
import PareaLocale
import PareaRules
import Testing

@testable import PareaStore

// Numbers typed into `game.json` by hand: each field at the edges of its type,
// just past the bound the rules set and at the bound itself. Past a bound the
// file is set aside as damaged (kept, and reported with the usual notice);
// at the bound it loads, and the table's arithmetic at the bound neither traps
// nor makes a table that would not load again.

/// A JSON value, to edit one field of a saved file as a person would.
private indirect enum JSON: Codable, Equatable {
  case null, bool(Bool), int(Int), double(Double), string(String), array([JSON]), object([String: JSON])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSON].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  /// The value with the field at `path` ("table.seats.0.views") set to `new`;
  /// nil if the path leads nowhere.
  func setting(_ path: ArraySlice<Substring>, to new: JSON) -> JSON? {
    guard let first = path.first else { return new }
    switch self {
    case .array(var items):
      guard let index = Int(first), items.indices.contains(index),
        let inner = items[index].setting(path.dropFirst(), to: new)
      else { return nil }
      items[index] = inner
      return .array(items)
    case .object(var fields):
      let key = String(first)
      if path.count == 1 {
        guard fields[key] != nil else { return nil }
        fields[key] = new
      } else {
        guard let inner = fields[key]?.setting(path.dropFirst(), to: new) else { return nil }
        fields[key] = inner
      }
      return .object(fields)
    default:
      return nil
    }
  }
}

/// The saved games the rows edit, each as the store writes it.
enum EditedGame: String, CaseIterable, CustomTestStringConvertible {
  /// Palermo for seven at the manual table, in Night 2 (a death each night and day before it).
  case palermo
  /// Palermo for seven that Parea narrates, in the middle of Night 1.
  case narrated
  /// Spy for five in a round, after two scored rounds.
  case spy
  /// Killer for six, with a wink and a wrong accusation.
  case killer

  static let names = ["Anna", "Bob", "Chris", "Dina", "Eve", "Fay", "Gus"]

  func session() throws -> GameSession {
    var generator = SplitMix64(seed: 21)
    switch self {
    case .palermo, .narrated:
      let rules = Palermo()
      let setup = try #require(rules.suggestedSetup(players: 7))
      var table = try rules.deal(players: Self.names, setup: setup, using: &generator)
      for seat in table.seats.indices { try table.recordLook(at: seat) }
      var narration: Narration?
      if self == .palermo {
        let town = table.seats.indices.filter { !rules.isBad(table.seats[$0].role) }
        try table.markDead(town[0], cause: .killedAtNight)
        try table.advancePhase()
        try table.markDead(town[1], cause: .votedOut)
        if case .takePlayer = table.pending { try table.resolveFollowUp(target: table.alive[0]) }
        try table.advancePhase()
      } else {
        var started = Narration(mode: .parea, seed: 3)
        _ = try started.proceed(table: &table, now: 0)
        _ = started.tick(table: &table, now: try #require(started.stageEnds))
        _ = try started.choose(try #require(started.candidates(on: table).first), table: &table, now: 6_000)
        narration = started
      }
      var session = GameSession(table: table, players: Self.names, setup: setup, narration: narration)
      session.nextReveal = 7
      return session
    case .spy:
      let players = Array(Self.names.prefix(5))
      let setup = Setup(badCount: 1)
      var table = try Spy().deal(
        players: players, setup: setup, locations: Catalog.builtIn(.en).locations(), using: &generator)
      try table.recordLook(at: 0)
      var session = GameSession(
        table: table, players: players, setup: setup,
        scores: ["Anna": 4, "Bob": 1, "Chris": 2, "Dina": 0, "Eve": 1], roundsPlayed: 2)
      session.nextReveal = 1
      return session
    case .killer:
      let players = Array(Self.names.prefix(6))
      let setup = Setup(badCount: 2)
      var table = try Killer().deal(players: players, setup: setup, using: &generator)
      for seat in table.seats.indices { try table.recordLook(at: seat) }
      let cop = try #require(table.seats(holding: Killer.cop).first)
      let citizens = table.seats(holding: Killer.citizen)
      try table.markDead(citizens[0], cause: .killed)
      try table.accuse(citizens[1], by: cop)
      var session = GameSession(table: table, players: players, setup: setup)
      session.nextReveal = 6
      return session
    }
  }

  var testDescription: String { rawValue }
}

/// One hand edit: a number put in one field of one game's file, and whether the file should still load.
struct NumberEdit: CustomTestStringConvertible, Sendable {
  var game: EditedGame
  var path: String
  var value: Int
  var loads: Bool

  var testDescription: String { "\(game) \(path) = \(value) \(loads ? "loads" : "is set aside")" }

  /// The rows of one field: the edges of Int and what the caller adds (each
  /// value past the bound is set aside; `valid` values load).
  static func field(
    _ game: EditedGame, _ path: String, invalid: [Int] = [], valid: [Int]
  ) -> [NumberEdit] {
    ([Int.max, Int.min] + invalid).map { NumberEdit(game: game, path: path, value: $0, loads: false) }
      + valid.map { NumberEdit(game: game, path: path, value: $0, loads: true) }
  }

  static let all: [NumberEdit] =
    // Looks: at most 10_000.
    field(.palermo, "table.seats.0.views", invalid: [-1, 10_001], valid: [10_000, 0])
    + field(.spy, "table.seats.0.views", invalid: [-1, 10_001], valid: [10_000])
    // A local's role at the location: an index from 0, under 999_999 before
    // the locations are known (the app checks the location's own list).
    + field(.spy, "table.seats.\(spyLocal).locationRole", invalid: [-1, 999_999], valid: [999_998, 0])
    // The scores of a scored session: within ±(4 points × 1_000 rounds).
    + field(.spy, "scores.Anna", invalid: [4_001, -4_001], valid: [4_000, -4_000, -1, 0])
    + field(.spy, "roundsPlayed", invalid: [-1, 1_001], valid: [1_000, 0])
    // Bad players: what the game allows for the table (Spy for five: 1 or 2;
    // Killer for six: 1 or 2); a game that does not count them, no more than the players.
    + field(.spy, "setup.badCount", invalid: [-1, 0, 3], valid: [2, 1])
    + field(.killer, "setup.badCount", invalid: [-1, 0, 3], valid: [2, 1])
    + field(.palermo, "setup.badCount", invalid: [-1, 8], valid: [7, 0])
    // Palermo's round: from 1 (the log reaches round 2) to 1_000; a game without phases stays in round 1.
    + field(.palermo, "table.round", invalid: [-1, 0, 1, 1_001], valid: [1_000, 2])
    + field(.killer, "table.round", invalid: [-1, 0, 2], valid: [1])
    // Seats named anywhere: within the table.
    + field(.palermo, "nextReveal", invalid: [-1, 8], valid: [7, 0])
    + field(.palermo, "table.log.0.looked.seat", invalid: [-1, 7], valid: [6])
    + field(.palermo, "table.log.\(palermoDeath).died.seat", invalid: [-1, 7], valid: [6])
    + field(.palermo, "table.log.\(palermoPhase).phase.round", invalid: [-1, 0, 3], valid: [2, 1])
    + field(.narrated, "table.log.\(narratedChoice).chose.seat", invalid: [-1, 7], valid: [6])
    + field(.spy, "table.firstPlayer", invalid: [-1, 5], valid: [4, 0])
    + field(.killer, "table.accusations.0.target", invalid: [-1, 6], valid: [5])
    + field(.killer, "table.log.\(killerAccusation).accused._0.by", invalid: [-1, 6], valid: [5])
    // A secret step in progress is read back at dusk: its number is never used.
    + [Int.max, Int.min, -1, 0, 7].map {
      NumberEdit(game: .narrated, path: "narration.stage.awake.step", value: $0, loads: true)
    }

  /// A seat of the Spy deal that knows the location (seed 21).
  static let spyLocal = 0
  /// The lines of the Palermo and Killer logs the rows edit (seven looks come first).
  static let palermoDeath = 7
  static let palermoPhase = 8
  static let narratedChoice = 7
  static let killerAccusation = 7
}

@Suite("Numbers typed into game.json")
struct HandEditedNumbersTests {
  /// The file the store writes for `session`, with one number changed.
  private func edited(_ edit: NumberEdit) throws -> [UInt8] {
    let file = try JSONDecoder().decode(JSON.self, from: Data(json(SavedGame(try edit.game.session()))))
    let changed = try #require(
      file.setting(edit.path.split(separator: ".")[...], to: .int(edit.value)), "no field \(edit.path)")
    return Store.encode(changed)
  }

  /// Checks that the game's rows edit the fields their names say, and that
  /// the game loads unedited: what each row changes is the only thing wrong.
  private func checkFixture(_ game: EditedGame) throws {
    let session = try game.session()
    let table = try #require(session.table)
    switch game {
    case .spy:
      #expect(table.seats[NumberEdit.spyLocal].locationRole != nil)
    case .palermo:
      #expect(table.round == 2)
      if case .died = table.log[NumberEdit.palermoDeath] {} else { Issue.record("\(table.log)") }
      if case .phase(_, 1) = table.log[NumberEdit.palermoPhase] {} else { Issue.record("\(table.log)") }
    case .narrated:
      if case .chose(_, _?) = table.log[NumberEdit.narratedChoice] {} else { Issue.record("\(table.log)") }
      #expect(session.narration?.stage == .awake(step: 0))
    case .killer:
      if case .accused = table.log[NumberEdit.killerAccusation] {} else { Issue.record("\(table.log)") }
    }
    let sandbox = Sandbox()
    sandbox.put(json(SavedGame(session)), at: "state/parea/game.json")
    var store = sandbox.store()
    // (A narrated night is read back at dusk: the table is what comes back as it was.)
    let loaded = store.loadGame()
    #expect(loaded.problems == [] && loaded.value?.table == session.table, "\(game) does not load unedited")
  }

  @Test("A name in the scores that the screen cannot draw sets the file aside")
  func undrawableScoreName() throws {
    var session = try EditedGame.spy.session()
    session.scores["B\u{1B}[2Job"] = 1  // an escape sequence, drawn on the standings
    let sandbox = Sandbox()
    let bytes = json(SavedGame(session))
    sandbox.put(bytes, at: "state/parea/game.json")
    let file = sandbox.path("state/parea/game.json")
    var store = sandbox.store()
    #expect(store.loadGame() == Loaded(value: nil, problems: [.corrupt(file: file, keptAs: file + ".corrupt-" + Sandbox.fixedStamp)]))
  }

  @Test("A number past its bound sets the file aside; at the bound it loads and plays on", arguments: NumberEdit.all)
  func handEdited(_ edit: NumberEdit) throws {
    try checkFixture(edit.game)
    let sandbox = Sandbox()
    let bytes = try edited(edit)
    sandbox.put(bytes, at: "state/parea/game.json")
    let file = sandbox.path("state/parea/game.json")
    var store = sandbox.store()
    // The home screen may offer it (the summary knows only the game and the
    // players); the whole file decides.
    #expect(store.peekGame() != nil)
    let loaded = store.loadGame()
    guard edit.loads else {
      let keptAs = file + ".corrupt-" + Sandbox.fixedStamp
      #expect(loaded == Loaded(value: nil, problems: [.corrupt(file: file, keptAs: keptAs)]))
      #expect(!exists(file))
      #expect(sandbox.bytes(keptAs) == bytes)
      return
    }
    #expect(loaded.problems == [])
    var session = try #require(loaded.value)
    let rules = try #require(GameRegistry.game(session.game))
    // The table's arithmetic from here: looks, the next phases, undo, the
    // story, the points; the session's scores. Nothing traps, and what is
    // left would load again.
    if var table = session.table {
      for seat in table.seats.indices { try? table.recordLook(at: seat) }
      for _ in 0..<3 { try? table.advancePhase() }
      _ = (table.story(), table.lastNight, table.ending, table.points, table.winner)
      session.table = table
      let stillValid = session.isValid(rules: rules)
      #expect(stillValid)
      _ = try? table.undo()
    }
    _ = session.totals()
    session.closeRound()
    #expect(session.scores.values.allSatisfy { (-4_000...4_000).contains($0) })
    #expect((0...1_000).contains(session.roundsPlayed))
  }
}

@Suite("Places typed into game.json")
struct HandEditedPlacesTests {
  /// The Spy fixture's file with the field at `path` set to `value`, loaded
  /// by a store that knows `locations`.
  private func load(
    _ path: String, _ value: JSON, locations: [Location]
  ) throws -> (loaded: Loaded<GameSession?>, file: String) {
    let saved = try JSONDecoder().decode(JSON.self, from: Data(json(SavedGame(try EditedGame.spy.session()))))
    let changed = try #require(saved.setting(path.split(separator: ".")[...], to: value), "no field \(path)")
    let sandbox = Sandbox()
    sandbox.put(Store.encode(changed), at: "state/parea/game.json")
    var store = sandbox.store()
    store.knownLocations = { locations }
    return (store.loadGame(), sandbox.path("state/parea/game.json"))
  }

  private var builtIn: [Location] { Catalog.builtIn(.en).locations() }

  @Test("A location no pack has sets the file aside, saying a pack may be missing")
  func unknownLocation() throws {
    let (loaded, file) = try load("table.location", .string("atlantis"), locations: builtIn)
    let keptAs = file + ".corrupt-" + Sandbox.fixedStamp
    #expect(loaded == Loaded<GameSession?>(value: nil, problems: [.unknownPlace(file: file, keptAs: keptAs)]))
  }

  @Test("The same location loads when a pack brings it")
  func locationFromAPack() throws {
    let (loaded, _) = try load(
      "table.location", .string("atlantis"),
      locations: builtIn + [Location(id: LocationID("atlantis"), roleCount: 7)])
    #expect(loaded.problems == [])
    #expect(loaded.value?.table?.location == LocationID("atlantis"))
  }

  @Test("A spy's guess of a location no pack has sets the file aside")
  func guessOfAnUnknownLocation() throws {
    var session = try EditedGame.spy.session()
    var table = try #require(session.table)
    let spy = try #require(table.seats(holding: Spy.spy).first)
    try table.guessLocation(LocationID("atlantis"), by: spy)
    session.table = table
    let sandbox = Sandbox()
    sandbox.put(json(SavedGame(session)), at: "state/parea/game.json")
    let file = sandbox.path("state/parea/game.json")
    var store = sandbox.store()
    store.knownLocations = { Catalog.builtIn(.en).locations() }
    let keptAs = file + ".corrupt-" + Sandbox.fixedStamp
    #expect(store.loadGame() == Loaded<GameSession?>(value: nil, problems: [.unknownPlace(file: file, keptAs: keptAs)]))
  }

  @Test("A game without locations loads without listing them (start-up time a Palermo evening does not need)")
  func noLocationsNoListing() throws {
    let session = try EditedGame.palermo.session()
    let sandbox = Sandbox()
    sandbox.put(json(SavedGame(session)), at: "state/parea/game.json")
    var store = sandbox.store()
    store.knownLocations = {
      Issue.record("the locations were listed for a game that has none")
      return []
    }
    #expect(store.loadGame().value?.table == session.table)
  }

  @Test("A role past the location's list sets the file aside; the last role loads")
  func rolePastTheList() throws {
    let session = try EditedGame.spy.session()
    let location = try #require(session.table?.location)
    let count = try #require(builtIn.first { $0.id == location }?.roleCount)
    let path = "table.seats.\(NumberEdit.spyLocal).locationRole"
    let past = try load(path, .int(count), locations: builtIn)
    let keptAs = past.file + ".corrupt-" + Sandbox.fixedStamp
    #expect(past.loaded == Loaded<GameSession?>(value: nil, problems: [.unknownPlace(file: past.file, keptAs: keptAs)]))
    let last = try load(path, .int(count - 1), locations: builtIn)
    #expect(last.loaded.problems == [])
    #expect(last.loaded.value != nil)
  }
}
