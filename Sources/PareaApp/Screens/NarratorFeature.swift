import PareaCanvas
import PareaLocale
import PareaRules

/// What the narrator's actions do. The narration and its table change only
/// through `SessionChange.narration`, tried on a `SessionDraft` first: the
/// cues a step gives say what to speak, what to repaint and when the game is over.
extension NarratorScreen: Feature {
  /// The roles on the moderator's list are the moderator's; a secret step
  /// of the night, the awake roles'; the rest is the table's.
  func audience(in state: AppState) -> Audience {
    if showingRoles { return .moderator }
    return state.session?.narration?.stage.isSecret == true ? .awake : .table
  }

  /// A list that records a choice (a night step, the vote, a kamikaze's
  /// choice), and a choice waiting for "yes".
  func guardedMoment(in state: AppState) -> GuardedMoment? {
    guard let narration = state.session?.narration, let table = state.table, !showingRoles else { return nil }
    if let pick = confirming {
      return .narratorConfirm(round: table.round, stage: narration.stage, pick: pick)
    }
    switch narration.stage {
    // A night on the phones takes no key on the laptop: nothing to guard.
    case .awake where state.phones.nightOnPhones: return nil
    case .awake where narration.hasChosen(on: table): return nil
    case .awake, .vote, .takeAlong:
      return .narratorList(round: table.round, stage: narration.stage, revoting: narration.revoting, counting: counting != nil)
    case .dusk, .nightFalls, .asleep, .morning, .discussion, .over: return nil
    }
  }

