import Foundation  // JSONEncoder / JSONDecoder only: game.json as the store writes and reads it
import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// A game session is made at the deal and dropped as a whole: nothing of one
/// round or one game (its timer above all) reaches the next.
@Suite struct SessionTests {
  @Test func aPalermoDayTimerStopsAtNightfallAndTheNextDayStartsItsOwn() throws {
    var app = tableApp(Palermo(), palermoRoles)
    app.send(.table(.command(.nextPhase)))  // night 1 → day 1
    app.send(.table(.command(.timer)))
    app.tick(now: 1_000)
    app.tick(now: 61_000)  // a minute of discussion
    let day = try #require(app.state.timer)
    #expect(day.running && day.remaining == RoundTimer(minutes: 3).remaining - 60_000)
    app.send(.table(.command(.nextPhase)))  // day 1 → night 2
    #expect(app.state.timer == nil)
    // Nothing rings at night for a day that is over.
    #expect(app.tick(now: 10_000_000) == [])
    app.send(.table(.command(.nextPhase)))  // night 2 → day 2
    #expect(app.state.timer == nil)
    app.send(.table(.command(.timer)))
    #expect(app.state.timer?.remaining == RoundTimer(minutes: 3).remaining)
  }

  @Test func playAgainStartsANewSessionWithoutTheOldTimer() throws {
    var app = makeApp(seed: 3)
    app.send(.home(.choose))
    app.addPlayers(["Anna", "Bob", "Chris", "Dina", "Eve"])
    app.send(.players(.proceed))
    app.send(.setup(.suggest))
    app.send(.setup(.deal))
    app.revealEveryone()
    app.send(.table(.command(.nextPhase)))
    app.send(.table(.command(.timer)))
    app.tick(now: 5_000)
    try #require(app.state.timer?.running == true, "the day's timer runs")
    app.send(.table(.command(.end)))
    app.send(.confirm(true))
    try #require(app.state.screen.isSummary)
    app.send(.summary(.playAgain))
    // Not scored: nothing is kept between games, the setup waits for the next deal.
    #expect(app.state.session == nil)
    app.send(.setup(.deal))
    let session = try #require(app.state.session)
    #expect(session.timer == nil && session.nextReveal == 0 && session.table?.round == 1)
    #expect(session.players == ["Anna", "Bob", "Chris", "Dina", "Eve"])
  }

  @Test func betweenRoundsResumeOffersTheGroupAsItIsNow() throws {
    var app = tableApp(Spy(), [Spy.spy, Spy.local, Spy.local, Spy.local, Spy.local], location: "zoo")
    app.send(.table(.command(.end)))
    app.send(.confirm(true))
    app.send(.summary(.playAgain))
    let session = try #require(app.state.session, "a scored session waits for its next round")
    #expect(session.table == nil && session.roundsPlayed == 1)
    app.send(.back)  // setup → players
    app.send(.players(.focusNext))  // from the name field to the list
    app.send(.players(.remove))
    app.send(.back)  // players → home
    #expect(app.state.players.count == 4)
    #expect(app.state.resumable?.playerCount == 4)
  }

  @Test func leavingAGameDropsTheWholeSession() {
    var app = tableApp(Spy(), [Spy.spy, Spy.local, Spy.local, Spy.local], location: "zoo")
    app.send(.table(.command(.timer)))
    app.send(.back)
    app.send(.confirm(true))
    #expect(app.state.session == nil)
    #expect(app.state.table == nil && app.state.timer == nil)
  }
}

/// Scrolling stops at the end in the reducer, not only on screen: after many
/// presses past the end, one press back moves the view.
@Suite struct ScrollClampTests {
  @Test func theTablesRoleListStopsAtItsLastLine() throws {
    var app = tableApp(Palermo(), palermoRoles)
    app.send(.table(.command(.roles)))
    for _ in 0..<50 { app.send(.tableList(.scroll(1))) }
    let words = app.environment.words(.en, rules: app.state.rules)
    let limit = TableListScreen.maxScroll(of: .roles, state: app.state, words: words, locations: 0)
    #expect(limit > 0, "the roles of seven players fill more than one screen")
    #expect(app.list?.scroll == limit)
    let atEnd = app.render(width: 80, height: 24)
    app.send(.tableList(.scroll(-1)))
    #expect(app.list?.scroll == limit - 1)
    #expect(app.render(width: 80, height: 24) != atEnd, "one step back moves the view")
  }

  @Test func aListThatFitsDoesNotScroll() {
    var app = tableApp(Spy(), [Spy.spy, Spy.local, Spy.local, Spy.local], location: "zoo")
    app.send(.table(.command(.locations)))
    for _ in 0..<50 { app.send(.tableList(.scroll(1))) }
    #expect(app.list == TableListScreen(.locations, table: TableScreen()))
  }

