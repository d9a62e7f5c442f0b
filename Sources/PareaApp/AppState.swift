import PareaLocale
import PareaRules

/// A message shown in place on the current screen (an error or a result),
/// already resolved to locale keys and arguments so it follows a language switch.
public struct Notice: Hashable, Sendable {
  /// Whether it reports a problem (drawn as an error) or news (drawn plainly).
  public enum Kind: Hashable, Sendable { case error, info }
  /// Error or information.
  public var kind: Kind
  /// Key of the title.
  public var title: String
  /// Key of the message.
  public var message: String
  /// Placeholder values for both.
  public var args: [String: Argument]

  /// A placeholder value: text as it is, or a locale key resolved when drawn.
  public enum Argument: Hashable, Sendable {
    /// Text shown as it is (a name, a number).
    case text(String)
    /// A locale key, looked up in the current language (a role's name).
    case key(String)
    /// A locale key with placeholders of its own (a reason inside a message).
    case phrase(String, [String: String])
  }

  /// Creates a notice.
  public init(kind: Kind, title: String, message: String, args: [String: Argument] = [:]) {
    self.kind = kind
    self.title = title
    self.message = message
    self.args = args
  }

  /// The notice for a setup error.
  static func setup(_ error: SetupError, players: Int = 0) -> Notice {
    var args: [String: Argument] = [:]
    func number(_ value: Int) -> Argument { .text(String(value)) }
    switch error {
    case .emptyName, .noLocations, .gameRule: break
    case .duplicateName(let name): args["name"] = .text(name)
    case .tooFewPlayers(let minimum, let count):
      args = ["minimum": number(minimum), "count": number(count)]
    case .tooManyPlayers(let maximum, let count):
      args = ["maximum": number(maximum), "count": number(count)]
    case .moreRolesThanPlayers(let roles, let players), .rolesDoNotMatchPlayers(let roles, let players):
      args = ["roles": number(roles), "players": number(players)]
    case .invalidRole(let role): args["role"] = .key("role.\(role).name")
    case .badCount(let count, let allowed):
      args = [
        "count": number(count), "min": number(allowed?.lowerBound ?? 0),
        "max": number(allowed?.upperBound ?? 0), "players": number(players),
      ]
    }
    return Notice(
      kind: .error, title: "error.\(error.key).title", message: "error.\(error.key).message",
      args: args)
  }
}

/// A terminal size in columns and rows.
public struct Size: Hashable, Sendable {
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int
  /// Creates a size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

/// Everything on screen, as a value: the reducer changes it, screens render it.
public struct AppState: Hashable, Sendable {
  /// The language every screen is drawn in.
  public var language: Language
  /// The screen being shown, with its own state.
  public var screen: Screen
  /// The game chosen on the home screen.
  public var game: GameID {
    didSet { if game != oldValue { setup = Setup() } }
  }
  /// The players of the game being set up or played, in seating order.
  public var players: [String]
  /// Names of earlier players, offered as quick picks.
  public var savedNames: [String]
  /// The setup being prepared.
  public var setup: Setup
  /// The game in progress, once dealt.
  public var table: Table?
  /// During start-up only: the saved game's summary, offered on the home
  /// screen until the whole file has been read (see `SavedGameSummary`).
  public var savedGameSummary: SavedGameSummary?
  /// Where the first round of reveals has got to (the next seat to hand the laptop to).
  public var nextReveal: Int
  /// Points from earlier rounds with the same players (Spy), by name.
  public var scores: [String: Int] = [:]
  /// Rounds finished in this scored session (Spy): the results say which round this was.
  public var roundsPlayed = 0
  /// Spy locations the group took out of play (saved with the settings).
  public var excludedLocations: Set<LocationID> = []
  /// The table customs switched on in the settings.
  public var houseRules = HouseRules()
  /// The round timer of a timed game, once the table has one.
  public var timer: RoundTimer?
  /// A confirmation the user must answer before anything else.
  public var confirmation: Confirmation?
  /// Messages for the home screen (e.g. a settings file that could not be read).
  public var notices: [Notice]
  /// Set when the program should end.
  public var finished: Bool
  /// How many Spy locations there are (the location grid's keys need it).
  public var locationCount = 0
  /// The terminal's size, as last reported.
  public var viewport: Size
  /// The monotonic clock's last reading, in milliseconds, as the ticks
  /// report it (a key's tick comes before the key).
  public var clock: Int64 = 0

  /// The state at start-up: the home screen.
  public init(language: Language, savedNames: [String] = [], table: Table? = nil) {
    self.language = language
    self.screen = .home(HomeScreen())
    self.game = GameRegistry.all[0].id
    self.players = []
    self.savedNames = savedNames
    self.setup = Setup()
    self.table = table
    self.nextReveal = 0
    self.confirmation = nil
    self.timer = nil
    self.notices = []
    self.finished = false
    self.viewport = Size(width: AppState.minimumWidth, height: AppState.minimumHeight)
  }
}

extension AppState {
  /// The locations a Spy game is dealt from: all but those taken out of play.
  func inPlay(_ locations: [Location]) -> [Location] {
    excludedLocations.isEmpty ? locations : locations.filter { !excludedLocations.contains($0.id) }
  }
}

/// The screens of the app, each with its own state.
public enum Screen: Hashable, Sendable {
  /// The menu of games.
  case home(HomeScreen)
  /// The rules and roles of a game.
  case info(InfoScreen)
  /// Adding and ordering players.
  case players(PlayersScreen)
  /// Choosing roles, or the number of spies or killers.
  case setup(SetupScreen)
  /// "Pass the laptop to ANNA" before a private reveal.
  case handOff(HandOffScreen)
  /// A player's role, in private.
  case reveal(RevealScreen)
  /// The game in progress.
  case table(TableScreen)
  /// Everyone's role and the winner.
  case summary(SummaryScreen)
  /// Language and house rules.
  case settings(SettingsScreen)
}

extension AppState {
  /// Whether a scored session is between two rounds (no table, rounds behind it).
  var hasSession: Bool { table == nil && roundsPlayed > 0 }

  /// The game the home screen offers to resume: the table's, the session's, or during
  /// start-up the saved file's summary.
  var resumable: (game: GameID, playerCount: Int)? {
    if let table { return (table.game, table.seats.count) }
    if hasSession { return (game, players.count) }
    return savedGameSummary.map { ($0.game, $0.playerCount) }
  }
}
