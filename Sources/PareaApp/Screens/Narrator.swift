import PareaCanvas
import PareaLocale
import PareaRules

/// Palermo narrated: Parea runs the nights and days (`Narration` in the rules
/// library says where the game stands). In Parea's mode the laptop sits in
/// the middle of the table and speaks each step, shown in large type; in the
/// moderator's mode the screen tells the moderator what to say and to record.
///
/// Privacy at night: a secret step shows only its instruction and the players
/// who may be chosen, the same screen whoever is alive or dealt; a choice, and
/// the end of every step, repaint the whole screen to the neutral "eyes
/// closed" screen before the next line is spoken. Parea's mode never shows a role.
public struct NarratorScreen: Hashable, Sendable {
  /// The highlighted entry of the list on show (candidates; the vote's
  /// entries after them: a tie, nobody, count the hands), or the row of the count.
  public var selection = 0
  /// The entry waiting for "yes" (Enter) or "no" (Esc).
  public var confirming: NarratorPick?
  /// The moderator's view of every role is open.
  public var showingRoles = false
  /// The moderator turned the voice on (the moderator's mode speaks only then).
  public var moderatorVoice = false
  /// A game resumed in the middle of a night says so at dusk.
  public var resumedNight = false
  /// By day: the table is choosing who looks at their role again.
  public var picking = false
  /// The last line said (or rung for, without a voice) and the stage it was
  /// said for: shown in the same words until the next stage (`NarratorLines.current`
  /// says what a stage shows when nothing was said for it, as after a restart).
  public var said: SaidLine?
  /// The vote: the hands counted for each player on the vote's list, in its
  /// order (nil: not counting). A count opened anew starts as the table's own.
  public var counting: [Int]? {
    didSet { if counting == nil || oldValue == nil { countedOnPhones = false } }
  }
  /// The count on show holds the votes cast on the phones (`Ballot`), which
  /// the table records as it would its own count.
  public var countedOnPhones = false

  /// Starts with nothing highlighted.
  public init(resumedNight: Bool = false) { self.resumedNight = resumedNight }
}

/// What the narrator last said, with the stage it was said for: kept as the
/// cues, so that it is shown in the language on screen now.
public struct SaidLine: Hashable, Sendable {
  /// The cues whose lines were said.
  public var cues: [NarrationCue]
  /// The stage the narration was at once they were said.
  public var stage: NarrationStage

  /// `cues`, said for `stage`.
  public init(cues: [NarrationCue], stage: NarrationStage) {
    self.cues = cues
    self.stage = stage
  }
}

/// An entry of a narrator's list.
public enum NarratorPick: Hashable, Sendable {
  /// A player.
  case seat(Int)
  /// The vote is tied. When a revote would follow (that house rule, the
  /// first tie of the day) the hands are counted first, to know who tied.
  case tie
  /// Nobody: the town chose not to vote anyone out.
  case nobody
  /// Count the hands for each player.
  case count
  /// What a count of hands came to.
  case counted(VoteResult)
}

/// What the user can do on the narrator's screen.
public enum NarratorAction: Hashable, Sendable {
  /// Move the highlight.
  case move(Int)
  /// The phones chose for the step awake (a night on the phones), or, nil,
  /// the step passes without a choice (its roles' phones went away).
  case phoneChoice(Int?)
  /// Every living player has voted on their phone: the count opens with
  /// these hands in it (in the order of the vote's candidates), unless the
  /// laptop is in the middle of something (a question, a count by hand,
  /// choosing who looks), where its list then offers the phones' votes.
  case phonesCounted([Int])
  /// Enter: ask to confirm the highlighted entry, or go on from a stage that waits.
  case select
  /// Yes to the entry being confirmed.
  case confirm
  /// No to it.
  case cancel
  /// Pause or restart the day's timer.
  case toggleTimer
  /// The moderator asks to see every role (a confirmation first).
  case askRoles
  /// Close the moderator's view of the roles.
  case hideRoles
  /// The moderator turns the voice on or off.
  case toggleVoice
  /// By day: choose who looks at their role again (`select` then shows it).
  case lookAgain
  /// Back from choosing who looks.
  case stopPicking
  /// By day: the roles in this game, a page of their own.
  case roles
  /// By day: the settings (language, voice…), a page of their own.
  case settings
  /// By day: end the game (a question first).
  case end
  /// Take back the last step (a question first, `NarratorScreen.undoable`).
  case undo
  /// The clock moved on (every tick, on show or under a page over it).
  case clock(now: Int64)
  /// "Show every role?" answered yes: the moderator's view opens.
  case showRoles
  /// "Undo …?" answered yes: the step named goes, if it still may.
  case takeBack(TableStep)
  /// "Play last night again?" answered yes.
  case takeBackNight
  /// Counting the vote: one hand more (or less) for the highlighted player.
  case addHands(Int)
  /// Counting the vote: the highlighted player's hands, typed as a digit.
  case setHands(Int)
  /// Back from counting to the vote's list.
  case stopCounting
}

