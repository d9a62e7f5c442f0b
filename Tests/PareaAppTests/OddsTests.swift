import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// The live odds of the roles page: asked for as soon as the set on the
/// page can be dealt, again at every change of it, stopped when there is
/// none; shown only for the set on the page, with a warning in plain words.
@Suite struct OddsTests {
  @Test func askedAtEveryChange() throws {
    var app = HouseRoleScreenTests.rolesPage(.en)
    #expect(app.state.oddsRequest == nil)
    // A whole set: asked for, once.
    let suggested = app.press(.character("s"))
    let request = try #require(app.state.oddsRequest)
    #expect(suggested.contains(.measureOdds(request)) && request.roles.count == 8 && request.houseRoles.isEmpty)
    #expect(!app.press(.down).contains { if case .measureOdds = $0 { true } else { false } })
    // One role out: no set to measure, the measuring stops.
    app.press(.right)
    for _ in 0..<8 { app.press(.down) }
    let out = app.press(.enter)
    #expect(out.contains(.stopOdds) && app.state.oddsRequest == nil, "\(out) \(app.state.setup.roles)")
    // A group's role in: a new set, with the group's roles.
    HouseRoleScreenTests.makeSheriffAndFool(&app)
    let effects = app.press(.enter)
    let withFool = try #require(app.state.oddsRequest)
    #expect(effects.contains(.measureOdds(withFool)) && withFool.houseRoles.count == 2 && withFool.roles.contains("house.fool"))
    // A page opened over it, and back: nothing asked again, the numbers kept.
    #expect(!app.press(.character("i")).contains { if case .measureOdds = $0 { true } else { $0 == .stopOdds } })
    #expect(app.press(.escape).isEmpty && app.state.oddsAsked == withFool)
  }

  @Test(arguments: Language.allCases) func shownForTheSetOnThePage(_ language: Language) throws {
    var app = HouseRoleScreenTests.rolesPage(language)
    expectGolden(app.render(width: 80, height: 24), "odds-waiting.\(language)")
    app.press(.character("s"))
    let request = try #require(app.state.oddsRequest)
    var report = BalanceReport()
    report.games = 4_000
    report.wins = [Palermo.town: 2_120, Palermo.thieves: 1_880]
    // A result for another set is not shown.
    var other = request
    other.roles.removeLast()
    app.send(.oddsMeasured(OddsResult(request: other, report: report, milliseconds: 180, finished: false)))
    #expect(app.state.oddsShown == nil)
    expectGolden(app.render(width: 80, height: 24), "odds-measuring.\(language)")
    app.send(.oddsMeasured(OddsResult(request: request, report: report, milliseconds: 180, finished: false)))
    expectGolden(app.render(width: 80, height: 24), "odds.\(language)")
    // One side winning more than two in three, and games over before the first vote: said.
    report.wins = [Palermo.town: 600, Palermo.thieves: 3_400]
    report.decidedBeforeFirstVote = 200
    app.send(.oddsMeasured(OddsResult(request: request, report: report, milliseconds: 2_000, finished: true)))
    let uneven = app.render(width: 80, height: 24).lines[17]
    #expect(uneven.contains(Catalog.builtIn(language).text("house.odds.uneven", ["side": Catalog.builtIn(language).text("side.palermo.thieves.name")])))
    report.wins = [Palermo.town: 2_000, Palermo.thieves: 2_000]
    app.send(.oddsMeasured(OddsResult(request: request, report: report, milliseconds: 2_000, finished: true)))
    #expect(app.render(width: 80, height: 24).lines[17].contains(Catalog.builtIn(language).text("house.odds.early", ["percent": "5"])))
  }

  @Test func aSetMeasuredToItsEndIsShownAgainAtOnce() throws {
    var app = HouseRoleScreenTests.rolesPage(.en)
    app.press(.character("s"))
    let request = try #require(app.state.oddsRequest)
    var report = BalanceReport()
    report.games = 20_000
    report.wins = [Palermo.town: 10_000, Palermo.thieves: 10_000]
    app.send(.oddsMeasured(OddsResult(request: request, report: report, milliseconds: 1_400, finished: true)))
    #expect(app.press(.character("c")).contains(.stopOdds))
    // The same set again: its numbers at once, nothing measured again.
    let again = app.press(.character("s"))
    #expect(!again.contains(.measureOdds(request)) && app.state.oddsShown?.report.games == 20_000)
    // A set measured only in part is measured again.
    app.send(.oddsMeasured(OddsResult(request: request, report: report, milliseconds: 100, finished: false)))
    app.press(.character("c"))
    #expect(app.press(.character("s")).contains(.measureOdds(request)))
  }

  @Test func theRatesOfTheBuiltInSetsAreToday() {
    // The live odds play the games `make bench` plays: a run in batches is the same run.
    let setup = Palermo().suggestedSetup(players: 9)!
    var run = BalanceRun(Palermo(), setup: setup, players: 9, seed: 9)
    run.play(300)
    run.play(700)
    #expect(run.report == Balance.simulate(Palermo(), setup: setup, players: 9, games: 1_000, seed: 9))
    #expect(run.report.margin < 0.032 && run.report.margin > 0.030)
  }
}
