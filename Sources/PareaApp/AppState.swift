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
    var message = AppKeys.error(error) + ".message"
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
    case .invalidRole(let role): args["role"] = .key(GameKeys.roleName(role))
    case .badCount(let count, let allowed):
      args = [
        "count": number(count), "min": number(allowed?.lowerBound ?? 0),
        "max": number(allowed?.upperBound ?? 0), "players": number(players),
      ]
      // One number allowed: not "between 1 and 1"; two adjacent: "1 or 2".
      if let allowed, allowed.lowerBound == allowed.upperBound {
        message = "error.badCount.exact.message"
        args["number"] = number(allowed.lowerBound)
      } else if let allowed, allowed.count == 2 {
        message = "error.badCount.pair.message"
      }
    }
    return Notice(kind: .error, title: AppKeys.error(error) + ".title", message: message, args: args)
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
  /// The game chosen on the home screen (the one being set up); choosing
  /// another starts a fresh setup (`Change.chooseGame`).
  public var game: GameID
  /// The group at the table, in seating order: the players of the game being
  /// set up, kept from one game to the next.
  public var players: [String]
  /// Names of earlier players, offered as quick picks.
  public var savedNames: [String]
  /// The setup being prepared.
  public var setup: Setup
  /// The group's own roles on the roles page (Palermo's), dealt with the game.
  public var groupRoles = GroupRoles()
  /// The decks folder as last read (nil: not read yet in this run).
  public var decks: [DeckEntry]?
  /// The latest odds measured (`Odds.swift`), and the set last asked for.
  public var odds: OddsResult?
  public var oddsAsked: OddsRequest?
  /// The game in play, from the deal until the group leaves it: the table,
  /// who reveals next, the round timer, the scores of a scored session.
  public var session: GameSession?
  /// During start-up only: the saved game's summary, offered on the home
  /// screen until the whole file has been read (see `SavedGameSummary`).
  public var savedGameSummary: GameSession.Summary?
  /// Spy locations the group took out of play (saved with the settings).
  public var excludedLocations: Set<LocationID> = []
  /// The table customs switched on in the settings.
  public var houseRules = HouseRules()
  /// Who narrates, round lengths and the voice (saved with the settings).
  public var preferences = Preferences()
  /// The games on offer, in menu order (the standard three; tests add one).
  public let registry: GameRegistry
  /// A confirmation the user must answer before anything else.
  public var confirmation: Confirmation?
  /// Messages for the home screen (e.g. a settings file that could not be read).
  public var notices: [Notice]
  /// Set when the program should end.
  public var finished: Bool
  /// The terminal's size, as last reported.
  public var viewport: Size
  /// The monotonic clock's last reading, in milliseconds, as the ticks
  /// report it (a key's tick comes before the key).
  public var clock: Int64 = 0
  /// While set, keys other than Esc are held back: a moment that could
  /// choose what cannot be taken back has just appeared (`KeyGuard.swift`).
  public var keyGuard: KeyPause?
  /// Whether the narrator's voice (espeak-ng) was found, once looked for
  /// (nil: not yet): "Who narrates?" says so before a group chooses Parea.
  public var voiceFound: Bool?
  /// Whether the language was chosen in Settings in this run: only then is it
  /// written to the settings (a one-off `--lang`, or the system's language, is
  /// not made the saved setting by another setting's save).
  public var languageChosen = false
  /// The phones while Parea runs: the server's address, who is connected.
  public var phones = PhonesState()

  /// The state at start-up: the home screen.
  public init(
    language: Language, savedNames: [String] = [], session: GameSession? = nil,
    registry: GameRegistry = .standard
  ) {
    self.registry = registry
    self.language = language
    self.screen = .home(HomeScreen())
    self.game = registry.games[0].id
    self.players = []
    self.savedNames = savedNames
    self.setup = Setup()
    self.session = session
    self.confirmation = nil
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

/// The screen on show: any screen of the app (a `Feature`), with its own
/// state, as its own type. There is no list of screens to extend: a new
/// screen is its file (and, if it likes, a shorthand below).
public struct Screen: Hashable, Sendable {
  /// The screen's own value.
  private(set) var page: any Feature

  /// `page` on show.
  init(_ page: some Feature) { self.page = page }

  /// The screen as a `F`, if it is one.
  func `as`<F: Feature>(_ type: F.Type) -> F? { page as? F }

  /// Whether it is a `F`.
  func `is`<F: Feature>(_ type: F.Type) -> Bool { page is F }

  /// The screen's name: its type's, less "Screen" (`TableScreen`: "table",
  /// `LookAgainScreen`: "lookAgain"), as the tests' diffs and kinds say it.
  var name: String { Self.stem(of: type(of: page), dropping: "Screen") }

  /// A type's name less `suffix`, its first letter in lower case.
  static func stem(of type: Any.Type, dropping suffix: String) -> String {
    let name = String(describing: type)
    let stem = name.hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : name
    return stem.prefix(1).lowercased() + stem.dropFirst()
  }

  /// The same screen, in the same state (compared as its own type: no
  /// `AnyHashable`, whose making looks up a conformance at run time).
  public static func == (lhs: Screen, rhs: Screen) -> Bool {
    func equal<F: Feature>(_ left: F) -> Bool { (rhs.page as? F) == left }
    return equal(lhs.page)
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(page) }

  /// Does `visit` to the screen on show as its own type and keeps it as
  /// `visit` left it: how a question's answer, the clock's tick and a
  /// screen's own action reach it.
  mutating func visit(_ visit: some ScreenVisit) -> Outcome? {
    func run<F: Feature>(_ page: F) -> Outcome? {
      var page = page
      guard let outcome = visit(&page) else { return nil }
      self.page = page
      return outcome
    }
    return run(page)
  }
}

/// Shown (in a test's diff, a dump) as the screen's name and its state.
extension Screen: CustomReflectable {
  public var customMirror: Mirror { Mirror(self, children: [name: page], displayStyle: .struct) }
}

extension Screen {
  // Shorthands for the screens as they were written when `Screen` listed them.
  /// The menu of games.
  static func home(_ page: HomeScreen) -> Screen { Screen(page) }
  /// The rules and roles of a game.
  static func info(_ page: InfoScreen) -> Screen { Screen(page) }
  /// Adding and ordering players.
  static func players(_ page: PlayersScreen) -> Screen { Screen(page) }
  /// Choosing roles, or the number of spies or killers.
  static func setup(_ page: SetupScreen) -> Screen { Screen(page) }
  static func roleEditor(_ page: RoleEditorScreen) -> Screen { Screen(page) }
  static func decks(_ page: DecksScreen) -> Screen { Screen(page) }
  /// "Pass the laptop to ANNA" before a private reveal.
  static func handOff(_ page: HandOffScreen) -> Screen { Screen(page) }
  /// A player's role, in private.
  static func reveal(_ page: RevealScreen) -> Screen { Screen(page) }
  /// The game in progress.
  static func table(_ page: TableScreen) -> Screen { Screen(page) }
  /// A player's role shown again, over the table.
  static func lookAgain(_ page: LookAgainScreen) -> Screen { Screen(page) }
  /// The roles in this game, or the locations, over the table.
  static func tableList(_ page: TableListScreen) -> Screen { Screen(page) }
  /// A claimed spy's guess, in private, over the table.
  static func spyGuess(_ page: SpyGuessScreen) -> Screen { Screen(page) }
  /// A player marked out answers in private, over the table.
  static func outAnswer(_ page: OutAnswerScreen) -> Screen { Screen(page) }
  /// Everyone's role and the winner.
  static func summary(_ page: SummaryScreen) -> Screen { Screen(page) }
  /// Palermo narrated: Parea (or a moderator with it) runs the nights and days.
  static func narrator(_ page: NarratorScreen) -> Screen { Screen(page) }
  /// Language and house rules.
  static func settings(_ page: SettingsScreen) -> Screen { Screen(page) }
}

extension AppState {
  /// The dealt table of the game in play, if there is one (written through
  /// to the session; the session itself is made and dropped as a whole).
  public internal(set) var table: Table? {
    get { session?.table }
    set { session?.table = newValue }
  }

  /// The round timer of the game in play, once the table has started one.
  public internal(set) var timer: RoundTimer? {
    get { session?.timer }
    set { session?.timer = newValue }
  }

  /// The game the home screen offers to resume: the session's, or during
  /// start-up the saved file's summary.
  var resumable: (game: GameID, playerCount: Int)? {
    // Between two rounds the group may have changed on the players screen:
    // the next round is dealt to the group as it is now.
    if let session { return (session.game, session.table == nil ? players.count : session.names.count) }
    return savedGameSummary.map { ($0.game, $0.playerCount) }
  }
}
