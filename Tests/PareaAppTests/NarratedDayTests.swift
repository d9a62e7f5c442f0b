@testable import PareaApp
import PareaCanvas
import PareaLocale
import PareaRules
import Testing

// By day a narrated game does what the manual table does (issue 26): look at
// a role again with the view counter, the roles in this game, the settings,
// the rules, end the game; the day's screen shows who is in and who is out.
// At night none of it is there: the night's steps are secret and timed.

/// Seven players dealt Palermo's suggested roles, everyone revealed, at the
/// first day's discussion after a night in which nobody chose.
private func dayApp(
  _ language: Language = .en, mode: NarrationMode = .parea, houseRules: HouseRules = HouseRules()
) throws -> App {
  var configuration = configuration(language, narration: mode)
  configuration.houseRules = houseRules
  var app = App(configuration: configuration)
  app.press(.enter)
  app.addPlayers(sevenNames)
  app.press(.enter, .character("s"), .character("d"), .enter)
  app.revealEveryoneByKeys()
  app.press(.enter)
  while let ends = app.state.session?.narration?.stageEnds { app.tick(now: ends) }
  #expect(app.state.session?.narration?.stage == .morning)
  app.press(.enter)
  #expect(app.state.session?.narration?.stage == .discussion)
  return app
}

/// The narrator's page on show.
private func narratorPage(_ app: App, sourceLocation: SourceLocation = #_sourceLocation) throws -> NarratorScreen {
  try #require({ if case .narrator(let page) = app.state.screen { page } else { nil } }(), sourceLocation: sourceLocation)
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
    #expect({ if case .info = store.state.screen { true } else { false } }())
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
    #expect({ if case .settings = app.state.screen { true } else { false } }())
    #expect(app.state.session?.narration?.stage == .vote)
    app.press(.escape)
    #expect(app.state.session?.narration?.stage == .vote)
    #expect(try narratorPage(app).selection == 0)
  }

  @Test(arguments: [NarrationMode.parea, .moderator]) func endingTheGameByDayEndsItsNarrationToo(_ mode: NarrationMode) throws {
    var store = TestStore(try dayApp(mode: mode))
    store.press(.character("e")) { $0.confirmation = Confirmation(.endGame) }
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
    var app = App(configuration: configuration(narration: mode))
    app.press(.enter)
    app.addPlayers(sevenNames)
    app.press(.enter, .character("s"), .character("d"), .enter)
    app.revealEveryoneByKeys()
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
    while let ends = app.state.session?.narration?.stageEnds { app.tick(now: ends) }
    expectGolden(app.render(width: 80, height: 24), "narrator-morning-out.\(language)")
  }
}
