// The narrator: Parea runs Palermo's nights and days itself. The game's
// phases say which roles wake at night and what they choose (`Phase.steps`);
// this file holds the house rules of a narrated game, what the table records
// at night, how a night resolves, and the narration's own course from one
// step to the next (`Narration`), with the time each step lasts.

/// Who narrates a game that runs in phases.
public enum NarrationMode: String, Hashable, Codable, Sendable, CaseIterable {
  /// Nobody: the table keeps its own list of who is out (the manual table).
  case manual
  /// Parea speaks and shows each step; the laptop sits in the middle and everyone plays.
  case parea
  /// A moderator who does not play holds the laptop; Parea tells them what to say and record.
  case moderator
}

/// What the town does when the day's vote is tied.
public enum TieRule: String, Hashable, Codable, Sendable, CaseIterable {
  /// Nobody leaves today.
  case nobodyOut
  /// The town votes once more; a second tie sends nobody out.
  case revoteOnce
}

/// The house rules of a narrated night and day (saved with the settings, and
/// copied into the game at the deal, so that a game keeps the rules it began with).
public struct NarratorRules: Hashable, Codable, Sendable {
  /// On the first night the thieves only open their eyes to meet: nobody is
  /// chosen and nobody dies (off by default, as in the original app).
  public var firstNightMeetingOnly = false
  /// The Doctor may protect themself (on by default: the Doctor is a player
  /// too, and the thieves' favourite target).
  public var doctorMayProtectSelf = true
  /// The Doctor may protect the same player two nights running (off by
  /// default: otherwise one protected player is safe for the whole game).
  public var doctorMayRepeat = false
  /// What a tied vote does (nobody leaves, by default).
  public var tie = TieRule.nobodyOut
  /// The morning says when the Doctor saved the victim ("the Doctor saved
  /// someone tonight"); off by default: the thieves would learn that their
  /// victim is protected every time.
  public var announceSaves = false

  /// The default rules.
  public init(
    firstNightMeetingOnly: Bool = false, doctorMayProtectSelf: Bool = true,
    doctorMayRepeat: Bool = false, tie: TieRule = .nobodyOut, announceSaves: Bool = false
  ) {
    self.firstNightMeetingOnly = firstNightMeetingOnly
    self.doctorMayProtectSelf = doctorMayProtectSelf
    self.doctorMayRepeat = doctorMayRepeat
    self.tie = tie
    self.announceSaves = announceSaves
  }

  private enum CodingKeys: String, CodingKey {
    case firstNightMeetingOnly, doctorMayProtectSelf, doctorMayRepeat, tie, announceSaves
  }

  /// Reads the rules; a rule missing from the file keeps its default.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let defaults = NarratorRules()
    firstNightMeetingOnly =
      try container.decodeIfPresent(Bool.self, forKey: .firstNightMeetingOnly)
      ?? defaults.firstNightMeetingOnly
    doctorMayProtectSelf =
      try container.decodeIfPresent(Bool.self, forKey: .doctorMayProtectSelf)
      ?? defaults.doctorMayProtectSelf
    doctorMayRepeat =
      try container.decodeIfPresent(Bool.self, forKey: .doctorMayRepeat) ?? defaults.doctorMayRepeat
    tie = try container.decodeIfPresent(TieRule.self, forKey: .tie) ?? defaults.tie
    announceSaves =
      try container.decodeIfPresent(Bool.self, forKey: .announceSaves) ?? defaults.announceSaves
  }
}

// MARK: The night on the table

extension Table {
  /// The current phase's night steps as they run tonight: a night of meeting
  /// only (the first, under that house rule) wakes its first step to meet and
  /// skips the rest. Depends on the night and the rules only, never on who is
  /// alive or dealt: the order of the night must not tell the table anything.
  public func stepsTonight(rules narratorRules: NarratorRules) -> [NightStep] {
    guard let steps = currentPhase?.steps, !steps.isEmpty else { return [] }
    if isMeetingNight(rules: narratorRules) { return [steps[0]] }
    return steps
  }

