import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// Start-up draws the home screen from the saved game's summary, then reads
/// the whole game and the quick picks (`Action.started`) before the first key.
@Suite struct StartupTests {
  @Test(arguments: [Language.en, .el])
  func theSummaryDrawsTheSameHomeAsTheWholeGame(_ language: Language) throws {
    let saved = try #require(GoldenScreenTests.palermoTable(language).state.session).savedAndRead()
    let table = try #require(saved.table)
    // As the first frame draws it: from the summary only.
    var state = App(configuration: configuration(language)).state
    state.savedGameSummary = GameSession.Summary(game: table.game, playerCount: table.seats.count)
    var app = App(state: state, configuration: configuration(language))
    let first = app.render(width: 80, height: 24)
    expectGolden(first, "home-resume.\(language)")
    // Once the whole game is read: the same screen, and the game is there to resume.
    #expect(app.send(.started(savedNames: ["Anna"], session: saved)) == [])
    #expect(app.render(width: 80, height: 24) == first)
    #expect(app.state.savedGameSummary == nil)
    #expect(app.state.table == saved.table)
    #expect(app.state.savedNames == ["Anna"])
    app.press(.enter)
    try #require(app.state.screen.tablePage != nil, "Resume did not go back to the table: \(app.state.screen)")
  }

  @Test func aGameThatCannotBeReadTakesResumeAway() {
    var state = App(configuration: configuration(.en)).state
    state.savedGameSummary = GameSession.Summary(game: "killer", playerCount: 5)
    var app = App(state: state, configuration: configuration(.en))
    let resume = Catalog.builtIn(.en).text("home.resume", ["game": "Killer", "count": "5"])
    #expect(app.render(width: 80, height: 24).lines.contains { $0.contains(resume) })
    app.send(.started(savedNames: [], session: nil))
    #expect(app.state.savedGameSummary == nil)
    #expect(!app.render(width: 80, height: 24).lines.contains { $0.contains(resume) })
    // The first item is now the first game, not a resume that is gone.
    app.press(.enter)
    #expect(app.state.screen == .players(PlayersScreen()))
  }
}
