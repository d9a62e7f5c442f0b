/// One thing the table did, as undo sees it: an action someone took, which may
/// have written several lines of the log (an accusation and the catch).
public enum TableStep: Hashable, Sendable {
  /// A player was marked out by hand.
  case died(seat: Int, cause: DeathCause)
  /// A kamikaze took the player at `seat` along.
  case taken(seat: Int)
  /// The table moved to a new phase.
  case phase(PhaseID, round: Int)
  /// An accuser accused a player.
  case accused(Accusation)
  /// The table accused a player (Spy's vote).
  case voted(Accusation)
  /// A location was guessed.
  case guessed(LocationGuess)
  /// The game was ended by hand.
  case ended
  /// A night step's choice was recorded (the narrator).
  case chose(NightStepID, seat: Int?)
  /// A tied vote was recorded (the narrator), among these players (nil: not counted).
  case tied(among: [Int]?)
  /// The town chose to vote nobody out (the narrator).
  case spared
}

extension Table {
  /// The table's actions in order, each with the positions of the log lines it
  /// wrote. Looks are not actions: the view counter tells the table that someone
  /// looked, and taking a look back would hide that.
  func steps() throws(TableError) -> [(step: TableStep, lines: [Int])] {
    var steps: [(step: TableStep, lines: [Int])] = []
    var votesSeen = 0
    for (index, event) in log.enumerated() {
      switch event {
      case .looked, .shown:
        continue
      case .died(let seat, .caughtByCop):
        // The catch is what a right accusation does; replaying the accusation
        // catches again, so the line belongs to it.
        guard case .accused(let accusation)? = steps.last?.step, accusation.correct,
          accusation.target == seat, steps[steps.count - 1].lines.count == 1
        else { throw .unreadableLog }
        steps[steps.count - 1].lines.append(index)
      case .died(let seat, .accusedByTable):
        defer { votesSeen += 1 }
        if case .voted(let vote)? = steps.last?.step, vote.target == seat,
          steps[steps.count - 1].lines.count == 1
        {
          steps[steps.count - 1].lines.append(index)
        } else {
          // Saved before votes were logged: who started it is in `votes`, in order.
          guard votes.indices.contains(votesSeen), votes[votesSeen].target == seat else {
            throw .unreadableLog
          }
          steps.append((.voted(votes[votesSeen]), [index]))
        }
      case .died(let seat, .takenByKamikaze):
        steps.append((.taken(seat: seat), [index]))
      case .died(let seat, let cause):
        steps.append((.died(seat: seat, cause: cause), [index]))
      case .phase(let phase, let round):
        steps.append((.phase(phase, round: round), [index]))
      case .accused(let accusation):
        steps.append((.accused(accusation), [index]))
      case .voted(let vote):
        steps.append((.voted(vote), [index]))
      case .guessed(let guess):
        steps.append((.guessed(guess), [index]))
      case .ended:
        steps.append((.ended, [index]))
      case .chose(let step, let seat):
        steps.append((.chose(step, seat: seat), [index]))
      case .tied(let among):
        steps.append((.tied(among: among), [index]))
      case .spared:
        steps.append((.spared, [index]))
      }
    }
    return steps
  }

  /// The last action taken at the table, which `undo()` would take back;
  /// nil when nothing has happened since the reveals (or the log is damaged).
  /// Nil too once the result has been shown: nothing of the game is taken back then.
  public var lastStep: TableStep? { resultShown ? nil : (try? steps())?.last?.step }

  /// Takes back the table's last action and returns it: the table is rebuilt
  /// from its first state by replaying every other action in its log, so it is
  /// exactly what it was before, derived deaths included. Looks stay counted.
  @discardableResult
  public mutating func undo() throws(TableError) -> TableStep {
    // Every role has been on screen: taking the ending back would let the
    // table play on knowing them (DECISIONS: "An ending is public before it is shown").
    guard !resultShown else { throw .resultShown }
    let steps = try steps()
    guard let last = steps.last else { throw .nothingToUndo }
    var startingAt: [Int: TableStep] = [:]
    for (step, lines) in steps.dropLast() { startingAt[lines[0]] = step }
    // Every table starts in its game's first phase of round 1 (the deal puts
    // it there, and always has): a log that says otherwise fails to replay.
    var rebuilt = Table(
      game: rules,
      seats: seats.map { seat in
        var fresh = seat
        fresh.death = nil
        return fresh
      },
      location: location, options: savedOptions)
    rebuilt.firstPlayer = firstPlayer
    for (index, event) in log.enumerated() {
      if case .looked(let seat) = event {
        rebuilt.replayLook(seat)
      } else if let step = startingAt[index] {
        try rebuilt.replay(step)
      }
    }
    self = rebuilt
    return last.step
  }

  /// Whether the last step is a dawn with nothing after it: the day that
  /// follows a night has not begun to act (`undoNight` takes that night back).
  public var nightIsLastStep: Bool {
    guard case .phase(let phase, _)? = lastStep else { return false }
    return rules.phase(phase)?.kind == .open
  }

  /// Takes a whole night back from the day that follows it, with nothing
  /// done since the dawn: the dawn, the night's deaths (a kamikaze's take
  /// too) and every choice, back to where the night began. A narrated game
  /// in Parea's mode undoes a night only so, without showing what was chosen.
  public mutating func undoNight() throws(TableError) {
    guard nightIsLastStep else { throw .nothingToUndo }
    try undo()
    while let last = lastStep {
      if case .phase = last { break }
      try undo()
    }
  }

  /// How many tied votes the day in progress has had.
  public var tiesToday: Int {
    today.filter { if case .tied = $0 { true } else { false } }.count
  }

  /// The players the day's last tie was among, who alone stand in its
  /// revote (nil: no tie today, or one whose hands were not counted).
  public var tiedToday: [Int]? {
    for event in today.reversed() { if case .tied(let among) = event { return among } }
    return nil
  }

  /// The log since the phase in progress began.
  private var today: [TableEvent] {
    Array(log.reversed().prefix { if case .phase = $0 { false } else { true } }.reversed())
  }

  private mutating func replay(_ step: TableStep) throws(TableError) {
    switch step {
    case .died(let seat, let cause):
      try markDead(seat, cause: cause)
    case .taken(let seat):
      try resolveFollowUp(target: seat)
    case .phase(let phase, let round):
      try advancePhase()
      guard self.phase == phase, self.round == round else { throw .unreadableLog }
    case .accused(let accusation):
      try accuse(accusation.target, by: accusation.by)
    case .voted(let vote):
      try tableAccuses(vote.target, startedBy: vote.by)
    case .guessed(let guess):
      try guessLocation(guess.location, by: guess.by)
    case .ended:
      end()
    case .chose(let step, let seat):
      try recordChoice(step, seat: seat)
    case .tied(let among):
      try recordTie(among: among)
    case .spared:
      try recordSpared()
    }
  }
}
