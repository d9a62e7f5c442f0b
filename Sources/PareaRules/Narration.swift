// The narrator: Parea runs Palermo's nights and days itself. The game's
// phases say which roles wake at night and what they choose (`Phase.steps`);
// this file holds the narration's own course from one step to the next
// (`Narration`), with the time each step lasts. Its house rules are in
// `DealtRules.swift`, what a night records and comes to in `NightRecord.swift`,
// its stages, cues and errors in `NarrationStage.swift`, whether a saved one
// can go on in `NarrationConsistency.swift`.

// MARK: The narration's course

/// The course of a narrated game: the stage it is at and the time each
/// secret step lasts (the house rules it follows are its table's options). The table records what happens
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
  /// The house rules as narrations were saved before the table kept them
  /// (`TableOptions.dealt`): read from such a file and moved to its
  /// table by `GameSession`'s decoder; written as a copy of the table's, so
  /// that an older Parea still reads the file instead of setting it aside.
  var earlierRules: DealtRules?
  /// Where the game stands.
  public private(set) var stage: NarrationStage
  /// When the current timed stage ends (clock milliseconds); nil for a stage
  /// that waits for the table. Not saved: a resumed game restarts the night.
  public private(set) var stageEnds: Int64?
  /// Whether today's vote is the revote after a tie.
  public private(set) var revoting: Bool
  /// Draws each step's length; saved, so that a resumed game goes on with the same sequence.
  private var random: SplitMix64
  /// What a checking step's choice learned (`NightAction.check`), shown
  /// while that step lasts; nil otherwise. Not saved: a resumed night starts
  /// again at dusk.
  public private(set) var answer: NightAnswer?
  /// The player the check was about, as chosen on screen (whether or not it counted).
  public private(set) var checked: Int?

  /// How long "everyone, close your eyes" waits before the first step.
  public static let nightFallsMilliseconds: Int64 = 6_000
  /// How long "…close your eyes" waits before the next step or the morning.
  public static let asleepMilliseconds: Int64 = 4_000
  /// The range a secret step's length is drawn from, uniformly: long enough
  /// for two thieves to agree by gestures and pick on the laptop, short
  /// enough that a night does not drag.
  public static let awakeMilliseconds: ClosedRange<Int64> = 30_000...45_000

  /// A narration about to begin its first night.
  public init(mode: NarrationMode, seed: UInt64) {
    self.mode = mode
    self.earlierRules = nil
    self.stage = .dusk
    self.stageEnds = nil
    self.revoting = false
    self.answer = nil
    self.checked = nil
    self.random = SplitMix64(seed: seed)
  }

  /// The secret steps of tonight (see `Table.stepsTonight`).
  public func steps(on table: Table) -> [NightStep] { table.stepsTonight() }

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
      return table.candidates(for: step)
    case .vote:
      // A revote is among the tied alone (when their hands were counted).
      guard revoting, let tied = table.tiedToday else { return table.alive }
      return table.alive.filter(tied.contains)
    case .takeAlong:
      return table.alive
    default:
      return []
    }
  }

  // MARK: Moving on

  /// Resumes a game read from a file: a secret step in progress restarts from
  /// "everyone, close your eyes" (the table goes back to dusk); the choices
  /// already recorded tonight stay, so the night goes on with the next step.
  public mutating func resume() {
    if stage.isSecret { stage = .dusk }
    stageEnds = nil
    answer = nil
    checked = nil
  }

  /// The table ended the game by hand (`Table.end()`): the narration is over
  /// with it, so that the saved game is one a narration can stand at.
  public mutating func end() {
    stage = .over
    stageEnds = nil
    answer = nil
    checked = nil
  }

  /// The table took its last step back (`Table.undo`): the narration goes
  /// back to where that step was taken. A vote (or a tie) is taken again,
  /// as the revote when a tie is still left today under that house rule; a
  /// kamikaze's take is chosen again; a night's choice (the moderator's, in
  /// the step it was recorded in) is chosen again while the step lasts.
  public mutating func tookBack(_ step: TableStep, table: Table) {
    switch step {
    case .taken:
      stage = .takeAlong
      stageEnds = nil
    case .died(_, .votedOut), .tied, .spared:
      stage = .vote
      stageEnds = nil
      revoting = table.options.dealt.tie == .revoteOnce && table.tiesToday > 0
    case .chose:
      answer = nil
      checked = nil
    default:
      break
    }
  }

  /// The table took a whole night back (`Table.undoNight`): dusk, before it
  /// is played again.
  public mutating func tookBackNight() {
    stage = .dusk
    stageEnds = nil
    revoting = false
    answer = nil
    checked = nil
  }

  /// Whether the stage is one of the day's, where the table may do what the
  /// manual table does (look again, the roles, the settings, end the game):
  /// in the open and waiting for the table, before night falls or after it.
  public var isByDay: Bool {
    switch stage {
    case .dusk, .morning, .discussion, .vote: true
    default: false
    }
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
      if table.isOpenPhase {
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
        if steps[index].waitsForChoice && !table.isMeetingNight() {
          // Its drawn time is over: it goes on until the choice (`choose`).
          stageEnds = nil
          return []
        }
        // Nobody chose in time (or nobody was awake to): the step passes.
        try? table.recordChoice(steps[index].id, seat: nil)
      }
      return fallAsleep(index: index, steps: steps, now: now)
    case .asleep(let index):
      return wake(index: index + 1, steps: steps, table: &table, now: now)
    default:
      stageEnds = nil
      return []
    }
  }

  /// The step awake closes its eyes: a pause before the next.
  private mutating func fallAsleep(index: Int, steps: [NightStep], now: Int64) -> [NarrationCue] {
    stage = .asleep(step: index)
    stageEnds = now + Self.asleepMilliseconds
    answer = nil
    checked = nil
    return steps.indices.contains(index) ? [.sleep(steps[index].id)] : []
  }

  /// Whether the step awake has had its drawn time and waits for its choice.
  public var waitsForChoice: Bool {
    if case .awake = stage { stageEnds == nil } else { false }
  }

  private mutating func wake(index: Int, steps: [NightStep], table: inout Table, now: Int64) -> [NarrationCue] {
    guard steps.indices.contains(index) else { return dawn(table: &table) }
    stage = .awake(step: index)
    stageEnds = now + drawAwake()
    return [.wake(steps[index].id, meetingOnly: table.isMeetingNight())]
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
    let saved = table.tonight.saved
    let died = try? table.resolveNight()
    var cues: [NarrationCue] = [.morning(died: died ?? nil, saved: saved && table.options.dealt.announceSaves)]
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
    if table.isSecretPhase {
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
  /// A step that has had its drawn time and waits for its choice
  /// (`NightStep.waitsForChoice`) ends at the choice, at `now`.
  public mutating func choose(_ seat: Int, table: inout Table, now: Int64) throws(NarrationError) -> [NarrationCue] {
    guard let step = awakeStep(on: table), !hasChosen(on: table) else { throw .wrongStage }
    guard table.candidates(for: step).contains(seat) else { throw .notACandidate(seat) }
    // Every choice looks the same on screen; what it counts for is the rules' (`countedChoice`).
    let counted = table.countedChoice(seat, by: step)
    do throws(TableError) { try table.recordChoice(step.id, seat: counted) } catch { throw .table(error) }
    if step.action == .check {
      // An answer of the same shape whoever chose: the true one for the
      // step's roles; for a peeker (nobody of the step alive or dealt) one
      // drawn aside from the step lengths' numbers, which it must not move.
      var aside = SplitMix64(seed: random.state ^ UInt64(truncatingIfNeeded: seat) ^ 0xC4EC_0000)
      let drawn: NightAnswer = aside.next() & 1 == 0 ? .bad : .notBad
      answer = counted == nil ? drawn : table.answer(about: seat)
      checked = seat
    }
    if waitsForChoice, case .awake(let index) = stage {
      return [.chosen] + fallAsleep(index: index, steps: steps(on: table), now: now)
    }
    return [.chosen]
  }

  /// A step that has had its drawn time and waits for its choice passes
  /// without one: on a night on the phones, when every phone still there has
  /// confirmed and none of the step's roles is among them (their phones went
  /// away). Nobody is chosen, as when a step that does not wait runs out of time.
  public mutating func passWithoutChoice(table: inout Table, now: Int64) throws(NarrationError) -> [NarrationCue] {
    guard waitsForChoice, case .awake(let index) = stage, let step = awakeStep(on: table), !hasChosen(on: table) else {
      throw .wrongStage
    }
    do throws(TableError) { try table.recordChoice(step.id, seat: nil) } catch { throw .table(error) }
    return fallAsleep(index: index, steps: steps(on: table), now: now)
  }

  /// The town voted: a player out, a tie (nobody leaves, or a revote among
  /// the tied under that house rule), or nobody by the town's choice (the day ends).
  /// In a revote only the tied may be voted out, or tie again.
  public mutating func vote(_ result: VoteResult, table: inout Table) throws(NarrationError) -> [NarrationCue] {
    guard stage == .vote else { throw .wrongStage }
    let candidates = candidates(on: table)
    switch result {
    case .out(let seat):
      guard candidates.contains(seat) else { throw .notACandidate(seat) }
      do throws(TableError) { try table.markDead(seat, cause: .votedOut) } catch { throw .table(error) }
      return [.votedOut(seat: seat)] + afterDeaths(table: &table)
    case .tied(let among):
      if let outside = among?.first(where: { !candidates.contains($0) }) { throw .notACandidate(outside) }
      do throws(TableError) { try table.recordTie(among: among) } catch { throw .table(error) }
      if table.options.dealt.tie == .revoteOnce && !revoting {
        revoting = true
        return [.tied(revote: true)]
      }
      return [.tied(revote: false)] + endDay(table: &table)
    case .nobody:
      do throws(TableError) { try table.recordSpared() } catch { throw .table(error) }
      return [.spared] + endDay(table: &table)
    }
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
    earlierRules = try container.decodeIfPresent(DealtRules.self, forKey: .rules)
    stage = try container.decode(NarrationStage.self, forKey: .stage)
    revoting = try container.decodeIfPresent(Bool.self, forKey: .revoting) ?? false
    answer = nil
    checked = nil
    random = SplitMix64(seed: try container.decode(UInt64.self, forKey: .random))
    stageEnds = nil
    resume()
  }

  /// Writes where the narration stands (not the clock).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(mode, forKey: .mode)
    try container.encodeIfPresent(earlierRules, forKey: .rules)
    try container.encode(stage, forKey: .stage)
    try container.encode(revoting, forKey: .revoting)
    try container.encode(random.state, forKey: .random)
  }
}
