/// A game in progress: which game, who sits where, their roles, who is out
/// and why, and what happened. The table knows its game, so its operations
/// follow that game's rules without being told them.
///
/// Saved as JSON with the game's id under `game` (the game itself is not
/// written); reading it back finds the game in the registry passed in
/// `decoder.userInfo[GameRegistry.userInfoKey]` (`GameRegistry.standard`
/// when none is), and an unknown id is a decoding error. Two tables are equal
/// when their games have the same id and everything saved is equal.
public struct Table: Hashable, Codable, Sendable {
  /// The game being played, coded as its id.
  private let played: PlayedGame
  /// The players in seating order.
  public private(set) var seats: [Seat]
  /// The secret location (Spy).
  public let location: LocationID?
  /// The current round, from 1 (at most `maximumRound`).
  public private(set) var round: Int

  /// The last round a table may reach: a game of a thousand nights and days
  /// is far beyond any evening, and far below what would overflow. "Next"
  /// does not start a round past it.
  public static let maximumRound = 1_000
  /// The current phase's id. A game without phases keeps `day` here: saved
  /// tables have always had a phase, and the files must not change.
  private var phaseID: PhaseID
  /// What must happen before the table goes on.
  public private(set) var pending: FollowUp?
  /// Every accusation made, in order.
  public private(set) var accusations: [Accusation]
  /// The table's accusations (Spy's votes); `by` is who started each one.
  public private(set) var votes: [Accusation]
  /// The location guess, once made.
  public private(set) var guess: LocationGuess?
  /// Whether the game was ended by hand.
  public private(set) var endedByHand: Bool
  /// The player drawn to start (Spy's first questioner), if the game draws one.
  public internal(set) var firstPlayer: Int?
  /// Everything that happened, in order.
  public private(set) var log: [TableEvent]
  /// What the game keeps from the settings, as saved (nil in a game saved
  /// before tables had options: the defaults).
  private(set) var savedOptions: TableOptions?

  /// The length of a timed round in minutes: the one dealt with, else the
  /// game's own; nil for a game without one.
  public var roundMinutes: Int? { options.roundMinutes ?? rules.roundMinutes }

  /// Whether the saved game had options (one saved before tables kept them
  /// followed the settings of the moment: the app gives it today's).
  public var hasOptions: Bool { savedOptions != nil }

  /// What the game keeps from the settings, fixed at the deal (`TableOptions`).
  public var options: TableOptions {
    get { savedOptions ?? TableOptions() }
    set { savedOptions = newValue }
  }

  // The saved format: exactly the keys and the order tables were always written with.
  private enum CodingKeys: String, CodingKey {
    case played = "game"
    case seats, location, round
    case phaseID = "phase"
    case pending, accusations, votes, guess, endedByHand, firstPlayer, log
    case savedOptions = "options"
  }

  /// Seats a freshly dealt table of `game`, in the game's first phase of round 1.
  public init(game: any GameType, seats: [Seat], location: LocationID? = nil, options: TableOptions? = nil) {
    self.played = PlayedGame(rules: game)
    self.seats = seats
    self.location = location
    self.round = 1
    self.phaseID = game.phases.first?.id ?? Self.noPhase
    self.pending = nil
    self.accusations = []
    self.votes = []
    self.guess = nil
    self.endedByHand = false
    self.log = []
    self.savedOptions = options
  }

  /// What a table of a game without phases saves as its phase.
  private static let noPhase = PhaseID.day

  /// The rules of the game being played.
  public var rules: any GameType { played.rules }

  /// The identifier of the game being played.
  public var game: GameID { played.rules.id }

  /// The current phase's id, or nil if the game has no phases.
  public var phase: PhaseID? { rules.usesPhases ? phaseID : nil }

  /// The seats of living players.
  public var alive: [Int] { seats.indices.filter { seats[$0].isAlive } }

  /// The same table with its roles dealt anew among the seats: seat `i` gets
  /// the role (and the role at the location) that seat `order[i]` held, and
  /// keeps its name, its looks and its fate. Nothing in a game moves roles:
  /// this is how the role-blind tests build the table a peeker could not tell
  /// apart from this one. Nil unless `order` is a permutation of the seats.
  func withRoles(from order: [Int]) -> Table? {
    guard order.count == seats.count, Set(order) == Set(seats.indices) else { return nil }
    var moved = self
    for (seat, from) in order.enumerated() {
      moved.seats[seat].role = seats[from].role
      moved.seats[seat].locationRole = seats[from].locationRole
    }
    return moved
  }

