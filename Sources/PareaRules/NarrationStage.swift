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
  /// The vote was tied; `revote` says whether the town votes once more.
  case tied(revote: Bool)
  /// The game is over.
  case won(SideID)
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
