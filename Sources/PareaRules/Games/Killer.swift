/// Killer (wink murder): the killers wink, the Cop tries to catch them.
public struct Killer: GameType {
  /// Kills by winking; knows the Cop and the other killer.
  public static let killer: RoleID = "killer.killer"
  /// Catches killers; loses after three wrong accusations; a wink does not kill the Cop.
  public static let cop: RoleID = "killer.cop"
  /// Everyone else.
  public static let citizen: RoleID = "killer.citizen"
  /// The killers' side.
  public static let killers: SideID = "killer.killers"
  /// The Cop and the citizens.
  public static let town: SideID = "killer.town"
  /// How many wrong accusations the Cop may make (a right one costs nothing).
  public static let copAttempts = 3

  /// Creates the game.
  public init() {}

  public var id: GameID { "killer" }
  public var players: ClosedRange<Int> { 3...20 }
  public var sides: [Side] { [Side(id: Self.town, isBad: false), Side(id: Self.killers, isBad: true)] }
  public var deathCauses: [DeathCause] { [.killed] }

  public var roles: [Role] { Self.allRoles }

  // Built once: `role(_:)` is called for every seat in win checks and reveals.
  private static let allRoles: [Role] =
    [
      // A wink does not take a killer out either: a killer who says "I am
      // out" stays in (`Table.markDead` refuses it), so marking the only
      // killer out can never end the game as a town win.
      Role(id: Self.killer, side: Self.killers, knows: [Self.cop, Self.killer], abilities: [.cannotDie(of: .killed)]),
      // The killers know the Cop: if a wink could kill the Cop, winking at
      // the Cop first would win every game.
      Role(
        id: Self.cop, side: Self.town,
        abilities: [.accuses(attempts: Self.copAttempts), .cannotDie(of: .killed)]),
      Role(id: Self.citizen, side: Self.town),
    ]


  public var setupKind: SetupKind {
    .countBad(bad: Self.killer, limit: 1...2, fixed: [Self.cop], filler: Self.citizen)
  }

  /// The town wins when every killer is caught; the killers win when no citizen
  /// is left, or the Cop has made `copAttempts` wrong accusations. Someone
  /// who is not the Cop and made an accusation (a false claim) loses the
  /// game for their own side. The Cop cannot be
  /// killed, so the Cop's death decides nothing (a file from before that rule
  /// with a dead Cop plays on until one of these happens).
  public func winner(of table: Table) -> SideID? {
    let seats = table.seats
    // A player who claimed to be the Cop and accused someone ends the game,
    // and the claim costs the claimer's own side: a killer's false claim
    // loses for the killers, a citizen's for the town. Probing never pays.
    if let claim = table.falseAccusation, table.seats.indices.contains(claim.by) {
      return role(table.seats[claim.by].role)?.side == Self.killers ? Self.town : Self.killers
    }
    if !seats.contains(where: { $0.role == Self.killer && $0.isAlive }) { return Self.town }
    if !seats.contains(where: { $0.role == Self.citizen && $0.isAlive }) { return Self.killers }
    for cop in table.seats(holding: Self.cop) where (table.accusationsLeft(for: cop) ?? 1) <= 0 {
      return Self.killers
    }
    return nil
  }
}
