import PareaLanguage
import PareaRules

/// What the phones' views are made from: the app (or a stand-in).
public protocol PhoneViewSource {
  /// The app's state.
  var state: AppState { get }
  /// The views of `seats` (every seat's when nil), by seat.
  func phoneViews(of seats: Set<Int>?) -> [Int: String]
}

extension App: PhoneViewSource {}

/// The phones' views as last made, and what they were made from, so that a
/// seat's view is made again only when what that seat's phone shows can
/// have changed: a key on the laptop that moves no phone costs one
/// comparison, and a tap on one phone remakes the views of the seats that
/// tap reaches (the tapping thief and the fellow thieves), not all twenty.
///
/// What a view reads (`PhoneView.json`) is split in two: `Shared`, the same
/// for every seat, and each seat's `SeatView.Moment`. A view that reads
/// something new must find it in one of them; `PhoneViewCacheTests` plays
/// whole games with phones and holds every step's views to ones made afresh.
public struct PhoneViewCache: Sendable {
  /// Everything the views read, as it was at the last look: when it is
  /// equal, nothing is made.
  private var inputs: Inputs?
  /// What every seat's view reads besides its moment, at the last making.
  private var shared: Shared?
  private var moments: [Int: SeatView.Moment] = [:]
  /// The views last returned, by seat.
  public private(set) var views: [Int: String] = [:]

  public init() {}

  /// What every view reads from the state beside the game: the same in
  /// `Inputs` and `Shared`.
  struct Common: Equatable {
    var language: Language
    var nightOnPhones: Bool
    var votesOnPhones: Bool
    var votesOpened: Int
    var excludedLocations: Set<LocationID>
    var houseRules: HouseRules
    var preferences: Preferences

    init(_ state: AppState) {
      language = state.language
      nightOnPhones = state.phones.nightOnPhones
      votesOnPhones = state.votesOnPhones
      votesOpened = state.phones.votesOpened
      excludedLocations = state.excludedLocations
      houseRules = state.houseRules
      preferences = state.preferences
    }
  }

  /// What every view reads (a running round timer, which no phone shows, left out).
  struct Inputs: Equatable {
    var session: GameSession?
    var picks: NightPicks
    var ballot: Ballot
    var common: Common

    init(_ state: AppState) {
      session = state.session
      session?.timer = nil
      picks = state.phones.picks
      ballot = state.phones.ballot
      common = Common(state)
    }
  }

  /// What every seat's view reads besides the seat's `SeatView.Moment`.
  struct Shared: Equatable {
    var table: Table
    var narration: Narration?
    var common: Common

    init(_ state: AppState, table: Table) {
      self.table = table.withoutLooks
      narration = state.session?.narration
      common = Common(state)
    }
  }

  /// True when nothing any phone shows can have changed since the last `update`.
  public func isCurrent(with app: some PhoneViewSource) -> Bool {
    inputs == Inputs(app.state)
  }

  /// What `update` did.
  public struct Update: Sendable {
    /// The views that changed, by seat: to send.
    public var changed: [Int: String] = [:]
    /// The seats whose view was made again.
    public var remade: Set<Int> = []
    /// True when every seat's was (the game, the language, the night or the
    /// vote changed): the page may have changed too.
    public var everySeat = false
  }

  /// Brings the views up to date with `app`: makes again the views of the
  /// seats a change can have reached, and returns those that changed.
  public mutating func update(_ app: some PhoneViewSource) -> Update {
    let state = app.state
    let now = Inputs(state)
    if now == inputs { return Update() }
    inputs = now
    guard let table = state.table else {
      shared = nil
      moments = [:]
      views = [:]
      return Update()
    }
    var update = Update()
    let sharedNow = Shared(state, table: table)
    update.everySeat = sharedNow != shared
    shared = sharedNow
    // The night's task only when tonight runs on the phones; the vote only when it is cast on them.
    let narration = state.phones.nightOnPhones || state.votesOnPhones ? state.session?.narration : nil
    let ballot = state.votesOnPhones ? state.phones.ballot : nil
    for seat in table.seats.indices {
      let moment = SeatView.Moment(seat: seat, table: table, narration: narration, picks: state.phones.picks, ballot: ballot)
      if update.everySeat || moments[seat] != moment {
        moments[seat] = moment
        update.remade.insert(seat)
      }
    }
    for seat in views.keys where !table.seats.indices.contains(seat) {
      moments[seat] = nil
      views[seat] = nil
    }
    guard !update.remade.isEmpty else { return update }
    for (seat, view) in app.phoneViews(of: update.remade) where views[seat] != view {
      views[seat] = view
      update.changed[seat] = view
    }
    return update
  }

  /// Forgets what `seat` was sent (a new link, a new phone): the next
  /// `update` makes its view again and returns it.
  public mutating func forget(_ seat: Int) {
    views[seat] = nil
    moments[seat] = nil
    inputs = nil
  }

  /// Forgets everything: the next `update` makes and returns every view.
  public mutating func forgetAll() {
    self = PhoneViewCache()
  }
}
