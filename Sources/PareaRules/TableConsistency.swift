// What a saved table may hold: `Table.isConsistent`, the check a table read
// from a file passes before any screen shows it (its numbers' bounds are in
// `Table.swift` and `TableOptions.isValid`).

extension Table {
  /// Whether every number inside the table is one its game could have made:
  /// every seat number (in the table's fields and in every line of its log)
  /// points at a seat, every count and round is within its bounds
  /// (`Seat.maximumViews`, `maximumRound`, `Seat.locationRoleLimit`), every
  /// role, phase and night step belongs to the game, and nothing is recorded
  /// that the game cannot do (a guess in a game without guesses, a phase in a
  /// game without phases). A table read from a file that fails this is
  /// treated as damaged instead of crashing a screen later. Which locations
  /// exist is known only where the locale tables are: see
  /// `GameSession.placesAreKnown(among:)`.
  public var isConsistent: Bool {
    guard options.isValid else { return false }
    let valid = seats.indices
    for seat in seats {
      guard let role = rules.role(seat.role), (0...Seat.maximumViews).contains(seat.views) else { return false }
      // A role at the location only for a player who is told the location.
      if let index = seat.locationRole,
        !(rules.usesLocations && role.learnsLocation && (0..<Seat.locationRoleLimit).contains(index))
      {
        return false
      }
    }
    // A kamikaze chooses after their own death.
    if case .takePlayer(let by)? = pending,
      !valid.contains(by) || seats[by].isAlive || rules.role(seats[by].role)?.takesPlayerAlongWhen == nil
    {
      return false
    }
    let accuses = rules.roles.contains { $0.accusationAttempts != nil }
    let guesses = rules.roles.contains(where: \.guessesLocation)
    if !accuses && !accusations.isEmpty || !rules.tableAccuses && !votes.isEmpty { return false }
    for accusation in accusations + votes
    where !valid.contains(accusation.by) || !valid.contains(accusation.target) {
      return false
    }
    // No accuser has spent more wrong accusations than the role allows.
    if accuses, valid.contains(where: { (accusationsLeft(for: $0) ?? 0) < 0 }) { return false }
    if let guess, !guesses || !valid.contains(guess.by) { return false }
    if let firstPlayer, !valid.contains(firstPlayer) { return false }
    if rules.usesLocations != (location != nil) { return false }
    if rules.usesPhases && phase.flatMap(rules.phase) == nil { return false }
    // A game without phases never leaves its first round.
    guard (1...(rules.usesPhases ? Self.maximumRound : 1)).contains(round) else { return false }
    guard log.allSatisfy({ isPossible($0, accuses: accuses, guesses: guesses) }) else { return false }
    // The result is shown once, last, and only of a game that is over.
    if let shown = log.firstIndex(of: .shown), shown != log.count - 1 || !isOver { return false }
    // A tie is among players still in the game when it was recorded: its
    // revote lists them, and undo replays it.
    var out: Set<Int> = []
    for event in log {
      switch event {
      case .died(let seat, _): out.insert(seat)
      case .tied(let among?) where among.contains(where: out.contains): return false
      default: break
      }
    }
    return true
  }

  /// Whether `event` is a line this table's game could have logged by now:
  /// its seats exist, its phase, round and step are the game's (a round not
  /// after the table's), and its kind of action is one the game has.
  private func isPossible(_ event: TableEvent, accuses: Bool, guesses: Bool) -> Bool {
    let valid = seats.indices
    switch event {
    case .looked(let seat):
      return valid.contains(seat)
    case .died(let seat, let cause):
      let derived: Bool
      switch cause {
      case .takenByKamikaze: derived = rules.roles.contains { $0.takesPlayerAlongWhen != nil }
      case .caughtByCop: derived = accuses
      case .accusedByTable: derived = rules.tableAccuses
      default: derived = false
      }
      return valid.contains(seat) && (derived || rules.deathCauses.contains(cause))
    case .phase(let id, let number):
      return rules.phase(id) != nil && number >= 1 && number <= round
    case .accused(let accusation):
      return accuses && valid.contains(accusation.by) && valid.contains(accusation.target)
    case .voted(let vote):
      return rules.tableAccuses && valid.contains(vote.by) && valid.contains(vote.target)
    case .guessed(let guess):
      return guesses && valid.contains(guess.by)
    case .ended:
      return true
    case .chose(let step, let seat):
      return rules.phases.contains { $0.steps.contains { $0.id == step } } && seat.map(valid.contains) != false
    case .tied(let among):
      return rules.usesPhases && among.map { $0.count >= 2 && Set($0).count == $0.count && $0.allSatisfy(valid.contains) } != false
    case .spared:
      return rules.usesPhases
    case .shown:
      // Only as the last line, of a game that is over (checked with the whole log).
      return true
    }
  }
}
