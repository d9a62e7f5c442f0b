import PareaLanguage
import PareaRules

/// The locale keys the app builds from its own values (an error, a question,
/// a table command, a narration mode, a language), each built in one place,
/// and `derived()`: every one of them, for `LocaleKeyTests`. Keys written out
/// whole in the screens (`words("settings.title")`) are found by that test in
/// the sources; a game's keys are `GameKeys`'.
enum AppKeys {
  /// A setup error's notice: `.title` and `.message`.
  static func error(_ error: SetupError) -> String { "error.\(error.key)" }
  /// A question's stem: `.title` and `.message`.
  static func question(_ question: Confirmation.Question) -> String { question.key }
  /// A yes/no answer's key as the language writes it, and its Latin twin.
  static func answerKey(_ answer: String, latin: Bool) -> String { "confirm.\(answer).\(latin ? "latinKey" : "key")" }
  static func command(_ command: TableScreen.Command) -> String { "table.command.\(command)" }
  static func narrationMode(_ mode: NarrationMode) -> String { "setup.narration.\(mode)" }
  static func narrationHint(_ mode: NarrationMode) -> String { "setup.narration.\(mode).hint" }
  static func language(_ language: Language) -> String { "language.\(language.rawValue)" }
  static func voiceSpeed(_ speed: VoiceSpeed) -> String { "settings.voiceSpeed.\(speed.rawValue)" }
  /// A dealt house rule's settings row: its label (`.hint` after it: its hint).
  static func dealtRule(_ rule: DealtRule) -> String { "settings.narrator.\(rule.key)" }
  /// The settings' words for a dealt house rule's value: "Off" and "On", or the option's own.
  static func dealtRuleValue(_ rule: DealtRule, _ index: Int) -> String {
    rule.isToggle ? ["settings.off", "settings.on"][index] : "\(dealtRule(rule)).\(rule.values[index])"
  }
  static func locationName(_ id: LocationID) -> String { "location.\(id).name" }
  /// A location's role by its dealt index (the tables count from 1).
  static func locationRole(_ id: LocationID, _ index: Int) -> String { "location.\(id).role.\(index + 1)" }

  /// The stems of the counted phrases written whole in the screens.
  static let counted = [
    "rules.minutes", "rules.wrongAccusations", "rules.points", "setup.narration.minutes", "setup.roundMinutes",
    "home.moreNotices",
  ]

  /// Every key built here (and the games' shared lines), for the locale test.
  /// "The first night" (`.1`…, as far as the tables go), then "Night 11" (`.other`).
  static let countedNight = "narrator.night"
  /// "The first day", as the night.
  static let countedDay = "narrator.day"

  static func derived() -> Set<String> {
    var keys: Set<String> = []
    for cause in DeathCause.allCases { keys.insert(GameKeys.cause(cause)) }
    for language in Language.allCases { keys.insert(Self.language(language)) }
    let errors: [SetupError] = [
      .emptyName, .duplicateName(""), .tooFewPlayers(minimum: 0, count: 0),
      .tooManyPlayers(maximum: 0, count: 0), .moreRolesThanPlayers(roles: 0, players: 0),
      .rolesDoNotMatchPlayers(roles: 0, players: 0), .invalidRole(""), .badCount(count: 0, allowed: nil),
      .noLocations,
    ]
    for error in errors { keys.formUnion([Self.error(error) + ".title", Self.error(error) + ".message"]) }
    let commands: [TableScreen.Command] = [
      .look, .markDead, .nextPhase, .accuse, .tableAccuses, .guessLocation, .timer, .roles, .locations,
      .undo, .settings, .end,
    ]
    for command in commands { keys.insert(Self.command(command)) }
    let questions: [Confirmation.Question] = [
      .abandonGame, .endGame, .discardSavedGame, .finalGuess("zoo"), .leaveSession, .moderatorRoles,
      .playWithoutSaving(file: "", reason: "", kind: nil), .undoNight,
    ]
    for question in questions { keys.formUnion([Self.question(question) + ".title", Self.question(question) + ".message"]) }
    for answer in ["yes", "no"] {
      keys.formUnion([answerKey(answer, latin: false), answerKey(answer, latin: true)])
    }
    for mode in NarrationMode.allCases { keys.formUnion([narrationMode(mode), narrationHint(mode)]) }
    for speed in VoiceSpeed.allCases { keys.insert(voiceSpeed(speed)) }
    // A group's own roles: the editor's words and the sentences their words are made of.
    keys.formUnion(RoleEditorScreen.wordKeys.union(HouseWording.sentenceKeys))
    // The night and the day said as ordinals, then as numbers (`NarratorLines.counted`).
    for counted in [countedNight, countedDay] { keys.formUnion([counted + ".1", counted + ".other"]) }
    for rule in DealtRules.declared {
      keys.formUnion([dealtRule(rule), dealtRule(rule) + ".hint"])
      for index in rule.values.indices { keys.insert(dealtRuleValue(rule, index)) }
    }
    // Counted phrases (`.one`, `.other`): the rules texts' numbers, the
    // setup's lengths, the notices that did not fit.
    for stem in counted { keys.formUnion([stem + ".one", stem + ".other"]) }
    // The lines any game may say its own way, as written for any game.
    for line in GameKeys.Line.allCases { keys.insert(line.shared) }
    return keys
  }
}
