import Testing

@testable import PareaStore

@Suite("Where the files go")
struct StorePathsTests {
  @Test("XDG variables name the folders")
  func fromXDG() {
    let paths = StorePaths(environment: [
      "XDG_CONFIG_HOME": "/x/conf", "XDG_STATE_HOME": "/x/state/", "XDG_DATA_HOME": "/x/data", "HOME": "/home/anna",
    ])
    #expect(paths.decksFolder == "/x/data/parea/decks")
    #expect(paths.settingsFile == "/x/conf/parea/settings.json")
    #expect(paths.playersFile == "/x/state/parea/players.json")
    #expect(paths.gameFile == "/x/state/parea/game.json")
  }

  @Test("Without XDG variables, HOME gives ~/.config and ~/.local/state")
  func fromHome() {
    let paths = StorePaths(environment: ["HOME": "/home/anna"])
    #expect(paths.settingsFile == "/home/anna/.config/parea/settings.json")
    #expect(paths.playersFile == "/home/anna/.local/state/parea/players.json")
    #expect(paths.gameFile == "/home/anna/.local/state/parea/game.json")
    #expect(paths.decksFolder == "/home/anna/.local/share/parea/decks")
  }

  @Test(
    "Relative or empty XDG values are ignored",
    arguments: ["conf", "./conf", "~/conf", ""])
  func relativeIgnored(value: String) {
    let paths = StorePaths(environment: [
      "XDG_CONFIG_HOME": value, "XDG_STATE_HOME": value, "HOME": "/home/anna",
    ])
    #expect(paths.configFolder == "/home/anna/.config/parea")
    #expect(paths.stateFolder == "/home/anna/.local/state/parea")
  }

  @Test("One XDG variable set: the other folder still comes from HOME")
  func mixed() {
    let paths = StorePaths(environment: ["XDG_STATE_HOME": "/s", "HOME": "/home/anna"])
    #expect(paths.configFolder == "/home/anna/.config/parea")
    #expect(paths.stateFolder == "/s/parea")
  }

  @Test("No HOME and no XDG (or only relative ones): no folders")
  func nowhere() {
    for environment in [[:], ["HOME": ""], ["HOME": "home", "XDG_CONFIG_HOME": "c"]] {
      let paths = StorePaths(environment: environment)
      #expect(paths.configFolder == nil)
      #expect(paths.stateFolder == nil)
      #expect(paths.settingsFile == nil && paths.playersFile == nil && paths.gameFile == nil && paths.decksFolder == nil)
    }
  }

  @Test("A root XDG folder does not give a double slash")
  func rootFolder() {
    let paths = StorePaths(environment: ["XDG_CONFIG_HOME": "/", "XDG_STATE_HOME": "//"])
    #expect(paths.settingsFile == "/parea/settings.json")
    #expect(paths.gameFile == "/parea/game.json")
  }

  @Test("Paths are shown with ~ for the home folder")
  func display() {
    let paths = StorePaths(environment: ["HOME": "/home/anna"])
    #expect(
      paths.display("/home/anna/.config/parea/settings.json") == "~/.config/parea/settings.json")
    #expect(paths.display("/home/annabel/x") == "/home/annabel/x")
    #expect(paths.display("/etc/x") == "/etc/x")
  }

  @Test("The real files land at the documented paths under HOME and under XDG")
  func realFiles() throws {
    let sandbox = Sandbox()
    var store = Store(environment: ["HOME": sandbox.path("home")])
    try store.save(Settings(language: .el))
    try store.savePlayers(["Anna"])
    try store.saveGame(try sampleGame())
    #expect(exists(sandbox.path("home/.config/parea/settings.json")))
    #expect(exists(sandbox.path("home/.local/state/parea/players.json")))
    #expect(exists(sandbox.path("home/.local/state/parea/game.json")))

    var xdg = Store(environment: [
      "HOME": sandbox.path("home"), "XDG_CONFIG_HOME": sandbox.path("c"),
      "XDG_STATE_HOME": sandbox.path("s"),
    ])
    try xdg.save(Settings())
    try xdg.savePlayers([])
    try xdg.saveGame(try sampleGame())
    #expect(sandbox.names(in: sandbox.path("c/parea")) == ["settings.json"])
    #expect(sandbox.names(in: sandbox.path("s/parea")) == ["game.json", "players.json"])
  }
}
