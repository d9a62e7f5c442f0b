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
    let words = app.environment.words(.en)
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
    for _ in 0..<50 { app.send(.summary(.scroll(1))) }
    let atEnd = try #require(app.state.screen.summaryPage).scroll
    #expect(atEnd == SummaryScreen.maxScroll(state: app.state, words: app.environment.words(.en), standings: false))
    #expect(atEnd > 0 && atEnd < 21)
    let shown = app.render(width: 80, height: 24)
    app.send(.summary(.scroll(-1)))
    #expect(app.state.screen.summaryPage?.scroll == atEnd - 1)
    #expect(app.render(width: 80, height: 24) != shown, "one step back moves the view")
  }
}
