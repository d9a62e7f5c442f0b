import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// When the round timer runs out, each game says what comes next in its own
/// words: Spy stops the questions for an accusation, Palermo ends the day's
/// discussion for the vote.
@Suite struct TimeUpTests {
  /// Starts the table's timer and lets it run out; returns the app.
  static func runOut(_ app: App) -> App {
    var app = app
    app.send(.table(.command(.timer)))
    app.tick(now: app.state.clock)
    app.tick(now: app.state.clock + 60 * 60_000)
    return app
  }

  @Test(arguments: GoldenScreenTests.languages) func palermoEndsTheDay(_ language: Language) throws {
    var app = GoldenScreenTests.palermoTable(language)
    app.press(.character("n"))  // day 1
    app = Self.runOut(app)
    let page = try #require(app.state.screen.tablePage)
    #expect(page.notice?.message == "timer.up.palermo.message")
    expectGolden(app.render(width: 80, height: 24), "table-palermo-time-up.\(language)")
  }

  @Test(arguments: GoldenScreenTests.languages) func spyStopsTheQuestions(_ language: Language) throws {
    let app = Self.runOut(spyTable(spy: 0, language: language))
    let page = try #require(app.state.screen.tablePage)
    #expect(page.notice?.message == "timer.up.spy.message")
    expectGolden(app.render(width: 80, height: 24), "table-spy-time-up.\(language)")
  }

  /// Every game with a round timer has its own words for the end, in both languages.
  @Test(arguments: Language.allCases) func everyTimedGameHasItsMessage(_ language: Language) {
    let catalog = Catalog.builtIn(language)
    for game in GameRegistry.all where game.roundMinutes != nil {
      #expect(catalog.contains("timer.up.\(game.id).message", in: language), "\(game.id) in \(language)")
    }
    #expect(!catalog.contains("timer.up.message", in: language), "the one message for every game is gone")
  }
}
