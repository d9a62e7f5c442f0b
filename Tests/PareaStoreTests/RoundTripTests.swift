import PareaLocale
import PareaRules
import Testing

@testable import PareaStore

@Suite("Saving and loading")
struct RoundTripTests {
  @Test("Nothing saved yet: defaults, no problems, no files made")
  func defaultsWhenMissing() {
    let sandbox = Sandbox()
    var store = sandbox.store()
    #expect(store.loadSettings() == Loaded(value: Settings()))
    #expect(store.loadPlayers() == Loaded(value: []))
    #expect(store.loadGame() == Loaded(value: nil))
    #expect(sandbox.names(in: sandbox.root) == [])
  }

  @Test("Settings come back as saved")
  func settings() throws {
    let sandbox = Sandbox()
    var store = sandbox.store()
    var settings = Settings(
      language: .el,
      houseRules: HouseRules(revealDeadRoles: true, hideSpyCount: false, revealCountdown: true))
    settings.excludedLocations = ["casino", "zoo"]
    try store.save(settings)
    #expect(store.loadSettings() == Loaded(value: settings))
    #expect(sandbox.restart { $0.loadSettings() } == Loaded(value: settings))
  }

  @Test("The voice and the narrator's rules come back as saved, each away from its default")
  func voiceAndDealtRules() throws {
    let sandbox = Sandbox()
    var store = sandbox.store()
    // Every declared house rule one step from its default.
    var narrator = DealtRules()
    for rule in DealtRules.declared { rule.set(&narrator, to: (rule.defaultValue + 1) % rule.values.count) }
    for rule in DealtRules.declared { #expect(rule.value(in: narrator) != rule.defaultValue, "\(rule.key)") }
    var settings = Settings(language: .en, houseRules: HouseRules(dealt: narrator))
    settings.preferences.voice = false
    settings.preferences.voiceSpeed = .slow
    settings.preferences.phones = true
    #expect(settings.houseRules.dealt != DealtRules())
    try store.save(settings)
    #expect(store.loadSettings() == Loaded(value: settings))
    #expect(sandbox.restart { $0.loadSettings() } == Loaded(value: settings))
    settings.preferences.voiceSpeed = .fast
    try store.save(settings)
    #expect(sandbox.restart { $0.loadSettings() }.value.preferences.voiceSpeed == .fast)
  }

  @Test("The settings file is readable JSON with sorted keys and a version")
  func settingsFormat() throws {
    let sandbox = Sandbox()
    var store = sandbox.store()
    try store.save(Settings(language: nil))
    let text = try #require(sandbox.bytes(sandbox.path("config/parea/settings.json"))).text
    // The house rules a game keeps from its deal: each declared rule at its
    // default, by its key (sorted, as every key), a rule on or off as true or false.
    let narrator = DealtRules.declared.sorted { $0.key < $1.key }.map { rule in
      let value = rule.values[rule.defaultValue]
      return "\"\(rule.key)\" : " + (rule.isToggle ? String(value == "on") : "\"\(value)\"")
    }.joined(separator: ",\n      ")
    #expect(
      text == """
        {
          "excludedLocations" : [

          ],
          "houseRules" : {
            "hideSpyCount" : false,
            "narrator" : {
              \(narrator)
            },
            "revealCountdown" : false,
            "revealDeadRoles" : false
          },
          "language" : null,
          "narration" : "parea",
          "phones" : false,
          "roundMinutes" : {

          },
          "version" : 1,
          "voice" : true,
          "voiceSpeed" : "normal"
        }

        """)
  }

  @Test("A settings file from before the house rules were one object: read once, written back as one")
  func earlierHouseRules() throws {
    let sandbox = Sandbox()
    sandbox.put(
      Array(
        """
        {"version": 1, "language": "el", "revealDeadRoles": true, "hideSpyCount": false,
         "revealCountdown": true, "narrator": {"tie": "revoteOnce", "doctorMayRepeat": true},
         "excludedLocations": ["zoo"]}
        """.utf8), at: "config/parea/settings.json")
    var store = sandbox.store()
    let loaded = store.loadSettings()
    #expect(loaded.problems.isEmpty)
    var expected = Settings(
      language: .el,
      houseRules: HouseRules(
        revealDeadRoles: true, revealCountdown: true,
        dealt: DealtRules(doctorMayRepeat: true, tie: .revoteOnce)))
    expected.excludedLocations = ["zoo"]
    #expect(loaded.value == expected)
    try store.save(loaded.value)
    let text = try #require(sandbox.bytes(sandbox.path("config/parea/settings.json"))).text
    #expect(text.contains("\"houseRules\" : {"))
    // No rule is left at the top of the file (two spaces in: the top level).
    for key in ["revealDeadRoles", "hideSpyCount", "revealCountdown", "narrator"] {
      #expect(!text.contains("\n  \"\(key)\""), "\(key) at the top of:\n\(text)")
    }
    #expect(sandbox.restart { $0.loadSettings() }.value == expected)
  }