  mutating func reduce(_ action: NarratorAction, in context: ScreenContext) -> Outcome {
    guard var draft = SessionDraft(context.session), context.session?.narration != nil else { return .stay }
    let state = context.state
    var cues: [NarrationCue] = []
    var outcome = Outcome.stay
    let entries = self.entries(state: state)
    // The narrator's page as the pages over it go back to: nothing chosen.
    var beneath = self
    beneath.selection = 0
    beneath.picking = false
    beneath.confirming = nil
    beneath.counting = nil
    // A step that refuses to go on is said, never swallowed: the table then
    // knows that Esc (leave the game) is the way out. A saved game whose
    // narration does not fit its table is refused when read
    // (`Narration.isConsistent`), so this is for what no check foresaw.
    func attempt(_ step: NarrationChange) {
      if case .cues(let given)? = try? draft.apply(.narration(step)) {
        cues = given
      } else {
        outcome.changes.append(.report(Notice(kind: .error, title: "narrator.stuck.title", message: "narrator.stuck.message")))
      }
    }
    switch action {
    case .move(let step):
      let rows = counting?.count ?? entries.count
      selection = max(0, min(rows - 1, selection + step))
    case .addHands(let step):
      // At most everyone in the game, each hand once.
      if var hands = counting, hands.indices.contains(selection) {
        hands[selection] = max(0, min(draft.table.alive.count, hands[selection] + step))
        counting = hands
      }
    case .setHands(let digit):
      if var hands = counting, hands.indices.contains(selection) {
        hands[selection] = min(draft.table.alive.count, digit)
        counting = hands
      }
    case .stopCounting:
      counting = nil
      selection = 0
    case .select where counting != nil:
      // A count with more hands than players is counted again (the screen says so).
      if let result = countResult(state: state) { confirming = .counted(result) }
    case .select where picking:
      guard entries.indices.contains(selection), case .seat(let seat) = entries[selection] else { break }
      picking = false
      selection = 0
      return .go(.lookAgain(LookAgainScreen(seat: seat, beneath: .narrator(beneath))), effects: [.redrawAll])
    case .lookAgain:
      picking = true
      selection = 0
    case .stopPicking:
      picking = false
      selection = 0
    case .roles:
      return .go(.tableList(TableListScreen(.roles, beneath: .narrator(beneath))))
    case .settings:
      return .go(.settings(SettingsScreen(returnTo: ReturnPoint(.narrator(beneath)))))
    case .end:
      return .ask(.endGame)
    case .undo:
      guard let narration = draft.session.narration else { break }
      switch Self.undoable(narration, table: draft.table) {
      case .night?: return .ask(Confirmation(.undoNight, yes: .narrator(.takeBackNight)))
      case .step(let step)?: return .ask(Confirmation(.undo(step), yes: .narrator(.takeBack(step))))
      case nil:
        let notice = Notice(kind: .info, title: "table.nothingToUndo.title", message: "narrator.nothingToUndo.message")
        return .stay([.report(notice)])
      }
    case .select:
      if entries.isEmpty {
        // Enter moves on a stage that waits for the table; a timed one (the
        // night's steps) goes on by itself, and Enter there does nothing.
        if draft.session.narration?.proceedsOnEnter == true { attempt(.proceed(now: state.clock)) }
        resumedNight = false
        if draft.session.narration?.stage == .discussion {
          _ = try? draft.apply(.timer(.startRunning(minutes: draft.table.roundMinutes ?? 3)))
        }
      } else if entries.indices.contains(selection) {
        let entry = entries[selection]
        if let narration = draft.session.narration,
          entry == .count || (entry == .tie && Self.tieCounts(narration, table: draft.table))
        {
          // Counting the hands (or, once everyone has voted on the phones,
          // their votes): nothing is recorded until the count's result is confirmed.
          counting = state.phonesCount ?? Array(repeating: 0, count: narration.candidates(on: draft.table).count)
          countedOnPhones = state.phonesCount != nil
          selection = 0
        } else {
          confirming = entry
        }
      }
    case .confirm:
      guard let pick = confirming else { break }
      confirming = nil
      counting = nil
      selection = 0
      switch (draft.session.narration?.stage, pick) {
      case (.awake?, .seat(let seat)): attempt(.choose(seat: seat, now: state.clock))
      case (.vote?, .seat(let seat)): attempt(.vote(.out(seat)))
      case (.vote?, .tie): attempt(.vote(.tied(among: nil)))
      case (.vote?, .nobody): attempt(.vote(.nobody))
      case (.vote?, .counted(let result)): attempt(.vote(result))
      case (.takeAlong?, .seat(let seat)): attempt(.takeAlong(seat: seat))
      default: break
      }
    case .phoneChoice(let seat):
      // The phones' choice (`NightPicks.due`): recorded as the laptop's,
      // with nothing on the laptop's screen to tell it came.
      guard state.phones.nightOnPhones, case .awake? = state.session?.narration?.stage else { break }
      attempt(seat.map { .choose(seat: $0, now: state.clock) } ?? .pass(now: state.clock))
    case .phonesCounted(let hands):
      guard confirming == nil, counting == nil, !picking else { break }
      counting = hands
      countedOnPhones = true
      selection = 0
    case .cancel:
      confirming = nil
    case .toggleTimer:
      _ = try? draft.apply(.timer(.toggle(minutes: nil)))
    case .askRoles:
      outcome.next = .ask(Confirmation(.moderatorRoles, yes: .narrator(.showRoles)))
    case .clock(let now):
      return passTime(now: now, in: context)
    case .showRoles:
      // The moderator's look at every role is not anyone's look at their
      // own: nothing is recorded.
      showingRoles = true
      return .stay(effects: [.redrawAll])
    case .takeBack(let step):
      // Still the step named, and still one to take back here: a night step
      // may have ended under the question (its choice then stays).
      guard let narration = draft.session.narration, Self.undoable(narration, table: draft.table) == .step(step)
      else { return .stay }
      return takeBack(.undo, what: { Confirmation.describe(step, table: $0, words: context.words) }, draft: draft)
    case .takeBackNight:
      guard let narration = draft.session.narration, Self.undoable(narration, table: draft.table) == .night
      else { return .stay }
      return takeBack(.undoNight, what: { _ in context.words("undo.what.night") }, draft: draft)
    case .hideRoles:
      showingRoles = false
      outcome.effects.append(.redrawAll)
    case .toggleVoice:
      moderatorVoice.toggle()
      if !moderatorVoice { outcome.effects.append(.silence) }
    }
    // The day's timer is the discussion's alone.
    if draft.session.narration?.stage != .discussion { _ = try? draft.apply(.timer(.stop)) }
    let narrated = narrate(cues, draft: draft, in: context)
    return Outcome(
      next: narrated.next.isStay ? outcome.next : narrated.next,
      changes: draft.changes + outcome.changes, effects: outcome.effects + narrated.effects)
  }

