/// How a game is set up before the deal.
public enum SetupKind: Hashable, Sendable {
  /// Choose exactly one role per player from a pool in which each role appears once (Palermo).
  case chooseRoles(pool: [RoleID])
  /// Choose how many players hold `bad`, within `limit` (and leaving the good side
  /// strictly larger); `fixed` roles are always dealt once each and every other
  /// player gets `filler` (Spy, Killer).
  case countBad(bad: RoleID, limit: ClosedRange<Int>, fixed: [RoleID], filler: RoleID)
}

/// The choices made on the setup screen.
public struct Setup: Hashable, Codable, Sendable {
  /// Roles chosen for a `chooseRoles` game, one per player.
  public var roles: [RoleID]
  /// The number of bad players for a `countBad` game.
  public var badCount: Int

  /// Creates a setup.
  public init(roles: [RoleID] = [], badCount: Int = 1) {
    self.roles = roles
    self.badCount = badCount
  }
}

/// A game type: everything the front end needs to show, set up, deal and run a game
/// without knowing which game it is.
public protocol GameType: Sendable {
  /// The game's identifier; its words are `game.<id>.name`, `.blurb` and `.rules`.
  var id: GameID { get }
  /// The smallest and largest table the game supports.
  var players: ClosedRange<Int> { get }
  /// The game's two sides.
  var sides: [Side] { get }
  /// Every role of the game, in the order the game's info screen lists them.
  var roles: [Role] { get }
  /// How the game is set up.
  var setupKind: SetupKind { get }
  /// Whether non-bad players are dealt a secret location (Spy).
  var usesLocations: Bool { get }
  /// The causes of death the table may record by hand, in the order offered.
  var deathCauses: [DeathCause] { get }
  /// Whether the table as a whole may accuse a player (Spy's vote).
  var tableAccuses: Bool { get }
  /// The game's phases in the order they follow one another (Palermo's night
  /// and day); empty if the game does not run in phases. A table starts in
  /// the first; passing the last starts a new round.
  var phases: [Phase] { get }
  /// The identifiers of the game's own setup rules, every one `brokenRules(in:)`
  /// may return; each has the words `error.<game>.<rule>.title` and `.message`.
  var setupRules: [String] { get }
  /// The game's own setup rules that `roles` breaks, in the order a person
  /// would fix them (each one of `setupRules`); each is reported as
  /// `SetupError.gameRule(game:rule:)`.
  func brokenRules(in roles: [RoleID]) -> [String]
  /// The side that has won, if any, from the table's state.
  func winner(of table: Table) -> SideID?
  /// A balanced setup for a table of `playerCount`, if the game can suggest one.
  func suggestedSetup(players playerCount: Int) -> Setup?
  /// Points each seat scores for a finished game (Spy's scoring across
  /// rounds), or nil if the game keeps no score.
  func points(for table: Table) -> [Int]?
  /// Whether the deal also draws who starts (Spy's first questioner).
  var drawsFirstPlayer: Bool { get }
  /// The length of a timed round in minutes (Spy's questions, Palermo's day
  /// discussion), or nil if the game is not timed.
  var roundMinutes: Int? { get }
  /// The points a scored game's rules text names, by placeholder (Spy's
  /// scoring); the numbers `points(for:)` gives, so that text and code agree.
  var rulesPoints: [String: Int] { get }
  /// The group's own roles this game deals besides its built-in ones
  /// (Palermo's house roles); empty by default.
  var houseRoles: [RoleDeclaration] { get }
  /// This game with the group's own roles `houseRoles` (valid by
  /// `RoleDeclaration.houseProblems`), or nil if it takes none.
  func playing(houseRoles: [RoleDeclaration]) -> (any GameType)?
}

extension GameType {
  /// By default: the fewest bad players the table allows; no suggestion for
  /// choose-roles games.
  public func suggestedSetup(players playerCount: Int) -> Setup? {
    guard let allowed = allowedBadCounts(players: playerCount) else { return nil }
    return Setup(badCount: allowed.lowerBound)
  }

  /// No game-specific setup rules by default.
  public var setupRules: [String] { [] }
  /// No game-specific setup rules by default.
  public func brokenRules(in roles: [RoleID]) -> [String] { [] }
  /// No secret location by default.
  public var usesLocations: Bool { false }
  /// No table accusation by default.
  public var tableAccuses: Bool { false }
  /// No score by default.
  public func points(for table: Table) -> [Int]? { nil }
  /// Nobody is drawn to start by default.
  public var drawsFirstPlayer: Bool { false }
  /// Untimed by default.
  public var roundMinutes: Int? { nil }
  public var rulesPoints: [String: Int] { [:] }
  /// No phases by default.
  public var phases: [Phase] { [] }
  /// No house roles by default.
  public var houseRoles: [RoleDeclaration] { [] }
  /// Takes no house roles by default (itself when given none).
  public func playing(houseRoles: [RoleDeclaration]) -> (any GameType)? { houseRoles.isEmpty ? self : nil }

  /// The most points one seat scores in one round, either way: the largest of
  /// `rulesPoints` (a scored game names every number it gives there), 0 for a
  /// game that keeps no score. Bounds the scores a session may hold.
  public var maximumPoints: Int {
    // From the game's own constants; `magnitude` and `clamping` so that even Int.min cannot trap.
    Int(clamping: rulesPoints.values.map(\.magnitude).max() ?? 0)
  }

  /// Whether the game runs in phases (Palermo's nights and days).
  public var usesPhases: Bool { !phases.isEmpty }

  /// Whether a night has secret steps the narrator can run (Palermo's
  /// thieves and Doctor): such a game is narrated unless the group narrates.
  public var hasNightSteps: Bool { phases.contains { !$0.steps.isEmpty } }

  /// The phase with the given identifier, if the game has it.
  public func phase(_ id: PhaseID) -> Phase? { phases.first { $0.id == id } }

  /// The role with the given identifier, if the game has it.
  public func role(_ id: RoleID) -> Role? { roles.first { $0.id == id } }

  /// The side with the given identifier, if the game has it.
  public func side(_ id: SideID) -> Side? { sides.first { $0.id == id } }

  /// Whether the role plays for the bad side.
  public func isBad(_ id: RoleID) -> Bool {
    guard let role = role(id) else { return false }
    return side(role.side)?.isBad ?? false
  }

  /// The bad-player counts a table of `playerCount` supports, or nil if none
  /// (only for `countBad` games): within the game's limit and leaving the good
  /// side strictly larger.
  public func allowedBadCounts(players playerCount: Int) -> ClosedRange<Int>? {
    guard case .countBad(_, let limit, _, _) = setupKind else { return nil }
    let upper = min(limit.upperBound, (playerCount - 1) / 2)
    guard upper >= limit.lowerBound else { return nil }
    return limit.lowerBound...upper
  }

  /// The roles to be dealt for a setup and table size, before shuffling.
  public func composition(for setup: Setup, players playerCount: Int) -> [RoleID] {
    switch setupKind {
    case .chooseRoles:
      return setup.roles
    case .countBad(let bad, _, let fixed, let filler):
      let badRoles = Array(repeating: bad, count: max(0, setup.badCount))
      let fillers = max(0, playerCount - badRoles.count - fixed.count)
      return badRoles + fixed + Array(repeating: filler, count: fillers)
    }
  }
}
