import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// `i` opens the rules of the game in play from the setup, the hand-off, the
/// table, the narrator's stages in the open and the summary, and Esc brings
/// the screen back exactly as it was; on a role, on the way to one and on a
/// secret choice it does nothing.
@Suite struct RulesKeyTests {
  /// Presses i, which must open `game`'s rules over the screen on show and
  /// change nothing else; then Esc, which must bring back the whole state.
  static func opensAndComesBack(
    _ app: App, game: GameID, effects: [Effect] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var store = TestStore(app)
    let before = store.state.screen
    store.press(.character("i"), effects: effects, {
      $0.screen = .info(InfoScreen(game: game, returnTo: ReturnPoint(before)))
      $0.keyGuard = nil  // the rules choose nothing
    }, sourceLocation: sourceLocation)
    store.press(.escape, { state in
      state.screen = before
      // Back on a screen whose next key could choose: guarded afresh.
      state.keyGuard = state.guardedMoment == nil ? nil : KeyPause(since: state.clock)
    }, sourceLocation: sourceLocation)
  }

  /// Presses i, which must change nothing at all.
  static func ignoresI(_ app: App, sourceLocation: SourceLocation = #_sourceLocation) {
    var store = TestStore(app)
    store.press(.character("i"), sourceLocation: sourceLocation)
  }

  /// The footer names the key.
  static func footerOffers(_ app: App, _ offered: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
    let footer = app.render(width: 80, height: 24).lines.last ?? ""
    let words = Catalog.builtIn(app.state.language)
    #expect(footer.contains("i " + words.text("key.rules", [:])) == offered, "\(footer)", sourceLocation: sourceLocation)
  }

  /// A Palermo setup of seven on the roles' page (past who narrates).
  static func palermoSetup() -> App {
    var app = makeApp()
    app.press(.enter)
    app.addPlayers(sevenNames)
    app.press(.enter, .enter)
    return app
  }

  @Test func fromEveryPageOfTheSetup() throws {
    // The roles: the chosen list focused, its second role highlighted.
    var roles = Self.palermoSetup()
    roles.press(.character("s"), .right, .down)
    #expect(roles.state.screen.setupPage?.chosenSelection == 1)
    Self.opensAndComesBack(roles, game: "palermo")
    Self.footerOffers(roles)
    // The page before the roles: who narrates (Esc from the roles goes back to it).
    roles.press(.escape)
    #expect(roles.state.screen.setupPage?.choosingNarration == true)
    Self.opensAndComesBack(roles, game: "palermo")
    Self.footerOffers(roles)

    // Spy's count, with the error of a count too high on it, and its locations.
    var spy = GoldenScreenTests.countGame(.en, game: "2", players: ["A", "B", "C", "D", "E", "F"], bad: 2)
    spy.press(.right)
    #expect(spy.state.screen.setupPage?.notice != nil)
    Self.opensAndComesBack(spy, game: "spy")
    Self.footerOffers(spy)
    spy.press(.character("o"), .down, .down, .right)
    #expect(spy.state.screen.setupPage?.choosingLocations == true)
    Self.opensAndComesBack(spy, game: "spy")
    Self.footerOffers(spy)

    let killer = GoldenScreenTests.countGame(.en, game: "3", players: ["A", "B", "C", "D", "E", "F", "G"], bad: 2)
    Self.opensAndComesBack(killer, game: "killer")
    Self.footerOffers(killer)
  }

  @Test func aNameStillTakesTheLetterI() {
    var app = makeApp()
    app.press(.enter)
    app.type("Kiki")
    guard let page = app.state.screen.as(PlayersScreen.self) else {
      Issue.record("not on the players screen: \(app.state.screen)")
      return
    }
    #expect(page.field.text == "Kiki")
  }

