import PareaLocale
import PareaRules
import Testing

@testable import PareaApp
import PareaRules

/// Actions in, the whole state compared.
@Suite struct ReducerTests {
  @Test func homeMovesWrapAndChooseOpensPlayers() {
    var app = makeApp()
    var expected = app.state
    app.send(.home(.move(-1)))
    expected.screen = .home(HomeScreen(selection: 4))  // 3 games, settings, quit
    #expect(app.state == expected)
    app.send(.home(.move(1)))
    app.send(.home(.move(1)))
    app.send(.home(.choose))
    expected.screen = .players(PlayersScreen())
    expected.game = "spy"
    #expect(app.state == expected)
  }

  @Test func typingAddsAPlayerAndClearsTheField() {
    var app = makeApp()
    app.send(.home(.choose))
    var expected = app.state
    for character in "Ελένη" { app.send(.players(.type(character))) }
    app.send(.players(.submit))
    expected.players = ["Ελένη"]
    #expect(app.state == expected)
  }

  @Test func aDecomposedAccentJoinsItsLetter() throws {
    var app = makeApp()
    app.send(.home(.choose))
    app.send(.players(.type("ε")))
    app.send(.players(.type("\u{301}")))
    let page = try #require(app.state.screen.playersPage, "not on the players screen")
    #expect(page.field.text == "έ")
    #expect(page.field.cursor == 1)
  }

  @Test func duplicateNameIsRefusedAndKept() {
    var app = makeApp()
    app.send(.home(.choose))
    app.addPlayers(["Νίκος"])
    let before = app.state
    app.type("  ΝΙΚΟΣ ")
    app.send(.players(.submit))
    var expected = before
    var page = PlayersScreen()
    for character in "  ΝΙΚΟΣ " { page.field.insert(character) }
    page.notice = .setup(.duplicateName("Νίκος"))
    expected.screen = .players(page)
    #expect(app.state == expected)
  }

  @Test func tooFewPlayersStaysWithAMessage() {
    var app = makeApp()
    app.send(.home(.choose))
    app.addPlayers(["A", "B"])
    let before = app.state
    let effects = app.send(.players(.submit))
    #expect(effects.isEmpty)
    var expected = before
    var page = PlayersScreen()
    page.notice = .setup(.tooFewPlayers(minimum: 5, count: 2))
    expected.screen = .players(page)
    #expect(app.state == expected)
  }

  @Test func continuingSavesTheNamesAndOpensSetup() {
    var app = makeApp()
    app.send(.home(.choose))
    app.addPlayers(sevenNames)
    var expected = app.state
    let effects = app.send(.players(.submit))
    expected.screen = .setup(SetupScreen())
    expected.savedNames = sevenNames  // the quick picks from now on
    #expect(effects == [.savePlayers(sevenNames)])
    #expect(app.state == expected)
  }

  @Test func reorderAndRemove() {
    var app = makeApp()
    app.send(.home(.choose))
    app.addPlayers(["A", "B", "C"])
    app.send(.players(.focusNext))
    app.send(.players(.reorder(1)))
    #expect(app.state.players == ["B", "A", "C"])
    app.send(.players(.remove))
    #expect(app.state.players == ["B", "C"])
  }

  @Test func quickPicksToggleInAndOut() {
    var app = makeApp(savedNames: ["Anna", "Bob"])
    app.send(.home(.choose))
    app.send(.players(.focusNext))  // no players yet: straight to the picks
    app.send(.players(.togglePick))
    #expect(app.state.players == ["Anna"])
    app.send(.players(.togglePick))
    #expect(app.state.players.isEmpty)
  }

  @Test func dealGoesToTheFirstHandOffAndSaves() throws {
    var app = makeApp(seed: 42)
    app.send(.home(.choose))
    app.addPlayers(sevenNames)
    app.send(.players(.proceed))
    app.send(.setup(.suggest))
    var expected = app.state
    let effects = app.send(.setup(.deal))
    var generator = SplitMix64(seed: 42)
    let setup = try #require(Palermo().suggestedSetup(players: 7))
    let table = try Palermo().deal(
      players: sevenNames, setup: setup, locations: Catalog.builtIn(.en).locations(), using: &generator)
    // A new session holds the whole game: the table, nobody revealed yet, no timer, no scores.
    expected.session = GameSession(table: table, players: sevenNames, setup: setup)
    expected.screen = .handOff(HandOffScreen(seat: 0, pausedAt: 0))
    #expect(effects == [.saveGame, .redrawAll])
    #expect(app.state == expected)
  }

