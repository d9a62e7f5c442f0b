/// Palermo: a Greek variant of Mafia. The thieves kill by night, the town votes by day.
public struct Palermo: GameType {
  /// Role identifiers of Palermo.
  public enum Roles {
    /// The "visible" thief; knows the Black thief.
    public static let redThief: RoleID = "palermo.redThief"
    /// The hidden thief; knows the Red thief.
    public static let blackThief: RoleID = "palermo.blackThief"
    /// Plays for the thieves; knows the Red thief.
    public static let snitch: RoleID = "palermo.snitch"
    /// Town; knows the Snitch.
    public static let policeman: RoleID = "palermo.policeman"
    /// Town; protects a player each night.
    public static let doctor: RoleID = "palermo.doctor"
    /// Town; knows the other roommate.
    public static let roommate1: RoleID = "palermo.roommate1"
    /// Town; knows the other roommate.
    public static let roommate2: RoleID = "palermo.roommate2"
    /// Town; takes a player along when voted out by day.
    public static let redKamikaze: RoleID = "palermo.redKamikaze"
    /// Town; takes a player along when killed at night.
    public static let blackKamikaze: RoleID = "palermo.blackKamikaze"
    /// The five named citizens.
    public static let citizens: [RoleID] = [
      "palermo.citizenGeorge", "palermo.citizenMichael", "palermo.citizenJohn",
      "palermo.citizenJack", "palermo.citizenJames",
    ]
    /// The two thieves proper (the Snitch is on their side but is not a
    /// thief): the roles the deck declares as counting as thieves.
    public static let thieves: [RoleID] = Palermo.deck.filter(\.countsAsThief).map(\.id)
  }

  /// The town's side.
  public static let town: SideID = "palermo.town"
  /// The thieves' side.
  public static let thieves: SideID = "palermo.thieves"

  /// Creates the game.
  public init() {}

  public var id: GameID { "palermo" }
  public var players: ClosedRange<Int> { 5...14 }
  public var sides: [Side] { [Side(id: Self.town, isBad: false), Side(id: Self.thieves, isBad: true)] }
  /// Night first (the deal happens at night), then day; a vote ends the day
  /// and the thieves' victim the night.
  public var phases: [Phase] { Self.allPhases }
  public var deathCauses: [DeathCause] { [.votedOut, .killedAtNight] }
  /// A day's discussion before the vote.
  public var roundMinutes: Int? { 3 }

  public var roles: [Role] { Self.allRoles }

  /// The built-in deck: the 14 roles, declared (`RoleDeclaration`). The
  /// roles, the night's steps and the thieves of the win are derived from it.
  public static let deck: [RoleDeclaration] =
    [
      RoleDeclaration(id: Roles.redThief, side: thieves, knows: [Roles.blackThief], night: .kill, countsAsThief: true),
      RoleDeclaration(id: Roles.blackThief, side: thieves, knows: [Roles.redThief], night: .kill, countsAsThief: true),
      RoleDeclaration(id: Roles.snitch, side: thieves, knows: [Roles.redThief]),
      RoleDeclaration(id: Roles.policeman, side: town, knows: [Roles.snitch]),
      RoleDeclaration(id: Roles.doctor, side: town, night: .protect),
      RoleDeclaration(id: Roles.roommate1, side: town, knows: [Roles.roommate2]),
      RoleDeclaration(id: Roles.roommate2, side: town, knows: [Roles.roommate1]),
      RoleDeclaration(id: Roles.redKamikaze, side: town, takesPlayerAlongWhen: .votedOut),
      RoleDeclaration(id: Roles.blackKamikaze, side: town, takesPlayerAlongWhen: .killedAtNight),
    ] + Roles.citizens.map { RoleDeclaration(id: $0, side: town) }

  // Built once: `role(_:)` is called for every seat in win checks and reveals.
  private static let allRoles: [Role] = deck.map(\.role)
  /// The roles that count as thieves for the win, as a set for the win checks.
  private static let thiefRoles = Set(Roles.thieves)

  // Built once, like the roles: the table asks for its phase on every draw.
  // The game ends when the last thief is out: someone is always awake to choose.
  private static let allPhases = [
    Phase(id: .night, causes: [.killedAtNight], endsAtADeath: true, steps: RoleDeclaration.nightSteps(of: deck)),
    Phase(id: .day, causes: [.votedOut], endsAtADeath: true),
  ]

  public var setupKind: SetupKind { .chooseRoles(pool: roles.map(\.id)) }

  /// A balanced role set for 5 to 14 players, measured (`Balance`, printed
  /// by `make bench`): with random but legal play neither side wins more
  /// than two games in three, and no game is decided before the first vote.
  /// One thief up to 12 players (two thieves against a small town win at
  /// the first dawn or soon after), the Red kamikaze from the start, the
  /// Snitch only with the Policeman who watches them from 7, roommates in
  /// pairs from 11, the Black thief and the Black kamikaze from 13 (with
  /// one thief, a Black kamikaze taking them along at the first dawn would
  /// end the game before anyone spoke); citizens fill.
  public func suggestedSetup(players playerCount: Int) -> Setup? {
    guard players.contains(playerCount) else { return nil }
    var roles: [RoleID] = [Roles.redThief, Roles.doctor, Roles.redKamikaze]
    if playerCount >= 7 { roles += [Roles.snitch, Roles.policeman] }
    if playerCount >= 11 { roles += [Roles.roommate1, Roles.roommate2] }
    if playerCount >= 13 {
      roles.insert(Roles.blackThief, at: 1)
      roles.append(Roles.blackKamikaze)
    }
    roles += Roles.citizens.prefix(playerCount - roles.count)
    return Setup(roles: roles)
  }

  /// At least one thief, and fewer thieves than town players.
  public var setupRules: [String] { ["needsThief", "thievesOutnumberTown"] }

  /// A Palermo game needs at least one thief.
  public func brokenRules(in roles: [RoleID]) -> [String] {
    let thieves = roles.filter(Self.thiefRoles.contains).count
    if thieves == 0 { return ["needsThief"] }
    // Dealt with as many thieves as town players, the game would be over at once.
    let town = roles.filter { role($0)?.side == Self.town }.count
    return thieves >= town ? ["thievesOutnumberTown"] : []
  }

  /// The town wins when every thief in play is out; the thieves' side wins when
  /// the living thieves are at least as many as the living town players.
  /// Nothing is decided while a kamikaze still has to choose.
  public func winner(of table: Table) -> SideID? {
    guard table.pending == nil else { return nil }
    let alive = table.alive.map { table.seats[$0].role }
    let thievesAlive = alive.filter(Self.thiefRoles.contains).count
    let townAlive = alive.filter { role($0)?.side == Self.town }.count
    if thievesAlive == 0 { return Self.town }
    if thievesAlive >= townAlive { return Self.thieves }
    return nil
  }
}
