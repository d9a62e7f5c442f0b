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
    /// thief): the roles the built-in deck declares as counting as thieves.
    public static let thieves: [RoleID] = Palermo.deck.filter(\.countsAsThief).map(\.id)
  }

  /// The town's side.
  public static let town: SideID = "palermo.town"
  /// The thieves' side.
  public static let thieves: SideID = "palermo.thieves"

  /// The group's own roles this game may deal, declared like the built-in
  /// ones and offered after them (empty: Palermo as it ships).
  public let houseRoles: [RoleDeclaration]
  /// What the game derives from its deck with the group's roles, worked out
  /// once (nil: the built-in deck's, `builtIn`, made on first use: start-up
  /// makes the menu's games and needs none of it).
  private let withHouseRoles: Built?
  /// What the game derives from its deck.
  private var built: Built { withHouseRoles ?? Self.builtIn }

  /// Creates the game, with the group's own roles if it has any (valid by
  /// `RoleDeclaration.houseProblems`: the deck file and the saved game are
  /// checked before they come here).
  public init(houseRoles: [RoleDeclaration] = []) {
    self.houseRoles = houseRoles
    withHouseRoles = houseRoles.isEmpty ? nil : Built(deck: Self.deck + houseRoles)
  }

  public var id: GameID { "palermo" }
  public var players: ClosedRange<Int> { 5...14 }
  /// The town, the thieves, and a side of its own for each role that plays alone.
  public var sides: [Side] { built.sides }
  /// Night first (the deal happens at night), then day; a vote ends the day
  /// and the thieves' victim the night.
  public var phases: [Phase] { built.phases }
  public var deathCauses: [DeathCause] { [.votedOut, .killedAtNight] }
  /// A day's discussion before the vote.
  public var roundMinutes: Int? { 3 }

  public var roles: [Role] { built.roles }

  /// The whole deck this game deals from: the built-in roles, then the group's.
  public var declarations: [RoleDeclaration] { built.deck }

  public func playing(houseRoles: [RoleDeclaration]) -> (any GameType)? { Palermo(houseRoles: houseRoles) }

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

  // Built once for the game as it ships: `role(_:)` is called for every seat
  // in win checks and reveals, and the table asks for its phase on every draw.
  private static let builtIn = Built(deck: deck)

  /// What a deck comes to: its roles, sides, phases and thieves.
  private final class Built: Sendable {
    let deck: [RoleDeclaration]
    let roles: [Role]
    let sides: [Side]
    let phases: [Phase]
    /// The roles that count as thieves for the win.
    let thiefRoles: Set<RoleID>
    /// The roles that kill with the thieves at night.
    let killers: Set<RoleID>
    /// The roles that win alone by being voted out.
    let winsVotedOut: Set<RoleID>

    init(deck: [RoleDeclaration]) {
      self.deck = deck
      roles = deck.map { declaration in
        let role = declaration.role
        guard declaration.knowsSide else { return role }
        // "Its side": every other role of the deck on the same side, after those named.
        let fellows = deck.filter { $0.side == declaration.side && $0.id != declaration.id }.map(\.id)
        let knows = role.knows + fellows.filter { !role.knows.contains($0) }
        return Role(id: role.id, side: role.side, knows: knows, abilities: role.abilities)
      }
      sides =
        [Side(id: Palermo.town, isBad: false), Side(id: Palermo.thieves, isBad: true)]
        + deck.filter { $0.alone != nil }.map { Side(id: $0.side, isBad: false) }
      thiefRoles = Set(deck.filter(\.countsAsThief).map(\.id))
      winsVotedOut = Set(deck.filter { $0.alone == .votedOut }.map(\.id))
      killers = Set(deck.filter { $0.night == .kill }.map(\.id))
      // The game ends when the last thief is out: someone is always awake to choose.
      phases = [
        Phase(id: .night, causes: [.killedAtNight], endsAtADeath: true, steps: RoleDeclaration.nightSteps(of: deck)),
        Phase(id: .day, causes: [.votedOut], endsAtADeath: true),
      ]
    }
  }

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
    let thieves = roles.filter(built.thiefRoles.contains).count
    // Someone must wake to kill: a group's thief who does not kill is not enough.
    if thieves == 0 || !roles.contains(where: built.killers.contains) { return ["needsThief"] }
    // Dealt with as many thieves as players not on their side, the game would be over at once.
    let others = roles.filter { role($0).map { $0.side != Self.thieves } ?? false }.count
    return thieves >= others ? ["thievesOutnumberTown"] : []
  }

  /// A role that plays alone and wins by being voted out wins, alone, the
  /// moment the town votes its holder out; the town wins when every thief
  /// in play is out; the thieves' side wins when the living thieves are at
  /// least as many as the living players not on their side. Nothing is
  /// decided while a kamikaze still has to choose.
  public func winner(of table: Table) -> SideID? {
    if !built.winsVotedOut.isEmpty,
      let fool = table.seats.first(where: { $0.death == .votedOut && built.winsVotedOut.contains($0.role) })
    {
      return role(fool.role)?.side
    }
    guard table.pending == nil else { return nil }
    let alive = table.alive.map { table.seats[$0].role }
    let thievesAlive = alive.filter(built.thiefRoles.contains).count
    let othersAlive = alive.filter { role($0).map { $0.side != Self.thieves } ?? false }.count
    if thievesAlive == 0 { return Self.town }
    if thievesAlive >= othersAlive { return Self.thieves }
    return nil
  }
}
