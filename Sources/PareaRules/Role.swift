/// One of the two sides of a game.
public struct Side: Hashable, Sendable {
  /// The side's identifier; its name is the locale key `side.<id>.name`.
  public let id: SideID
  /// Whether this is the hidden, "bad" side (thieves, spies, killers).
  public let isBad: Bool

  /// Creates a side.
  public init(id: SideID, isBad: Bool) {
    self.id = id
    self.isBad = isBad
  }
}

/// How a player leaves the game.
public enum DeathCause: String, Codable, Sendable, CaseIterable {
  /// Voted out by the town during the day (Palermo).
  case votedOut
  /// Killed by the thieves during the night (Palermo).
  case killedAtNight
  /// Killed by a wink (Killer).
  case killed
  /// Taken along by a kamikaze who died in the matching phase.
  case takenByKamikaze
  /// Caught by the Cop's accusation (Killer).
  case caughtByCop
  /// Accused by the table (Spy).
  case accusedByTable
}

/// What a role can do, beyond knowing other roles.
///
/// The table's operations are written against abilities, not against games,
/// so a new game type gets kamikazes or accusations by declaring them.
public enum Ability: Hashable, Sendable {
  /// When this player dies of `cause`, they take a player of their choice along.
  case takesPlayerAlong(when: DeathCause)
  /// Keeps one player alive each night (told to the moderator; no table effect).
  case protectsAtNight
  /// May accuse a player; a wrong accusation spends one of `attempts`.
  case accuses(attempts: Int)
  /// May reveal themselves and guess the secret location.
  case guessesLocation
  /// Cannot die of `cause` (Killer's Cop and a wink): the table refuses it.
  case cannotDie(of: DeathCause)
}

/// A role a player can be dealt.
public struct Role: Hashable, Sendable {
  /// The role's identifier; its words are `role.<id>.name` and `role.<id>.description`.
  public let id: RoleID
  /// The side the role plays for.
  public let side: SideID
  /// Roles whose holders this role learns (resolved to names at the reveal).
  public let knows: [RoleID]
  /// Whether this role is told the secret location (Spy).
  public let learnsLocation: Bool
  /// What this role can do at the table.
  public let abilities: [Ability]

  /// Creates a role.
  public init(
    id: RoleID, side: SideID, knows: [RoleID] = [], learnsLocation: Bool = false,
    abilities: [Ability] = []
  ) {
    self.id = id
    self.side = side
    self.knows = knows
    self.learnsLocation = learnsLocation
    self.abilities = abilities
  }

  /// The number of accusations this role may get wrong, if it accuses at all.
  public var accusationAttempts: Int? {
    for case .accuses(let attempts) in abilities { return attempts }
    return nil
  }

  /// The cause of death that makes this role take a player along, if any.
  public var takesPlayerAlongWhen: DeathCause? {
    for case .takesPlayerAlong(let cause) in abilities { return cause }
    return nil
  }

  /// Whether this role may guess the location.
  public var guessesLocation: Bool { abilities.contains(.guessesLocation) }

  /// Whether a player of this role can die of `cause`.
  public func canDie(of cause: DeathCause) -> Bool { !abilities.contains(.cannotDie(of: cause)) }
}

/// A Spy location: its identifier and how many roles exist there.
public struct Location: Hashable, Codable, Sendable {
  /// The location's identifier; its words are `location.<id>.name` and `location.<id>.role.<n>`.
  public let id: LocationID
  /// How many roles the location offers (numbered from 1 in the locale tables).
  public let roleCount: Int

  /// Creates a location.
  public init(id: LocationID, roleCount: Int) {
    self.id = id
    self.roleCount = roleCount
  }
}