  @Test func aRoleBeyondOnePerPlayerIsRefusedAsAFullList() throws {
    var app = makeApp()
    app.send(.home(.choose))
    app.addPlayers(sevenNames)
    app.send(.players(.proceed))
    app.send(.setup(.suggest))
    let roles = app.state.setup.roles
    #expect(roles.count == 7)
    app.send(.setup(.toggleRole))
    #expect(app.state.setup.roles == roles)
    let page = try #require(app.state.screen.setupPage, "left the setup")
    // Not "too many roles": the eighth was never added.
    #expect(page.notice == Notice(
      kind: .error, title: "setup.full.title", message: "setup.full.message",
      args: ["chosen": .text("7"), "players": .text("7")]))
  }

  @Test func revealAndHideWalkTheTableThenOpenIt() throws {
    var app = makeApp()
    app.send(.home(.play("killer")))
    app.addPlayers(["A", "B", "C"])
    app.send(.players(.proceed))
    app.send(.setup(.deal))
    for seat in 0..<3 {
      #expect(app.state.screen == .handOff(HandOffScreen(seat: seat, pausedAt: app.state.clock)))
      app.waitOutPause()
      #expect(app.state.screen == .handOff(HandOffScreen(seat: seat)))
      #expect(app.send(.reveal) == [.saveGame, .redrawAll])
      #expect(app.state.screen == .reveal(RevealScreen(seat: seat)))
      #expect(app.state.table?.seats[seat].views == 1)
      #expect(app.send(.hide) == [.saveGame, .redrawAll])
    }
    #expect(app.state.screen == .table(TableScreen()))
    #expect(app.state.session?.nextReveal == 3)
  }

  @Test func lookingAgainAsksFirstAndCounts() throws {
    var app = makeApp()
    app.send(.home(.play("killer")))
    app.addPlayers(["A", "B", "C"])
    app.send(.players(.proceed))
    app.send(.setup(.deal))
    app.revealEveryone()
    app.send(.table(.command(.look)))
    app.send(.table(.move(1)))
    app.send(.table(.pick))
    var page = TableScreen()
    page.selection = 1
    page.mode = .confirmIdentity(seat: 1)
    page.pause = KeyPause(since: app.state.clock)
    #expect(app.state.screen == .table(page))
    // Not yet: a double press on the pick must not go through to the role.
    #expect(app.send(.table(.showRole)).isEmpty)
    #expect(app.state.screen == .table(page))
    app.waitOutPause()
    page.pause = nil
    #expect(app.state.screen == .table(page))
    app.send(.table(.showRole))
    page.mode = .reveal(seat: 1)
    #expect(app.state.screen == .table(page))
    #expect(app.state.table?.seats[1].views == 2)
    #expect(app.send(.table(.hideRole)) == [.redrawAll])
  }

  @Test func languageSwitchSavesAndRedraws() {
    var app = makeApp()
    app.send(.home(.openSettings))
    let effects = app.send(.settings(.change(1)))
    #expect(effects == [.saveSettings, .redrawAll])
    #expect(app.state.language == .el)
    app.send(.back)
    #expect(app.state.screen == .home(HomeScreen()))
  }

  @Test func escapeInAGameAsksAndNoKeepsIt() {
    var app = makeApp()
    app.send(.home(.play("killer")))
    app.addPlayers(["A", "B", "C"])
    app.send(.players(.proceed))
    app.send(.setup(.deal))
    let dealt = app.state
    app.send(.back)
    #expect(app.state.confirmation == PareaApp.Confirmation(.abandonGame))
    app.send(.confirm(false))
    #expect(app.state == dealt)
    app.send(.back)
    app.send(.confirm(true))
    #expect(app.state.table == nil)
    #expect(app.state.screen == .home(HomeScreen(selection: 2)))
  }

  @Test func resumeNeverLandsOnARole() throws {
    var app = makeApp()
    app.send(.home(.play("spy")))
    app.addPlayers(["A", "B", "C", "D"])
    app.send(.players(.proceed))
    app.send(.setup(.deal))
    app.waitOutPause()
    app.send(.reveal)
    app.send(.hide)
    app.waitOutPause()
    app.send(.reveal)  // B is looking when the laptop dies
    let saved = try #require(app.state.session).savedAndRead()
    var resumed = App(configuration: configuration())
    resumed.send(.started(savedNames: [], session: saved))
    #expect(HomeScreen.items(for: resumed.state).first == .resume)
    resumed.send(.home(.choose))
    #expect(resumed.state.screen == .handOff(HandOffScreen(seat: 1, pausedAt: resumed.state.clock)))
  }
}

