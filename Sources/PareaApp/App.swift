import PareaCanvas
import PareaLocale
import PareaRules

/// Everything the app needs from outside, decided before it starts.
public struct AppConfiguration: Sendable {
  /// The language to start in.
  public var language: Language
  /// A seed for repeatable deals; nil for the system's randomness.
  public var seed: UInt64?
  /// Names of earlier players (quick picks).
  public var savedNames: [String]
  /// The words of each language.
  public var wording: @Sendable (Language) -> any Wording
  /// The Spy locations available (built in and the user's packs).
  public var locations: @Sendable () -> [Location]
  /// Problems to tell the user about at start (a broken file), shown on the home screen.
  public var startupNotices: [Notice]
  /// The table customs saved in the settings.
  public var houseRules: HouseRules
  /// Spy locations out of play, from the settings.
  public var excludedLocations: Set<LocationID> = []

  /// Creates a configuration.
  public init(
    language: Language, seed: UInt64? = nil, savedNames: [String] = [],
    wording: @escaping @Sendable (Language) -> any Wording,
    locations: @autoclosure @escaping @Sendable () -> [Location],
    startupNotices: [Notice] = [], houseRules: HouseRules = HouseRules()
  ) {
    self.houseRules = houseRules
    self.language = language
    self.seed = seed
    self.savedNames = savedNames
    self.wording = wording
    self.locations = locations
    self.startupNotices = startupNotices
  }
}

/// What the reducer may use besides the state: the deal's randomness and the locations.
struct Environment: Sendable {
  var generator: SplitMix64
  let lazyLocations: LazyLocations

  /// The Spy locations, worked out on first use (not at start-up: a Palermo
  /// evening never needs them, and listing them costs a millisecond).
  var locations: [Location] { lazyLocations.value }
  let wording: @Sendable (Language) -> any Wording

  /// The words of a language.
  func words(_ language: Language) -> Words { Words(wording: wording(language)) }
}

/// An action the user takes; keys are mapped to actions by the screen on show.
public enum Action: Hashable, Sendable {
  /// On the home screen.
  case home(HomeAction)
  /// On a game's info screen.
  case info(InfoAction)
  /// On the players screen.
  case players(PlayersAction)
  /// On the setup screen.
  case setup(SetupAction)
  /// On a hand-off screen: show the role.
  case reveal
  /// On a reveal screen: hide the role.
  case hide
  /// On the table.
  case table(TableAction)
  /// On the summary.
  case summary(SummaryAction)
  /// On the settings screen.
  case settings(SettingsAction)
  /// Answer the open confirmation.
  case confirm(Bool)
  /// Move the highlight between "Yes" and "No".
  case toggleConfirmation
  /// Leave the current screen (Esc).
  case back
  /// The terminal changed size.
  case resize(width: Int, height: Int)
  /// The clock moved on (milliseconds of a monotonic clock).
  case tick(now: Int64)
  /// A key came while the screen was paused (see `KeyPause`): it starts the pause again.
  case tooSoon
}

/// The app: state, the reducer and the renderer, with no I/O of its own.
public struct App: Sendable {
  /// The current state.
  public private(set) var state: AppState
  var environment: Environment
  let wording: @Sendable (Language) -> any Wording

  /// Starts at the home screen.
  public init(configuration: AppConfiguration) {
    var seedSource = SystemRandomNumberGenerator()
    let seed = configuration.seed ?? seedSource.next()
    state = AppState(language: configuration.language, savedNames: configuration.savedNames)
    state.notices = configuration.startupNotices
    state.houseRules = configuration.houseRules
    state.excludedLocations = configuration.excludedLocations
    environment = Environment(
      generator: SplitMix64(seed: seed), lazyLocations: LazyLocations(configuration.locations),
      wording: configuration.wording)
    wording = configuration.wording
  }

  /// Starts from a given state (tests, and resuming a saved game).
  public init(state: AppState, configuration: AppConfiguration) {
    self.init(configuration: configuration)
    self.state = state
  }

  /// Whether the user has asked to quit.
  public var isFinished: Bool { state.finished }

  /// What start-up reads once the first screen is drawn, before the first
  /// key: the last players' names (quick picks are not on the home screen)
  /// and the whole saved game, which replaces its summary (nil: there is none,
  /// or it could not be used and a notice says why). Returns whether the
  /// screen may now look different: only when the game offered has changed
  /// (a summary and its whole game draw the same home screen).
  @discardableResult
  public mutating func finishStart(savedNames: [String], savedGame: SavedGame?) -> Bool {
    let offered = state.resumable
    state.savedNames = savedNames
    state.savedGameSummary = nil
    savedGame?.restore(into: &state)
    let now = state.resumable
    return offered?.game != now?.game || offered?.playerCount != now?.playerCount
  }

  /// Tells the user about something that happened outside the app (a file
  /// that could not be saved). Shown until the next key.
  public mutating func report(_ notice: Notice) {
    if !state.notices.contains(notice) { state.notices.append(notice) }
  }

  /// Handles a key that came at `now` (a monotonic clock in milliseconds; nil
  /// when the time does not matter, as in most tests): the clock moves on
  /// first, then the screen on show turns the key into an action, if it means one.
  @discardableResult
  public mutating func handle(_ key: Key, now: Int64? = nil) -> [Effect] {
    var effects: [Effect] = []
    if let now { effects = send(.tick(now: now)) }
    // Away from home a reported problem stays until the next key, which still counts.
    if case .home = state.screen {} else { state.notices.removeAll() }
    let words = Words(wording: wording(state.language))
    guard let action = state.action(for: key, words: words) else { return effects }
    return effects + send(action)
  }

  /// Applies an action to the state.
  @discardableResult
  public mutating func send(_ action: Action) -> [Effect] {
    state.reduce(action, environment: &environment)
  }

  /// Tells the app the terminal's size (scrolling limits depend on it).
  @discardableResult
  public mutating func resize(width: Int, height: Int) -> [Effect] {
    send(.resize(width: width, height: height))
  }

  /// Lets time pass for the round timer; `now` is a monotonic clock in milliseconds.
  @discardableResult
  public mutating func tick(now: Int64) -> [Effect] {
    guard state.timer?.running == true || state.waitsForClock else { return [] }
    return send(.tick(now: now))
  }

  /// Draws the current state at the given size (or asks for a bigger terminal).
  public func render(width: Int, height: Int) -> Canvas {
    state.render(width: width, height: height, words: Words(wording: wording(state.language)),
      locations: state.rules.usesLocations ? environment.locations : [])
  }
}

/// The location list, made once on first use.
///
/// A class so that the value-typed `App` can fill it from a non-mutating
/// `render`; unchecked-Sendable because the app runs on one thread (the run
/// loop's) and each test builds its own.
final class LazyLocations: @unchecked Sendable {
  private var made: [Location]?
  private let make: @Sendable () -> [Location]

  init(_ make: @escaping @Sendable () -> [Location]) { self.make = make }

  var value: [Location] {
    if let made { return made }
    let list = make()
    made = list
    return list
  }
}
