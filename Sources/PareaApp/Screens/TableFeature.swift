import PareaCanvas
import PareaRules

extension AppState {
  /// The players a pick offers: the living, except for looking at one's role.
  func pickable(for purpose: TableScreen.Purpose) -> [Int] {
    guard let table else { return [] }
    switch purpose {
    case .look: return Array(table.seats.indices)
    // Left out by who was picked a moment ago, in front of everyone, never by
    // role: the accuser is whoever the table said accuses.
    case .voteStarter(let target): return table.alive.filter { $0 != target }
    case .accuse(let by): return table.alive.filter { $0 != by }
    // Never filtered or ordered by role: a list missing one name would tell
    // the table who the Cop is, or who could guess.
    default: return table.alive
    }
  }
}

/// What the table's actions do. The game in play changes only through a
/// `SessionDraft`: each change is tried on the draft (so the screen knows
/// what it led to: a follow-up, a verdict, a winner) and handed on in the
/// outcome, for the top-level reducer to apply in the same order.
extension TableScreen: Feature {
  /// The manual table is the table's; a role shown again is `LookAgainScreen`.
  func audience(in state: AppState) -> Audience { .table }

  /// The Cop's suspect and the one who started Spy's accusation are final on Enter.
  func guardedMoment(in state: AppState) -> GuardedMoment? {
    switch mode {
    case .main, .cause: return nil
    case .pick(let purpose):
      switch purpose {
      case .accuse, .voteStarter: return .finalPick(purpose)
      case .look, .markDead, .kamikaze, .accuser, .tableAccuses, .guesser: return nil
      }
    }
  }

  mutating func reduce(_ action: TableAction, in context: ScreenContext) -> Outcome {
    guard var draft = SessionDraft(context.session) else { return .stay }
    let state = context.state
    let rules = draft.table.rules
    var outcome = Outcome.stay
    switch action {
    case .dismiss:
      notice = nil
    case .adjustTimer(let minutes):
      _ = try? draft.apply(.timer(.adjust(minutes: minutes)))
    case .jump(let last):
      switch mode {
      case .main: selection = last ? max(0, draft.table.seats.count - 1) : 0
      case .pick(let purpose): selection = last ? max(0, state.pickable(for: purpose).count - 1) : 0
      case .cause: causeSelection = last ? max(0, rules.deathCauses.count - 1) : 0
      }
    case .move(let step):
      move(step, in: context)
    case .command(let command):
      notice = nil
      switch command {
      case .look: startPick(.look)
      case .markDead:
        if draft.table.isMeetingNight() {
          // The group's house rule: on the first night the thieves only meet.
          notice = Notice(kind: .info, title: "table.meetingNight.title", message: "table.meetingNight.message")
        } else {
          startPick(.markDead)
        }
      case .nextPhase:
        _ = try? draft.apply(.advancePhase)
        // A timer belongs to one round: the day's does not run into the night,
        // and the next day starts its own.
        _ = try? draft.apply(.timer(.stop))
        outcome.effects.append(.saveGame)
      case .accuse:
        // The accuser is always asked for first, from everyone: the list of
        // suspects then leaves out the player the table just named, and never
        // tells who holds the accusing role.
        let accusers = draft.table.alive.filter { (draft.table.accusationsLeft(for: $0) ?? 0) > 0 }
        if accusers.isEmpty {
          notice = Notice(kind: .error, title: "table.noAccuser.title", message: "table.noAccuser.message")
        } else {
          startPick(.accuser)
        }
      case .tableAccuses: startPick(.tableAccuses)
      case .timer:
        // The length the group chose on the setup (or the game's own), kept at the deal.
        _ = try? draft.apply(.timer(.toggle(minutes: draft.table.roundMinutes)))
        // Saved with its time left: a restart finds it where it was, paused.
        outcome.effects.append(.saveGame)
      case .guessLocation:
        startPick(.guesser)
      // Pages of their own, which come back to the list as it was.
      case .roles: outcome.next = .go(.tableList(TableListScreen(.roles, table: self)))
      case .locations: outcome.next = .go(.tableList(TableListScreen(.locations, table: self)))
      case .undo:
        if let step = draft.table.lastStep {
          outcome.next = .ask(Confirmation(.undo(step), yes: .table(.takeBack(step))))
        } else {
          notice = Notice(kind: .info, title: "table.nothingToUndo.title", message: "table.nothingToUndo.message")
        }
      case .settings:
        outcome.next = .go(.settings(SettingsScreen(returnTo: ReturnPoint(.table(self)))))
      case .end:
        outcome.next = .ask(.endGame)
      }
    case .cancel:
      // A kamikaze's choice cannot be skipped: the rules wait for it.
      if case .pick(.kamikaze) = mode { break }
      mode = .main
    case .pick:
      outcome = pick(&draft, in: context)
    case .markDeadAnyway(let seat, let cause):
      outcome = markDead(seat, cause: cause, &draft, in: context)
    case .keepAlive:
      mode = .main
    case .timeUp:
      // Each game says what comes next: Spy's accusation, Palermo's vote.
      notice = Notice(kind: .info, title: "timer.up.title", message: GameKeys.timeUp(rules.id))
    case .takeBack(let step):
      return Self.takeBack(step, fromTable: true, in: context)
    }
    return outcome.after(draft.changes)
  }

