@testable import PareaApp
import PareaCanvas
import PareaLocale
import PareaRules
import Testing

// By day a narrated game does what the manual table does (issue 26): look at
// a role again with the view counter, the roles in this game, the settings,
// the rules, end the game; the day's screen shows who is in and who is out.
// At night none of it is there: the night's steps are secret and timed.
//
// Why one file of this length: every page a narrated day offers, from one
// dealt app at dusk; split, each part would repeat the night that leads to the
// day.

/// Seven players dealt Palermo's suggested roles, everyone revealed, at dusk before night 1.
private func duskApp(
  _ language: Language = .en, mode: NarrationMode = .parea, houseRules: HouseRules = HouseRules()
) -> App {
  var configuration = configuration(language, narration: mode)
  configuration.houseRules = houseRules
  var app = App(configuration: configuration)
  app.press(.enter)
  app.addPlayers(sevenNames)
  app.press(.enter, .enter, .character("s"), .character("d"))
  app.revealEveryoneByKeys()
  return app
}

/// The same, at the first day's discussion after a night in which nobody died.
private func dayApp(
  _ language: Language = .en, mode: NarrationMode = .parea, houseRules: HouseRules = HouseRules()
) throws -> App {
  var app = duskApp(language, mode: mode, houseRules: houseRules)
  app.press(.enter)
  _ = try app.playAQuietNight()
  #expect(app.state.session?.narration?.stage == .morning)
  app.press(.enter)
  #expect(app.state.session?.narration?.stage == .discussion)
  return app
}

/// The narrator's page on show.
private func narratorPage(_ app: App, sourceLocation: SourceLocation = #_sourceLocation) throws -> NarratorScreen {
  try #require({ if let page = app.state.screen.as(NarratorScreen.self) { page } else { nil } }(), sourceLocation: sourceLocation)
}

@Suite struct NarratedDayTests {
  @Test func lookingAgainByDayAsksFirstCountsAndComesBackWhileTheDayGoesOn() throws {
    var store = TestStore(try dayApp())
    let day = try narratorPage(store.app)
    var page = day
    page.picking = true
    store.press(.character("l")) { [page] in $0.screen = .narrator(page) }
    page.selection = 1
    store.press(.down) { [page] in $0.screen = .narrator(page) }
    let clock = store.state.clock
    // A page of its own over the narrator, which it goes back to with nothing chosen.
    var look = LookAgainScreen(seat: 1, beneath: .narrator(day))
    store.press(.enter, effects: [.redrawAll]) { [look] in
      $0.screen = .lookAgain(look)
      $0.keyGuard = KeyPause(since: clock)
    }
    // The day's time runs on beneath the question.
    store.tick(now: clock + 1_500) {
      $0.clock = clock + 1_500
      $0.keyGuard = nil
      _ = $0.session?.timer?.tick(now: clock + 1_500)
    }
    look.stage = .showing
    try store.send(.lookAgain(.show), effects: [.saveGame, .redrawAll]) { [look] in
      $0.screen = .lookAgain(look)
      try $0.session?.table?.recordLook(at: 1)  // counted: the second look
    }
    #expect(store.state.table?.seats[1].views == 2)
    store.send(.lookAgain(.hide), effects: [.redrawAll]) { $0.screen = .narrator(day) }
    // Not me: Esc on the question goes back too, and counts nothing.
    store.app.press(.character("l"), .enter)
    store.app.waitOutPause()
    store.press(.escape) { $0.screen = .narrator(day) }
    #expect(store.state.table?.seats[0].views == 1)
  }

  @Test func theRolesAndTheSettingsAreDayPagesThatComeBack() throws {
    var store = TestStore(try dayApp())
    let day = try narratorPage(store.app)
    store.press(.character("r")) { $0.screen = .tableList(TableListScreen(.roles, beneath: .narrator(day))) }
    store.press(.escape) { $0.screen = .narrator(day) }
    store.press(.character("s")) { $0.screen = .settings(SettingsScreen(returnTo: ReturnPoint(.narrator(day)))) }
    store.press(.escape) { $0.screen = .narrator(day) }
    // The rules too, over the day.
    store.app.press(.character("i"))
    #expect({ if store.state.screen.is(InfoScreen.self) { true } else { false } }())
    store.app.press(.escape)
    #expect(store.state.screen == .narrator(day))
  }