/// House rules, the reveal countdown and the round timer.
@Suite struct HouseRuleTests {
  static func dealtKiller(_ rules: HouseRules = HouseRules()) -> App {
    var app = makeApp()
    var state = app.state
    state.houseRules = rules
    app = App(state: state, configuration: configuration())
    app.send(.home(.play("killer")))
    app.addPlayers(["A", "B", "C", "D", "E"])
    app.send(.players(.proceed))
    app.send(.setup(.deal))
    app.waitOutPause()
    return app
  }

  @Test func settingsToggleEachRuleAndSave() {
    var app = makeApp()
    app.send(.home(.openSettings))
    app.send(.settings(.move(1)))
    #expect(app.send(.settings(.change(1))) == [.saveSettings])
    #expect(app.state.houseRules == HouseRules(revealDeadRoles: true))
    app.send(.settings(.move(1)))
    app.send(.settings(.change(1)))
    app.send(.settings(.move(1)))
    app.send(.settings(.change(-1)))
    #expect(app.state.houseRules == HouseRules(revealDeadRoles: true, hideSpyCount: true, revealCountdown: true))
    app.send(.settings(.move(5)))  // stays on the last row
    app.send(.settings(.change(1)))
    #expect(app.state.houseRules.revealCountdown == false)
  }

  @Test func countdownShowsTheRoleAfterThreeSeconds() {
    var app = Self.dealtKiller(HouseRules(revealCountdown: true))
    #expect(app.send(.reveal).isEmpty)
    var expected = HandOffScreen(seat: 0)
    expected.countdown = RevealCountdown(seconds: 3)
    #expect(app.state.screen == .handOff(expected))
    app.tick(now: 10_000)
    app.tick(now: 10_900)
    expected.countdown?.lastStep = 10_000
    #expect(app.state.screen == .handOff(expected))
    app.tick(now: 11_000)
    app.tick(now: 12_000)
    #expect(app.state.table?.seats[0].views == 0)
    let effects = app.tick(now: 13_050)
    #expect(effects == [.saveGame, .redrawAll])
    #expect(app.state.screen == .reveal(RevealScreen(seat: 0)))
    #expect(app.state.table?.seats[0].views == 1)
  }

  @Test func escapeStopsTheCountdownWithoutLeaving() {
    var app = Self.dealtKiller(HouseRules(revealCountdown: true))
    app.send(.reveal)
    app.send(.back)
    #expect(app.state.screen == .handOff(HandOffScreen(seat: 0)))
    #expect(app.state.confirmation == nil)
  }

  @Test func deadRolesShowOnlyWithTheRule() throws {
    for reveal in [false, true] {
      var app = Self.dealtKiller(HouseRules(revealDeadRoles: reveal))
      app.revealEveryone()
      let citizen = try #require(app.state.table?.seats(holding: Killer.citizen).first)
      app.send(.table(.command(.markDead)))
      for _ in 0..<citizen { app.send(.table(.move(1))) }
      app.send(.table(.pick))
      // The only player out: the rows above take one line each, and the role
      // goes on the line under the cause.
      let rows = app.screen.split(separator: "\n", omittingEmptySubsequences: false)
      let words = Catalog.builtIn(.en)
      #expect(rows[4 + citizen].contains(words.text("cause.killed")), "\(rows[4 + citizen])")
      #expect(rows[5 + citizen].contains(words.text("role.killer.citizen.name")) == reveal, "\(rows[5 + citizen])")
    }
  }

  /// A Spy table of three, everyone revealed.
  static func spyTable() -> App {
    var app = makeApp()
    app.send(.home(.play("spy")))
    app.addPlayers(["A", "B", "C"])
    app.send(.players(.proceed))
    app.send(.setup(.deal))
    app.revealEveryone()
    return app
  }

  @Test func aRoundTimerDoesNotOutliveItsGame() {
    var app = Self.spyTable()
    app.send(.table(.command(.timer)))
    #expect(app.state.timer?.running == true)
    app.send(.back)  // leave the game…
    app.send(.confirm(true))
    #expect(app.state.timer == nil)
    app.send(.home(.play("killer")))  // …and a game without a timer shows none
    app.send(.players(.proceed))
    app.send(.setup(.deal))
    #expect(app.state.timer == nil)
  }

  @Test func theRoundTimerCountsDownAndRings() throws {
    var app = Self.spyTable()
    app.send(.table(.adjustTimer(1)))  // no timer yet: nothing to adjust
    #expect(app.state.timer == nil)
    app.send(.table(.command(.timer)))
    #expect(app.state.timer?.running == true)
    #expect(app.state.timer?.display == "08:00")
    app.tick(now: 0)
    app.tick(now: 60_000)
    #expect(app.state.timer?.display == "07:00")
    app.send(.table(.command(.timer)))  // pause
    app.tick(now: 200_000)
    #expect(app.state.timer?.display == "07:00")
    app.send(.table(.command(.timer)))
    app.tick(now: 300_000)
    let effects = app.tick(now: 720_000)
    #expect(effects == [.bell])
    #expect(app.state.timer?.expired == true)
    let page = try #require(app.state.screen.tablePage)
    #expect(page.notice?.title == "timer.up.title")
  }
}