  /// Whether tonight the thieves only meet (the first night, under that house rule).
  public func isMeetingNight(rules narratorRules: NarratorRules) -> Bool {
    narratorRules.firstNightMeetingOnly && round == 1 && currentPhase?.steps.isEmpty == false
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
  public func candidates(for step: NightStep, rules narratorRules: NarratorRules) -> [Int] {
    isMeetingNight(rules: narratorRules) ? [] : alive
  }

  /// What a choice of `seat` by `step` counts for tonight, or nil for
  /// nothing: a step none of whose roles is dealt and alive chose nothing
  /// (someone peeked and pressed keys); a protecting step counts for nothing
  /// when the house rules forbid the choice (the Doctor themself, the same
  /// player two nights running). Thieves may choose a fellow thief: the
  /// choice stands, and the thief is the night's victim (a bluff some tables
  /// play; refusing it would tell the peeker who the thieves are).
  public func countedChoice(_ seat: Int, by step: NightStep, rules narratorRules: NarratorRules) -> Int? {
    guard hasChooser(step) else { return nil }
    switch step.action {
    case .kill:
      return seat
    case .protect:
      let holders = Set(step.roles.flatMap { seats(holding: $0) })
      if !narratorRules.doctorMayProtectSelf, holders.contains(seat) { return nil }
      if !narratorRules.doctorMayRepeat, previousChoice(of: step.id) == seat { return nil }
      return seat
    }
  }

  /// Whether `step` has someone awake to choose: one of its roles is dealt and alive.
  public func hasChooser(_ step: NightStep) -> Bool {
    step.roles.contains { role in seats(holding: role).contains { seats[$0].isAlive } }
  }

  /// What tonight's choices come to: the victim (the choice of a killing
  /// step) and whether a protecting step chose the same player.
  public var nightOutcome: (victim: Int?, saved: Bool) {
    let steps = currentPhase?.steps ?? []
    var victim: Int?
    var protected: Set<Int> = []
    for (id, seat) in choicesThisPhase {
      guard let seat, let step = steps.first(where: { $0.id == id }) else { continue }
      switch step.action {
      case .kill: victim = seat
      case .protect: protected.insert(seat)
      }
    }
    guard let victim else { return (nil, false) }
    return protected.contains(victim) ? (nil, true) : (victim, false)
  }

  /// Ends the night: the victim dies unless protected (a Black kamikaze then
  /// has a player to take along, in `pending`). Returns who died, if anyone.
  @discardableResult
  public mutating func resolveNight() throws(TableError) -> Int? {
    guard let victim = nightOutcome.victim, seats[victim].isAlive else { return nil }
    try markDead(victim, cause: .killedAtNight)
    return victim
  }
}

extension Table {
  /// The news of the last night that ended (the morning's announcement): who
  /// died in it, in order, and whether the Doctor's protection saved the victim.
  public var lastNightNews: (died: [Int], saved: Bool) {
    let nights = Set(rules.phases.filter { !$0.steps.isEmpty }.map(\.id))
    var died: [Int] = []
    var chosen: [NightStepID: Int] = [:]
    var inNight = rules.phases.first.map { nights.contains($0.id) } ?? false
    var news: (died: [Int], saved: Bool) = ([], false)
    func close() {
      let steps = rules.phases.flatMap(\.steps)
      let victim = chosen.first { id, _ in steps.first { $0.id == id }?.action == .kill }?.value
      let protected = chosen.filter { id, _ in steps.first { $0.id == id }?.action == .protect }.values
      news = (died, victim.map { protected.contains($0) } ?? false)
    }
    for event in log {
      switch event {
      case .phase(let id, _):
        if inNight { close() }
        inNight = nights.contains(id)
        if inNight {
          died = []
          chosen = [:]
        }
      case .chose(let step, let seat?) where inNight:
        chosen[step] = seat
      case .died(let seat, _) where inNight:
        died.append(seat)
      default:
        break
      }
    }
    if inNight { close() }
    return news
  }
}

// MARK: The narration's course

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

/// The course of a narrated game: the stage it is at, the rules it was dealt
/// with, and the time each secret step lasts. The table records what happens
/// (choices, deaths, phases); this value records only where the narration is.
///
/// Time comes in as readings of a monotonic clock in milliseconds. Every
/// secret step lasts a time drawn afresh from one distribution
/// (`awakeMilliseconds`), the same whether its roles are alive, out or not
/// dealt, and a choice made early does not end it: the table cannot learn
/// from the length of a step who is in play.
public struct Narration: Hashable, Sendable {
  /// Who narrates (Parea or a moderator; a manual table has no narration).
  public let mode: NarrationMode
  /// The house rules the game was dealt with.
  public let rules: NarratorRules
  /// Where the game stands.
  public private(set) var stage: NarrationStage
  /// When the current timed stage ends (clock milliseconds); nil for a stage
  /// that waits for the table. Not saved: a resumed game restarts the night.
  public private(set) var stageEnds: Int64?
  /// Whether today's vote is the revote after a tie.
  public private(set) var revoting: Bool
  /// Draws each step's length; saved, so that a resumed game goes on with the same sequence.
  private var random: SplitMix64