  /// "Undo …?" answered yes (at the table, `fromTable`, or on the summary):
  /// the table's last action goes, if it is still the one named.
  static func takeBack(_ step: TableStep, fromTable: Bool, in context: ScreenContext) -> Outcome {
    guard var draft = SessionDraft(context.session), draft.table.lastStep == step else { return .stay }
    var page = TableScreen()
    do {
      try draft.apply(.undo)
    } catch {
      // Only a damaged file gets here: the table stays as it was.
      page.notice = Notice(kind: .error, title: "table.cannotUndo.title", message: "table.cannotUndo.message")
      if fromTable { return .go(.table(page)) }
      return .stay
    }
    let table = draft.table
    let next: Screen
    if table.rules.winner(of: table) != nil || table.endedByHand {
      next = .summary(SummaryScreen())
    } else if case .takePlayer(let by) = table.pending {
      // Undoing a kamikaze's choice asks for it again.
      page.mode = .pick(.kamikaze(by: by))
      next = .table(page)
    } else {
      page.notice = Notice(
        kind: .info, title: "table.undone.title", message: "table.undone.message",
        args: ["what": .text(Confirmation.describe(step, table: table, words: context.words))])
      next = .table(page)
    }
    // From the summary, every role was on screen: repaint it all.
    return .go(next, draft.changes, effects: [.saveGame, .redrawAll])
  }

  // MARK: Steps

  private mutating func move(_ step: Int, in context: ScreenContext) {
    let state = context.state
    guard let table = context.table else { return }
    switch mode {
    case .main: selection = Self.clamp(selection + step, table.seats.count)
    // A picker is a short ring: past the last player comes the first again.
    case .pick(let purpose): selection = Self.wrap(selection + step, state.pickable(for: purpose).count)
    case .cause: causeSelection = Self.wrap(causeSelection + step, table.rules.deathCauses.count)
    }
  }

  private mutating func startPick(_ purpose: Purpose) {
    // Every pick opens on its first player: a row left highlighted by another
    // step (or by someone else) is the easiest slip to make with Enter.
    mode = .pick(purpose)
    selection = 0
  }

  private static func clamp(_ value: Int, _ count: Int) -> Int { max(0, min(count - 1, value)) }

  private static func wrap(_ value: Int, _ count: Int) -> Int {
    count == 0 ? 0 : ((value % count) + count) % count
  }

  private static let notAllowed = Notice(kind: .error, title: "table.notAllowed.title", message: "table.notAllowed.message")

