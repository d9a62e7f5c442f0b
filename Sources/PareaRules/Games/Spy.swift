/// Spy: everyone but the spies knows the location; the spies try to work it out.
public struct Spy: GameType {
  /// A spy: does not know the location.
  public static let spy: RoleID = "spy.spy"
  /// Anyone else: knows the location and has a role there.
  public static let local: RoleID = "spy.local"
  /// The spies' side.
  public static let spies: SideID = "spy.spies"
  /// Everyone else.
  public static let locals: SideID = "spy.locals"

  /// Creates the game.
  public init() {}

  public var id: GameID { "spy" }
  public var players: ClosedRange<Int> { 3...20 }
  public var sides: [Side] { [Side(id: Self.locals, isBad: false), Side(id: Self.spies, isBad: true)] }
  public var usesLocations: Bool { true }
  public var tableAccuses: Bool { true }
  public var deathCauses: [DeathCause] { [] }
  /// A random player asks the first question.
  public var drawsFirstPlayer: Bool { true }
  /// Ten minutes of questions (the table sets 1 to 30 on the setup).
  public var roundMinutes: Int? { 10 }

  public var roles: [Role] { Self.allRoles }

  // Built once: `role(_:)` is called for every seat in win checks and reveals.
  private static let allRoles: [Role] =
    [
      Role(id: Self.spy, side: Self.spies, knows: [], abilities: [.guessesLocation]),
      Role(id: Self.local, side: Self.locals, learnsLocation: true),
    ]


  public var setupKind: SetupKind {
    .countBad(bad: Self.spy, limit: 1...3, fixed: [], filler: Self.local)
  }

  /// The points of Spy's scoring (`points(for:)`); the rules text shows these numbers.
  public enum Points {
    /// Each spy, for a right guess or when the table accuses someone who is not a spy.
    public static let spiesWin = 4
    /// Each spy, when the round ends with nobody accused (or after a false claim).
    public static let spiesGetAway = 2
    /// Everyone else, when the spies lose.
    public static let othersWin = 1
    /// Whoever started an accusation that caught a spy (instead of `othersWin`).
    public static let rightAccuser = 2
  }

  public var rulesPoints: [String: Int] {
    [
      "spiesWin": Points.spiesWin, "spiesGetAway": Points.spiesGetAway, "othersWin": Points.othersWin,
      "rightAccuser": Points.rightAccuser,
    ]
  }

  /// Spy's scoring, from why the round ended: a spy scores 4 for a right
  /// guess or when the table accuses someone innocent, 2 when the spies get
  /// away (nobody accused, or a player who knew the location claimed to be a
  /// spy); when the spies lose, everyone else scores 1, and whoever started a
  /// vote that caught a spy scores 2. A round stopped after a catch scores nothing.
  public func points(for table: Table) -> [Int]? {
    guard let ending = ending(of: table) else { return nil }
    let spies = Set(table.seats(holding: Self.spy))
    var points = [Int](repeating: 0, count: table.seats.count)
    func give(_ value: Int, spiesSide: Bool) {
      for seat in points.indices where spies.contains(seat) == spiesSide { points[seat] = value }
    }
    switch ending {
    case .guessed(_, _, right: true), .accusedInnocent:
      give(Points.spiesWin, spiesSide: true)
    case .falseClaim, .endedNobodyAccused:
      give(Points.spiesGetAway, spiesSide: true)
    case .guessed(_, _, right: false), .caughtAll:
      give(Points.othersWin, spiesSide: false)
      for vote in table.votes where vote.correct && !spies.contains(vote.by) { points[vote.by] = Points.rightAccuser }
    case .endedEarly, .falseAccusation:
      break  // Spy has no accusing role: a false accusation cannot happen
    }
    return points
  }

  /// A spy's guess decides the game at once (right: spies; wrong: the others);
  /// a guess by a player who knew the location is a false claim, and the spies
  /// get away. The table's accusation of someone who is not a spy hands the
  /// game to the spies; once every spy is accused, the others win. A round
  /// ended with nobody accused goes to the spies (they got away: 2 points).
  public func winner(of table: Table) -> SideID? {
    if let guess = table.guess {
      guard canGuess(guess.by, at: table) else { return Self.spies }
      return guess.correct ? Self.spies : Self.locals
    }
    let accused = table.seats.filter { $0.death == .accusedByTable }
    if accused.contains(where: { $0.role != Self.spy }) { return Self.spies }
    let spiesLeft = table.seats.filter { $0.role == Self.spy && $0.isAlive }
    if !accused.isEmpty && spiesLeft.isEmpty { return Self.locals }
    if table.endedByHand && accused.isEmpty { return Self.spies }
    return nil
  }
}