  @Test func theDaysTimeRunningOutInTheSettingsStartsTheVoteBeneathThem() throws {
    var app = try dayApp()
    app.press(.character("s"))
    let start = app.state.clock
    #expect(app.tick(now: start) == [])  // the timer's first reading
    let effects = app.tick(now: start + 180_000)
    #expect(effects == [app.speech(app.line("narrator.say.timeUp")), .saveGame])
    #expect({ if app.state.screen.is(SettingsScreen.self) { true } else { false } }())
    #expect(app.state.session?.narration?.stage == .vote)
    app.press(.escape)
    #expect(app.state.session?.narration?.stage == .vote)
    #expect(try narratorPage(app).selection == 0)
  }

  @Test(arguments: [NarrationMode.parea, .moderator]) func endingTheGameByDayEndsItsNarrationToo(_ mode: NarrationMode) throws {
    var store = TestStore(try dayApp(mode: mode))
    store.press(.character("e")) { $0.confirmation = Confirmation.endGame }
    store.app.waitOutPause()
    let effects = store.app.send(.confirm(true))
    #expect(effects == [.silence, .saveGame, .redrawAll])
    #expect(store.state.screen.isSummary)
    #expect(store.state.session?.narration?.stage == .over)
    #expect(store.state.table?.endedByHand == true)
    // The saved game is one Parea reads back (not set aside as damaged).
    #expect(store.state.session?.isValid(rules: Palermo()) == true)
  }

  @Test(arguments: [NarrationMode.parea, .moderator]) func atNightTheDaysKeysDoNothing(_ mode: NarrationMode) throws {
    var app = duskApp(mode: mode)
    app.press(.enter)
    _ = try app.waitOutStage()
    app.waitOutPause()
    #expect({ if case .awake = app.state.session?.narration?.stage { true } else { false } }())
    let before = app.state
    let keys: [Character] = mode == .parea ? ["l", "r", "s", "e"] : ["l", "s", "e"]
    for key in keys {
      #expect(app.press(.character(key)) == [])
      #expect(app.state == before, "\(key) changed the night")
    }
  }

  @Test(arguments: [Language.en, .el]) func theDaysScreens(_ language: Language) throws {
    var rules = HouseRules()
    rules.revealDeadRoles = true
    var app = try dayApp(language, houseRules: rules)
    app.press(.character("l"))
    expectGolden(app.render(width: 80, height: 24), "narrator-day-look.\(language)")
    app.press(.escape)
    // The vote sends someone out: the next day's list shows them out, with their role.
    app.press(.enter)
    app.waitOutPause()
    app.press(.enter)
    app.waitOutPause()
    app.press(.enter)
    #expect(app.state.session?.narration?.stage == .dusk)
    expectGolden(app.render(width: 80, height: 24), "narrator-dusk-after-day.\(language)")
    app.press(.enter)
    _ = try app.playAQuietNight()
    expectGolden(app.render(width: 80, height: 24), "narrator-morning-out.\(language)")
  }
}

/// Undo in a narrated game: by day the day's steps one by one, and the whole
/// of last night from the day after it (unseen); at night only the moderator,
/// a choice in its step.
@Suite struct NarratedUndoTests {
  /// At dusk, night 1: the table as dealt and seen.
  static func dusk(
    _ language: Language = .en, mode: NarrationMode = .parea, houseRules: HouseRules = HouseRules()
  ) -> App {
    duskApp(language, mode: mode, houseRules: houseRules)
  }

  /// Plays the night from dusk: the thieves choose `victim`, the Doctor nobody.
  static func night(_ app: inout App, victim: Int) throws {
    app.press(.enter)
    _ = try app.waitOutStage()
    _ = try app.choose(seat: victim)
    while let ends = app.state.session?.narration?.stageEnds { app.tick(now: ends) }
  }

  /// A player who is neither a thief nor the Doctor.
  static func citizen(_ app: App) throws -> Int {
    let table = try #require(app.state.table)
    let thieves = Palermo.Roles.thieves.flatMap { table.seats(holding: $0) }
    let doctor = table.seats(holding: Palermo.Roles.doctor)
    return try #require(table.alive.first { !thieves.contains($0) && !doctor.contains($0) && table.seats[$0].role == Palermo.Roles.citizens[0] })
  }

