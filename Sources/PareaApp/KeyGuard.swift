import PareaCanvas
import PareaRules

// One guard for every key that chooses what cannot be taken back: the
// hand-off (one key away from a role), "Are you ANNA?", a night step's first
// key and its confirmation, the vote, a kamikaze's choice on the narrator,
// the Cop's accusation, Spy's vote and the spy's guess, and the private
// answers (a claimed spy, a player marked out in Killer), the hand-back
// after them and the game over (whose Enter shows every role). When such a moment
// appears, keys are held back until none has come for a deliberate moment;
// every key that comes earlier starts the wait again, so a held key or a
// double press never chooses, however long it is held. Esc always passes:
// it never chooses, it only leaves or says no.

/// A pause after which a guarded moment starts to answer keys.
public struct KeyPause: Hashable, Sendable {
  /// How long keys must stop before the moment answers them (DECISIONS.md:
  /// longer than a double press or a key's auto-repeat gap, shorter than
  /// handing a laptop across a table).
  public static let quietMilliseconds: Int64 = 1000
  /// The clock reading when the moment appeared or a key last came.
  public var since: Int64

  /// A pause that started at `since`.
  public init(since: Int64) { self.since = since }

  /// Whether the keys have been quiet long enough at `now`.
  func isOver(at now: Int64) -> Bool { now - since >= Self.quietMilliseconds }
}

/// A moment whose next key could choose what cannot be taken back. Two
/// moments are the same when the same choice is waiting (a new night step,
/// a new name to confirm, is a new moment and is guarded afresh).
enum GuardedMoment: Hashable {
  /// The hand-off to a seat (its next key shows the role).
  case handOff(seat: Int)
  /// "Are you ANNA?" before a role is shown again.
  case identity(seat: Int)
  /// The laptop passed to a player who answers in private (a claimed spy, a player marked out).
  case privateHandOff(seat: Int)
  /// That player's private answer (whether a wink took them out).
  case privateAnswer(seat: Int)
  /// The laptop handed back to the table after a private answer (its Enter goes on to the table or the game over).
  case handBack(seat: Int)
  /// The game over, its result not shown yet (its Enter shows every role).
  case gameOver
  /// A table's pick whose Enter is final (the Cop's suspect, Spy's vote).
  case finalPick(TableScreen.Purpose)
  /// A narrator's list that records a choice (a night step, the vote, a kamikaze's choice).
  case narratorList(round: Int, stage: NarrationStage, revoting: Bool, counting: Bool)
  /// A narrator's choice waiting for "yes".
  case narratorConfirm(round: Int, stage: NarrationStage, pick: NarratorPick)
  /// A question whose "yes" is final (the spy's guess).
  case question(Confirmation.Question)
}

extension AppState {
  /// The guarded moment on show, if any: a final question, or what the
  /// screen on show says of itself (`Page.guardedMoment`).
  var guardedMoment: GuardedMoment? {
    if let question = confirmation?.question {
      if case .finalGuess = question { return .question(question) }
      return nil
    }
    return screen.page.guardedMoment(in: self)
  }

  /// Whether `key` is held back by the guard (which then starts again).
  mutating func holdsBack(_ key: Key) -> Bool {
    guard let pause = keyGuard, !pause.isOver(at: clock), Shortcut(key) != .escape else { return false }
    keyGuard = KeyPause(since: clock)
    return true
  }

  /// After an action: a new guarded moment starts its pause; none ends it;
  /// a pause the clock has outlasted is over.
  mutating func guardMoment(after before: GuardedMoment?) {
    guard let moment = guardedMoment else {
      keyGuard = nil
      return
    }
    if moment != before {
      keyGuard = KeyPause(since: clock)
    } else if let pause = keyGuard, pause.isOver(at: clock) {
      keyGuard = nil
    }
  }
}
