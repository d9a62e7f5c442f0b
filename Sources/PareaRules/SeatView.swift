// What one seat may know, as one value (`SeatView`): the laptop's role card
// and a phone's page both draw it, so that privacy has one source. Its night
// task (`SeatTask`) is the same shape for every living seat whatever the
// role, and the taps on phones during a night are gathered in `NightPicks`.

/// Everything one seat may see of the game: its own role, what that role
/// knows, its looks, whether it is alive, and its task when a narrated night
/// asks every phone for one. Nothing of another seat is in it except what
/// the role knows (`knowledge`) and what the table sees anyway (names, who is
/// out).
///
/// What the table can see of a view, its outline, is the same for every
/// seat of one table whatever the roles (`outline`): the role-blind tests
/// hold every view to that.
public struct SeatView: Hashable, Sendable {
  /// The game being played.
  public let game: GameID
  /// The seat this view belongs to.
  public let seat: Int
  /// Every player's name in seating order (public).
  public let names: [String]
  /// The seats out of the game (public).
  public let out: Set<Int>
  /// The seat's role.
  public let role: RoleID
  /// The side that role plays for.
  public let side: SideID
  /// What the role knows besides itself (fellow thieves, the location…).
  public let knowledge: [Knowledge]
  /// The most knowledge any seat of this table has: every card and page
  /// gives the "you know" block this many entries, so its length tells nothing.
  public let knowledgeSlots: Int
  /// The roles dealt in this game (public: the setup shows them), so that a
  /// page sizes the role's description for the longest of them.
  public let dealtRoles: [RoleID]
  /// How many times the seat has looked at its role.
  public let views: Int
  /// The seat's task now, when a narrated night asks every living phone for one.
  public let task: SeatTask?
  /// The seat's vote, when the day's vote is cast on the phones.
  public let ballot: BallotTask?
  /// Whether the game's result has been shown to the table (then every role
  /// is public). A game over whose result the laptop has not shown yet is
  /// not over here: it may still be taken back (`Table.resultShown`).
  public let isOver: Bool

  /// The seat's own name.
  public var name: String { names[seat] }
  /// Whether the seat is still in the game.
  public var isAlive: Bool { !out.contains(seat) }

  /// The view of `seat` at `table`, with the night's task when `narration`
  /// stands at a secret step and `picks` holds tonight's taps, and its vote
  /// when `ballot` is given and the narration stands at a vote on the
  /// phones. Nil for a seat that is not at the table.
  public init?(
    seat: Int, table: Table, narration: Narration? = nil, picks: NightPicks = NightPicks(), ballot: Ballot? = nil
  ) {
    guard table.seats.indices.contains(seat) else { return nil }
    let rules = table.rules
    let player = table.seats[seat]
    game = table.game
    self.seat = seat
    names = table.seats.map(\.name)
    out = Set(table.seats.indices.filter { !table.seats[$0].isAlive })
    role = player.role
    side = rules.role(player.role)?.side ?? SideID("")
    knowledge = rules.knowledge(of: seat, at: table)
    knowledgeSlots = table.seats.indices.map { rules.knowledge(of: $0, at: table).count }.max() ?? 0
    var roles: [RoleID] = []
    for seat in table.seats where !roles.contains(seat.role) { roles.append(seat.role) }
    dealtRoles = roles.sorted { $0.rawValue < $1.rawValue }
    let moment = Moment(seat: seat, table: table, narration: narration, picks: picks, ballot: ballot)
    views = moment.views
    task = moment.task
    self.ballot = moment.ballot
    isOver = table.resultShown
  }

