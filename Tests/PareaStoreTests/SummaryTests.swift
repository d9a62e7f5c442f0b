import PareaLocale
import PareaRules
import Testing

@testable import PareaStore

/// The first frame offers a saved game from its summary; the whole file is
/// read after it (`Store.peekGame()`, then `Store.loadGame()`).
@Suite("The saved game's summary")
struct SummaryTests {
  @Test("A saved game's summary names its game and its number of players")
  func summaryOfASavedGame() throws {
    let sandbox = Sandbox()
    var store = sandbox.store()
    let game = try sampleGame()
    try store.saveGame(game)
    let table = try #require(game.table)
    #expect(store.peekGame() == GameSession.Summary(game: table.game, playerCount: table.seats.count))
  }

  @Test("No file, no summary, and nothing is made")
  func noFile() {
    let sandbox = Sandbox()
    #expect(sandbox.store().peekGame() == nil)
    #expect(sandbox.names(in: sandbox.root) == [])
  }

  @Test(
    "A file the home screen could not offer gives no summary and is left where it is",
    arguments: [
      "not json at all",
      #"{"version": 1}"#,
      #"{"version": 2, "players": ["A", "B", "C"], "table": {"game": "killer"}}"#,
      #"{"version": 1, "players": ["A", "B", "C"], "table": {"game": "chess"}}"#,
      #"{"version": 1, "players": ["A", "B"], "table": {"game": "killer"}}"#,
      #"{"version": 1, "players": "A B C", "table": {"game": "killer"}}"#,
    ])
  func noSummary(text: String) {
    let sandbox = Sandbox()
    sandbox.put(Array(text.utf8), at: "state/parea/game.json")
    #expect(sandbox.store().peekGame() == nil)
    // Setting a bad file aside is for loadGame(), which reports it.
    #expect(sandbox.names(in: sandbox.path("state/parea")) == ["game.json"])
  }

  @Test("A plausible summary of a file that is bad inside: loadGame() still refuses it")
  func plausibleButBad() throws {
    let sandbox = Sandbox()
    var bad = try sampleGame()
    bad.nextReveal = try #require(bad.table).seats.count + 3  // impossible: isValid is false
    sandbox.put(json(SavedGame(bad)), at: "state/parea/game.json")
    var store = sandbox.store()
    #expect(store.peekGame() != nil)
    let loaded = store.loadGame()
    #expect(loaded.value == nil)
    #expect(loaded.problems.count == 1)
    #expect(sandbox.names(in: sandbox.path("state/parea")).contains { $0.contains(".corrupt-") })
  }

  @Test("The benchmark's returning group (bench/fixtures/returning) still loads as a valid game")
  func benchmarkFixture() throws {
    // From Tests/PareaStoreTests/ up to the package root. Copied into the
    // sandbox: a file the store refuses is set aside, and not in the repository.
    let root = String(#filePath).split(separator: "/").dropLast(3).joined(separator: "/")
    let fixture = "/" + root + "/bench/fixtures/returning/"
    let sandbox = Sandbox()
    for file in ["config/parea/settings.json", "state/parea/players.json", "state/parea/game.json"] {
      sandbox.put(try #require(sandbox.bytes(fixture + file), "bench fixture \(file)"), at: file)
    }
    var store = sandbox.store()
    let summary = try #require(store.peekGame(), "bring the fixture up to date with the format")
    #expect(summary == GameSession.Summary(game: GameID("palermo"), playerCount: 6))
    let game = store.loadGame()
    #expect(game.problems.isEmpty, "\(game.problems)")
    #expect(game.value?.table?.seats.count == 6)
    #expect(store.loadSettings().problems.isEmpty)
    #expect(store.loadPlayers().value.count == 6)
  }

  @Test("The benchmark's narrated game (bench/fixtures/narrated) still loads, in the middle of Night 1")
  func narratedBenchmarkFixture() throws {
    let root = String(#filePath).split(separator: "/").dropLast(3).joined(separator: "/")
    let fixture = "/" + root + "/bench/fixtures/narrated/"
    let sandbox = Sandbox()
    for file in ["state/parea/players.json", "state/parea/game.json"] {
      sandbox.put(try #require(sandbox.bytes(fixture + file), "bench fixture \(file)"), at: file)
    }
    var store = sandbox.store()
    let game = store.loadGame()
    #expect(game.problems.isEmpty, "\(game.problems)")
    let session = try #require(game.value, "bring the fixture up to date with the format")
    #expect(session.table?.seats.count == 7)
    #expect(session.narration?.mode == .parea)
    // A game saved during the night resumes at dusk: the bench presses Enter there.
    #expect(session.narration?.stage == .dusk)
  }
}