/// What `u` takes back on the narrator's screen.
enum NarratorUndo: Hashable {
  /// The table's last step, named in the question (today's vote or tie, a
  /// kamikaze's take; the moderator's last choice of the night).
  case step(TableStep)
  /// The whole of last night, unseen, from the day after it.
  case night
}

extension NarratorScreen {
  /// Whether `i` opens the rules: at the stages that wait for the table, and
  /// by day (the day's timer runs on under the rules, see `NarratorAction.clock`);
  /// never at night, whose steps are secret and timed.
  static func offersRules(_ narration: Narration) -> Bool {
    switch narration.stage {
    case .dusk, .morning, .takeAlong, .vote, .discussion: true
    case .nightFalls, .awake, .asleep, .over: false
    }
  }

  /// The table's own commands by day, as the manual table has them (each
  /// with the manual table's key and words): look again, the roles (the
  /// moderator's `r` shows every role instead), the settings, end the game.
  static func commands(_ narration: Narration) -> [TableScreen.Command] {
    guard narration.isByDay else { return [] }
    return narration.mode == .moderator ? [.look, .undo, .settings, .end] : [.look, .roles, .undo, .settings, .end]
  }

  /// What `u` would take back now, if anything. By day: the day's last step
  /// (a vote, a tie, a kamikaze's take), or with nothing done since the dawn
  /// the whole night before it, unseen; at dusk before a night, nothing. A
  /// day's kamikaze choosing: the vote that asked for it. At night only the
  /// moderator takes back a choice, in the step it was recorded in: in
  /// Parea's mode the night is secret, and its choices come back only as a
  /// whole night, from the day.
  static func undoable(_ narration: Narration, table: Table) -> NarratorUndo? {
    guard let last = table.lastStep else { return nil }
    switch narration.stage {
    case .dusk where table.isSecretPhase, .takeAlong where !table.isOpenPhase:
      return nil
    case .dusk, .morning, .discussion, .vote, .takeAlong:
      if table.nightIsLastStep { return .night }
      switch last {
      case .tied, .spared, .died(_, .votedOut), .taken: return .step(last)
      default: return nil
      }
    case .awake where narration.mode == .moderator && narration.hasChosen(on: table):
      if case .chose = last { return .step(last) }
      return nil
    default:
      return nil
    }
  }

  /// The entries of the list on show: everyone while choosing who looks
  /// again; else the candidates, and for the vote "nobody" last.
  func entries(state: AppState) -> [NarratorPick] {
    guard let narration = state.session?.narration, let table = state.table else { return [] }
    if picking { return table.seats.indices.map(NarratorPick.seat) }
    let seats = narration.candidates(on: table).map(NarratorPick.seat)
    return narration.stage == .vote ? seats + [.tie, .nobody, .count] : seats
  }

  /// Whether a tie now asks for the count first: under the revote rule, the
  /// day's first tie is voted again among the tied alone.
  static func tieCounts(_ narration: Narration, table: Table) -> Bool {
    narration.stage == .vote && !narration.revoting && table.options.dealt.tie == .revoteOnce
  }

  /// What the count on show comes to (nil: not counting, or more hands than
  /// players in the game, which is counted again).
  func countResult(state: AppState) -> VoteResult? {
    guard let counting, let narration = state.session?.narration, let table = state.table else { return nil }
    let candidates = narration.candidates(on: table)
    guard counting.count == candidates.count, counting.reduce(0, +) <= table.alive.count else { return nil }
    return VoteResult(hands: Dictionary(uniqueKeysWithValues: zip(candidates, counting)))
  }

