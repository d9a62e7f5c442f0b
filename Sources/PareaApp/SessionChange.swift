import PareaRules

/// A change to the game in play, asked for by a screen (`Change.session`)
/// and applied by `GameSession.apply(_:)`, the one place that writes it. A
/// screen that must know what a change leads to works on a `SessionDraft`:
/// the same function on a copy, so what it foresees is what then happens.
enum SessionChange: Hashable, Sendable {
  /// The player at `seat` has seen their role (the view counter).
  case look(seat: Int)
  /// The player at `seat` hid their role: the laptop goes to the next one.
  case handedOn(seat: Int)
  /// The next phase (night or day) begins.
  case advancePhase
  /// The player at `seat` is out, of `cause`, under the narrator's house rules given.
  case markDead(seat: Int, cause: DeathCause, rules: DealtRules)
  /// The pending kamikaze takes the player at `seat` along.
  case takeAlong(seat: Int)
  /// The player at `by` accuses the one at `seat` (Killer's Cop, or a false claim).
  case accuse(seat: Int, by: Int)
  /// The table accuses the player at `seat`, the vote started by the one at `startedBy` (Spy).
  case tableAccuses(seat: Int, startedBy: Int)
  /// The player at `by` makes the final guess of the location (Spy).
  case guessLocation(LocationID, by: Int)
  /// The table's last action is taken back.
  case undo
  /// Takes a whole night back from the day after it (`Table.undoNight`); the narration goes back to dusk.
  case undoNight
  /// The table ends the game by hand.
  case end
  /// The game over is shown to the whole table, every role with it: nothing
  /// of it can be undone from now on (`Table.showResult`).
  case showResult
  /// The round timer.
  case timer(TimerChange)
  /// A step of a narrated game.
  case narration(NarrationChange)
}

/// A step of a narrated game (`Narration`), with the table it records on.
enum NarrationChange: Hashable, Sendable {
  /// Enter on a stage that waits for the table, at `now`.
  case proceed(now: Int64)
  /// The player at `seat` is chosen in the night's step on show, at `now`.
  case choose(seat: Int, now: Int64)
  /// The night's step on show, waiting for its choice, passes without one (a night on the phones).
  case pass(now: Int64)
  /// The town's vote came to `result`.
  case vote(VoteResult)
  /// The kamikaze voted out takes the player at `seat` along.
  case takeAlong(seat: Int)
  /// Time passes, to `now`: a timed stage whose time is over moves on.
  case tick(now: Int64)
  /// The day's timer ran out: the vote begins.
  case timeIsUp
}

/// Why the rules refused a change to the game in play.
enum SessionRefusal: Error, Hashable {
  /// The table's rules refused it.
  case table(TableError)
  /// The narration could not take the step.
  case narration(NarrationError)
}

/// A change to the round timer.
enum TimerChange: Hashable, Sendable {
  /// The timer goes (a round's timer does not run into the next).
  case stop
  /// Starts or pauses it; with none yet, one of `minutes` starts (nil: no timer for this game).
  case toggle(minutes: Int?)
  /// Lengthens or shortens it by whole minutes.
  case adjust(minutes: Int)
  /// A timer of `minutes`, running from now (a narrated day's).
  case startRunning(minutes: Int)
  /// Time passes, to `now` (judged true when the time is up).
  case tick(now: Int64)
}

/// What a change came to, for the screen that asked for it.
enum SessionResult: Hashable, Sendable {
  /// Done.
  case done
  /// Judged right (true) or wrong: an accusation, a vote, a guess.
  case judged(Bool)
  /// A death recorded, with what the rules then wait for, if anything.
  case followUp(FollowUp?)
  /// What the narration's step calls for: lines to say, repaints, the end.
  case cues([NarrationCue])
}

extension GameSession {
  /// Applies a screen's change to the game in play: all of it, or (when the
  /// rules refuse it) nothing.
  @discardableResult
  mutating func apply(_ change: SessionChange) throws(SessionRefusal) -> SessionResult {
    var after = self
    let result = try after.make(change)
    self = after
    return result
  }

