import PareaRules

// The live odds of the roles page: for the set on it, each side's share of
// random but legal games (`BalanceRun`), measured in the background by the
// executable (`Effect.measureOdds`) and shown as they come in
// (`Action.oddsMeasured`). A new set asks again, and the measuring of the
// old one stops; a result for a set no longer on the page is not shown.

/// What to measure: a game, its group's roles, the set and the house rules it is dealt with.
public struct OddsRequest: Hashable, Sendable {
  /// The game (Palermo).
  public var game: GameID
  /// The group's own roles it deals with.
  public var houseRoles: [RoleDeclaration]
  /// The set, one role per player.
  public var roles: [RoleID]
  /// The house rules a deal would keep (a first night of meeting only changes the odds).
  public var dealt: DealtRules

  /// The game with its group's roles, from `registry`.
  public func rules(in registry: GameRegistry) -> (any GameType)? {
    registry.game(game).flatMap { houseRoles.isEmpty ? $0 : $0.playing(houseRoles: houseRoles) }
  }
}

/// What the measuring has come to so far.
public struct OddsResult: Hashable, Sendable {
  /// The set measured.
  public var request: OddsRequest
  /// The games played and who won them.
  public var report: BalanceReport
  /// How long they took, in milliseconds.
  public var milliseconds: Int
  /// Whether the measuring is over (the last result for this set).
  public var finished: Bool

  /// A result.
  public init(request: OddsRequest, report: BalanceReport, milliseconds: Int, finished: Bool) {
    self.request = request
    self.report = report
    self.milliseconds = milliseconds
    self.finished = finished
  }
}

extension BalanceReport {
  /// The margin of any side's rate, from 0 to 1: the half-width of its 95%
  /// interval at its widest (a rate of one half), 1.96 √(¼ / games).
  var margin: Double { games == 0 ? 1 : 1.96 * (0.25 / Double(games)).squareRoot() }
}

extension AppState {
  /// The set whose odds the page on show would show: the roles page of a
  /// game with nights (Palermo), with a set that can be dealt as it stands
  /// (one role for each player, none of the game's own rules broken).
  var oddsRequest: OddsRequest? {
    guard onRolesPage else { return nil }
    let rules = rules
    guard case .chooseRoles = rules.setupKind, rules.hasNightSteps, setup.roles.count == players.count,
      rules.players.contains(players.count),
      rules.brokenRules(in: setup.roles).isEmpty
    else { return nil }
    return OddsRequest(game: rules.id, houseRoles: rules.houseRoles, roles: setup.roles, dealt: houseRules.dealt)
  }

  /// The odds to show for the set on the page, if any have come in.
  var oddsShown: OddsResult? {
    guard let odds, let request = oddsRequest, odds.request == request else { return nil }
    return odds
  }

  /// Whether the roles page is on show (not who narrates, not a page opened over it).
  var onRolesPage: Bool {
    guard let page = screen.as(SetupScreen.self) else { return false }
    return !page.choosingNarration && !page.choosingLocations && rules.hasNightSteps
  }

  /// On the roles page: asks for the odds of the set on it when it is one
  /// not yet asked for, or stops the measuring when it cannot be dealt.
  /// Away from the page nothing changes (the rules opened over it, the role
  /// editor, a deal): the measuring of the last set ends by itself, and its
  /// numbers are there again when the page comes back with the same set.
  mutating func askForOdds() -> [Effect] {
    guard onRolesPage else { return [] }
    let request = oddsRequest
    guard request != oddsAsked else { return [] }
    oddsAsked = request
    // A set measured to its end already (chosen again) is shown as it was: the same seed, the same games.
    if let request, odds?.request == request, odds?.finished == true { return [] }
    return request.map { [.measureOdds($0)] } ?? [.stopOdds]
  }
}