  private mutating func pick(_ draft: inout SessionDraft, in context: ScreenContext) -> Outcome {
    let state = context.state
    let table = draft.table
    let rules = table.rules
    switch mode {
    case .pick(let purpose):
      let seats = state.pickable(for: purpose)
      guard seats.indices.contains(selection) else { return .stay }
      let seat = seats[selection]
      let name = Notice.Argument.text(table.seats[seat].name)
      switch purpose {
      case .look:
        // A page of its own, which comes back to the list as it was.
        mode = .main
        return .go(.lookAgain(LookAgainScreen(seat: seat, table: self)), effects: [.redrawAll])
      case .markDead:
        if rules.deathCauses.count == 1 {
          return markDead(seat, cause: rules.deathCauses[0], &draft, in: context)
        }
        mode = .cause(seat: seat)
        causeSelection = 0  // the phase's own cause: listed first
      case .kamikaze:
        _ = try? draft.apply(.takeAlong(seat: seat))
        mode = .main
        notice = Notice(kind: .info, title: "table.taken.title", message: "table.taken.message", args: ["name": name])
        return Self.finishIfWon(draft.table, effects: [.saveGame])
      case .accuser:
        // Judged only once the accusation is made: refusing here would let
        // anyone find the Cop by picking players and going back.
        startPick(.accuse(by: seat))
      case .accuse(let by):
        // Made by anyone: an accuser who is not the Cop has made a false
        // claim, which the rules record and which ends the game (a refusal
        // here would tell the table who the Cop is not).
        guard case .judged(let correct)? = try? draft.apply(.accuse(seat: seat, by: by)) else {
          mode = .main
          notice = Self.notAllowed
          return .stay
        }
        mode = .main
        let left = draft.table.accusationsLeft(for: by) ?? 0
        notice = Notice(
          kind: correct ? .info : .error,
          title: correct ? "table.accuseRight.title" : "table.accuseWrong.title",
          message: correct ? "table.accuseRight.message" : "table.accuseWrong.message",
          args: ["name": name, "left": .phrase(left == 1 ? "table.accusationsLeft.one" : "table.accusationsLeft.other", ["count": String(left)])])
        return Self.finishIfWon(draft.table, effects: [.saveGame])
      case .tableAccuses:
        mode = .pick(.voteStarter(target: seat))
        selection = 0
      case .voteStarter(let target):
        let name = Notice.Argument.text(table.seats[target].name)
        guard case .judged(let caught)? = try? draft.apply(.tableAccuses(seat: target, startedBy: seat)) else {
          mode = .main
          notice = Self.notAllowed
          return .stay
        }
        mode = .main
        notice = Notice(
          kind: caught ? .info : .error,
          title: caught ? "table.caught.title" : "table.innocent.title",
          message: caught ? "table.caught.message" : "table.innocent.message", args: ["name": name])
        return Self.finishIfWon(draft.table, effects: [.saveGame])
      case .guesser:
        // Anyone may claim, and the claimant goes on in private: what follows
        // looks and behaves the same for a spy and for a local, and only the
        // final guess, which ends the round, is judged.
        mode = .main
        return .go(.spyGuess(SpyGuessScreen(by: seat, table: self)), effects: [.redrawAll])
      }
    case .cause(let seat):
      let causes = table.causesOffered
      guard causes.indices.contains(causeSelection) else { return .stay }
      let cause = causes[causeSelection]
      if let earlier = table.deathThatEndedPhase {
        // Two deaths in one phase are rare: most often "next" was forgotten.
        return .ask(
          Confirmation(
            .secondDeath(seat: seat, cause: cause, earlier: earlier),
            yes: .table(.markDeadAnyway(seat: seat, cause: cause)), no: .table(.keepAlive)))
      }
      return markDead(seat, cause: cause, &draft, in: context)
    default: break
    }
    return .stay
  }

