// What the table records at night and what a night comes to: the steps
// that run tonight, who may be chosen, what a choice counts for, and the
// one `NightRecord` of a night's outcome that the morning, the story and
// the screens all read.

/// A night step's choice: the step, and its player (nil: nobody chosen).
public struct NightChoice: Hashable, Sendable {
  /// The step that chose.
  public var step: NightStepID
  /// The player chosen, if any.
  public var seat: Int?

  /// A choice.
  public init(step: NightStepID, seat: Int?) {
    self.step = step
    self.seat = seat
  }
}

/// One night's choices and what they come to, worked out in one place.
public struct NightRecord: Hashable, Sendable {
  /// The choices in the order they were made.
  public var choices: [NightChoice]
  /// Who died in that night, in order (the victim, then anyone taken along).
  public var died: [Int]
  /// The killing steps' choice (the last one made), if any.
  public var victim: Int?
  /// The players the protecting steps chose.
  public var protected: Set<Int>
  /// The players the checking steps chose (their answer was shown, never recorded).
  public var checked: [Int]
  /// The players the blocking steps chose: their own night ability did nothing.
  public var blocked: [Int]

  /// The record of `choices` made by `steps` (the game's night steps; a
  /// choice of a step not among them counts for nothing).
  public init(choices: [NightChoice], died: [Int] = [], steps: [NightStep]) {
    self.choices = choices
    self.died = died
    victim = nil
    protected = []
    checked = []
    blocked = []
    for choice in choices {
      guard let seat = choice.seat, let step = steps.first(where: { $0.id == choice.step }) else { continue }
      switch step.action {
      case .kill: victim = seat
      case .protect: protected.insert(seat)
      case .check: checked.append(seat)
      case .block: blocked.append(seat)
      }
    }
  }

  /// Whether a protecting step chose the victim: nobody dies of the night's choice.
  public var saved: Bool { victim.map(protected.contains) ?? false }

  /// Who the night's choice kills: the victim, unless protected.
  public var killed: Int? { saved ? nil : victim }
}

extension Table {
  /// The current phase's night steps as they run tonight: a night of meeting
  /// only (the first, under that house rule) wakes its meeting step (the
  /// killers', `Phase.meetingStep`) to meet and skips the rest. Depends on the night and the rules only, never on who is
  /// alive or dealt: the order of the night must not tell the table anything.
  public func stepsTonight(rules dealtRules: DealtRules? = nil) -> [NightStep] {
    guard let steps = currentPhase?.steps, !steps.isEmpty else { return [] }
    if isMeetingNight(rules: dealtRules), let meeting = currentPhase?.meetingStep { return [meeting] }
    return steps
  }

  /// Whether tonight the thieves only meet (the first night, under that house rule).
  public func isMeetingNight(rules dealtRules: DealtRules? = nil) -> Bool {
    (dealtRules ?? options.dealt).firstNightMeetingOnly && round == 1 && currentPhase?.steps.isEmpty == false
  }

  /// The choices recorded since the current phase began, in order.
  public var choicesThisPhase: [(step: NightStepID, seat: Int?)] {
    var choices: [(step: NightStepID, seat: Int?)] = []
    for event in log.reversed() {
      if case .phase = event { break }
      if case .chose(let step, let seat) = event { choices.insert((step, seat), at: 0) }
    }
    return choices
  }

  /// The choice made by `step` in the same phase of the previous round (last night), if any.
  func previousChoice(of step: NightStepID) -> Int? {
    guard let phase, round > 1 else { return nil }
    // A table starts in its first phase of round 1 without a line in the log.
    var inside = round - 1 == 1 && rules.phases.first?.id == phase
    for event in log {
      if case .phase(let id, let number) = event {
        inside = id == phase && number == round - 1
      } else if inside, case .chose(step, let seat) = event {
        return seat
      }
    }
    return nil
  }

  /// The players `step` may choose tonight: everyone still in the game, in
  /// seating order, for every step. A list that left out the step's own
  /// holders (a thief's fellow thief, the Doctor) would tell anyone who
  /// glances at the laptop who holds the role, so nobody is left out; what
  /// the rules do with a choice they forbid is decided after it is made
  /// (`countedChoice`), never on the screen. Empty on a night of meeting only.
  public func candidates(for step: NightStep, rules dealtRules: DealtRules? = nil) -> [Int] {
    isMeetingNight(rules: dealtRules) ? [] : alive
  }