  /// The seats holding `role`.
  public func seats(holding role: RoleID) -> [Int] { seats.indices.filter { seats[$0].role == role } }

  private func check(_ seat: Int) throws(TableError) {
    guard seats.indices.contains(seat) else { throw .noSuchSeat(seat) }
  }

  // MARK: Looking

  /// Records that the player at `seat` looked at their role.
  public mutating func recordLook(at seat: Int) throws(TableError) {
    try check(seat)
    // Saturating at the bound: counting stops there, so it can never overflow
    // (whatever `views` holds) and a saved table stays one that reads back.
    if seats[seat].views < Seat.maximumViews { seats[seat].views += 1 }
    log.append(.looked(seat: seat))
  }

  // MARK: Deaths

  /// Marks the player at `seat` dead and returns what must happen next (a
  /// kamikaze's choice), which also stays in `pending` until resolved. Under
  /// `dealtRules` (the manual table passes the group's), nobody dies of the
  /// night's own causes on a night of meeting only.
  @discardableResult
  public mutating func markDead(
    _ seat: Int, cause: DeathCause, rules dealtRules: DealtRules = DealtRules()
  ) throws(TableError) -> FollowUp? {
    try check(seat)
    if isMeetingNight(rules: dealtRules), currentPhase?.causes.contains(cause) == true {
      throw .notAllowed
    }
    guard pending == nil else { throw .followUpPending }
    guard rules.deathCauses.contains(cause) else { throw .notAllowed }
    guard seats[seat].isAlive else { throw .alreadyOut(seat) }
    // Killer's Cop: a wink does not kill them.
    guard rules.role(seats[seat].role)?.canDie(of: cause) != false else { throw .notAllowed }
    kill(seat, cause: cause)
    if let role = rules.role(seats[seat].role), role.takesPlayerAlongWhen == cause,
      !alive.isEmpty
    {
      pending = .takePlayer(by: seat)
    }
    return pending
  }

  /// Resolves a pending kamikaze: the player at `target` is taken along.
  public mutating func resolveFollowUp(target: Int) throws(TableError) {
    try check(target)
    guard case .takePlayer = pending else { throw .nothingPending }
    guard seats[target].isAlive else { throw .alreadyOut(target) }
    pending = nil
    // Taken players never trigger a kamikaze of their own: the cause does not match.
    kill(target, cause: .takenByKamikaze)
  }

  private mutating func kill(_ seat: Int, cause: DeathCause) {
    seats[seat].death = cause
    log.append(.died(seat: seat, cause: cause))
  }

  // MARK: Phases

  /// Moves to the game's next phase; passing the last phase starts a new
  /// round at the first (Palermo: night to day, day to the next night).
  public mutating func advancePhase() throws(TableError) {
    let phases = rules.phases
    guard let index = phases.firstIndex(where: { $0.id == phaseID }) else { throw .notAllowed }
    guard pending == nil else { throw .followUpPending }
    let next = (index + 1) % phases.count
    if next == 0 {
      // Refused at the bound: a round past `maximumRound` is never started,
      // so `round` cannot overflow and a saved table stays valid.
      guard round < Self.maximumRound else { throw .notAllowed }
      round += 1
    }
    phaseID = phases[next].id
    log.append(.phase(phaseID, round: round))
  }

  // MARK: The narrator's records

  /// Records the choice that ended a night step (nil: nobody was chosen).
  /// A seat must be one the step may choose tonight; each step chooses once a night.
  public mutating func recordChoice(_ step: NightStepID, seat: Int?) throws(TableError) {
    guard pending == nil else { throw .followUpPending }
    guard winner == nil else { throw .gameOver }
    guard currentPhase?.steps.contains(where: { $0.id == step }) == true,
      !choicesThisPhase.contains(where: { $0.step == step })
    else { throw .notAllowed }
    if let seat {
      try check(seat)
      guard seats[seat].isAlive else { throw .alreadyOut(seat) }
    }
    log.append(.chose(step, seat: seat))
  }