  /// What of a seat's view moves with tonight's taps, the day's votes and
  /// the seat's own looks at its card. The rest of the view is the table's
  /// (names, roles, knowledge): two moments of one table (`Table.withoutLooks`)
  /// whose `Moment`s are equal give the seat equal views. Cheaper than the
  /// view, for telling which seats' views a change reached.
  public struct Moment: Hashable, Sendable {
    /// How many times the seat has looked at its role.
    public let views: Int
    /// The seat's task now, when a narrated night asks every living phone for one.
    public let task: SeatTask?
    /// The seat's vote, when the day's vote is cast on the phones.
    public let ballot: BallotTask?

    /// The moment of a seat at the table (its arguments as `SeatView`'s).
    public init(
      seat: Int, table: Table, narration: Narration? = nil, picks: NightPicks = NightPicks(), ballot: Ballot? = nil
    ) {
      views = table.seats.indices.contains(seat) ? table.seats[seat].views : 0
      task = narration.flatMap { SeatTask(seat: seat, table: table, narration: $0, picks: picks) }
      self.ballot = narration.flatMap { narration in
        ballot.flatMap { BallotTask(seat: seat, table: table, narration: narration, ballot: $0) }
      }
    }
  }

  /// Every seat's view, in seating order.
  public static func all(
    table: Table, narration: Narration? = nil, picks: NightPicks = NightPicks(), ballot: Ballot? = nil
  ) -> [SeatView] {
    table.seats.indices.compactMap { SeatView(seat: $0, table: table, narration: narration, picks: picks, ballot: ballot) }
  }

  /// What anyone across the table could make out of this view on a screen
  /// held by its seat: everything but the role's words. Equal for every
  /// seat of a table (and for every way of dealing its roles) while the game
  /// is on; the role-blind tests check that.
  public var outline: Outline {
    Outline(
      game: game, names: names, out: out, knowledgeSlots: knowledgeSlots, dealtRoles: dealtRoles,
      task: task?.outline, ballot: ballot?.outline, isOver: isOver)
  }

  /// The part of a view that does not depend on the seat's role.
  public struct Outline: Hashable, Sendable {
    public let game: GameID
    public let names: [String]
    public let out: Set<Int>
    public let knowledgeSlots: Int
    public let dealtRoles: [RoleID]
    public let task: SeatTask.Outline?
    public let ballot: BallotTask.Outline?
    public let isOver: Bool
  }
}

/// What a living seat does on its phone during one secret step of a narrated
/// night. Every living seat has one at every step, of the same shape: the
/// step's roles make its real choice (a victim, someone to protect, someone
/// to check); everyone else names whom they suspect, which counts for
/// nothing (see DECISIONS: the taps of the others). Everyone picks from the
/// same list, may change their pick until they confirm it, and confirms once.
public struct SeatTask: Hashable, Sendable {
  /// What the pick is for.
  public enum Purpose: String, Hashable, Sendable, CaseIterable {
    /// The thieves' victim.
    case kill
    /// Someone the Doctor keeps alive tonight.
    case protect
    /// Someone whose side the step's roles learn.
    case check
    /// Someone whose night ability does nothing tonight.
    case block
    /// The first night under that house rule: the thieves only meet.
    case meet
    /// Everyone else: whom they suspect (counts for nothing).
    case suspect
    /// Everyone else on a night with nothing to choose (the thieves meet).
    case wait
  }

  /// Tonight's secret step this task belongs to (its index; public, the narrator says it).
  public let step: Int
  /// What the pick is for: the only role-dependent part.
  public let purpose: Purpose
  /// The players one may pick, in seating order: the same list for every seat.
  public let candidates: [Int]
  /// This seat's current pick, if any.
  public let pick: Int?
  /// Whether this seat has confirmed its pick (it cannot change it then).
  public let confirmed: Bool
  /// The picks of the others who choose with this seat (fellow thieves), in
  /// seating order; empty for everyone else.
  public let fellows: [FellowPick]
  /// What a check learned, once this seat's step has checked someone.
  public let answer: NightAnswer?
  /// The candidates this seat's choice would protect nobody with under the
  /// game's house rules (itself, or last night's choice), on the task of a
  /// protecting step's own chooser only: its phone may say so (it is
  /// private); the laptop never does (`Table.candidates`). Empty otherwise.
  public let barred: [Barred]

