import PareaCanvas
import PareaLocale
import PareaRules

/// Everything the app needs from outside, decided before it starts.
public struct AppConfiguration: Sendable {
  /// The language to start in.
  public var language: Language
  /// The seed of every deal's randomness: the executable draws it from the
  /// system (or takes `--seed`), tests give a fixed one, so the app itself
  /// never reaches for the system's randomness.
  public var seed: UInt64
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
  /// Who narrates, round lengths and the voice, from the settings.
  public var preferences = Preferences()
  /// The games on offer, in menu order.
  public var registry: GameRegistry = .standard
  /// Set when there is no working lock on the saved files: the app starts
  /// by asking whether to play without saving or to quit
  /// (`Confirmation.playWithoutSaving`).
  public var noWorkingLock: Confirmation?
  /// Whether `seed` was given (`--seed`): the game then keeps where the
  /// sequence stands, and a restart with the same seed goes on from there.
  public var seeded = false

  /// Creates a configuration.
  public init(
    language: Language, seed: UInt64, savedNames: [String] = [],
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

/// What the reducer may use besides the state: the deal's randomness, the
/// locations and the words.
struct Environment: Sendable {
  var generator: SplitMix64
  /// The seed a `--seed` run was given (nil for the system's randomness).
  var seed: UInt64? = nil
  let lazyLocations: LazyLocations

  /// The Spy locations, worked out on first use (not at start-up: a Palermo
  /// evening never needs them, and listing them costs a millisecond).
  var locations: [Location] { lazyLocations.value }
  let wording: @Sendable (Language) -> any Wording

  /// The words of a language, for the game `rules` (its house roles' words
  /// made from their declarations: `HouseWording`).
  func words(_ language: Language, rules: any GameType) -> Words {
    let tables = wording(language)
    guard !rules.houseRoles.isEmpty else { return Words(wording: tables) }
    return Words(wording: HouseWording(base: tables, game: rules, language: language.rawValue))
  }

  /// Every location in the order the lists show them in `language` (by name):
  /// the setup's grid and the table's list, and the indexes their keys move.
  func sortedLocations(_ language: Language) -> [Location] {
    lazyLocations.sorted(language) { locationsByName(locations, words: Words(wording: wording($0))) }
  }
}

/// An action the user takes; keys are mapped to actions by the screen on show.
public enum Action: Hashable, Sendable {
  /// An action of a screen's own (its `Feature.ScreenAction`), done by the
  /// screen on show when it is of that screen's type (`AppState.apply`, through
  /// `Screen.visit`): a new screen needs no case here.
  case page(PageAction)
  /// `i` away from the menu: the rules of the game in play (or being set
  /// up) open over the screen on show, and Esc comes back to it as it was.
  case openRules
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
  /// A key came; the screen on show decides what it means.
  case key(Key)
  /// Start-up has read, after the first frame, the last players' names and the
  /// whole saved game (nil: there is none, or it could not be used and a
  /// notice says why); the session replaces the summary the home screen offered.
  case started(savedNames: [String], session: GameSession?)
  /// Something happened outside the app that the user must hear of (a file
  /// that could not be saved or read). Away from home it shows until the next key.
  case reported([Notice])
  /// The outside world looked for the narrator's voice (`Effect.lookForVoice`):
  /// whether the program that speaks was found.
  case voiceLookedFor(found: Bool)
  /// What the phones' side reports (the run loop owns the server).
  case phones(PhonesAction)
  /// The decks folder as read (`Effect.listDecks`).
  case decksListed([DeckEntry])
  /// The odds of a set, as measured so far (`Effect.measureOdds`).
  case oddsMeasured(OddsResult)
  /// A question of the app's own answered (`Confirmation.yes`, `.no`).
  case answered(AppAnswer)
}

/// What the app does itself when one of its own questions is answered
/// (a screen's question answers with that screen's action).
public enum AppAnswer: Hashable, Sendable {
  /// "Leave this game?" yes: the game goes, home.
  case abandonGame
  /// "End the game?" yes: the summary.
  case endGame
  /// No working lock, "play without saving?" yes: a notice says nothing is saved.
  case playWithoutSaving(file: String)
  /// No working lock, "play without saving?" no: quit, having written nothing.
  case quitUnsaved
}

/// A screen's own action, whichever screen's: equal when it is the same
/// action of the same screen's type.
///
/// The action is kept as an existential, not an `AnyHashable`: making an
/// `AnyHashable` looks up a protocol conformance at run time, which the
/// first frame would pay for (the footer's commands carry actions).
public struct PageAction: Hashable, Sendable {
  /// The action, of some screen's `ScreenAction` type.
  let base: any Hashable & Sendable

  /// Wraps a screen's own action.
  init<A: Hashable & Sendable>(_ action: A) { base = action }

  /// The action, if it is an `A`.
  func `as`<A>(_ type: A.Type) -> A? { base as? A }

  public static func == (lhs: PageAction, rhs: PageAction) -> Bool {
    func equal<A: Hashable>(_ left: A) -> Bool { (rhs.base as? A) == left }
    return equal(lhs.base)
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(base) }
}

/// Shown (in a test's message, a dump) as its screen's name and the action:
/// `.home(.move(1))`.
extension PageAction: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(self, children: [Screen.stem(of: type(of: base), dropping: "Action"): base], displayStyle: .enum)
  }
}