  /// What a choice of `seat` by `step` counts for tonight, or nil for
  /// nothing: a step none of whose roles is dealt and alive chose nothing
  /// (someone peeked and pressed keys), nor one whose every living holder
  /// was blocked tonight, nor a once-a-game ability already used; a
  /// protecting step counts for nothing when the house rules forbid the
  /// choice (the Doctor themself, the same player two nights running).
  /// Thieves may choose a fellow thief: the choice stands, and the thief is
  /// the night's victim (a bluff some tables play; refusing it would tell
  /// the peeker who the thieves are).
  public func countedChoice(_ seat: Int, by step: NightStep, rules dealtRules: DealtRules? = nil) -> Int? {
    guard hasChooser(step), !isBlocked(step), !(step.once && hasUsed(step.id)) else { return nil }
    let dealtRules = dealtRules ?? options.dealt
    switch step.action {
    case .kill, .block:
      return seat
    case .protect:
      let holders = Set(step.roles.flatMap { seats(holding: $0) })
      if !dealtRules.doctorMayProtectSelf, holders.contains(seat) { return nil }
      if !dealtRules.doctorMayRepeat, previousChoice(of: step.id) == seat { return nil }
      return seat
    case .check:
      return seat
    }
  }

  /// Whether every living holder of `step`'s roles was chosen by a blocking
  /// step tonight: its choice counts for nothing.
  public func isBlocked(_ step: NightStep) -> Bool {
    let blocked = Set(tonight.blocked)
    guard !blocked.isEmpty else { return false }
    let holders = step.roles.flatMap { seats(holding: $0) }.filter { seats[$0].isAlive }
    return !holders.isEmpty && holders.allSatisfy(blocked.contains)
  }

  /// Whether `step` counted a choice on an earlier night (a once-a-game
  /// ability is then spent; only counted choices are recorded with a player).
  public func hasUsed(_ step: NightStepID) -> Bool {
    var thisPhase = true
    for event in log.reversed() {
      if case .phase = event { thisPhase = false }
      if !thisPhase, case .chose(step, .some) = event { return true }
    }
    return false
  }

  /// What a checking step learns of `seat`: whether that player is on a bad side.
  public func answer(about seat: Int) -> NightAnswer {
    seats.indices.contains(seat) && rules.isBad(seats[seat].role) ? .bad : .notBad
  }

  /// Whether `step` has someone awake to choose: one of its roles is dealt and alive.
  public func hasChooser(_ step: NightStep) -> Bool {
    step.roles.contains { role in seats(holding: role).contains { seats[$0].isAlive } }
  }

  /// Tonight's choices and what they come to (the current phase's).
  public var tonight: NightRecord {
    NightRecord(choices: choicesThisPhase.map { NightChoice(step: $0.step, seat: $0.seat) }, steps: currentPhase?.steps ?? [])
  }

  /// Ends the night: the victim dies unless protected (a Black kamikaze then
  /// has a player to take along, in `pending`). Returns who died, if anyone.
  @discardableResult
  public mutating func resolveNight() throws(TableError) -> Int? {
    guard let victim = tonight.killed, seats[victim].isAlive else { return nil }
    try markDead(victim, cause: .killedAtNight)
    return victim
  }
}

extension Table {
  /// The last night that began (the morning's announcement): its choices,
  /// and who died in it, in order. Nil before the first night.
  public var lastNight: NightRecord? {
    let nights = Set(rules.phases.filter { $0.kind == .secret }.map(\.id))
    let steps = rules.phases.flatMap(\.steps)
    var record: NightRecord?
    var inNight = rules.phases.first.map { nights.contains($0.id) } ?? false
    var choices: [NightChoice] = []
    var died: [Int] = []
    func close() { record = NightRecord(choices: choices, died: died, steps: steps) }
    for event in log {
      switch event {
      case .phase(let id, _):
        if inNight { close() }
        inNight = nights.contains(id)
        choices = []
        died = []
      case .chose(let step, let seat) where inNight:
        choices.append(NightChoice(step: step, seat: seat))
      case .died(let seat, _) where inNight:
        died.append(seat)
      default:
        break
      }
    }
    if inNight { close() }
    return record
  }
}