  /// How long "everyone, close your eyes" waits before the first step.
  public static let nightFallsMilliseconds: Int64 = 6_000
  /// How long "…close your eyes" waits before the next step or the morning.
  public static let asleepMilliseconds: Int64 = 4_000
  /// The range a secret step's length is drawn from, uniformly: long enough
  /// for two thieves to agree by gestures and pick on the laptop, short
  /// enough that a night does not drag.
  public static let awakeMilliseconds: ClosedRange<Int64> = 30_000...45_000

  /// A narration about to begin its first night.
  public init(mode: NarrationMode, rules: NarratorRules, seed: UInt64) {
    self.mode = mode
    self.rules = rules
    self.stage = .dusk
    self.stageEnds = nil
    self.revoting = false
    self.random = SplitMix64(seed: seed)
  }

  /// The secret steps of tonight (see `Table.stepsTonight`).
  public func steps(on table: Table) -> [NightStep] { table.stepsTonight(rules: rules) }

  /// The step awake now, if any.
  public func awakeStep(on table: Table) -> NightStep? {
    guard case .awake(let index) = stage else { return nil }
    let steps = steps(on: table)
    return steps.indices.contains(index) ? steps[index] : nil
  }

  /// Whether the step awake now has its choice (the screen then shows "eyes closed").
  public func hasChosen(on table: Table) -> Bool {
    guard let step = awakeStep(on: table) else { return false }
    return table.choicesThisPhase.contains { $0.step == step.id }
  }

  /// The players who may be chosen now: the awake step's candidates, the
  /// living for a vote or a kamikaze's choice, nobody otherwise.
  public func candidates(on table: Table) -> [Int] {
    switch stage {
    case .awake:
      guard let step = awakeStep(on: table), !hasChosen(on: table) else { return [] }
      return table.candidates(for: step, rules: rules)
    case .vote:
      return table.alive
    case .takeAlong:
      return table.alive
    default:
      return []
    }
  }

  /// Whether the narration can go on from where it stands with `table`: the
  /// stage is one the table could be at, so that Enter (or time) always
  /// moves the game on. A saved game that fails this was edited by hand (or
  /// damaged) and is set aside like any other damaged file: an "over" stage
  /// without a winner, a kamikaze's choice with nobody to choose, a day
  /// after which no night can start (the last round), a stage of the night
  /// by day, or a game already won whose narration goes on.
  public func isConsistent(with table: Table) -> Bool {
    // A kamikaze's choice comes first, even when the death it follows has decided the game.
    // (A kamikaze with nobody left alive to choose could never move on.)
    if case .takePlayer? = table.pending { return stage == .takeAlong && !table.alive.isEmpty }
    guard table.pending == nil else { return false }
    // The game is over when a side has won, or at the end of the last day (`endDay`).
    if stage == .over { return table.winner != nil || table.endedByHand }
    guard table.winner == nil, !table.endedByHand, let phase = table.phase else { return false }
    switch stage {
    case .takeAlong, .over:
      return false
    case .dusk:
      // After a day the next night must be able to start (the last day ends the game instead).
      return phase == .night || (phase == .day && table.round < Table.maximumRound)
    case .nightFalls, .awake, .asleep:
      return phase == .night
    case .morning, .discussion, .vote:
      return phase == .day
    }
  }

  // MARK: Moving on