  /// What the narrator's page lets the user do now, in the footer's
  /// order. A night on the phones: the choices are made there, and the
  /// laptop takes no key that could choose, whoever reaches for it. The
  /// moderator's roles, a question, the vote's count and the list of who
  /// looks again each have their own keys. Otherwise: the stage's own keys,
  /// the moderator's and undo at night (by day they are in the actions'
  /// panel, with the table's commands), the rules where they are offered,
  /// leaving. ↑↓ and Enter are taken at every stage, also where nothing is
  /// listed: a secret step's screen after its choice must take keys as it
  /// did before it.
  func commands(in state: AppState, words: Words) -> [KeyCommand] {
    guard let narration = state.session?.narration else { return [] }
    let leave = KeyCommand.shown("Esc", "key.leave", [(.escape, .back)])
    if state.phones.nightOnPhones && narration.stage.isSecret {
      // Once the step's time is over, a phone that does not confirm does not hold the night.
      guard !state.waitsForPhones.isEmpty else { return [leave] }
      return [.shown("g", "key.phones.goOn", [(.letter("g"), .phones(.goOnWithout))]), leave]
    }
    if showingRoles {
      return [
        .shown("Esc", "key.hideRoles", [(.escape, .narrator(.hideRoles))]),
        .hidden(.alias, [(.enter, .narrator(.hideRoles)), (.letter("r"), .narrator(.hideRoles))]),
      ]
    }
    if confirming != nil {
      return [
        .shown("Enter", "key.yes", [(.enter, .narrator(.confirm))]),
        .shown("Esc", "key.no", [(.escape, .narrator(.cancel))]),
        .hidden(.alias, [(.letter("y"), .narrator(.confirm)), (.letter("n"), .narrator(.cancel))]),
      ]
    }
    let moving: [(Shortcut, Action)] = [(.up, .narrator(.move(-1))), (.down, .narrator(.move(1)))]
    let choose = KeyCommand.shown("Enter", "key.choose", [(.enter, .narrator(.select))])
    if counting != nil {
      let digits = (0...9).map { (Shortcut.letter(Character(String($0))), Action.narrator(.setHands($0))) }
      return [
        .shown("↑↓", "key.move", moving),
        .shown(
          "←→ 0-9", countedOnPhones ? "key.votes" : "key.hands",
          [(.left, .narrator(.addHands(-1))), (.right, .narrator(.addHands(1)))] + digits),
        .shown("Enter", "key.done", [(.enter, .narrator(.select))]),
        .shown("Esc", "key.back", [(.escape, .narrator(.stopCounting))]),
      ]
    }
    if picking {
      return [.shown("↑↓", "key.move", moving), choose, .shown("Esc", "key.cancel", [(.escape, .narrator(.stopPicking))])]
    }
    let byDay = narration.isByDay
    let moderator = narration.mode == .moderator
    var commands = stageCommands(narration, state: state, moving: moving, choose: choose)
    // Where the stage lists nobody: the same keys, unnamed.
    let named = commands.flatMap { $0.bindings.map(\.key) }
    let unnamed = (moving + [(.enter, .narrator(.select))]).filter { !named.contains($0.0) }
    if !unnamed.isEmpty { commands.append(.hidden(.neutral, unnamed)) }
    // The table's commands by day, as the actions' panel lists them.
    var panel: [(Shortcut, Action)] = Self.commands(narration).compactMap { command in
      let action: NarratorAction? =
        switch command {
        case .look: .lookAgain
        case .roles: .roles
        case .undo: .undo
        case .settings: .settings
        case .end: .end
        // The manual table's own steps: the narrator runs them itself.
        case .markDead, .nextPhase, .accuse, .tableAccuses, .guessLocation, .timer, .locations: nil
        }
      return action.map { (.letter(command.key), .narrator($0)) }
    }
    if let table = state.table, Self.undoable(narration, table: table) != nil, !byDay {
      commands.append(.shown("u", "key.undo", [(.letter("u"), .narrator(.undo))]))
    }
    if moderator {
      let own: [(Shortcut, Action)] = [(.letter("r"), .narrator(.askRoles)), (.letter("v"), .narrator(.toggleVoice))]
      if byDay {
        panel += own
      } else {
        commands.insert(
          contentsOf: [
            .shown("r", "key.roles", [own[0]]),
            .shown("v", moderatorVoice ? "key.voiceOff" : "key.voiceOn", [own[1]]),
          ], at: commands.firstIndex { $0.hint == .shown(key: "u", label: "key.undo") } ?? commands.count)
      }
    }
    if Self.offersRules(narration) { commands.append(.shown("i", "key.rules", [(.letter("i"), .openRules)])) }
    commands.append(leave)
    if !panel.isEmpty { commands.append(.hidden(.onScreen, panel)) }
    return commands
  }

  /// The keys a stage names in the footer (with none of its own: none).
  private func stageCommands(
    _ narration: Narration, state: AppState, moving: [(Shortcut, Action)], choose: KeyCommand
  ) -> [KeyCommand] {
    guard let table = state.table else { return [] }
    let list: [KeyCommand] = [.shown("↑↓", "key.move", moving), choose]
    if narration.isByDay {
      switch narration.stage {
      case .dusk: return [.shown("Enter", "key.nightFalls", [(.enter, .narrator(.select))])]
      case .morning: return [.shown("Enter", "key.startDay", [(.enter, .narrator(.select))])]
      case .discussion:
        return [
          .shown("Enter", "key.toVote", [(.enter, .narrator(.select))]),
          .shown("Space", "key.timer", [(.space, .narrator(.toggleTimer))]),
        ]
      case .vote: return list
      default: return []
      }
    }
    switch narration.stage {
    case .awake(let index) where !state.phones.nightOnPhones:
      // The list is drawn only until the step's choice (the moderator's screen says it is recorded).
      let steps = narration.steps(on: table)
      let chosen = narration.hasChosen(on: table)
      guard steps.indices.contains(index), !chosen, !table.isMeetingNight() else { return [] }
      return list
    case .takeAlong: return list
    default: return []
    }
  }

}