  /// A candidate the house rules do not let this seat protect, and why.
  public struct Barred: Hashable, Sendable {
    public let seat: Int
    public let reason: Reason

    public enum Reason: String, Hashable, Sendable {
      /// The chooser themself (`DealtRules.doctorMayProtectSelf` off).
      case yourself
      /// Last night's choice (`DealtRules.doctorMayRepeat` off).
      case again
    }
  }

  /// Another chooser's pick, as the ones choosing together see it.
  public struct FellowPick: Hashable, Sendable {
    public let seat: Int
    public let pick: Int?
    public let confirmed: Bool
  }

  /// The seat's task at the narration's current step, or nil when the
  /// narration is not at a secret step or the seat is out.
  init?(seat: Int, table: Table, narration: Narration, picks: NightPicks) {
    guard case .awake(let index) = narration.stage, let step = narration.awakeStep(on: table),
      table.seats.indices.contains(seat), table.seats[seat].isAlive
    else { return nil }
    let holders = NightPicks.choosers(of: step, at: table)
    let chooses = holders.contains(seat)
    let meeting = table.isMeetingNight()
    self.step = index
    purpose =
      switch (chooses, meeting) {
      case (true, true): .meet
      case (false, true): .wait
      case (true, false): Purpose(step.action)
      case (false, false): .suspect
      }
    candidates = table.candidates(for: step)
    let mine = picks.belongs(to: index, round: table.round) ? picks : NightPicks()
    pick = mine.selected[seat]
    confirmed = mine.confirmed.contains(seat)
    // The fellows' picks as they were at this seat's own last tap: a fellow's
    // tap never changes this seat's page (DECISIONS: "Every phone is told
    // the same things at the same moments").
    fellows =
      chooses
      ? mine.fellowsSeen[seat]
        ?? holders.filter { $0 != seat }.map { FellowPick(seat: $0, pick: nil, confirmed: false) }
      : []
    answer = chooses && step.action == .check ? narration.answer : nil
    if chooses, !meeting, step.action == .protect {
      let mayRepeat = table.options.dealt.doctorMayRepeat
      let last = table.previousChoice(of: step.id)
      barred = candidates.compactMap { candidate in
        guard table.countedChoice(candidate, by: step) == nil else { return nil }
        return Barred(seat: candidate, reason: !mayRepeat && last == candidate ? .again : .yourself)
      }
    } else {
      barred = []
    }
  }

  /// What the table could make out of the task: the step, the list, whether
  /// a pick is made and confirmed — never what it is for, whom it names, the
  /// fellows or the answer.
  public var outline: Outline { Outline(step: step, candidates: candidates, picked: pick != nil, confirmed: confirmed) }

  /// The role-blind part of a task.
  public struct Outline: Hashable, Sendable {
    public let step: Int
    public let candidates: [Int]
    public let picked: Bool
    public let confirmed: Bool
  }
}

extension SeatTask {
  /// What any seat's task at the narration's current step may be for, and
  /// the most fellows a chooser may have there: public (the narrator
  /// announces the step; the roles dealt are known) and the same for every
  /// seat, dead or alive, so a page may size itself by it. Nil when the
  /// narration is not at a secret step.
  public static func possible(table: Table, narration: Narration) -> (purposes: [Purpose], fellows: Int)? {
    guard case .awake = narration.stage, let step = narration.awakeStep(on: table) else { return nil }
    let dealt = table.seats.filter { step.roles.contains($0.role) }.count
    let purposes: [Purpose] = table.isMeetingNight() ? [.meet, .wait] : [Purpose(step.action), .suspect]
    return (purposes, max(0, dealt - 1))
  }
}

