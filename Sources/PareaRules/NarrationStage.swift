// The values a narration moves through and hands out: where it stands
// (`NarrationStage`), what it says as it moves on (`NarrationCue`), and why it
// refuses an action (`NarrationError`). The course itself is `Narration`.

/// Where a narrated game stands.
public enum NarrationStage: Hashable, Codable, Sendable {
  /// Before a night: the table gets ready; Enter lets night fall.
  case dusk
  /// "Everyone, close your eyes" (a fixed pause).
  case nightFalls
  /// The step's roles have their eyes open and choose (it lasts its drawn time, whatever happens).
  case awake(step: Int)
  /// "…close your eyes" after a step (a fixed pause).
  case asleep(step: Int)
  /// A kamikaze chooses whom to take along (`Table.pending`), in the open.
  case takeAlong
  /// The morning's news: who died, or that nobody did.
  case morning
  /// The day's discussion, timed.
  case discussion
  /// The town votes by hand; the result is recorded (a player, or a tie).
  case vote
  /// A side has won.
  case over

  /// Whether the stage belongs to the secret part of the night (restarted
  /// from "everyone, close your eyes" when a game is resumed).
  public var isSecret: Bool {
    switch self {
    case .nightFalls, .awake, .asleep: true
    default: false
    }
  }
}

/// Something the narration says or shows as it moves on: the app turns each
/// cue into a spoken line and a screen. Cues never carry a role, and the cues
/// of a night are the same whoever is alive or dealt.
public enum NarrationCue: Hashable, Sendable {
  /// Night `round` falls: everyone closes their eyes.
  case nightFalls(round: Int)
  /// A step's roles open their eyes (to choose, or only to meet each other).
  case wake(NightStepID, meetingOnly: Bool)
  /// The step's choice is in: the screen turns to "eyes closed" at once.
  case chosen
  /// A step's roles close their eyes.
  case sleep(NightStepID)
  /// Everyone opens their eyes: the morning's news.
  case morning(died: Int?, saved: Bool)
  /// The player at `seat` (a kamikaze) takes a player along: choose whom.
  case takeAlong(by: Int)
  /// The kamikaze at `by` took the player at `seat`.
  case taken(seat: Int, by: Int)
  /// Day `round` begins: discussion.
  case day(round: Int)
  /// The vote begins; `timeUp` says whether the discussion's time ran out.
  case vote(timeUp: Bool)
  /// The town voted the player at `seat` out.
  case votedOut(seat: Int)
  /// The vote was tied; `revote` says whether the town votes once more
  /// (among the tied players: `Table.tiedToday`).
  case tied(revote: Bool)
  /// The town chose to vote nobody out today.
  case spared
  /// The game is over.
  case won(SideID)
}

/// What the town's vote came to, as the table recorded it.
public enum VoteResult: Hashable, Sendable {
  /// The player at this seat is voted out.
  case out(Int)
  /// A tie among these players, each with the most hands (nil: not counted).
  case tied(among: [Int]?)
  /// The town chose to vote nobody out.
  case nobody

  /// The result of a count of hands (seat → hands): the one player with the
  /// most, a tie among those sharing the most, or nobody when no hand was raised.
  public init(hands: [Int: Int]) {
    let most = hands.values.max() ?? 0
    let leaders = hands.filter { $0.value == most }.keys.sorted()
    if most == 0 {
      self = .nobody
    } else if leaders.count == 1 {
      self = .out(leaders[0])
    } else {
      self = .tied(among: leaders)
    }
  }
}

/// Why the narration refused an action (the screens offer only valid ones).
public enum NarrationError: Error, Hashable, Sendable {
  /// Not now: the stage does not take this action.
  case wrongStage
  /// The table refused it.
  case table(TableError)
  /// The player may not be chosen in this step.
  case notACandidate(Int)
}