  /// "Undo …?" answered yes: the table takes the step (or the night) back
  /// and the narration goes back to where it was taken; what was undone is
  /// said on screen (a night's choices never: "last night"), any line being
  /// spoken stops, and the whole screen is repainted.
  private mutating func takeBack(_ change: SessionChange, what: (Table) -> String, draft: SessionDraft) -> Outcome {
    var draft = draft
    do {
      try draft.apply(change)
    } catch {
      // Only a damaged file gets here: the game stays as it was.
      return .stay([.report(Notice(kind: .error, title: "table.cannotUndo.title", message: "table.cannotUndo.message"))])
    }
    // The day's timer is the discussion's alone.
    if draft.session.narration?.stage != .discussion { _ = try? draft.apply(.timer(.stop)) }
    selection = 0
    confirming = nil
    picking = false
    counting = nil
    // What was said no longer stands: the stage it was said for is taken back.
    said = nil
    let notice = Notice(
      kind: .info, title: "table.undone.title", message: "table.undone.message", args: ["what": .text(what(draft.table))])
    return .stay(draft.changes + [.report(notice)], effects: [.silence, .saveGame, .redrawAll])
  }

  /// Lets the narration's time pass (`NarratorAction.clock`, on every tick,
  /// also under a page over the narrator, which the day's timer runs on
  /// behind): a secret step whose time is over moves on; the day's timer
  /// running out starts the vote.
  private mutating func passTime(now: Int64, in context: ScreenContext) -> Outcome {
    guard var draft = SessionDraft(context.session), context.session?.narration != nil else { return .stay }
    var cues: [NarrationCue] = []
    // A tick that moves nothing on changes nothing. One that moves the
    // narration without a word (a step past its time that waits for its
    // choice) changes it silently.
    var moved = draft
    if case .cues(let given)? = try? moved.apply(.narration(.tick(now: now))),
      !given.isEmpty || moved.session.narration != draft.session.narration
    {
      cues = given
      draft = moved
    }
    // The stage is the discussion, so the vote can always begin.
    if draft.session.narration?.stage == .discussion,
      case .judged(true)? = try? draft.apply(.timer(.tick(now: now))),
      case .cues(let vote)? = try? draft.apply(.narration(.timeIsUp))
    {
      cues += vote
      _ = try? draft.apply(.timer(.stop))
    }
    return narrate(cues, draft: draft, in: context).after(draft.changes)
  }

  /// The outcome of the narration's cues: the line to say (or the bell when
  /// nothing is spoken), the repaint to "eyes closed" after a secret step,
  /// the save, and the summary when a side has won. No cues, nothing.
  private mutating func narrate(_ cues: [NarrationCue], draft: SessionDraft, in context: ScreenContext) -> Outcome {
    guard !cues.isEmpty, let narration = draft.session.narration else { return .stay }
    let state = context.state
    let table = draft.table
    var effects: [Effect] = []
    // The repaint comes first: the neutral screen is up before the next line is heard.
    // On a night on the phones the laptop's screen never shows a choice: no repaint for one.
    let choiceShows = !state.phones.nightOnPhones
    if cues.contains(where: { if case .sleep = $0 { true } else { $0 == .chosen && choiceShows } }) {
      effects.append(.redrawAll)
    }
    let lines = NarratorLines.lines(for: cues, table: table, words: context.words, phones: state.onPhones)
    if !lines.isEmpty {
      // What is said is shown, in the same words, until the next stage.
      said = SaidLine(cues: cues, stage: narration.stage)
      let speaks = narration.mode == .parea ? state.preferences.voice : moderatorVoice
      if speaks {
        let speech = Speech(
          text: lines.joined(separator: " "), language: state.language,
          wordsPerMinute: state.preferences.voiceSpeed.wordsPerMinute)
        effects.append(.speak(speech))
      } else {
        effects.append(.bell)
      }
    }
    var next = Outcome.Next.stay
    if narration.stage == .over {
      next = .go(.summary(SummaryScreen()))
      effects.append(.redrawAll)
    } else {
      selection = 0
      confirming = nil
      picking = false
      counting = nil
    }
    effects.append(.saveGame)
    return Outcome(next: next, effects: effects)
  }

  func draw(into canvas: inout Canvas, in context: ScreenContext) {
    draw(into: &canvas, state: context.state, words: context.words)
  }

  func back(in context: ScreenContext) -> Outcome { .ask(.abandonGame) }
}
