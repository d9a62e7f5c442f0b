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
    let files = swiftFiles(in: root + "/Sources/PareaApp") + swiftFiles(in: root + "/Sources/parea")
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

  /// The words one game needs, derived from its data alone: its name, blurb
  /// and rules, its sides, roles, phases and setup rules, the counts of a
  /// count-the-bad-players setup, the table's hint for a game without phases.
  static func keys(of game: any GameType) -> Set<String> {
    var keys: Set<String> = ["game.\(game.id).name", "game.\(game.id).blurb", "game.\(game.id).rules"]
    if !game.usesPhases { keys.insert("game.\(game.id).tableHint") }
    // A game with a round timer says what to do when it runs out.
    if game.roundMinutes != nil { keys.insert("timer.up.\(game.id).message") }
    for side in game.sides { keys.formUnion(["side.\(side.id).name", "side.\(side.id).win"]) }
    for role in game.roles { keys.formUnion(["role.\(role.id).name", "role.\(role.id).description"]) }
    if case .countBad(let bad, _, let fixed, let filler) = game.setupKind {
      keys.insert("game.\(game.id).badCount.label")
      for role in [bad, filler] + fixed {
        keys.formUnion(["role.\(role).count.one", "role.\(role).count.other"])
      }
    }
    for phase in game.phases {
      keys.formUnion(["phase.\(phase.id).name", "phase.\(phase.id).begin", "phase.\(phase.id).undo"])
      if phase.endsAtADeath { keys.insert("phase.\(phase.id).secondDeath") }
      // The summary's story: a phase where nobody left, and the deaths it records.
      keys.insert("story.quiet.\(phase.id)")
      for cause in phase.causes { keys.insert("story.died.\(cause)") }
      // The narrator's words for each night step, and the first step's night of meeting only.
      for (index, step) in phase.steps.enumerated() {
        keys.formUnion([
          "narrator.say.\(step.id).wake", "narrator.say.\(step.id).sleep",
          "narrator.step.\(step.id).prompt", "narrator.record.\(step.id)",
        ])
        if index == 0 { keys.insert("narrator.say.\(step.id).meet") }
        keys.formUnion(["story.chose.\(step.id)", "story.chose.\(step.id).none"])
        if step.action == .kill { keys.insert("story.met.\(step.id)") }
      }
    }
    // A narrated game announces its winner; its rules text says who narrates
    // and the house rules of its first night and a tied vote (`RulesText.swift`).
    if game.phases.contains(where: { !$0.steps.isEmpty }) {
      for side in game.sides { keys.insert("narrator.say.won.\(side.id)") }
      let rules = "game.\(game.id).rules"
      for mode in NarrationMode.allCases { keys.insert("\(rules).narrator.\(mode)") }
      keys.formUnion(["\(rules).night.kill", "\(rules).night.meet"])
      for tie in TieRule.allCases { keys.insert("\(rules).tie.\(tie)") }
      for who in ["self", "others"] {
        for again in ["repeat", "once"] { keys.insert("\(rules).doctor.\(who).\(again)") }
      }
    }
    // A game of nights and days says on its summary why a side won, and who a kamikaze took.
    if game.usesPhases {
      for side in game.sides { keys.insert("summary.won.\(side.id)") }
      if game.roles.contains(where: { $0.takesPlayerAlongWhen != nil }) {
        keys.insert("story.died.takenByKamikaze")
      }
    }
    for rule in game.setupRules {
      let key = SetupError.gameRule(game: game.id, rule: rule).key
      keys.formUnion(["error.\(key).title", "error.\(key).message"])
    }
    return keys
  }

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

  /// Keys built from identifiers: every registered game's, and every cause,
  /// language, setup error, table command and question.
  static func derivedKeys() -> Set<String> {
    var keys: Set<String> = []
    for game in GameRegistry.all { keys.formUnion(Self.keys(of: game)) }
    for cause in DeathCause.allCases { keys.insert("cause.\(cause)") }
    for language in Language.allCases { keys.insert("language.\(language.rawValue)") }
    let errors: [SetupError] = [
      .emptyName, .duplicateName(""), .tooFewPlayers(minimum: 0, count: 0),
      .tooManyPlayers(maximum: 0, count: 0), .moreRolesThanPlayers(roles: 0, players: 0),
      .rolesDoNotMatchPlayers(roles: 0, players: 0), .invalidRole(""), .badCount(count: 0, allowed: nil),
      .noLocations,
    ]
    for error in errors { keys.formUnion(["error.\(error.key).title", "error.\(error.key).message"]) }
    let commands: [TableScreen.Command] = [
      .look, .markDead, .nextPhase, .accuse, .tableAccuses, .guessLocation, .roles, .locations,
      .undo, .settings, .end,
    ]
    for command in commands { keys.insert(command.label) }
    let questions: [PareaApp.Confirmation.Question] = [
      .abandonGame, .endGame, .discardSavedGame, .finalGuess("zoo"), .leaveSession, .moderatorRoles,
      .playWithoutSaving(file: "~/.local/state/parea/lock", reason: "store.lock.reason.cannotLock", kind: nil),
    ]
    for question in questions {
      let key = PareaApp.Confirmation(question).key
      keys.formUnion([key + ".title", key + ".message"])
    }
    for mode in NarrationMode.allCases {
      keys.formUnion(["setup.narration.\(mode)", "setup.narration.\(mode).hint"])
    }
    keys.formUnion(["setup.narration.minutes.one", "setup.narration.minutes.other"])
    // The counted numbers of the rules texts (`RulesText.swift`).
    for stem in ["rules.minutes", "rules.wrongAccusations", "rules.points"] {
      keys.formUnion([stem + ".one", stem + ".other"])
    }
    keys.formUnion(["setup.roundMinutes.one", "setup.roundMinutes.other"])
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
    let wanted = Self.derivedKeys().union(Self.literalKeys())
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
    [Phase(id: "dusk", causes: [.killedAtNight], endsAtADeath: true), Phase(id: "dawn", causes: [.votedOut])]
  }
  var setupRules: [String] { ["needsWolf"] }
  func winner(of table: Table) -> SideID? { nil }
}
