import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// Discarding the game in progress from the home menu.
@Suite struct DiscardFromHomeTests {
  /// A Killer game in progress, restored on the home screen.
  static func savedKiller() throws -> App {
    var app = makeApp()
    app.press(.character("3"))
    app.addPlayers(["A", "B", "C", "D", "E"])
    app.press(.enter, .enter)
    let saved = try #require(SavedGame(state: app.state))
    // As start-up reads them: players.json holds the names the game was dealt to.
    var state = AppState(language: .en, savedNames: ["A", "B", "C", "D", "E"])
    saved.restore(into: &state)
    return App(state: state, configuration: configuration())
  }

  @Test func choosingAnotherGameAndDiscardingPlaysIt() throws {
    var app = try Self.savedKiller()
    app.press(.down)  // Resume, then Palermo
    app.press(.enter)
    #expect(app.state.confirmation == Confirmation(.discardSavedGame))
    #expect(app.press(.character("y")) == [.saveGame, .redrawAll])
    var expected = try Self.savedKiller().state
    expected.table = nil
    expected.nextReveal = 0
    expected.game = "palermo"
    expected.players = []  // the last game's names wait in the quick picks
    expected.screen = .players(PlayersScreen())
    #expect(app.state == expected)
  }

  @Test func aNumberKeyChoosesTheSameWay() throws {
    var app = try Self.savedKiller()
    app.press(.character("2"))
    #expect(app.state.screen == .home(HomeScreen(selection: 2)).withPlay("spy"))
    app.press(.character("n"))
    // No: still home, on the game chosen, with nothing left to play later.
    #expect(app.state.screen == .home(HomeScreen(selection: 2)))
    #expect(app.state.table != nil)
    app.press(.character("2"), .character("y"))
    #expect(app.state.game == "spy")
    #expect(app.state.screen == .players(PlayersScreen()))
    #expect(app.state.table == nil)
  }

  @Test func discardingWithXStaysOnTheHighlightedItem() throws {
    // On Resume: lands on the game that was saved.
    var app = try Self.savedKiller()
    app.press(.character("x"), .character("y"))
    #expect(app.state.screen == .home(HomeScreen(selection: 2)))
    #expect(app.state.table == nil)
    // On Spy (the third item with Resume above it): stays on Spy.
    var onSpy = try Self.savedKiller()
    onSpy.press(.down, .down, .character("x"), .character("y"))
    #expect(onSpy.state.screen == .home(HomeScreen(selection: 1)))
  }
}

extension Screen {
  /// The home screen with a game waiting for the discard to be agreed.
  func withPlay(_ id: GameID) -> Screen {
    guard case .home(var home) = self else { return self }
    home.playAfterDiscard = id
    return .home(home)
  }
}
