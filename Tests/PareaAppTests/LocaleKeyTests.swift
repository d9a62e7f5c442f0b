import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

#if canImport(Glibc)
  import Glibc
#endif

/// Every key the front end asks for exists in English and in Greek.
@Suite struct LocaleKeyTests {
  /// Keys written literally in the app's sources: `words("…")`, `"….title"`-style
  /// notice keys and `confirm.…`. Read from the sources so a typo fails here.
  static func literalKeys() -> Set<String> {
    let root = String(#filePath.split(separator: "/Tests/")[0])
    // Identifiers of the games (a role, a side…) look like keys too; they are not keys.
    let identifiers = gameIdentifiers()
    var keys: Set<String> = []
    let files = ["PareaApp", "parea", "PareaCommandLine"].flatMap { swiftFiles(in: root + "/Sources/" + $0) }
    for path in files {
      guard let text = read(path) else { continue }
      for match in text.matches(of: /"([a-z]+(?:\.[A-Za-z0-9]+)+)"/) where !identifiers.contains(String(match.1)) {
        keys.insert(String(match.1))
      }
    }
    return keys
  }

  /// Every identifier the registered games hand out.
  static func gameIdentifiers() -> Set<String> {
    var identifiers: Set<String> = []
    for game in GameRegistry.all {
      identifiers.insert(game.id.rawValue)
      identifiers.formUnion(game.roles.map(\.id.rawValue) + game.sides.map(\.id.rawValue))
      identifiers.formUnion(game.phases.map(\.id.rawValue) + game.setupRules)
    }
    return identifiers
  }

  /// The words one game needs, derived from its data alone (`GameKeys`,
  /// the same functions the screens build them with).
  static func keys(of game: any GameType) -> Set<String> { GameKeys.required(for: game) }

  static func swiftFiles(in folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var files: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      if name.hasPrefix(".") { continue }
      let path = folder + "/" + name
      if name.hasSuffix(".swift") { files.append(path) } else { files += swiftFiles(in: path) }
    }
    return files
  }

  /// Keys built from identifiers: every registered game's (`GameKeys`), and
  /// every cause, language, setup error, table command, question and
  /// narration mode (`AppKeys`), and the settings screen's own list.
  static func derivedKeys() -> Set<String> {
    var keys = AppKeys.derived()
    for game in GameRegistry.all { keys.formUnion(Self.keys(of: game)) }
    // The settings screen's titles, labels, hints and values.
    for section in SettingsScreen.sections { keys.insert(section.title) }
    for setting in SettingsScreen.settings { keys.formUnion([setting.label, setting.hint] + setting.values) }
    // Questions whose message names what they are about (the second death's is the phase's).
    keys.formUnion(["confirm.secondDeath.title", "confirm.undo.title", "confirm.undo.message"])
    return keys
  }

  @Test(arguments: Language.allCases) func everyKeyExists(_ language: Language) {
    let catalog = Catalog.builtIn(language)
    let derived = Self.derivedKeys()
    // A literal that is only the stem of derived keys ("confirm.endGame") is not a key itself.
    let literal = Self.literalKeys().filter {
      !derived.contains($0 + ".title") && !derived.contains($0 + ".other")
    }
    let keys = literal.union(derived)
    #expect(keys.count > 150)
    let missing = keys.filter { !catalog.contains($0, in: language) }.sorted()
    #expect(missing.isEmpty, "missing in \(language): \(missing)")
  }

  /// The other way round: every key of a game's namespaces in the tables is
  /// one the data asks for, so a key left behind by a renamed role, phase or
  /// rule fails here.
  @Test(arguments: Language.allCases) func everyGameKeyIsUsed(_ language: Language) {
    let catalog = Catalog.builtIn(language)
    var wanted = Self.derivedKeys().union(Self.literalKeys())
    for game in GameRegistry.all { wanted.formUnion(GameKeys.optional(for: game)) }
    let namespaces = ["game.", "side.", "role.", "phase."] + GameRegistry.all.map { "error.\($0.id)." }
    let unused = catalog.keys(in: language).filter { key in
      namespaces.contains { key.hasPrefix($0) } && !wanted.contains(key)
    }
    #expect(unused.isEmpty, "keys in \(language) that no game asks for: \(unused.sorted())")
  }

  /// Every `settings.` key in the tables is one the screen asks for, so a
  /// setting taken off the screen takes its words with it.
  @Test(arguments: Language.allCases) func everySettingsKeyIsUsed(_ language: Language) {
    let catalog = Catalog.builtIn(language)
    let wanted = Self.derivedKeys().union(Self.literalKeys())
    let unused = catalog.keys(in: language).filter { $0.hasPrefix("settings.") && !wanted.contains($0) }
    #expect(unused.isEmpty, "settings keys in \(language) nothing asks for: \(unused.sorted())")
  }

  /// A fourth game's words are derived the same way: nothing here names a game.
  @Test func aGameOutsideTheRegistryGetsItsKeysFromItsData() {
    let keys = Self.keys(of: Werewolf())
    #expect(keys.isSuperset(of: [
      "game.wolf.name", "side.wolf.pack.win", "role.wolf.wolf.count.other", "phase.dusk.begin",
      "phase.dusk.secondDeath", "phase.dawn.undo", "error.wolf.needsWolf.message",
      // Its night step's words are its own: another game's "wolves" would not share them.
      "game.wolf.step.wolves.wake", "game.wolf.step.wolves.meet", "game.wolf.step.wolves.met",
      "game.wolf.rules.narrator.parea", "narrator.say.won.wolf.pack",
    ]))
    #expect(!keys.contains("game.wolf.tableHint"), "a game with phases has the phases' words instead")
    #expect(!keys.contains("phase.dawn.secondDeath"), "dawn does not end at a death")
  }

  @Test func theScanFindsKnownKeys() {
    let keys = Self.literalKeys()
    #expect(keys.contains("home.title"))
    #expect(keys.contains("players.prompt"))
    #expect(keys.contains("error.nameTooLong.title"))
  }
}

/// A game the locale tables do not have, to show that the derivation names no game.
private struct Werewolf: GameType {
  var id: GameID { "wolf" }
  var players: ClosedRange<Int> { 4...8 }
  var sides: [Side] { [Side(id: "wolf.village", isBad: false), Side(id: "wolf.pack", isBad: true)] }
  var roles: [Role] { [Role(id: "wolf.wolf", side: "wolf.pack"), Role(id: "wolf.villager", side: "wolf.village")] }
  var setupKind: SetupKind { .countBad(bad: "wolf.wolf", limit: 1...2, fixed: [], filler: "wolf.villager") }
  var deathCauses: [DeathCause] { [.killedAtNight, .votedOut] }
  var phases: [Phase] {
    [
      Phase(
        id: "dusk", causes: [.killedAtNight], endsAtADeath: true,
        steps: [NightStep(id: "wolves", roles: ["wolf.wolf"], action: .kill)]),
      Phase(id: "dawn", causes: [.votedOut]),
    ]
  }
  var setupRules: [String] { ["needsWolf"] }
  func winner(of table: Table) -> SideID? { nil }
}
