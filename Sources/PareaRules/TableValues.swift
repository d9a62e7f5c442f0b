// The values a dealt table is made of: its seats, the events of its log,
// what the rules wait for, and why they refuse an action. The table itself
// (what it does with them) is `Table.swift`.

/// One player at the table.
public struct Seat: Hashable, Codable, Sendable {
  /// The player's name as typed (trimmed).
  public var name: String
  /// The role the player was dealt.
  public var role: RoleID
  /// The player's role at the location (an index into `location.<id>.role.<n+1>`), Spy only.
  public var locationRole: Int?
  /// How the player died, or nil while alive.
  public var death: DeathCause?
  /// How many times the player has looked at their role (at most `maximumViews`).
  public var views: Int

  /// The most looks a seat counts: far more than any evening holds, far less
  /// than would overflow. A look past it is still logged but not counted, so
  /// the counter never leaves what a saved game may hold.
  public static let maximumViews = 10_000

  /// A location's roles are numbered with at most six digits in the locale
  /// tables (`location.<id>.role.<n>`), so no seat's role there has an index
  /// from 999_999 on: the bound a saved game is held to before the locations
  /// are known (then `GameSession.placesAreKnown` checks the location's own list).
  public static let locationRoleLimit = 999_999

  /// Creates a living seat that has not looked at its role yet.
  public init(name: String, role: RoleID, locationRole: Int? = nil) {
    self.name = name
    self.role = role
    self.locationRole = locationRole
    self.death = nil
    self.views = 0
  }

  /// Whether the player is still in the game.
  public var isAlive: Bool { death == nil }
}

/// Something that must happen before the table goes on.
public enum FollowUp: Hashable, Codable, Sendable {
  /// The player at `seat` (a kamikaze) takes a living player of their choice along.
  case takePlayer(by: Int)
}

/// A Cop's (or any accuser's) accusation.
public struct Accusation: Hashable, Codable, Sendable {
  /// The accusing seat.
  public let by: Int
  /// The accused seat.
  public let target: Int
  /// Whether the accused was on the bad side.
  public let correct: Bool

  /// Records an accusation.
  public init(by: Int, target: Int, correct: Bool) {
    self.by = by
    self.target = target
    self.correct = correct
  }
}

/// A guess of the location by a player who does not know it.
public struct LocationGuess: Hashable, Codable, Sendable {
  /// The guessing seat.
  public let by: Int
  /// The location guessed.
  public let location: LocationID
  /// Whether it was the real location.
  public let correct: Bool

  /// Records a guess.
  public init(by: Int, location: LocationID, correct: Bool) {
    self.by = by
    self.location = location
    self.correct = correct
  }
}

/// One line of the table's history.
public enum TableEvent: Hashable, Codable, Sendable {
  /// A player looked at their role.
  case looked(seat: Int)
  /// A player died.
  case died(seat: Int, cause: DeathCause)
  /// The table moved to a new phase.
  case phase(PhaseID, round: Int)
  /// An accusation was made (a right one is followed by the catch, as a death).
  case accused(Accusation)
  /// The table accused a player (Spy's vote), followed by the death it caused.
  /// Games saved before this case existed logged the death alone.
  case voted(Accusation)
  /// A location was guessed.
  case guessed(LocationGuess)
  /// The game was ended by hand.
  case ended
  /// A night step ended with this choice (nil: nobody was chosen — the role
  /// is out or not dealt, the time ran out, or it was a night of meeting only).
  case chose(NightStepID, seat: Int?)
  /// The day's vote was tied (the narrator records it; nobody left) among
  /// the players with the most hands, who alone stand in a revote (nil: the
  /// hands were not counted, as in games saved before they could be).
  case tied(among: [Int]?)
  /// The town chose to vote nobody out today (not a tie: the day ends).
  case spared
  /// The game over, its result and every role were shown to the whole
  /// table (`Table.showResult`): nothing of this game is taken back after it.
  case shown
}

/// Why an operation on the table was refused. The front end only offers valid
/// operations, so these guard against stale or corrupt input.
public enum TableError: Error, Hashable, Sendable {
  /// No such seat.
  case noSuchSeat(Int)
  /// The player is already out.
  case alreadyOut(Int)
  /// A follow-up must be resolved first.
  case followUpPending
  /// No follow-up is pending.
  case nothingPending
  /// The player cannot do this.
  case notAllowed
  /// The game is over.
  case gameOver
  /// Nothing has happened at the table since the first reveals.
  case nothingToUndo
  /// The log cannot be replayed (a damaged file): undo is not possible.
  case unreadableLog
  /// The result and the roles have been shown to the table: the game cannot
  /// be taken back, only played again.
  case resultShown
}
