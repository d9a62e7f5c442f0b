@testable import PareaRules
import Testing

// The per-seat view: what one seat may know, and the night task every living
// seat gets on its phone. Its outline (what a neighbour could make out of the
// phone) must not depend on who holds which role: the same taps by the same
// seats, with the roles moved among them, give the same outlines and the same
// refusals, at every step of a night.

private typealias R = Palermo.Roles

/// Seats: 0 Red thief, 1 Black thief, 2 Doctor, 3 Red kamikaze, 4 to 6 citizens.
private let seven = [R.redThief, R.blackThief, R.doctor, R.redKamikaze, R.citizens[0], R.citizens[1], R.citizens[2]]

/// A tap on a phone during a secret step.
private enum Tap: Hashable {
  case select(seat: Int, target: Int)
  case confirm(seat: Int)
}

/// A narrated Palermo table with its phones' picks.
private struct PhoneNight {
  var driver: NightDriver
  var picks = NightPicks()

  init(roles: [RoleID], rules: DealtRules = DealtRules()) {
    driver = NightDriver(roles: roles, rules: rules)
  }

  var views: [SeatView] { SeatView.all(table: driver.table, narration: driver.narration, picks: picks) }

  /// Applies a tap, and gives the narration the step's choice when it is
  /// due, as the run loop does. Returns how the tap was refused, if it was.
  mutating func tap(_ tap: Tap) throws -> NightPicks.Refusal? {
    do {
      switch tap {
      case .select(let seat, let target):
        try picks.select(target, by: seat, table: driver.table, narration: driver.narration)
      case .confirm(let seat):
        try picks.confirm(by: seat, table: driver.table, narration: driver.narration)
      }
    } catch let refusal as NightPicks.Refusal {
      return refusal
    }
    try handOn()
    return nil
  }

  /// Gives the narration the choice due, if any.
  mutating func handOn() throws {
    if let choice = picks.due(table: driver.table, narration: driver.narration) { try driver.run(.choose(choice)) }
  }

  /// Every living seat picks (its own pick, or the first candidate) and confirms.
  mutating func everyoneConfirms() throws {
    for view in views {
      guard let task = view.task, !task.confirmed, !task.candidates.isEmpty else { continue }
      if task.pick == nil, let first = task.candidates.first {
        #expect(try tap(.select(seat: view.seat, target: first)) == nil)
      }
      #expect(try tap(.confirm(seat: view.seat)) == nil)
    }
  }

  /// The clock reaches the end of the timed stage; the choice due goes on.
  mutating func wait() throws {
    try driver.run(.wait)
    try handOn()
  }
}

@Suite("The per-seat view")
struct SeatViewTests {
  @Test("the laptop's card and the phone read the same knowledge: the rules' own")
  func knowledgeIsTheRules() throws {
    let table = makeTable(Palermo(), seven)
    for view in SeatView.all(table: table) {
      #expect(view.knowledge == Palermo().knowledge(of: view.seat, at: table))
      #expect(view.role == seven[view.seat])
      #expect(view.side == Palermo().role(seven[view.seat])?.side)
      #expect(view.knowledgeSlots == 1)
      #expect(view.task == nil)
    }
    #expect(SeatView(seat: 7, table: table) == nil)
  }

  @Test("a Spy view holds the location for the locals only, and the same outline for all")
  func spyViews() throws {
    let table = makeTable(
      Spy(), [Spy.spy, Spy.local, Spy.local, Spy.local], location: "train",
      locationRoles: [nil, 0, 1, 2])
    let views = SeatView.all(table: table)
    #expect(views[0].knowledge == [.locationUnknown])
    #expect(views[1].knowledge == [.location("train", role: 0)])
    #expect(Set(views.map(\.outline)).count == 1)
  }