  private mutating func markDead(
    _ seat: Int, cause: DeathCause, _ draft: inout SessionDraft, in context: ScreenContext
  ) -> Outcome {
    // A cause some role cannot die of (Killer's wink, which spares the Cop
    // and the killers) is confirmed by the player in private: refusing it on
    // the shared screen would tell the table who holds such a role.
    if draft.table.rules.roles.contains(where: { !$0.canDie(of: cause) }) {
      mode = .main
      return .go(.outAnswer(OutAnswerScreen(seat: seat, cause: cause, table: self)), effects: [.redrawAll])
    }
    return record(seat, cause: cause, &draft, in: context)
  }

  /// The private answer of a player marked out: a player the cause can take
  /// out and who says so is out; anyone else stays in, and the table is told
  /// only that (the same words whether they said no or could not be taken).
  mutating func answerOut(
    _ out: Bool, seat: Int, cause: DeathCause, _ draft: inout SessionDraft, in context: ScreenContext
  ) -> Outcome {
    let table = draft.table
    guard table.seats.indices.contains(seat) else { return .stay }
    let name = Notice.Argument.text(table.seats[seat].name)
    if out, table.rules.role(table.seats[seat].role)?.canDie(of: cause) != false {
      let outcome = record(seat, cause: cause, &draft, in: context)
      if case .main = mode, !outcome.effects.isEmpty {
        notice = Notice(kind: .info, title: "table.out.done.title", message: "table.out.done.message", args: ["name": name])
      }
      return outcome.adding([.redrawAll])
    }
    mode = .main
    notice = Notice(kind: .info, title: "table.out.stillIn.title", message: "table.out.stillIn.message", args: ["name": name])
    return .stay(effects: [.redrawAll])
  }

  private mutating func record(
    _ seat: Int, cause: DeathCause, _ draft: inout SessionDraft, in context: ScreenContext
  ) -> Outcome {
    // The phase moves only when the table says so ("next"): the cause menu
    // follows the phase, and a jump nobody asked for would change what the
    // next Enter records (docs/DECISIONS.md).
    let change = SessionChange.markDead(seat: seat, cause: cause, rules: draft.table.options.dealt)
    guard case .followUp(let followUp)? = try? draft.apply(change) else {
      mode = .main
      notice = Self.notAllowed
      return .stay
    }
    if case .takePlayer(let by)? = followUp {
      mode = .pick(.kamikaze(by: by))
      selection = 0
      notice = nil
      return .stay(effects: [.saveGame])
    }
    mode = .main
    return Self.finishIfWon(draft.table, effects: [.saveGame])
  }

  /// The claimed spy's guess, confirmed: recorded and judged by the rules,
  /// which end the round whoever made it (a local's claim is a false one).
  mutating func makeGuess(_ location: LocationID, by: Int, in context: ScreenContext) -> Outcome {
    guard var draft = SessionDraft(context.session) else { return .stay }
    mode = .main
    guard (try? draft.apply(.guessLocation(location, by: by))) != nil else {
      notice = Self.notAllowed
      return .stay(effects: [.redrawAll])
    }
    return Self.finishIfWon(draft.table, effects: [.saveGame]).after(draft.changes)
  }

  /// From a private screen's hand-back, in front of everyone: to the game
  /// over if the game is over (its result not yet drawn), else back to the
  /// table's page as the answer left it.
  static func handedBack(_ page: TableScreen, in context: ScreenContext) -> Outcome {
    if context.table?.isOver == true { return .go(.summary(SummaryScreen()), effects: [.redrawAll]) }
    return .go(.table(page), effects: [.redrawAll])
  }

  /// Goes to the summary as soon as the rules name a winner.
  private static func finishIfWon(_ table: Table, effects: [Effect]) -> Outcome {
    guard table.rules.winner(of: table) != nil else { return .stay(effects: effects) }
    return .go(.summary(SummaryScreen()), effects: effects + [.redrawAll])
  }

  func draw(into canvas: inout Canvas, in context: ScreenContext) {
    draw(into: &canvas, state: context.state, words: context.words)
  }

  func back(in context: ScreenContext) -> Outcome { .ask(.abandonGame) }
}