  @Test("Players' names come back as saved, Greek and all")
  func players() throws {
    let sandbox = Sandbox()
    var store = sandbox.store()
    let names = ["Άννα", "Bob", "Χρήστος", "José", "ناديا"]
    try store.savePlayers(names)
    #expect(store.loadPlayers() == Loaded(value: names))
    let text = try #require(sandbox.bytes(sandbox.path("state/parea/players.json"))).text
    #expect(text.hasPrefix("{\n  \"names\" : [\n    \"Άννα\","))
    #expect(text.hasSuffix("\"version\" : 1\n}\n"))
  }

  @Test("Names a person could not have typed are dropped from the quick picks")
  func unusableNames() throws {
    let sandbox = Sandbox()
    sandbox.put(
      json(
        PlayersFile(
          version: 1,
          names: [
            "Anna", "  Bob   Smith ", "", "   ", "ANNA", "bell\u{7}", "a\nb", "😀", "\u{202E}evil",
            String(repeating: "x", count: 21), String(repeating: "y", count: 20), "Anna❤️", "李雷",
          ])), at: "state/parea/players.json")
    var store = sandbox.store()
    // A line break is white space: cleaning turns it into a space, as typing would.
    // The rest is the players screen's own rule (`PlayerName.refusal`): a symbol
    // drawn wide with a variation selector, wide glyphs, 21 columns.
    #expect(
      store.loadPlayers()
        == Loaded(value: ["Anna", "Bob Smith", "a b", String(repeating: "y", count: 20)]))
  }

  @Test("The game in progress comes back exactly")
  func game() throws {
    let sandbox = Sandbox()
    var store = sandbox.store()
    var game = try sampleGame()
    try store.saveGame(game)
    #expect(store.loadGame() == Loaded(value: game))
    // A game further on (a death, a look) too.
    var table = try #require(game.table)
    try table.recordLook(at: 0)
    try table.markDead(3, cause: .killedAtNight)
    game.table = table
    game.nextReveal = game.players.count
    try store.saveGame(game)
    #expect(store.loadGame() == Loaded(value: game))
  }

  @Test("saveGame(nil) deletes the saved game; deleting nothing is fine")
  func deleteGame() throws {
    let sandbox = Sandbox()
    var store = sandbox.store()
    try store.saveGame(try sampleGame())
    try store.saveGame(nil)
    #expect(!exists(sandbox.path("state/parea/game.json")))
    #expect(store.loadGame() == Loaded(value: nil))
    try store.saveGame(nil)
    var nowhere = Store(paths: StorePaths(configFolder: nil, stateFolder: nil))
    try nowhere.saveGame(nil)
  }

  @Test("A settings file from before the house rules decodes, with them off")
  func settingsWithoutHouseRules() {
    let sandbox = Sandbox()
    sandbox.put(Array(#"{"version": 1, "language": "el"}"#.utf8), at: "config/parea/settings.json")
    var store = sandbox.store()
    #expect(store.loadSettings() == Loaded(value: Settings(language: .el)))
  }

  @Test("Without a language, or with one this build does not speak, the environment decides")
  func unknownLanguage() {
    let sandbox = Sandbox()
    sandbox.put(Array(#"{"version": 1}"#.utf8), at: "config/parea/settings.json")
    #expect(sandbox.restart { $0.loadSettings() } == Loaded(value: Settings()))
    sandbox.put(
      Array(#"{"version": 1, "language": "fr", "hideSpyCount": true, "future": [1]}"#.utf8),
      at: "config/parea/settings.json")
    #expect(sandbox.restart { $0.loadSettings() } == Loaded(value: Settings(houseRules: HouseRules(hideSpyCount: true))))
  }

  @Test("A Spy session between two rounds comes back with its scores, and its summary names it")
  func sessionBetweenRounds() throws {
    let sandbox = Sandbox()
    var store = sandbox.store()
    let session = try sampleSession()
    #expect(session.table == nil)
    try store.saveGame(session)
    #expect(store.peekGame() == GameSession.Summary(game: "spy", playerCount: 4))
    #expect(sandbox.restart { $0.loadGame() } == Loaded(value: session))
  }
}

/// Four players between the first and the second round of Spy.
func sampleSession() throws -> GameSession {
  GameSession(
    game: "spy", players: ["Anna", "Bob", "Chris", "Dina"], setup: Setup(), table: nil,
    nextReveal: 0, scores: ["Anna": 2, "Bob": 1, "Chris": 1, "Dina": 0], roundsPlayed: 1)
}