  @Test func fromTheDayLastNightIsPlayedAgainUnseen() throws {
    var app = Self.dusk()
    let atDusk = try #require(app.state.table)
    // Nothing to undo before the first night.
    app.press(.character("u"))
    #expect(app.state.confirmation == nil)
    #expect(app.state.notices.map(\.message) == ["narrator.nothingToUndo.message"])
    let victim = try Self.citizen(app)
    try Self.night(&app, victim: victim)
    #expect(app.state.session?.narration?.stage == .morning)
    #expect(app.state.table?.seats[victim].death == .killedAtNight)
    app.press(.enter)  // the discussion
    var store = TestStore(app)
    // The question does not say what was chosen: the same for every night.
    store.press(.character("u")) { $0.confirmation = Confirmation(.undoNight, yes: .narrator(.takeBackNight)) }
    var page = try narratorPage(store.app)
    page.selection = 0
    page.said = nil  // the day's line no longer stands
    let lastNight = store.app.line("undo.what.night")
    try store.send(.confirm(true), effects: [.silence, .saveGame, .redrawAll]) {
      $0.confirmation = nil
      $0.screen = .narrator(page)
      try $0.session?.apply(.undoNight)
      try $0.session?.apply(.timer(.stop))
      $0.notices = [
        Notice(
          kind: .info, title: "table.undone.title", message: "table.undone.message",
          args: ["what": .text(lastNight)])
      ]
    }
    #expect(store.state.session?.narration?.stage == .dusk)
    #expect(store.state.table?.seats[victim].death == nil)
    #expect(store.state.table?.phase == atDusk.phase && store.state.table?.round == 1)
    #expect(store.state.table?.choicesThisPhase.isEmpty == true)
    // The night is played again, and may choose otherwise.
    var again = store.app
    try Self.night(&again, victim: try #require(again.state.table?.alive.first { $0 != victim }))
    #expect(again.state.table?.seats[victim].death == nil)
  }

  @Test func theDaysVoteIsTakenBackAndTakenAgain() throws {
    var app = Self.dusk(houseRules: HouseRules(dealt: DealtRules(tie: .revoteOnce)))
    let victim = try Self.citizen(app)
    try Self.night(&app, victim: victim)
    app.press(.enter, .enter)  // the discussion, then the vote
    #expect(app.state.session?.narration?.stage == .vote)
    // A tie between two: the revote, among them alone. Undone: the first vote again.
    let tied = try #require(app.state.table).alive.filter { $0 != victim }.prefix(2).sorted()
    try app.count([tied[0]: 3, tied[1]: 3])
    #expect(app.state.session?.narration?.revoting == true)
    #expect(app.state.table.map { app.state.session?.narration?.candidates(on: $0) } == tied)
    app.press(.character("u"))
    #expect(app.state.confirmation?.question == .undo(.tied(among: tied)))
    app.send(.confirm(true))
    #expect(app.state.session?.narration?.stage == .vote)
    #expect(app.state.session?.narration?.revoting == false)
    // The tie's line, said at this same stage, is not shown over the vote taken again.
    #expect(try narratorPage(app).said == nil)
    #expect(app.state.table?.tiesToday == 0)
    // A tie, then someone out at the revote; undone: the revote again, among the tied.
    try app.count([tied[0]: 2, tied[1]: 2])
    let out = tied[1]
    _ = try app.choose(seat: out)
    #expect(app.state.session?.narration?.stage == .dusk)
    app.press(.character("u"))
    #expect(app.state.confirmation?.question == .undo(.died(seat: out, cause: .votedOut)))
    app.send(.confirm(true))
    #expect(app.state.session?.narration?.stage == .vote)
    #expect(app.state.session?.narration?.revoting == true)
    #expect(app.state.table?.seats[out].death == nil)
    #expect(app.state.table.map { app.state.session?.narration?.candidates(on: $0) } == tied)
    // Once the day has acted, the night before it stays as it was.
    app.press(.character("u"))
    #expect(app.state.confirmation?.question == .undo(.tied(among: tied)))
  }

  @Test func atNightOnlyTheModeratorTakesAChoiceBack() throws {
    var parea = Self.dusk()
    parea.press(.enter)
    _ = try parea.waitOutStage()
    _ = try parea.choose(seat: try Self.citizen(parea))
    let chosen = parea.state
    #expect(parea.press(.character("u")) == [])
    #expect(parea.state == chosen)

    var moderator = Self.dusk(mode: .moderator)
    moderator.press(.enter)
    _ = try moderator.waitOutStage()
    let seat = try Self.citizen(moderator)
    _ = try moderator.choose(seat: seat)
    #expect(moderator.state.session?.narration?.hasChosen(on: try #require(moderator.state.table)) == true)
    let step = try #require(moderator.state.table?.lastStep)
    moderator.press(.character("u"))
    #expect(moderator.state.confirmation?.question == .undo(step))
    moderator.send(.confirm(true))
    let table = try #require(moderator.state.table)
    #expect(moderator.state.session?.narration?.stage == .awake(step: 0))
    #expect(moderator.state.session?.narration?.hasChosen(on: table) == false)
    #expect(!(try narratorPage(moderator)).entries(state: moderator.state).isEmpty)
  }

  @Test(arguments: [Language.en, .el]) func theQuestionForLastNight(_ language: Language) throws {
    var app = Self.dusk(language)
    try Self.night(&app, victim: try Self.citizen(app))
    app.press(.enter, .character("u"))
    expectGolden(app.render(width: 80, height: 24), "narrator-undo-night.\(language)")
  }
}

/// What the narrator says is on the screen in the same words until the next stage.
@Suite struct WhatIsSaidIsShownTests {
  static func shows(_ app: App, _ key: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let words = Catalog.builtIn(app.state.language)
    let screen = app.render(width: 80, height: 24).lines.joined(separator: " ")
    // Large type: capitals, wrapped over rows (the words compared without the spacing).
    let upper = words.upper(words.text(key, [:]))
    let joined = screen.split(separator: " ").joined(separator: " ")
    #expect(
      joined.contains(upper.split(separator: " ").joined(separator: " ")), "\(key) not on:\n\(screen)",
      sourceLocation: sourceLocation)
  }