extension SeatTask.Purpose {
  init(_ action: NightAction) {
    switch action {
    case .kill: self = .kill
    case .protect: self = .protect
    case .check: self = .check
    case .block: self = .block
    }
  }
}

/// The taps of tonight's current secret step on the phones: each living
/// seat's pick and whether it is confirmed. Not saved: a resumed night
/// starts again at dusk.
///
/// The step's real choice is the pick of the first of its choosers to
/// confirm (as on the laptop, one choice for all of them); each of them
/// sees the others' picks as they stand at its own taps (a fellow's tap
/// never repaints another phone). When it reaches the narration
/// (`due`) must not tell anyone who confirmed it: a step that may not
/// wait for its choice gets it at once (its length is drawn and fixed
/// whatever happens); a step that waits for its choice (the thieves') gets it
/// only once every living seat has confirmed, so that whether the night
/// waits, and when it goes on, depends on everyone's taps and never on whose
/// tap it was.
public struct NightPicks: Hashable, Sendable {
  /// The secret step these picks belong to (an index into tonight's steps).
  public private(set) var step: Int?
  /// The round of the night they belong to.
  public private(set) var round: Int?
  /// Each seat's current pick.
  public private(set) var selected: [Int: Int]
  /// The seats that confirmed their pick.
  public private(set) var confirmed: Set<Int>
  /// The step's choice, once one of its choosers confirmed it.
  public private(set) var choice: Int?
  /// What each chooser saw of its fellows' picks at its own last tap.
  public private(set) var fellowsSeen: [Int: [SeatTask.FellowPick]]
  /// The seats the table went on without at this step (`goOnWithout`):
  /// their phones no longer hold it. They join the next step.
  public private(set) var excused: Set<Int>

  /// No picks.
  public init() {
    step = nil
    round = nil
    selected = [:]
    confirmed = []
    choice = nil
    fellowsSeen = [:]
    excused = []
  }

  /// Why a tap is refused. A refused tap changes nothing and the phone is
  /// told so; it never depends on the seat's role (every seat may pick and
  /// confirm the same way).
  public enum Refusal: Error, Hashable, Sendable {
    /// No secret step is awake, or the seat is out.
    case noTask
    /// The player picked is not on the list.
    case notACandidate
    /// The seat has confirmed already.
    case alreadyConfirmed
    /// Confirm before picking.
    case nothingPicked
  }

  /// The living holders of the step's roles, in seating order.
  static func choosers(of step: NightStep, at table: Table) -> [Int] {
    table.seats.indices.filter { table.seats[$0].isAlive && step.roles.contains(table.seats[$0].role) }
  }

  /// Whether these are the picks of step `index` of the night of `round`.
  func belongs(to index: Int, round: Int) -> Bool { step == index && self.round == round }

  /// Starts afresh when the narration has moved to another step.
  private mutating func follow(_ narration: Narration, table: Table) {
    guard case .awake(let index) = narration.stage else {
      self = NightPicks()
      return
    }
    if !belongs(to: index, round: table.round) { self = NightPicks() }
    step = index
    round = table.round
  }

  /// The seat picks `target` (it may change its mind until it confirms).
  public mutating func select(
    _ target: Int, by seat: Int, table: Table, narration: Narration
  ) throws(Refusal) {
    guard let task = SeatTask(seat: seat, table: table, narration: narration, picks: self) else { throw .noTask }
    guard !task.confirmed else { throw .alreadyConfirmed }
    guard task.candidates.contains(target) else { throw .notACandidate }
    follow(narration, table: table)
    selected[seat] = target
    remember(for: seat, table: table, narration: narration)
  }

  /// A chooser's tap shows it its fellows' picks as they stand now; nobody
  /// else's page changes for it.
  private mutating func remember(for seat: Int, table: Table, narration: Narration) {
    guard let step = narration.awakeStep(on: table) else { return }
    let holders = Self.choosers(of: step, at: table)
    guard holders.contains(seat) else { return }
    fellowsSeen[seat] = holders.filter { $0 != seat }.map {
      SeatTask.FellowPick(seat: $0, pick: selected[$0], confirmed: confirmed.contains($0))
    }
  }