  private mutating func make(_ change: SessionChange) throws(SessionRefusal) -> SessionResult {
    func onTable<Result>(_ body: (inout Table) throws(TableError) -> Result) throws(SessionRefusal) -> Result {
      guard var dealt = table else { throw .table(.notAllowed) }
      do throws(TableError) {
        let result = try body(&dealt)
        table = dealt
        return result
      } catch {
        throw .table(error)
      }
    }
    switch change {
    case .look(let seat):
      try onTable { table throws(TableError) in try table.recordLook(at: seat) }
      return .done
    case .handedOn(let seat):
      nextReveal = max(nextReveal, seat + 1)
      return .done
    case .advancePhase:
      try onTable { table throws(TableError) in try table.advancePhase() }
      return .done
    case .markDead(let seat, let cause, let rules):
      return .followUp(try onTable { table throws(TableError) in try table.markDead(seat, cause: cause, rules: rules) })
    case .takeAlong(let seat):
      try onTable { table throws(TableError) in try table.resolveFollowUp(target: seat) }
      return .done
    case .accuse(let seat, let by):
      return .judged(try onTable { table throws(TableError) in try table.accuse(seat, by: by) })
    case .tableAccuses(let seat, let starter):
      return .judged(try onTable { table throws(TableError) in try table.tableAccuses(seat, startedBy: starter) })
    case .guessLocation(let location, let by):
      return .judged(try onTable { table throws(TableError) in try table.guessLocation(location, by: by) })
    case .undo:
      let step = try onTable { table throws(TableError) in try table.undo() }
      if let table { narration?.tookBack(step, table: table) }
      return .done
    case .undoNight:
      try onTable { table throws(TableError) in try table.undoNight() }
      narration?.tookBackNight()
      return .done
    case .showResult:
      try onTable { table throws(TableError) in try table.showResult() }
      return .done
    case .end:
      try onTable { table throws(TableError) in table.end() }
      narration?.end()
      return .done
    case .timer(.stop):
      timer = nil
      return .done
    case .timer(.toggle(let minutes)):
      if timer == nil, let minutes { timer = RoundTimer(minutes: minutes) }
      timer?.toggle()
      return .done
    case .timer(.adjust(let minutes)):
      timer?.adjust(minutes: minutes)
      return .done
    case .timer(.startRunning(let minutes)):
      var running = RoundTimer(minutes: minutes)
      running.toggle()
      timer = running
      return .done
    case .timer(.tick(let now)):
      return .judged(timer?.tick(now: now) == true)
    case .narration(let step):
      guard var narration, var dealt = table else { throw .table(.notAllowed) }
      do throws(NarrationError) {
        let cues: [NarrationCue]
        switch step {
        case .proceed(let now): cues = try narration.proceed(table: &dealt, now: now)
        case .choose(let seat, let now): cues = try narration.choose(seat, table: &dealt, now: now)
        case .pass(let now): cues = try narration.passWithoutChoice(table: &dealt, now: now)
        case .vote(let result): cues = try narration.vote(result, table: &dealt)
        case .takeAlong(let seat): cues = try narration.takeAlong(seat, table: &dealt)
        case .tick(let now): cues = narration.tick(table: &dealt, now: now)
        case .timeIsUp: cues = try narration.timeIsUp()
        }
        self.narration = narration
        table = dealt
        return .cues(cues)
      } catch {
        throw .narration(error)
      }
    }
  }
}

/// A screen's edit of the game in play, applied once by the top-level
/// reducer (`AppState.apply(_ change:)`): the session it started from, what
/// its changes made of it, and the changes themselves, replayed only if the
/// app's session is no longer the one the screen started from.
struct SessionEdit: Hashable, Sendable {
  /// The session the screen's draft started from.
  let base: GameSession
  /// The session as the draft's changes left it.
  let result: GameSession
  /// The changes, in order.
  let steps: [SessionChange]
}

/// The game in play as a screen's changes leave it: each change is applied
/// here at once (so the screen sees what it leads to), and the whole edit
/// goes to the top-level reducer as one change (`changes`), which takes the
/// result as it is.
struct SessionDraft {
  /// The session the draft started from.
  private let base: GameSession
  /// The session with the changes so far.
  private(set) var session: GameSession
  /// Its dealt table as the changes leave it.
  private(set) var table: Table
  /// The changes so far, in order (refused ones are not kept).
  private(set) var steps: [SessionChange] = []

  /// A draft of `session`, if it has a dealt table.
  init?(_ session: GameSession?) {
    guard let session, let table = session.table else { return nil }
    base = session
    self.session = session
    self.table = table
  }

  /// The edit for the app to apply: one change, or none when nothing changed.
  var changes: [Change] {
    steps.isEmpty ? [] : [.edit(SessionEdit(base: base, result: session, steps: steps))]
  }

  /// Applies `change`, keeping it; a refused change changes nothing and is not kept.
  @discardableResult
  mutating func apply(_ change: SessionChange) throws(SessionRefusal) -> SessionResult {
    let result = try session.apply(change)
    if let table = session.table { self.table = table }
    steps.append(change)
    return result
  }
}