  /// Records a tied vote: nobody leaves. `among` are the players tied with
  /// the most hands (two or more, in the game; nil: not counted).
  public mutating func recordTie(among: [Int]? = nil) throws(TableError) {
    try checkDayVote()
    if let among {
      guard among.count >= 2, Set(among).count == among.count else { throw .notAllowed }
      for seat in among {
        try check(seat)
        guard seats[seat].isAlive else { throw .alreadyOut(seat) }
      }
    }
    log.append(.tied(among: among))
  }

  /// Records that the town chose to vote nobody out today.
  public mutating func recordSpared() throws(TableError) {
    try checkDayVote()
    log.append(.spared)
  }

  /// A day's vote may be recorded now: a phase in the open, nothing pending, no winner.
  private func checkDayVote() throws(TableError) {
    guard pending == nil else { throw .followUpPending }
    guard winner == nil else { throw .gameOver }
    guard phase != nil, currentPhase?.steps.isEmpty == true else { throw .notAllowed }
  }

  // MARK: Accusations

  /// How many wrong accusations the player at `seat` has left, or nil if their
  /// role does not accuse.
  public func accusationsLeft(for seat: Int) -> Int? {
    guard seats.indices.contains(seat),
      let attempts = rules.role(seats[seat].role)?.accusationAttempts
    else { return nil }
    return attempts - accusations.filter { $0.by == seat && !$0.correct }.count
  }

  /// The accuser at `by` accuses the player at `target`: a bad player is caught
  /// (out of the game); a wrong accusation spends one attempt. Returns whether it was right.
  @discardableResult
  public mutating func accuse(_ target: Int, by accuser: Int) throws(TableError) -> Bool
  {
    try check(target)
    try check(accuser)
    guard pending == nil else { throw .followUpPending }
    guard winner == nil else { throw .gameOver }
    guard seats[accuser].isAlive, target != accuser,
      rules.roles.contains(where: { $0.accusationAttempts != nil })
    else { throw .notAllowed }
    guard seats[target].isAlive else { throw .alreadyOut(target) }
    // An accuser whose role does not accuse has made a false claim: it is
    // recorded (never refused, which would tell the table who the Cop is not)
    // and the game's rules decide what it costs (`Ending.falseAccusation`).
    let claims = rules.role(seats[accuser].role)?.accusationAttempts != nil
    if claims, (accusationsLeft(for: accuser) ?? 0) <= 0 { throw .notAllowed }
    let correct = claims && rules.isBad(seats[target].role)
    let accusation = Accusation(by: accuser, target: target, correct: correct)
    accusations.append(accusation)
    log.append(.accused(accusation))
    if correct { kill(target, cause: .caughtByCop) }
    return correct
  }

  /// The first accusation made by a player whose role does not accuse (a false
  /// claim to be the Cop), if any.
  public var falseAccusation: Accusation? {
    accusations.first { accusation in
      seats.indices.contains(accusation.by) && rules.role(seats[accusation.by].role)?.accusationAttempts == nil
    }
  }

  /// The table accuses the player at `target` (Spy's vote): they are out, and
  /// their role decides the game. Returns whether they were on the bad side.
  @discardableResult
  public mutating func tableAccuses(_ target: Int, startedBy starter: Int? = nil) throws(TableError) -> Bool
  {
    try check(target)
    if let starter { try check(starter) }
    guard pending == nil else { throw .followUpPending }
    guard rules.tableAccuses else { throw .notAllowed }
    guard winner == nil else { throw .gameOver }
    guard seats[target].isAlive else { throw .alreadyOut(target) }
    let correct = rules.isBad(seats[target].role)
    let vote = Accusation(by: starter ?? target, target: target, correct: correct)
    votes.append(vote)
    // The vote is logged as itself (with who started it, which scores) so that
    // replaying the log can make it again; the death is the vote's consequence.
    log.append(.voted(vote))
    kill(target, cause: .accusedByTable)
    return correct
  }

  /// The player at `seat` claims to be a spy and guesses the location; the
  /// game's `winner(of:)` judges it. Any living player may claim, whatever
  /// their role: refusing a player who knows the location would tell the
  /// table they are not a spy (the game decides what a false claim costs).
  /// Returns whether the named location is the real one.
  @discardableResult
  public mutating func guessLocation(_ location: LocationID, by seat: Int) throws(TableError) -> Bool
  {
    try check(seat)
    guard rules.roles.contains(where: \.guessesLocation), seats[seat].isAlive, guess == nil
    else { throw .notAllowed }
    guard winner == nil else { throw .gameOver }
    let made = LocationGuess(by: seat, location: location, correct: location == self.location)
    guess = made
    log.append(.guessed(made))
    return made.correct
  }