  @Test("at every secret step every living seat has a task from the same list; the out have none")
  func everyoneHasATask() throws {
    var night = PhoneNight(roles: seven)
    try night.driver.run([.enter, .wait])
    #expect(night.driver.narration.stage == .awake(step: 0))
    let purposes = night.views.map { $0.task?.purpose }
    #expect(purposes == [.kill, .kill, .suspect, .suspect, .suspect, .suspect, .suspect])
    #expect(Set(night.views.map { $0.task?.candidates }) == [Array(0..<7)])
    // The thieves choose seat 4; everyone confirms; the Doctor's step follows.
    #expect(try night.tap(.select(seat: 0, target: 4)) == nil)
    try night.everyoneConfirms()
    try night.wait()
    try night.wait()
    #expect(night.driver.narration.stage == .awake(step: 1))
    #expect(night.views.map { $0.task?.purpose } == [.suspect, .suspect, .protect, .suspect, .suspect, .suspect, .suspect])
    #expect(night.views.allSatisfy { $0.task?.pick == nil && $0.task?.confirmed == false })
    try night.wait()
    try night.wait()
    #expect(night.driver.narration.stage == .morning)
    #expect(night.views.allSatisfy { $0.task == nil })
    #expect(night.views[4].isAlive == false)

    // The next night the out seat has no task, and nobody can pick it.
    try night.driver.run([.enter, .enter, .vote(nil), .enter, .wait])
    #expect(night.driver.narration.stage == .awake(step: 0))
    #expect(night.views[4].task == nil)
    #expect(Set(night.views.compactMap { $0.task?.candidates }) == [[0, 1, 2, 3, 5, 6]])
    let pickedTheOut = try night.tap(.select(seat: 5, target: 4))
    #expect(pickedTheOut == .notACandidate)
    let outPicks = try night.tap(.select(seat: 4, target: 5))
    #expect(outPicks == .noTask)
  }

  @Test("a step whose role is out still gives every living seat a task: the Doctor's, with no Doctor")
  func stepWithoutItsRole() throws {
    let roles = [R.redThief, R.citizens[0], R.citizens[1], R.citizens[2], R.citizens[3]]
    var night = PhoneNight(roles: roles)
    try night.driver.run([.enter, .wait, .choose(1), .wait, .wait])
    #expect(night.driver.narration.stage == .awake(step: 1))
    #expect(night.views.allSatisfy { $0.task?.purpose == .suspect })
    #expect(try night.tap(.select(seat: 2, target: 0)) == nil)
    #expect(try night.tap(.confirm(seat: 2)) == nil)
    #expect(night.driver.table.choicesThisPhase.map(\.step) == ["thieves"])
  }

  @Test("the thieves see each other's picks at their own taps; the first to confirm chooses for both")
  func thievesPickTogether() throws {
    var night = PhoneNight(roles: seven)
    try night.driver.run([.enter, .wait])
    let before = night.views
    #expect(try night.tap(.select(seat: 0, target: 5)) == nil)
    // A tap changes the tapper's page and no other: the other thief's page
    // would repaint by itself in front of its neighbours.
    #expect(night.views.indices.filter { night.views[$0] != before[$0] } == [0])
    #expect(night.views[1].task?.fellows == [SeatTask.FellowPick(seat: 0, pick: nil, confirmed: false)])
    #expect(night.views[4].task?.fellows == [])
    // The other thief sees it at their own tap.
    #expect(try night.tap(.select(seat: 1, target: 6)) == nil)
    #expect(night.views[1].task?.fellows == [SeatTask.FellowPick(seat: 0, pick: 5, confirmed: false)])
    #expect(try night.tap(.confirm(seat: 1)) == nil)
    #expect(night.picks.choice == 6)
    #expect(night.views[0].task?.fellows == [SeatTask.FellowPick(seat: 1, pick: nil, confirmed: false)])
    #expect(try night.tap(.select(seat: 0, target: 6)) == nil)
    #expect(night.views[0].task?.fellows == [SeatTask.FellowPick(seat: 1, pick: 6, confirmed: true)])
    // The other thief's confirmation locks their own pick and changes nothing.
    #expect(try night.tap(.confirm(seat: 0)) == nil)
    #expect(night.picks.choice == 6)
    #expect(try night.tap(.select(seat: 0, target: 2)) == .alreadyConfirmed)
    #expect(try night.tap(.confirm(seat: 0)) == .alreadyConfirmed)
    // A citizen confirming chooses nothing.
    #expect(try night.tap(.confirm(seat: 4)) == .nothingPicked)
    #expect(try night.tap(.select(seat: 4, target: 0)) == nil)
    #expect(try night.tap(.confirm(seat: 4)) == nil)
    #expect(night.picks.choice == 6)
    // The thieves' step gets its choice once everyone has confirmed: whose
    // confirmation was the last tells nothing.
    #expect(night.driver.table.choicesThisPhase.isEmpty)
    // A phone that went away does not hold the night: with seat 6 gone, the others suffice.
    for seat in [2, 3, 5] {
      #expect(try night.tap(.select(seat: seat, target: 0)) == nil)
      #expect(try night.tap(.confirm(seat: seat)) == nil)
    }
    #expect(night.picks.due(table: night.driver.table, narration: night.driver.narration) == nil)
    #expect(night.picks.due(table: night.driver.table, narration: night.driver.narration, present: [0, 1, 2, 3, 4, 5]) == 6)
    try night.everyoneConfirms()
    #expect(night.driver.table.choicesThisPhase.map(\.seat) == [6])
    #expect(night.driver.narration.stage == .awake(step: 0))
  }