  /// Resumes a game read from a file: a secret step in progress restarts from
  /// "everyone, close your eyes" (the table goes back to dusk); the choices
  /// already recorded tonight stay, so the night goes on with the next step.
  public mutating func resume() {
    if stage.isSecret { stage = .dusk }
    stageEnds = nil
  }

  /// Whether the stage waits for Enter (`proceed`): dusk, the morning and the discussion.
  public var proceedsOnEnter: Bool {
    switch stage {
    case .dusk, .morning, .discussion: true
    default: false
    }
  }

  /// Enter on a stage that waits for the table: dusk lets night fall, the
  /// morning starts the day, the discussion goes to the vote.
  public mutating func proceed(table: inout Table, now: Int64) throws(NarrationError) -> [NarrationCue] {
    switch stage {
    case .dusk:
      // After a day the table moves on to the next night; a resumed night goes on as it is.
      if table.phase == .day {
        do throws(TableError) { try table.advancePhase() } catch { throw .table(error) }
      }
      return fall(now: now, round: table.round)
    case .morning:
      stage = .discussion
      stageEnds = nil
      return [.day(round: table.round)]
    case .discussion:
      return startVote(timeUp: false)
    default:
      throw .wrongStage
    }
  }

  /// The discussion's timer ran out: the vote begins.
  public mutating func timeIsUp() throws(NarrationError) -> [NarrationCue] {
    guard stage == .discussion else { throw .wrongStage }
    return startVote(timeUp: true)
  }

  private mutating func startVote(timeUp: Bool) -> [NarrationCue] {
    stage = .vote
    stageEnds = nil
    return [.vote(timeUp: timeUp)]
  }

  private mutating func fall(now: Int64, round: Int) -> [NarrationCue] {
    stage = .nightFalls
    stageEnds = now + Self.nightFallsMilliseconds
    return [.nightFalls(round: round)]
  }

  /// Lets time pass: a timed stage whose time is over moves on. Several
  /// stages may pass in one call if the clock jumped.
  public mutating func tick(table: inout Table, now: Int64) -> [NarrationCue] {
    var cues: [NarrationCue] = []
    while let ends = stageEnds, now >= ends {
      cues += advanceTimed(table: &table, at: ends)
    }
    return cues
  }

  private mutating func advanceTimed(table: inout Table, at now: Int64) -> [NarrationCue] {
    let steps = steps(on: table)
    switch stage {
    case .nightFalls:
      // The night goes on from the first step without a recorded choice
      // (a resumed night keeps what was chosen before).
      let done = table.choicesThisPhase.count
      return wake(index: done, steps: steps, table: &table, now: now)
    case .awake(let index):
      if steps.indices.contains(index), !table.choicesThisPhase.contains(where: { $0.step == steps[index].id }) {
        // Nobody chose in time (or nobody was awake to): the step passes.
        try? table.recordChoice(steps[index].id, seat: nil)
      }
      stage = .asleep(step: index)
      stageEnds = now + Self.asleepMilliseconds
      return steps.indices.contains(index) ? [.sleep(steps[index].id)] : []
    case .asleep(let index):
      return wake(index: index + 1, steps: steps, table: &table, now: now)
    default:
      stageEnds = nil
      return []
    }
  }

  private mutating func wake(index: Int, steps: [NightStep], table: inout Table, now: Int64) -> [NarrationCue] {
    guard steps.indices.contains(index) else { return dawn(table: &table) }
    stage = .awake(step: index)
    stageEnds = now + drawAwake()
    return [.wake(steps[index].id, meetingOnly: table.isMeetingNight(rules: rules))]
  }

