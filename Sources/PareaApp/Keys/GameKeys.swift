import PareaRules

/// The locale keys a game's data asks for, each built in one place: the
/// screens call these, and `required(for:)` lists every one a game needs, so
/// that the list is code (`LocaleKeyTests` checks both languages have it).
///
/// A game's own namespace is `game.<id>.…`; its roles', sides' and phases'
/// identifiers carry their own (`role.<id>.…`). Night steps belong to their
/// game: `game.<id>.step.<step>.…`.
enum GameKeys {
  // MARK: The game

  static func name(_ game: GameID) -> String { "game.\(game).name" }
  static func blurb(_ game: GameID) -> String { "game.\(game).blurb" }
  static func rules(_ game: GameID) -> String { "game.\(game).rules" }
  /// The table's hint for a game without phases.
  static func tableHint(_ game: GameID) -> String { "game.\(game).tableHint" }
  /// The label of a count-the-bad-players setup.
  static func badCountLabel(_ game: GameID) -> String { "game.\(game).badCount.label" }
  /// What to do when a game's round timer runs out.
  static func timeUp(_ game: GameID) -> String { "timer.up.\(game).message" }

  // MARK: Sides, roles, phases, causes

  static func sideName(_ side: SideID) -> String { "side.\(side).name" }
  static func sideWin(_ side: SideID) -> String { "side.\(side).win" }
  /// Why a side of a game with phases won (the summary's sentence).
  static func summaryWon(_ side: SideID) -> String { "summary.won.\(side)" }
  /// The narrator's announcement of the winner.
  static func narratorWon(_ side: SideID) -> String { "narrator.say.won.\(side)" }
  static func roleName(_ role: RoleID) -> String { "role.\(role).name" }
  static func roleDescription(_ role: RoleID) -> String { "role.\(role).description" }
  /// The stem of a counted role ("2 citizens"): `.one` and `.other`.
  static func roleCount(_ role: RoleID) -> String { "role.\(role).count" }
  static func phaseName(_ phase: PhaseID) -> String { "phase.\(phase).name" }
  static func phaseBegin(_ phase: PhaseID) -> String { "phase.\(phase).begin" }
  static func phaseUndo(_ phase: PhaseID) -> String { "phase.\(phase).undo" }
  static func secondDeath(_ phase: PhaseID) -> String { "phase.\(phase).secondDeath" }
  static func cause(_ cause: DeathCause) -> String { "cause.\(cause)" }

  // MARK: The story (the summary)

  static func storyQuiet(_ phase: PhaseID) -> String { "story.quiet.\(phase)" }
  static func storyDied(_ cause: DeathCause) -> String { "story.died.\(cause)" }

  // MARK: Night steps, the game's own

  /// The words of one night step.
  enum StepPart: String, CaseIterable {
    /// Spoken: its roles open their eyes to choose.
    case wake
    /// Spoken, the first step of a night of meeting only: they only meet.
    case meet
    /// Spoken: its roles close their eyes.
    case sleep
    /// Spoken, on a night on the phones: its roles choose on their phones,
    /// and everyone does their phone's task (nobody closes their eyes).
    case wakePhones
    /// Spoken, on a night on the phones, as `meet`.
    case meetPhones
    /// Above the list its roles choose from.
    case prompt
    /// Above the list, for the moderator who records what they point at.
    case record
    /// The story: what it chose ({name}).
    case chose
    /// The story: it chose nobody.
    case choseNone
    /// The story: on a night of meeting only, the killers met.
    case met
  }

  static func step(_ game: GameID, _ step: NightStepID, _ part: StepPart) -> String {
    "game.\(game).step.\(step).\(part)"
  }

  /// The parts a step needs: all but `meet` (only a night's meeting step,
  /// which wakes alone on a night of meeting only: `Phase.meetingStep`) and `met` (a killing step's).
  static func parts(of step: NightStep, first: Bool) -> [StepPart] {
    StepPart.allCases.filter { part in
      switch part {
      case .meet, .meetPhones: first
      case .met: step.action == .kill
      default: true
      }
    }
  }

  // MARK: Lines a game may say its own way