  @Test(arguments: [Language.en, .el]) func timeIsUpAndATieAreShownAsSaid(_ language: Language) throws {
    var app = try dayApp(language)
    let start = app.state.clock
    app.tick(now: start)
    app.tick(now: start + 180_000)
    #expect(app.state.session?.narration?.stage == .vote)
    Self.shows(app, "narrator.say.timeUp")
    _ = try app.choose(seat: -1)
    #expect(app.state.session?.narration?.stage == .dusk)
    Self.shows(app, "narrator.say.tied.nobody")
  }

  @Test func whatWasSaidIsShownInTheLanguageChosenSince() throws {
    var app = try dayApp(.en)
    let start = app.state.clock
    app.tick(now: start)
    // The time runs out while the settings are open over the day.
    app.press(.character("s"))
    app.tick(now: start + 180_000)
    app.send(.settings(.change(1)))  // the language, to Greek
    #expect(app.state.language == .el)
    app.press(.escape)
    #expect(app.state.session?.narration?.stage == .vote)
    Self.shows(app, "narrator.say.timeUp")
  }
}

/// The story of a day with a revote tells each vote once.
@Suite struct RevoteStoryTests {
  static func story(_ app: App) throws -> String {
    let table = try #require(app.state.table)
    let words = Words(wording: Catalog.builtIn(app.state.language))
    return SummaryScreen.storyRows(state: app.state, table: table, words: words, width: 200)
      .flatMap { $0.0.map(\.1) }.joined(separator: "\n")
  }

  @Test func aTieThenATieAgain() throws {
    var app = try dayApp(houseRules: HouseRules(dealt: DealtRules(tie: .revoteOnce)))
    app.press(.enter)
    try app.count([0: 3, 1: 3])
    _ = try app.choose(seat: -1)
    #expect(app.state.session?.narration?.stage == .dusk)
    let story = try Self.story(app)
    #expect(story.contains(app.line("story.tied.revote")))
    #expect(story.contains(app.line("story.tied.again")))
    #expect(!story.split(separator: "\n").contains { $0 == app.line("story.tied") })
  }

  @Test func aTieThenSomeoneOut() throws {
    var app = try dayApp(houseRules: HouseRules(dealt: DealtRules(tie: .revoteOnce)))
    app.press(.enter)
    try app.count([0: 3, 1: 3])
    _ = try app.choose(seat: 0)
    let story = try Self.story(app)
    #expect(story.contains(app.line("story.tied.revote")))
    #expect(!story.contains(app.line("story.tied.again")))
    #expect(!story.split(separator: "\n").contains { $0 == app.line("story.tied") })
  }

  @Test func aSingleTie() throws {
    var app = try dayApp()
    app.press(.enter)
    _ = try app.choose(seat: -1)
    let story = try Self.story(app)
    #expect(story.split(separator: "\n").contains { $0 == app.line("story.tied") })
  }
}

/// The vote as a table votes: a player, a tie, nobody by the town's choice,
/// or a count of hands per player whose result follows the tie rule; a
/// revote is among the tied alone.
@Suite struct NarratedVoteTests {
  /// At the first day's vote under `tie`, after a night in which nobody died.
  static func atVote(_ language: Language = .en, tie: TieRule = .revoteOnce, mode: NarrationMode = .parea) throws -> App {
    var app = try dayApp(language, mode: mode, houseRules: HouseRules(dealt: DealtRules(tie: tie)))
    app.press(.enter)
    #expect(app.state.session?.narration?.stage == .vote)
    return app
  }