extension Action {
  // Each screen's actions, as they were written before `page` (a new
  // screen may use `.page(PageAction(…))` alone).
  static func home(_ action: HomeAction) -> Action { .page(PageAction(action)) }
  static func info(_ action: InfoAction) -> Action { .page(PageAction(action)) }
  static func players(_ action: PlayersAction) -> Action { .page(PageAction(action)) }
  static func setup(_ action: SetupAction) -> Action { .page(PageAction(action)) }
  static func roleEditor(_ action: RoleEditorAction) -> Action { .page(PageAction(action)) }
  static func decks(_ action: DecksAction) -> Action { .page(PageAction(action)) }
  /// On a hand-off screen: show the role.
  static var reveal: Action { .page(PageAction(HandOffAction.reveal)) }
  /// On a reveal screen: hide the role.
  static var hide: Action { .page(PageAction(RevealAction.hide)) }
  static func revealPage(_ action: RevealAction) -> Action { .page(PageAction(action)) }
  static func table(_ action: TableAction) -> Action { .page(PageAction(action)) }
  static func lookAgain(_ action: LookAgainAction) -> Action { .page(PageAction(action)) }
  static func tableList(_ action: TableListAction) -> Action { .page(PageAction(action)) }
  static func spyGuess(_ action: SpyGuessAction) -> Action { .page(PageAction(action)) }
  static func outAnswer(_ action: OutAnswerAction) -> Action { .page(PageAction(action)) }
  static func summary(_ action: SummaryAction) -> Action { .page(PageAction(action)) }
  static func narrator(_ action: NarratorAction) -> Action { .page(PageAction(action)) }
  static func settings(_ action: SettingsAction) -> Action { .page(PageAction(action)) }
}

/// The app: state, the reducer and the renderer, with no I/O of its own.
public struct App: Sendable {
  /// The current state.
  public private(set) var state: AppState
  var environment: Environment

  /// Starts at the home screen.
  public init(configuration: AppConfiguration) {
    state = AppState(
      language: configuration.language, savedNames: configuration.savedNames,
      registry: configuration.registry)
    state.notices = configuration.startupNotices
    state.houseRules = configuration.houseRules
    state.excludedLocations = configuration.excludedLocations
    state.preferences = configuration.preferences
    state.confirmation = configuration.noWorkingLock
    environment = Environment(
      generator: SplitMix64(seed: configuration.seed),
      lazyLocations: LazyLocations(configuration.locations), wording: configuration.wording)
    environment.seed = configuration.seeded ? configuration.seed : nil
  }

  /// Starts from a given state (tests, and resuming a saved game).
  public init(state: AppState, configuration: AppConfiguration) {
    self.init(configuration: configuration)
    self.state = state
  }

  /// Whether the user has asked to quit.
  public var isFinished: Bool { state.finished }

  /// Applies an action to the state: the only way the state changes. Keys,
  /// ticks of the clock and results from the outside world all come in here.
  @discardableResult
  public mutating func send(_ action: Action) -> [Effect] {
    state.reduce(action, environment: &environment)
  }

  /// Handles a key that came at `now` (a monotonic clock in milliseconds; nil
  /// when the time does not matter, as in most tests): the clock moves on
  /// first, then the key.
  @discardableResult
  public mutating func handle(_ key: Key, now: Int64? = nil) -> [Effect] {
    var effects: [Effect] = []
    if let now { effects = send(.tick(now: now)) }
    return effects + send(.key(key))
  }

  /// Tells the app the terminal's size (scrolling limits depend on it).
  @discardableResult
  public mutating func resize(width: Int, height: Int) -> [Effect] {
    send(.resize(width: width, height: height))
  }

  /// Lets time pass for the round timer and the pauses; `now` is a monotonic clock in milliseconds.
  @discardableResult
  public mutating func tick(now: Int64) -> [Effect] {
    send(.tick(now: now))
  }

  /// Draws the current state at the given size (or asks for a bigger terminal).
  public func render(width: Int, height: Int) -> Canvas {
    state.render(width: width, height: height, environment: environment)
  }

  /// The page every phone link serves, in the laptop's language.
  public func phonePage() -> String {
    PhoneView.page(words: environment.words(state.language, rules: state.rules), language: state.language.rawValue)
  }

  /// What each seat's phone shows now (JSON), by seat; empty with no game dealt.
  public func phoneViews() -> [Int: String] {
    phoneViews(of: nil)
  }

  /// The views of `seats` only (every seat's when nil).
  public func phoneViews(of seats: Set<Int>?) -> [Int: String] {
    guard let table = state.table else { return [:] }
    let locations = table.location == nil ? [] : environment.locations
    return PhoneView.views(
      state: state, words: environment.words(state.language, rules: state.rules), locations: locations, of: seats)
  }
}

/// The location list, made once on first use.
///
/// A class so that the value-typed `App` can fill it from a non-mutating
/// `render`; unchecked-Sendable because the app runs on one thread (the run
/// loop's) and each test builds its own.
final class LazyLocations: @unchecked Sendable {
  private var made: [Location]?
  private var sortedIn: [Language: [Location]] = [:]
  private let make: @Sendable () -> [Location]

  init(_ make: @escaping @Sendable () -> [Location]) { self.make = make }

  var value: [Location] {
    if let made { return made }
    let list = make()
    made = list
    return list
  }

  /// The list sorted for `language`, sorted once per language.
  func sorted(_ language: Language, by sort: (Language) -> [Location]) -> [Location] {
    if let list = sortedIn[language] { return list }
    let list = sort(language)
    sortedIn[language] = list
    return list
  }
}