  /// Lines written for any game, which a game may give its own words
  /// (`game.<id>.line.<name>`): Palermo's morning names the thieves' victim,
  /// another game's would not.
  enum Line: String, CaseIterable {
    /// The morning after a protected victim.
    case saved = "narrator.say.saved"
    /// A player out who takes another along ({name}).
    case takeAlong = "narrator.say.takeAlong"
    /// The same, right after the morning named the player killed in the night (no name again).
    case takeAlongAgain = "narrator.say.takeAlongAgain"
    /// The same, right after the vote named the player voted out (no name again).
    case takeAlongVotedOut = "narrator.say.takeAlongVotedOut"
    /// The story: the victim was protected.
    case storySaved = "story.saved"
    /// What Parea narrating means, on the page of who narrates.
    case pareaHint = "setup.narration.parea.hint"
    /// A check's answer: on a bad side.
    case answerBad = "narrator.answer.bad"
    /// A check's answer: not on a bad side.
    case answerNotBad = "narrator.answer.notBad"
    /// The table's timer, above its time (Palermo's is the day's).
    case timerLabel = "timer.label"

    /// The key of the line as written for any game.
    var shared: String { rawValue }

    /// The key of `game`'s own words for the line.
    func own(_ game: GameID) -> String { "game.\(game).line.\(self)" }
  }

  /// The answer's line.
  static func answer(_ answer: NightAnswer) -> Line {
    switch answer {
    case .bad: .answerBad
    case .notBad: .answerNotBad
    }
  }

  // MARK: The rules text's paragraphs (`RulesText.swift`)

  static func rulesNarrator(_ game: GameID, _ mode: NarrationMode) -> String { "game.\(game).rules.narrator.\(mode)" }
  /// The sentence of `game`'s rules text that says a dealt house rule at the value at `index`.
  static func rulesDealt(_ game: GameID, _ rule: DealtRule, _ index: Int) -> String {
    "game.\(game).rules.\(rule.key).\(rule.values[index])"
  }
  /// A house rule's sentence on the card of a role it limits (`DealtRule.concerns`).
  static func cardDealt(_ game: GameID, _ rule: DealtRule, _ index: Int) -> String {
    "game.\(game).card.\(rule.key).\(rule.values[index])"
  }

  // MARK: Every key a game needs

  /// Every key `game`'s data asks for, derived from its data alone.
  static func required(for game: any GameType) -> Set<String> {
    let id = game.id
    var keys: Set<String> = [name(id), blurb(id), rules(id)]
    if !game.usesPhases { keys.insert(tableHint(id)) }
    if game.roundMinutes != nil { keys.insert(timeUp(id)) }
    for side in game.sides { keys.formUnion([sideName(side.id), sideWin(side.id)]) }
    for role in game.roles { keys.formUnion([roleName(role.id), roleDescription(role.id)]) }
    if case .countBad(let bad, _, let fixed, let filler) = game.setupKind {
      keys.insert(badCountLabel(id))
      for role in [bad, filler] + fixed { keys.formUnion([roleCount(role) + ".one", roleCount(role) + ".other"]) }
    }
    for phase in game.phases {
      keys.formUnion([phaseName(phase.id), phaseBegin(phase.id), phaseUndo(phase.id), storyQuiet(phase.id)])
      if phase.endsAtADeath { keys.insert(secondDeath(phase.id)) }
      for cause in phase.causes { keys.insert(storyDied(cause)) }
      for step in phase.steps {
        for part in parts(of: step, first: step == phase.meetingStep) { keys.insert(Self.step(id, step.id, part)) }
      }
    }
    if game.hasNightSteps {
      for side in game.sides { keys.insert(narratorWon(side.id)) }
      for mode in NarrationMode.allCases { keys.insert(rulesNarrator(id, mode)) }
      for rule in DealtRules.declared {
        for index in rule.values.indices { keys.insert(rulesDealt(id, rule, index)) }
        if let action = rule.concerns, game.phases.contains(where: { $0.steps.contains { $0.action == action } }) {
          for index in rule.values.indices { keys.insert(cardDealt(id, rule, index)) }
        }
      }
    }
    if game.usesPhases {
      for side in game.sides { keys.insert(summaryWon(side.id)) }
      if game.roles.contains(where: { $0.takesPlayerAlongWhen != nil }) { keys.insert(storyDied(.takenByKamikaze)) }
    }
    for rule in game.setupRules {
      let key = SetupError.gameRule(game: id, rule: rule).key
      keys.formUnion(["error.\(key).title", "error.\(key).message"])
    }
    return keys
  }

  /// The keys `game` may have without needing them: its own words for the shared lines.
  static func optional(for game: any GameType) -> Set<String> {
    Set(Line.allCases.map { $0.own(game.id) })
  }
}

extension Words {
  /// `line` in `game`'s own words if it has them, else as written for any game.
  func line(_ line: GameKeys.Line, of game: GameID, _ args: [String: String] = [:]) -> String {
    let own = line.own(game)
    return self(wording.has(own) ? own : line.shared, args)
  }
}