  @Test func fromTheHandOffButNotOnTheWayToARole() {
    var app = RevealPrivacyTests.dealt()
    // Deaf to keys for a moment after the deal: i starts the wait again, as any key.
    var store = TestStore(app)
    store.press(.character("i"))
    app.waitOutPause()
    Self.opensAndComesBack(app, game: "killer")
    Self.footerOffers(app)
    // The role card: i does nothing, and the footer does not offer it.
    app.press(.enter)
    guard app.state.screen.is(RevealScreen.self) else {
      Issue.record("no role on screen: \(app.state.screen)")
      return
    }
    Self.ignoresI(app)
    Self.footerOffers(app, false)

    // With the countdown before a role, i does nothing once it has started.
    var counting = RevealPrivacyTests.dealt(HouseRules(revealCountdown: true))
    counting.waitOutPause()
    counting.handle(.enter, now: counting.state.clock)
    #expect(counting.state.screen == .handOff({
      var page = HandOffScreen(seat: 0)
      page.countdown = RevealCountdown()
      return page
    }()))
    Self.ignoresI(counting)
    Self.footerOffers(counting, false)
  }

  @Test func fromEveryGamesTableAndItsOpenSteps() throws {
    var palermo = GoldenScreenTests.palermoTable(.en)
    palermo.press(.down, .down)
    Self.opensAndComesBack(palermo, game: "palermo")
    Self.footerOffers(palermo)
    // A result on screen stays there.
    palermo.press(.character("u"))
    guard palermo.state.confirmation == nil else {
      Issue.record("something to undo at the start")
      return
    }
    #expect(palermo.state.screen.tablePage?.notice != nil)
    Self.opensAndComesBack(palermo, game: "palermo")
    Self.footerOffers(palermo)
    palermo.press(.enter)
    // Picking a player and a cause happen in the open.
    palermo.press(.character("d"), .down)
    Self.opensAndComesBack(palermo, game: "palermo")
    Self.footerOffers(palermo)
    palermo.press(.enter)
    #expect(palermo.state.screen.tablePage?.mode == .cause(seat: 1))
    Self.opensAndComesBack(palermo, game: "palermo")
    Self.footerOffers(palermo)
    // The roles in this game, scrolled.
    palermo.press(.escape, .character("r"), .down, .down)
    #expect(palermo.state.screen == .tableList(TableListScreen(.roles, scroll: 2, table: try #require(palermo.state.screen.tableBeneath))))
    Self.opensAndComesBack(palermo, game: "palermo")
    Self.footerOffers(palermo)
    // "Are you ANNA?", paused and then not, and the role again: nothing.
    palermo.press(.escape, .enter, .down, .enter)
    Self.ignoresI(palermo)
    Self.footerOffers(palermo, false)
    palermo.waitOutPause()
    Self.ignoresI(palermo)
    Self.footerOffers(palermo, false)
    palermo.press(.enter)
    #expect(palermo.state.screen == .lookAgain(LookAgainScreen(seat: 1, stage: .showing, table: try #require(palermo.state.screen.tableBeneath))))
    Self.ignoresI(palermo)
    Self.footerOffers(palermo, false)

    // Spy: the locations' list, scrolled; then the guess, in private.
    var spy = spyTable(spy: 1)
    Self.opensAndComesBack(spy, game: "spy")
    Self.footerOffers(spy)
    spy.press(.character("o"))
    Self.opensAndComesBack(spy, game: "spy")
    Self.footerOffers(spy)
    spy.press(.escape, .character("g"), .down, .enter)
    #expect(spy.state.screen == .spyGuess(SpyGuessScreen(by: 1, table: try #require(spy.state.screen.tableBeneath))))
    Self.ignoresI(spy)
    Self.footerOffers(spy, false)
    spy.press(.enter, .down)
    #expect(
      spy.state.screen
        == .spyGuess(SpyGuessScreen(by: 1, stage: .choosing(selection: 1), table: try #require(spy.state.screen.tableBeneath))))
    Self.ignoresI(spy)
    Self.footerOffers(spy, false)

    var killer = GoldenScreenTests.countGame(.en, game: "3", players: ["A", "B", "C", "D", "E", "F", "G"], bad: 1)
    killer.press(.enter)
    killer.revealEveryoneByKeys()
    Self.opensAndComesBack(killer, game: "killer")
    Self.footerOffers(killer)
  }

  @Test func onAGreekKeyboardToo() {
    var app = GoldenScreenTests.palermoTable(.el)
    let table = app.state.screen
    app.press(.character("ι"))
    #expect(app.state.screen == .info(InfoScreen(game: "palermo", returnTo: ReturnPoint(table))))
  }

  @Test func fromTheSummaryAndTheStandings() throws {
    var palermo = GoldenScreenTests.palermoTable(.en)
    palermo.press(.character("e"), .character("y"))
    #expect(palermo.state.screen.isSummary)
    // The game over, once its keys answer: the rules, and back to it.
    palermo.waitOutPause()
    Self.opensAndComesBack(palermo, game: "palermo", effects: [.redrawAll])
    Self.footerOffers(palermo)
    palermo.showResult()
    // The summary shows every role: leaving it repaints everything, as its other ways out do.
    Self.opensAndComesBack(palermo, game: "palermo", effects: [.redrawAll])
    Self.footerOffers(palermo)

    var spy = spyTable(spy: 1)
    spy.press(.character("v"), .down, .enter, .enter)
    #expect(spy.state.screen.isSummary)
    spy.showResult()
    spy.press(.down)
    Self.opensAndComesBack(spy, game: "spy", effects: [.redrawAll])
    spy.press(.character("h"))
    #expect(spy.state.screen.summaryPage?.standings == true)
    Self.opensAndComesBack(spy, game: "spy", effects: [.redrawAll])
    Self.footerOffers(spy)
  }
}

/// `i` on the narrator's screens: at the stages in the open, never at night.
@Suite struct DealtRulesKeyTests {
  static func narrated(_ mode: NarrationMode, _ language: Language = .en) -> App {
    var app = App(configuration: configuration(language, narration: mode))
    app.press(.enter)
    app.addPlayers(sevenNames)
    app.press(.enter, .enter, .character("s"), .character("d"))
    app.revealEveryoneByKeys()
    return app
  }

  /// Lets the night pass, `i` tried at every stage: the thieves choose a
  /// citizen and the Doctor protects them, so that nobody dies.
  static func passTheNight(_ app: inout App) throws {
    while let narration = app.state.session?.narration, narration.stage.isSecret {
      if case .awake = narration.stage {
        RulesKeyTests.ignoresI(app)  // a secret step
        RulesKeyTests.footerOffers(app, false)
      } else {
        RulesKeyTests.ignoresI(app)  // eyes closed
      }
      let table = try #require(app.state.table)
      if case .awake = narration.stage, !narration.hasChosen(on: table) {
        let citizen = try #require(table.alive.first { table.seats[$0].role == Palermo.Roles.citizens[0] })
        _ = try app.choose(seat: citizen)
        let chosen = try #require(app.state.table.map { app.state.session?.narration?.hasChosen(on: $0) })
        try #require(chosen == true, "the choice was not taken: \(app.state.screen)")
      } else {
        _ = try app.waitOutStage()
      }
    }
  }

  @Test(arguments: [NarrationMode.parea, .moderator]) func atTheStagesInTheOpen(_ mode: NarrationMode) throws {
    var app = Self.narrated(mode)
    #expect(app.state.session?.narration?.stage == .dusk)
    RulesKeyTests.opensAndComesBack(app, game: "palermo")
    RulesKeyTests.footerOffers(app)
    app.press(.enter)
    try Self.passTheNight(&app)
    #expect(app.state.session?.narration?.stage == .morning)
    RulesKeyTests.opensAndComesBack(app, game: "palermo")
    RulesKeyTests.footerOffers(app)
    app.press(.enter)
    #expect(app.state.session?.narration?.stage == .discussion)
    // In both modes: the moderator's own keys are in the day's actions panel.
    RulesKeyTests.opensAndComesBack(app, game: "palermo")
    RulesKeyTests.footerOffers(app)
    app.press(.enter)
    #expect(app.state.session?.narration?.stage == .vote)
    app.press(.down)
    RulesKeyTests.opensAndComesBack(app, game: "palermo")
    RulesKeyTests.footerOffers(app)
    // The vote asked to be confirmed: yes or no first.
    app.press(.enter)
    guard let page = app.state.screen.as(NarratorScreen.self), page.confirming != nil else {
      Issue.record("nothing to confirm: \(app.state.screen)")
      return
    }
    RulesKeyTests.ignoresI(app)
    RulesKeyTests.footerOffers(app, false)
  }

  @Test func notOnTheModeratorsViewOfEveryRole() {
    var app = Self.narrated(.moderator)
    app.press(.character("r"))
    app.send(.confirm(true))
    guard let page = app.state.screen.as(NarratorScreen.self), page.showingRoles else {
      Issue.record("the roles are not on screen: \(app.state.screen)")
      return
    }
    RulesKeyTests.ignoresI(app)
    RulesKeyTests.footerOffers(app, false)
  }

  /// Parea's day offers the rules beside its timer.
  @Test(arguments: [Language.en, .el]) func theDaysFooter(_ language: Language) throws {
    var app = Self.narrated(.parea, language)
    app.press(.enter)
    try Self.passTheNight(&app)
    app.press(.enter)
    #expect(app.state.session?.narration?.stage == .discussion)
    expectGolden(app.render(width: 80, height: 24), "narrator-day.\(language)")
  }

  /// The day's timer runs on under the rules; when it runs out the vote
  /// begins as it would have, and Esc comes back to it.
  @Test func theDaysTimerRunsOnUnderTheRules() throws {
    var app = Self.narrated(.parea)
    app.press(.enter)
    try Self.passTheNight(&app)
    app.press(.enter)
    let start = app.state.clock
    app.tick(now: start)  // the day's timer starts counting
    let day = app.state.screen
    app.press(.character("i"))
    app.tick(now: start + 60_000)
    #expect(app.state.timer?.display == "02:00")
    let effects = app.tick(now: start + 180_000)
    #expect(app.state.session?.narration?.stage == .vote)
    #expect(effects.contains { if case .speak = $0 { true } else { false } })
    #expect(effects.contains(.saveGame))
    // The day's page waits beneath, with what was just said ("time is up").
    var page = try #require(day.as(NarratorScreen.self), "not on the narrator")
    page.said = SaidLine(cues: [.vote(timeUp: true)], stage: .vote)
    #expect(app.state.screen == .info(InfoScreen(game: "palermo", returnTo: ReturnPoint(.narrator(page)))))
    app.press(.escape)
    #expect(app.state.screen == .narrator(page))
    app.waitOutPause()  // back on the vote's list: guarded afresh
    let footer = app.render(width: 80, height: 24).lines.last ?? ""
    #expect(footer.contains("Enter choose"))
  }

  /// A table's round timer runs on under the rules, rings when it runs out,
  /// and the table says so when it comes back.
  @Test func theTablesTimerRunsOnUnderTheRules() throws {
    var app = spyTable(spy: 1)
    app.press(.character("t"))
    let start = app.state.clock
    app.tick(now: start)  // the timer starts counting
    let table = try #require(app.state.screen.tablePage)
    app.press(.character("i"))
    app.tick(now: start + 60_000)
    let minutes = try #require(app.state.timer.map { $0.duration / 60 })
    #expect(app.state.timer?.running == true)
    #expect(app.state.timer?.remaining == (minutes - 1) * 60_000)
    let effects = app.tick(now: start + Int64(minutes) * 60_000)
    #expect(effects == [.bell, .saveGame])
    var told = table
    told.notice = Notice(kind: .info, title: "timer.up.title", message: "timer.up.spy.message")
    #expect(app.state.screen == .info(InfoScreen(game: "spy", returnTo: ReturnPoint(.table(told)))))
    app.press(.escape)
    #expect(app.state.screen == .table(told))
    #expect(app.state.timer?.expired == true)
  }
}