  /// A secret step's length, drawn uniformly from `awakeMilliseconds`.
  private mutating func drawAwake() -> Int64 {
    let range = Self.awakeMilliseconds
    let span = Int(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int64(random.uniform(below: span))
  }

  /// The night is over: its choices resolve, and the morning (or a
  /// kamikaze's choice, or the end) follows.
  private mutating func dawn(table: inout Table) -> [NarrationCue] {
    stageEnds = nil
    let saved = table.nightOutcome.saved
    let died = try? table.resolveNight()
    var cues: [NarrationCue] = [.morning(died: died ?? nil, saved: saved && rules.announceSaves)]
    cues += afterDeaths(table: &table)
    return cues
  }

  /// After a death: a kamikaze chooses, or a side has won, or the game goes on
  /// (the morning after a night, the next dusk after a day).
  private mutating func afterDeaths(table: inout Table) -> [NarrationCue] {
    if case .takePlayer(let by)? = table.pending {
      stage = .takeAlong
      return [.takeAlong(by: by)]
    }
    if let winner = table.winner {
      stage = .over
      return [.won(winner)]
    }
    if table.phase == .night {
      try? table.advancePhase()
      stage = .morning
      return []
    }
    return endDay(table: &table)
  }

  /// A step's roles chose `seat` (one of `candidates`). The step goes on
  /// until its time is over; the screen turns to "eyes closed" at once.
  ///
  /// A choice made while none of the step's roles is alive and dealt (someone
  /// peeked and pressed keys), or one the house rules forbid, looks the same
  /// on screen but counts as no choice: refusing it would tell the one
  /// peeking who is out, or who holds the role.
  public mutating func choose(_ seat: Int, table: inout Table) throws(NarrationError) -> [NarrationCue] {
    guard let step = awakeStep(on: table), !hasChosen(on: table) else { throw .wrongStage }
    guard table.candidates(for: step, rules: rules).contains(seat) else { throw .notACandidate(seat) }
    // Every choice looks the same on screen; what it counts for is the rules' (`countedChoice`).
    let counted = table.countedChoice(seat, by: step, rules: rules)
    do throws(TableError) { try table.recordChoice(step.id, seat: counted) } catch { throw .table(error) }
    return [.chosen]
  }

  /// The town voted: `seat` is out, or nil for a tie (nobody, or a revote
  /// under that house rule).
  public mutating func vote(_ seat: Int?, table: inout Table) throws(NarrationError) -> [NarrationCue] {
    guard stage == .vote else { throw .wrongStage }
    guard let seat else {
      do throws(TableError) { try table.recordTie() } catch { throw .table(error) }
      if rules.tie == .revoteOnce && !revoting {
        revoting = true
        return [.tied(revote: true)]
      }
      return [.tied(revote: false)] + endDay(table: &table)
    }
    guard table.alive.contains(seat) else { throw .notACandidate(seat) }
    do throws(TableError) { try table.markDead(seat, cause: .votedOut) } catch { throw .table(error) }
    return [.votedOut(seat: seat)] + afterDeaths(table: &table)
  }

  /// The day is over: a side may have won; after the last day a table may
  /// reach (`Table.maximumRound`) no night can start, and the game ends
  /// there as if ended by hand; otherwise dusk, before the next night.
  private mutating func endDay(table: inout Table) -> [NarrationCue] {
    if let winner = table.winner {
      stage = .over
      return [.won(winner)]
    }
    if table.round >= Table.maximumRound {
      table.end()
      stage = .over
      return []
    }
    stage = .dusk
    revoting = false
    return []
  }

  /// The kamikaze takes `seat` along.
  public mutating func takeAlong(_ seat: Int, table: inout Table) throws(NarrationError) -> [NarrationCue] {
    guard stage == .takeAlong, case .takePlayer(let by)? = table.pending else { throw .wrongStage }
    do throws(TableError) { try table.resolveFollowUp(target: seat) } catch { throw .table(error) }
    return [.taken(seat: seat, by: by)] + afterDeaths(table: &table)
  }
}

extension Narration: Codable {
  private enum CodingKeys: String, CodingKey { case mode, rules, stage, revoting, random }

  /// Reads a saved narration; a secret step in progress comes back as dusk (`resume()`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    mode = try container.decode(NarrationMode.self, forKey: .mode)
    rules = try container.decode(NarratorRules.self, forKey: .rules)
    stage = try container.decode(NarrationStage.self, forKey: .stage)
    revoting = try container.decodeIfPresent(Bool.self, forKey: .revoting) ?? false
    random = SplitMix64(seed: try container.decode(UInt64.self, forKey: .random))
    stageEnds = nil
    resume()
  }

  /// Writes where the narration stands (not the clock).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(mode, forKey: .mode)
    try container.encode(rules, forKey: .rules)
    try container.encode(stage, forKey: .stage)
    try container.encode(revoting, forKey: .revoting)
    try container.encode(random.state, forKey: .random)
  }
}