/// Spy's scores carry over "play again" and start afresh from home.
@Suite struct ScoreTests {
  @Test func scoresAddUpAcrossRounds() throws {
    var app = makeApp(seed: 5)
    app.send(.home(.play("spy")))
    app.addPlayers(["A", "B", "C", "D"])
    app.send(.players(.proceed))
    for round in 1...2 {
      app.send(.setup(.deal))
      app.revealEveryone()
      let table = try #require(app.state.table)
      let spy = try #require(table.seats(holding: Spy.spy).first)
      let starter = (spy + 1) % 4
      // The table accuses the spy; `starter` started it.
      app.send(.table(.command(.tableAccuses)))
      for _ in 0..<spy { app.send(.table(.move(1))) }
      app.send(.table(.pick))
      let starters = app.state.pickable(for: .voteStarter(target: spy))
      let starterIndex = try #require(starters.firstIndex(of: starter))
      for _ in 0..<starterIndex { app.send(.table(.move(1))) }
      app.send(.table(.pick))
      try #require(app.state.screen.isSummary, "round \(round) did not end")
      let finished = try #require(app.state.table)
      let points = try #require(Spy().points(for: finished))
      #expect(points[starter] == 2)
      #expect(points[spy] == 0)
      app.send(.summary(.playAgain))
    }
    let total = app.state.session?.scores.values.reduce(0, +)
    #expect(total == 8)  // two rounds of 2 + 1 + 1
    #expect(app.state.session?.roundsPlayed == 2)
    app.send(.back)  // setup → players
    app.send(.back)  // players → home
    // A new game would throw the session's scores away: asked first.
    app.send(.home(.play("spy")))
    #expect(app.state.confirmation == PareaApp.Confirmation(.discardSavedGame))
    app.send(.confirm(true))
    app.send(.home(.play("spy")))
    // The session went as a whole: a new game, a new score sheet.
    #expect(app.state.session == nil)
  }
}

// The cause of a death and the phase: CauseTests (TableSlipTests.swift).

/// Spy is dealt only from the locations left in play.
@Suite struct LocationsInPlayTests {
  static func spySetup(excluding: Set<LocationID>) -> App {
    var app = makeApp(seed: 11)
    var state = app.state
    state.excludedLocations = excluding
    app = App(state: state, configuration: configuration(seed: 11))
    app.send(.home(.play("spy")))
    app.addPlayers(["A", "B", "C", "D"])
    app.send(.players(.proceed))
    return app
  }

  @Test func onlyLocationsInPlayAreDealt() {
    let all = Catalog.builtIn(.en).locations().map(\.id)
    let kept: Set<LocationID> = ["zoo", "casino"]
    for seed in 0..<30 {
      var app = Self.spySetup(excluding: Set(all).subtracting(kept))
      var state = app.state
      state.setup.badCount = 1
      app = App(state: state, configuration: configuration(seed: UInt64(seed)))
      app.send(.setup(.deal))
      #expect(kept.contains(app.state.table?.location ?? "none"))
    }
  }

  @Test func noLocationInPlayIsRefusedWithAMessage() throws {
    var app = Self.spySetup(excluding: [])
    app.send(.setup(.chooseLocations(true)))
    app.send(.setup(.toggleAllLocations))
    #expect(app.send(.setup(.chooseLocations(false))) == [.saveSettings])
    app.send(.setup(.deal))
    #expect(app.state.table == nil)
    let page = try #require(app.state.screen.setupPage, "left the setup")
    #expect(page.notice == .setup(.noLocations, players: 4))
  }
}

/// Lists at the table never give a role away by leaving someone out.
@Suite struct TablePrivacyTests {
  // The Cop's accusation: PickerTests (TableSlipTests.swift).

  @Test func tooManyPlayersFromAnotherGameAreStopped() throws {
    var app = makeApp()
    app.send(.home(.play("spy")))
    app.addPlayers((1...16).map { "P\($0)" })
    app.send(.back)
    app.send(.home(.play("palermo")))
    app.send(.players(.proceed))
    let page = try #require(app.state.screen.playersPage, "went on with 16 players")
    #expect(page.notice == .setup(.tooManyPlayers(maximum: 14, count: 16)))
  }
}