  @Test(arguments: [Language.en, .el]) func handsAreCountedAndATieIsVotedAgainAmongTheTied(_ language: Language) throws {
    var app = try Self.atVote(language)
    let table = try #require(app.state.table)
    // The vote's entries beyond the players fit whole beside the actions.
    let list = app.render(width: 80, height: 24).lines.joined(separator: "\n")
    for key in ["narrator.vote.tieCount", "narrator.vote.nobody", "narrator.vote.count"] {
      #expect(list.contains(app.line(key)), "\(key) does not fit:\n\(list)")
    }
    // "Count the hands": a page of its own, nothing recorded yet.
    for _ in 0..<table.alive.count + 2 { app.press(.down) }
    app.press(.enter)
    #expect(try narratorPage(app).counting == Array(repeating: 0, count: table.alive.count))
    app.press(.character("3"), .down, .right, .right, .right, .down, .right)
    #expect(try narratorPage(app).counting?.prefix(3) == [3, 3, 1])
    expectGolden(app.render(width: 80, height: 24), "narrator-count.\(language)")
    // More hands than players: said, and Enter records nothing.
    app.press(.character("9"), .down, .character("9"))
    app.press(.enter)
    #expect(try narratorPage(app).confirming == nil)
    expectGolden(app.render(width: 80, height: 24), "narrator-count-too-many.\(language)")
    // Esc goes back to the list; the count starts afresh.
    app.press(.escape)
    #expect(try narratorPage(app).counting == nil)
    #expect(app.state.table?.log == table.log)
    // A tie between the first two: the town votes again, among them alone.
    let effects = try app.count([0: 3, 1: 3, 2: 1])
    #expect(app.state.table?.log.last == .tied(among: [0, 1]))
    let names = "\(table.seats[0].name), \(table.seats[1].name)"
    #expect(effects.contains(app.speech(app.line("narrator.say.tied.revoteAmong", ["names": names]))))
    #expect(app.state.table.map { app.state.session?.narration?.candidates(on: $0) } == [0, 1])
    app.waitOutPause()
    expectGolden(app.render(width: 80, height: 24), "narrator-revote.\(language)")
    // The revote's count names one: out.
    try app.count([1: 4])
    #expect(app.state.table?.seats[1].death == .votedOut)
    #expect(app.state.session?.narration?.stage == .dusk)
  }

  @Test func nobodyOutIsTheTownsChoiceAndNotATie() throws {
    var app = try Self.atVote()
    let alive = try #require(app.state.table).alive.count
    for _ in 0..<alive + 1 { app.press(.down) }
    app.press(.enter)
    #expect(try narratorPage(app).confirming == .nobody)
    let effects = app.press(.enter)
    // Under the revote rule too: no revote, the day ends.
    #expect(effects.contains(app.speech(app.line("narrator.say.spared"))))
    #expect(app.state.table?.log.last == .spared)
    #expect(app.state.session?.narration?.stage == .dusk)
    #expect(app.state.table?.tiesToday == 0)
    // Undone like any vote, by name.
    app.press(.character("u"))
    #expect(app.state.confirmation?.question == .undo(.spared))
    app.send(.confirm(true))
    #expect(app.state.session?.narration?.stage == .vote)
    #expect(app.state.table?.log.last != .spared)
  }

  @Test func aCountWithOneLeaderSendsThemOutAndNoHandsSendsNobody() throws {
    var app = try Self.atVote(tie: .nobodyOut)
    try app.count([2: 4, 3: 1])
    #expect(app.state.table?.seats[2].death == .votedOut)
    var none = try Self.atVote(tie: .nobodyOut)
    try none.count([:])
    #expect(none.state.table?.log.last == .spared)
    // Under the default rule a tie is counted or not: nobody goes out, and the day ends.
    var tie = try Self.atVote(tie: .nobodyOut)
    _ = try tie.choose(seat: -1)
    #expect(tie.state.table?.log.last == .tied(among: nil))
    #expect(tie.state.session?.narration?.stage == .dusk)
  }

  /// Under the revote rule a tie asks for the hands first, to know who votes again.
  @Test func aTieUnderTheRevoteRuleIsCounted() throws {
    var app = try Self.atVote()
    let alive = try #require(app.state.table).alive.count
    for _ in 0..<alive { app.press(.down) }
    app.press(.enter)
    #expect(try narratorPage(app).counting != nil)
    #expect(try narratorPage(app).confirming == nil)
  }
}