  /// The seat confirms its pick. The first of the step's choosers to
  /// confirm makes the step's choice (`choice`, handed on by `due`); anyone
  /// else's confirmation only locks their own pick.
  public mutating func confirm(by seat: Int, table: Table, narration: Narration) throws(Refusal) {
    guard let task = SeatTask(seat: seat, table: table, narration: narration, picks: self) else { throw .noTask }
    guard !task.confirmed else { throw .alreadyConfirmed }
    guard let pick = task.pick else { throw .nothingPicked }
    follow(narration, table: table)
    confirmed.insert(seat)
    remember(for: seat, table: table, narration: narration)
    switch task.purpose {
    case .kill, .protect, .check, .block:
      if choice == nil && !narration.hasChosen(on: table) { choice = pick }
    case .meet, .wait, .suspect:
      break
    }
  }

  /// Whether every living seat has confirmed its pick at the step awake
  /// now; with `present`, every living seat among those (a phone that went
  /// away, asleep or out of battery, does not hold the night), and never
  /// one the table went on without.
  public func everyoneConfirmed(table: Table, narration: Narration, present: Set<Int>? = nil) -> Bool {
    guard case .awake(let index) = narration.stage, belongs(to: index, round: table.round) else { return false }
    return table.alive.filter { (present?.contains($0) ?? true) && !excused.contains($0) }.allSatisfy(confirmed.contains)
  }

  /// The living seats that have not confirmed at the step awake now, in
  /// seating order: whom the night waits for once its time is over. Who
  /// they are depends on who tapped, never on who holds which role.
  public func waitingFor(table: Table, narration: Narration) -> [Int] {
    guard case .awake(let index) = narration.stage else { return [] }
    let current = belongs(to: index, round: table.round)
    return table.alive.filter { !current || (!confirmed.contains($0) && !excused.contains($0)) }
  }

  /// The table goes on without the phones that have not confirmed: the
  /// step's choice is then the confirmed choosers' (or none, and the step
  /// passes: `passes`). The same for every seat, whatever its role.
  public mutating func goOnWithout(table: Table, narration: Narration) {
    let waiting = waitingFor(table: table, narration: narration)
    guard !waiting.isEmpty else { return }
    follow(narration, table: table)
    excused.formUnion(waiting)
  }

  /// The choice to give the narration now (`Narration.choose`), if any:
  /// at once for a step that never waits; for one that waits for its
  /// choice, once every living seat (of those `present`) has confirmed.
  public func due(table: Table, narration: Narration, present: Set<Int>? = nil) -> Int? {
    guard let choice, case .awake(let index) = narration.stage, belongs(to: index, round: table.round),
      let awake = narration.awakeStep(on: table), !narration.hasChosen(on: table)
    else { return nil }
    if awake.waitsForChoice && !everyoneConfirmed(table: table, narration: narration, present: present) { return nil }
    return choice
  }

  /// Whether a step that waits for its choice, past its drawn time, has to
  /// pass without one (`Narration.passWithoutChoice`): every seat `present`
  /// has confirmed and none of them made the choice (the step's roles are
  /// all among the phones that went away). Otherwise the night would stand
  /// still, and its standing still would point at the missing phones.
  public func passes(table: Table, narration: Narration, present: Set<Int>) -> Bool {
    guard choice == nil, narration.waitsForChoice, !narration.hasChosen(on: table) else { return false }
    if case .awake(let index) = narration.stage, !belongs(to: index, round: table.round) {
      // Nobody has tapped at this step: only when no phone is present at all.
      return table.alive.allSatisfy { !present.contains($0) }
    }
    return everyoneConfirmed(table: table, narration: narration, present: present)
  }
}