  /// Ends the game by hand (the table decided to stop).
  public mutating func end() {
    guard !endedByHand else { return }
    endedByHand = true
    log.append(.ended)
  }

  /// Whether the game is over, by its rules or by hand: what the table sees
  /// next is the public end (`showResult`), nothing more of play.
  public var isOver: Bool { endedByHand || winner != nil }

  /// Whether the result and every role have been shown to the whole table.
  /// Until then, an ending may still be taken back (`undo`); after, never.
  public var resultShown: Bool { log.last == .shown }

  /// The whole table is shown the result and every role: from now on
  /// nothing of this game can be undone (DECISIONS: "An ending is public
  /// before it is shown"). Only a game that is over can be shown, once.
  public mutating func showResult() throws(TableError) {
    guard isOver else { throw .notAllowed }
    guard !resultShown else { return }
    log.append(.shown)
  }

  /// Copies a look into the log without counting it again: a replay keeps
  /// the views it started with (`Undo.swift`).
  mutating func replayLook(_ seat: Int) {
    log.append(.looked(seat: seat))
  }
}

/// The game a table is played with, saved as its id alone; a game with
/// the group's own roles as `{"id": …, "houseRoles": [...]}`, so that a
/// game resumes with the roles it was dealt whatever became of their deck.
private struct PlayedGame: Hashable, Codable, Sendable {
  let rules: any GameType

  init(rules: any GameType) { self.rules = rules }

  private enum CodingKeys: String, CodingKey {
    case id, houseRoles
  }

  /// Finds the game by id in the decoder's registry (the standard one by
  /// default), with its house roles if it was saved with any (checked by
  /// `RoleDeclaration.houseProblems`: a saved file may have been edited).
  init(from decoder: any Decoder) throws {
    let registry = decoder.userInfo[GameRegistry.userInfoKey] as? GameRegistry ?? .standard
    if let single = try? decoder.singleValueContainer(), let id = try? single.decode(GameID.self) {
      guard let game = registry.game(id) else {
        throw DecodingError.dataCorruptedError(in: single, debugDescription: "No game \(id) in the registry")
      }
      rules = game
      return
    }
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let id = try container.decode(GameID.self, forKey: .id)
    let houseRoles = try container.decode([RoleDeclaration].self, forKey: .houseRoles)
    guard let game = registry.game(id), RoleDeclaration.houseProblems(houseRoles, builtIn: game.roles).isEmpty,
      let played = game.playing(houseRoles: houseRoles)
    else {
      throw DecodingError.dataCorruptedError(
        forKey: .houseRoles, in: container, debugDescription: "No game \(id) with these house roles")
    }
    rules = played
  }

  func encode(to encoder: any Encoder) throws {
    if rules.houseRoles.isEmpty {
      var container = encoder.singleValueContainer()
      try container.encode(rules.id)
    } else {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(rules.id, forKey: .id)
      try container.encode(rules.houseRoles, forKey: .houseRoles)
    }
  }

  // A game is known by its id and the house roles it deals.
  static func == (lhs: PlayedGame, rhs: PlayedGame) -> Bool {
    lhs.rules.id == rhs.rules.id && lhs.rules.houseRoles == rhs.rules.houseRoles
  }
  func hash(into hasher: inout Hasher) {
    hasher.combine(rules.id)
    hasher.combine(rules.houseRoles)
  }
}

extension Table {
  /// The table without its looks at the cards: every seat's count set to 0
  /// and the log's `looked` lines left out (nothing reads them but the
  /// laptop's table view and undo). What the seats' views share
  /// (`SeatView.Moment` holds a seat's own count).
  public var withoutLooks: Table {
    var table = self
    for index in table.seats.indices where table.seats[index].views != 0 { table.seats[index].views = 0 }
    if table.log.contains(where: { if case .looked = $0 { true } else { false } }) {
      table.log.removeAll { if case .looked = $0 { true } else { false } }
    }
    return table
  }
}
