import PareaRules
import Testing

@testable import PareaStore

/// "Coins", a game only this file knows: 3–5 players, one "heads" among "tails".
private struct Coins: GameType {
  var id: GameID { "coins" }
  var players: ClosedRange<Int> { 3...5 }
  var sides: [Side] { [Side(id: "coins.tails", isBad: false), Side(id: "coins.heads", isBad: true)] }
  var roles: [Role] {
    [Role(id: "coins.heads", side: "coins.heads"), Role(id: "coins.tails", side: "coins.tails")]
  }
  var setupKind: SetupKind {
    .countBad(bad: "coins.heads", limit: 1...1, fixed: [], filler: "coins.tails")
  }
  var deathCauses: [DeathCause] { [.votedOut] }
  func winner(of table: Table) -> SideID? {
    table.alive.contains { table.seats[$0].role == "coins.heads" } ? nil : "coins.tails"
  }
}

@Suite("The saved game session")
struct SessionFileTests {
  @Test("A file written before the session value existed loads, and is written back byte for byte")
  func anOldBetweenRoundsFileLoads() throws {
    // As the Parea of issue 11 wrote a Spy session between two rounds.
    let old = """
      {
        "game" : "spy",
        "nextReveal" : 0,
        "players" : [
          "Anna",
          "Bob",
          "Chris"
        ],
        "roundsPlayed" : 2,
        "scores" : {
          "Anna" : 4,
          "Bob" : 1,
          "Chris" : 0
        },
        "setup" : {
          "badCount" : 1,
          "roles" : [

          ]
        },
        "version" : 1
      }

      """
    let sandbox = Sandbox()
    sandbox.put(Array(old.utf8), at: "state/parea/game.json")
    var store = sandbox.store()
    let loaded = store.loadGame()
    #expect(loaded.problems.isEmpty)
    let session = try #require(loaded.value)
    #expect(session.game == "spy" && session.table == nil && session.roundsPlayed == 2)
    #expect(session.scores == ["Anna": 4, "Bob": 1, "Chris": 0])
    #expect(json(SavedGame(session)).text == old)
  }

  @Test("A game the app was given besides the standard ones is saved and read back")
  func aGameOutsideTheStandardRegistry() throws {
    var generator = SplitMix64(seed: 5)
    let names = ["Anna", "Bob", "Chris", "Dina"]
    let table = try Coins().deal(players: names, setup: Setup(badCount: 1), using: &generator)
    let session = GameSession(table: table, players: names, setup: Setup(badCount: 1))
    let sandbox = Sandbox()
    var store = sandbox.store()
    store.registry = GameRegistry.standard.adding(Coins())
    try store.saveGame(session)
    #expect(store.peekGame() == GameSession.Summary(game: "coins", playerCount: 4))
    #expect(store.loadGame() == Loaded(value: session))
    // A Parea without the game sets the file aside as one it cannot use.
    var standard = sandbox.store()
    #expect(standard.peekGame() == nil)
    #expect(standard.loadGame().value == nil)
  }
}