  @Test func theSummaryStopsAtItsLastRow() throws {
    // Twenty at a Spy table: a heading and twenty rows do not fit at 80×24.
    let names = (1...20).map { "Player \($0)" }
    let seats = names.indices.map { Seat(name: names[$0], role: $0 == 0 ? Spy.spy : Spy.local, locationRole: $0 == 0 ? nil : 0) }
    var state = AppState(language: .en, table: Table(game: Spy(), seats: seats, location: "zoo"))
    state.game = "spy"
    state.screen = .table(TableScreen())
    var app = App(state: state, configuration: configuration())
    app.send(.table(.command(.end)))
    app.send(.confirm(true))
    try #require(app.state.screen.isSummary)
    app.send(.summary(.show))
    for _ in 0..<50 { app.send(.summary(.scroll(1))) }
    let atEnd = try #require(app.state.screen.summaryPage).scroll
    #expect(atEnd == SummaryScreen.maxScroll(state: app.state, words: app.environment.words(.en, rules: app.state.rules), standings: false))
    #expect(atEnd > 0 && atEnd < 21)
    let shown = app.render(width: 80, height: 24)
    app.send(.summary(.scroll(-1)))
    #expect(app.state.screen.summaryPage?.scroll == atEnd - 1)
    #expect(app.render(width: 80, height: 24) != shown, "one step back moves the view")
  }
}


/// A restart finds the round's timer with its time left, and a seeded run its
/// place in the sequence.
@Suite struct RestartTests {
  /// The session as a restart reads it from game.json.
  static func reread(_ session: GameSession) throws -> GameSession {
    let data = try JSONEncoder().encode(session)
    return try JSONDecoder().decode(GameSession.self, from: data)
  }

  @Test func theSpyTimerIsSavedAndComesBackPausedWithItsTimeLeft() throws {
    var store = TestStore(HouseRuleTests.spyTable())
    store.send(.table(.command(.timer)), effects: [.saveGame]) {
      $0.session?.timer = RoundTimer(minutes: 10)
      $0.session?.timer?.running = true
    }
    store.app.tick(now: 1_000)
    // Every ten seconds of a running round, the time left is saved.
    #expect(store.app.tick(now: 9_000) == [])
    #expect(store.app.tick(now: 12_000) == [.saveGame])
    #expect(store.app.tick(now: 15_000) == [])
    let saved = try #require(store.state.session)
    #expect(saved.timer?.remaining == 600_000 - 14_000)
    let restarted = try Self.reread(saved)
    var expected = RoundTimer(minutes: 10)
    expected.remaining = 586_000
    #expect(restarted.timer == expected)
    #expect(restarted.isValid(rules: Spy()))
    // The restarted app shows it paused; `t` goes on from there.
    var app = HandEditedGameTests.resumed(restarted, configuration())
    app.send(.home(.choose))  // the saved game, first on the menu
    #expect(app.state.timer?.running == false && app.state.timer?.remaining == 586_000)
    app.send(.table(.command(.timer)))
    app.tick(now: 500)
    app.tick(now: 2_500)
    #expect(app.state.timer?.remaining == 584_000)
  }

  @Test func aTimerThatCannotBeIsRefused() throws {
    var session = try #require(HouseRuleTests.spyTable().state.session)
    for (duration, remaining) in [(59, 0), (3601, 0), (600, -1), (600, 600_001), (Int.max, 0)] {
      var timer = RoundTimer(minutes: 1)
      timer.duration = duration
      timer.remaining = remaining
      session.timer = timer
      #expect(!session.isValid(rules: Spy()), "\(duration) s, \(remaining) ms left")
    }
  }

  /// Round 4 after a restart with the same seed is round 4, not round 1 again.
  @Test func aSeededRunResumesItsSequence() throws {
    func seeded() -> App {
      var configuration = configuration(.en, seed: 42)
      configuration.seeded = true
      return App(configuration: configuration)
    }
    func nextRound(_ app: inout App) {
      app.send(.summary(.playAgain))
      app.send(.setup(.deal))
      app.revealEveryone()
    }
    var app = seeded()
    app.send(.home(.play("spy")))
    app.addPlayers(["A", "B", "C", "D", "E"])
    app.send(.players(.proceed))
    app.send(.setup(.deal))
    let first = try #require(app.state.table)
    app.revealEveryone()
    app.send(.table(.command(.end)))
    app.send(.confirm(true))
    let saved = try #require(app.state.session)
    #expect(saved.seeded?.seed == 42)
    // Played on in the same run…
    var goingOn = app
    nextRound(&goingOn)
    let second = try #require(goingOn.state.table)
    // …and after a restart with the same seed: the same next deal.
    var seededConfiguration = configuration(.en, seed: 42)
    seededConfiguration.seeded = true
    var restarted = HandEditedGameTests.resumed(try Self.reread(saved), seededConfiguration)
    restarted.send(.home(.choose))
    nextRound(&restarted)
    #expect(restarted.state.table == second)
    #expect(second.seats.map(\.role) != first.seats.map(\.role) || second.location != first.location)
    // Without the seed, nothing of the sequence is kept.
    var unseeded = HandEditedGameTests.resumed(try Self.reread(saved), configuration(.en, seed: 42))
    unseeded.send(.home(.choose))
    #expect(unseeded.state.session?.seeded == nil)
  }
}
