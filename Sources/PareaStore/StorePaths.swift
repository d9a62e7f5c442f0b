/// Where Parea keeps its files, worked out from the environment as the XDG
/// Base Directory specification says.
public struct StorePaths: Hashable, Sendable {
  /// The folder for `settings.json`, or nil if there is nowhere to put it.
  public var configFolder: String?
  /// The folder for `players.json` and `game.json`, or nil if there is nowhere to put them.
  public var stateFolder: String?
  /// The folder of the group's decks of roles (one JSON file each), or nil
  /// if there is nowhere to put them.
  public var decksFolder: String?
  /// The user's home folder, used only to shorten paths shown to people (`~/…`).
  public var home: String?

  /// Uses the given folders as they are (tests, or a future command-line option).
  public init(configFolder: String?, stateFolder: String?, decksFolder: String? = nil, home: String? = nil) {
    self.configFolder = configFolder
    self.stateFolder = stateFolder
    self.decksFolder = decksFolder
    self.home = home
  }

  /// `$XDG_CONFIG_HOME/parea` (else `~/.config/parea`), `$XDG_STATE_HOME/parea`
  /// (else `~/.local/state/parea`) and, for the decks, `$XDG_DATA_HOME/parea/decks`
  /// (else `~/.local/share/parea/decks`). An XDG variable counts only when it is an
  /// absolute path (the specification says to ignore a relative one); `HOME`
  /// too must be absolute. With neither, the folder is nil and nothing is saved there.
  public init(environment: [String: String]) {
    let home = Self.absolute(environment["HOME"])
    func folder(_ variable: String, default fallback: String) -> String? {
      if let base = Self.absolute(environment[variable]) { return Self.join(base, "parea") }
      return home.map { Self.join($0, fallback + "/parea") }
    }
    self.init(
      configFolder: folder("XDG_CONFIG_HOME", default: ".config"),
      stateFolder: folder("XDG_STATE_HOME", default: ".local/state"),
      decksFolder: folder("XDG_DATA_HOME", default: ".local/share").map { Self.join($0, "decks") }, home: home)
  }

  /// The settings file.
  public var settingsFile: String? { configFolder.map { Self.join($0, "settings.json") } }
  /// The quick-pick names of the last players.
  public var playersFile: String? { stateFolder.map { Self.join($0, "players.json") } }
  /// The game in progress.
  public var gameFile: String? { stateFolder.map { Self.join($0, "game.json") } }
  /// The lock one Parea at a time holds on the saved files (`StoreLock`).
  public var lockFile: String? { stateFolder.map { Self.join($0, "lock") } }

  /// `path` as a person would like to read it: `~/.config/parea/settings.json`.
  public func display(_ path: String) -> String {
    guard let home, home != "/", path.hasPrefix(home + "/") else { return path }
    return "~" + path.dropFirst(home.count)
  }

  /// `value` if it is a non-empty absolute path, without trailing slashes.
  static func absolute(_ value: String?) -> String? {
    guard let value, value.hasPrefix("/") else { return nil }
    var trimmed = Substring(value)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    return String(trimmed)
  }

  static func join(_ folder: String, _ name: String) -> String {
    folder == "/" ? "/" + name : folder + "/" + name
  }
}

/// The environment variables the store reads (for `processEnvironment(_:)`).
public let storeEnvironmentNames = ["XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "HOME"]
