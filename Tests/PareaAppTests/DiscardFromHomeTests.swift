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
    app.press(playKey("killer"))
    app.addPlayers(["A", "B", "C", "D", "E"])
    app.press(.enter, .enter)
    let saved = try #require(app.state.session).savedAndRead()
    // As start-up reads them: players.json holds the names the game was dealt to.
    var resumed = App(configuration: configuration())
    resumed.send(.started(savedNames: ["A", "B", "C", "D", "E"], session: saved))
    return resumed
  }

  @Test func choosingAnotherGameAndDiscardingPlaysIt() throws {
    var store = TestStore(try Self.savedKiller())
    store.press(.down) { $0.screen = .home(.at(.game("palermo"), in: $0)) }  // Resume, then Palermo
    store.press(.enter) {
      $0.confirmation = HomeScreen.discardQuestion
      $0.screen = .home(HomeScreen.at(.game("palermo"), in: $0).withPlay("palermo"))
    }
    store.press(.character("y"), effects: [.saveGame, .redrawAll]) {
      $0.confirmation = nil
      $0.session = nil
      $0.game = "palermo"
      $0.players = []  // the last game's names wait in the quick picks
      $0.screen = .players(PlayersScreen())
    }
  }

  @Test func aNumberKeyChoosesTheSameWay() throws {
    var store = TestStore(try Self.savedKiller())
    store.press(playKey("spy")) {
      $0.confirmation = HomeScreen.discardQuestion
      $0.screen = .home(HomeScreen.at(.game("spy"), in: $0).withPlay("spy"))
    }
    // No: still home, on the game chosen, with nothing left to play later; the game kept.
    store.press(.character("n")) {
      $0.confirmation = nil
      $0.screen = .home(.at(.game("spy"), in: $0))
    }
    store.press(playKey("spy")) {
      $0.confirmation = HomeScreen.discardQuestion
      $0.screen = .home(HomeScreen.at(.game("spy"), in: $0).withPlay("spy"))
    }
    store.press(.character("y"), effects: [.saveGame, .redrawAll]) {
      $0.confirmation = nil
      $0.session = nil
      $0.game = "spy"
      $0.players = []
      $0.screen = .players(PlayersScreen())
    }
  }

  @Test func discardingWithXStaysOnTheHighlightedItem() throws {
    // On Resume: lands on the game that was saved.
    var store = TestStore(try Self.savedKiller())
    store.press(.character("x")) { $0.confirmation = HomeScreen.discardQuestion }
    store.press(.character("y"), effects: [.saveGame, .redrawAll]) {
      $0.confirmation = nil
      $0.session = nil
      $0.screen = .home(.at(.game("killer"), in: $0))
    }
    // On Spy (the third item with Resume above it): stays on Spy.
    var onSpy = TestStore(try Self.savedKiller())
    onSpy.app.press(.down, .down)
    onSpy.press(.character("x")) { $0.confirmation = HomeScreen.discardQuestion }
    onSpy.press(.character("y"), effects: [.saveGame, .redrawAll]) {
      $0.confirmation = nil
      $0.session = nil
      $0.screen = .home(.at(.game("spy"), in: $0))
    }
  }
}

extension HomeScreen {
  /// The home screen with a game waiting for the discard to be agreed.
  func withPlay(_ id: GameID) -> HomeScreen {
    var home = self
    home.playAfterDiscard = id
    return home
  }
}