  @Test("on the thieves' meeting night nobody has anyone to pick, whatever their role")
  func meetingNight() throws {
    var rules = DealtRules()
    rules.firstNightMeetingOnly = true
    var night = PhoneNight(roles: seven, rules: rules)
    try night.driver.run([.enter, .wait])
    #expect(night.views.map { $0.task?.purpose } == [.meet, .meet, .wait, .wait, .wait, .wait, .wait])
    #expect(night.views.allSatisfy { $0.task?.candidates == [] })
    #expect(try night.tap(.select(seat: 0, target: 3)) == .notACandidate)
    #expect(try night.tap(.confirm(seat: 0)) == .nothingPicked)
  }

  @Test("picks between steps are refused, and a new step starts with none")
  func noTaskOutsideASecretStep() throws {
    var night = PhoneNight(roles: seven)
    #expect(try night.tap(.select(seat: 0, target: 3)) == .noTask)
    try night.driver.run([.enter, .wait])
    #expect(try night.tap(.select(seat: 3, target: 0)) == nil)
    try night.driver.run([.choose(2), .wait])
    #expect(try night.tap(.select(seat: 3, target: 0)) == .noTask)
    try night.wait()
    #expect(night.driver.narration.stage == .awake(step: 1))
    #expect(night.views[3].task?.pick == nil)
  }

  @Test("role-blind: the same taps with the roles moved give the same outlines and refusals", arguments: 0..<40)
  func outlinesAreRoleBlind(seed: UInt64) throws {
    var generator = SplitMix64(seed: 1_000 + seed)
    let players = 5 + generator.uniform(below: 8)
    let roles = Sample.palermoRoles(players: players, using: &generator)
    var order = Array(0..<players)
    order = generator.shuffled(order)
    let moved = order.map { roles[$0] }
    var rules = DealtRules()
    rules.firstNightMeetingOnly = generator.uniform(below: 4) == 0
    var a = PhoneNight(roles: roles, rules: rules)
    var b = PhoneNight(roles: moved, rules: rules)
    try a.driver.run([.enter, .wait])
    try b.driver.run([.enter, .wait])
    // The first night's secret steps, with random taps in each; every
    // seat's outline is compared after every tap, and within one table
    // every seat's outline is the same but for its own pick and confirmation.
    var compared = 0
    night: for _ in 0..<3 {
      guard a.driver.narration.stage.isSecret else { break }
      for _ in 0..<30 {
        let seat = generator.uniform(below: players)
        let tap =
          generator.uniform(below: 3) == 0
          ? Tap.confirm(seat: seat) : Tap.select(seat: seat, target: generator.uniform(below: players))
        #expect(try a.tap(tap) == b.tap(tap), "\(tap)")
        try compare(a, b)
        compared += 1
      }
      if generator.uniform(below: 2) == 0 {
        try a.everyoneConfirms()
        try b.everyoneConfirms()
        try compare(a, b)
      }
      // The step lasts its drawn time (or waits for everyone's taps), then
      // the next wakes: the same in both. The morning makes the night's
      // choices public (the victims may differ): the comparison ends there.
      while a.driver.narration.stageEnds != nil, a.driver.narration.stage.isSecret {
        let before = a.driver.narration.stage
        try a.wait()
        try b.wait()
        if !a.driver.narration.stage.isSecret { break night }
        try compare(a, b)
        if case .awake = a.driver.narration.stage, a.driver.narration.stage != before { break }
      }
    }
    #expect(compared >= 30, "the night's taps were compared")
  }

  /// The outlines of two tables, seat by seat, and within one table: every
  /// seat's the same but for its own pick and confirmation.
  private func compare(_ a: PhoneNight, _ b: PhoneNight) throws {
    #expect(a.views.map(\.outline) == b.views.map(\.outline))
    #expect(a.driver.narration.stage == b.driver.narration.stage)
    #expect(a.driver.narration.stageEnds == b.driver.narration.stageEnds)
    let shared = Set(a.views.map { view in
      view.outline.task.map { SeatTask.Outline(step: $0.step, candidates: $0.candidates, picked: false, confirmed: false) }
    })
    #expect(shared.count == 1)
  }
}
