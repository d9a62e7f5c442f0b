import Foundation
import PareaRules
import Testing

// The narrator's rules: how a night resolves, what the Doctor may protect, a
// tied vote under each house rule, the kamikazes, the wins after each, and a
// game resumed in the middle of a night. Each row is a script of what the
// table does and what the narration and the table say after it.

private typealias R = Palermo.Roles

/// Seats: 0 Red thief, 1 Black thief, 2 Red kamikaze, 3 Black kamikaze, 4 Doctor, 5 to 7 citizens.
private let eight = [
  R.redThief, R.blackThief, R.redKamikaze, R.blackKamikaze, R.doctor, R.citizens[0], R.citizens[1],
  R.citizens[2],
]

/// What the table does, one action at a time.
enum NightOp: Hashable, Sendable {
  /// Enter on a stage that waits (dusk, morning, discussion).
  case enter
  /// The clock reaches the end of the timed stage.
  case wait
  /// The awake step chooses this seat.
  case choose(Int)
  /// The town votes this seat out (nil: a tie).
  case vote(Int?)
  /// The kamikaze takes this seat.
  case take(Int)
  /// A whole night from dusk to the morning with these choices (nil: none).
  case night(kill: Int?, protect: Int?)
}

/// Drives a narration and its table with a clock of its own.
struct NightDriver {
  var narration: Narration
  var table: Table
  var now: Int64 = 1_000
  var cues: [NarrationCue] = []

  init(roles: [RoleID], rules: DealtRules = DealtRules(), seed: UInt64 = 7) {
    let seats = roles.enumerated().map { Seat(name: "P\($0.offset)", role: $0.element) }
    // The house rules are the table's, fixed at the deal.
    table = Table(game: Palermo(), seats: seats, options: TableOptions(dealt: rules))
    narration = Narration(mode: .parea, seed: seed)
  }

  mutating func run(_ ops: [NightOp]) throws {
    for op in ops { try run(op) }
  }

  mutating func run(_ op: NightOp) throws {
    switch op {
    case .enter:
      cues += try narration.proceed(table: &table, now: now)
    case .wait:
      let ends = try #require(narration.stageEnds, "no timed stage to wait for at \(narration.stage)")
      now = ends
      cues += narration.tick(table: &table, now: now)
    case .choose(let seat):
      cues += try narration.choose(seat, table: &table, now: now)
    case .vote(let seat):
      cues += try narration.vote(seat.map(VoteResult.out) ?? .tied(among: nil), table: &table)
    case .take(let seat):
      cues += try narration.takeAlong(seat, table: &table)
    case .night(let kill, let protect):
      try run([.enter, .wait])
      if let kill { try run(.choose(kill)) }
      try run([.wait, .wait])
      if narration.stage == .awake(step: 1) {
        if let protect { try run(.choose(protect)) }
        try run([.wait, .wait])
      }
    }
  }

  var dead: [Int: DeathCause] {
    var dead: [Int: DeathCause] = [:]
    for (seat, player) in table.seats.enumerated() { if let death = player.death { dead[seat] = death } }
    return dead
  }
}

struct NightRow: Sendable, CustomTestStringConvertible {
  let name: String
  var roles: [RoleID] = eight
  var rules = DealtRules()
  let ops: [NightOp]
  let stage: NarrationStage
  let dead: [Int: DeathCause]
  /// The cues after the first night fell, or nil not to check them.
  var cues: [NarrationCue]? = nil
  var winner: SideID? = nil
  var testDescription: String { name }
}

@Suite("The narrator's rules")
struct NarrationTests {
  static let rows: [NightRow] = [
    NightRow(
      name: "an unprotected victim dies", ops: [.night(kill: 5, protect: 6)], stage: .morning,
      dead: [5: .killedAtNight],
      cues: [
        .nightFalls(round: 1), .wake("thieves", meetingOnly: false), .chosen, .sleep("thieves"),
        .wake("doctor", meetingOnly: false), .chosen, .sleep("doctor"), .morning(died: 5, saved: false),
      ]),
    NightRow(
      name: "a protected victim lives; the save is not announced by default",
      ops: [.night(kill: 5, protect: 5)], stage: .morning, dead: [:],
      cues: [
        .nightFalls(round: 1), .wake("thieves", meetingOnly: false), .chosen, .sleep("thieves"),
        .wake("doctor", meetingOnly: false), .chosen, .sleep("doctor"), .morning(died: nil, saved: false),
      ]),
    NightRow(
      name: "a save is announced under that house rule", rules: DealtRules(announceSaves: true),
      ops: [.night(kill: 5, protect: 5)], stage: .morning, dead: [:],
      cues: [
        .nightFalls(round: 1), .wake("thieves", meetingOnly: false), .chosen, .sleep("thieves"),
        .wake("doctor", meetingOnly: false), .chosen, .sleep("doctor"), .morning(died: nil, saved: true),
      ]),
    NightRow(
      name: "the thieves' step waits past its time for their choice",
      ops: [.enter, .wait, .wait, .choose(5), .wait, .wait, .wait], stage: .morning,
      dead: [5: .killedAtNight],
      cues: [
        .nightFalls(round: 1), .wake("thieves", meetingOnly: false), .chosen, .sleep("thieves"),
        .wake("doctor", meetingOnly: false), .sleep("doctor"), .morning(died: 5, saved: false),
      ]),
    NightRow(
      name: "the Doctor's step passes unprotected when its time runs out",
      ops: [.night(kill: 5, protect: nil)], stage: .morning, dead: [5: .killedAtNight]),
    NightRow(
      name: "the Doctor protects themself (allowed by default)", ops: [.night(kill: 4, protect: 4)],
      stage: .morning, dead: [:]),
    NightRow(
      name: "the Black kamikaze killed at night takes a player in the morning",
      ops: [.night(kill: 3, protect: 6), .take(5)], stage: .morning,
      dead: [3: .killedAtNight, 5: .takenByKamikaze],
      cues: [
        .nightFalls(round: 1), .wake("thieves", meetingOnly: false), .chosen, .sleep("thieves"),
        .wake("doctor", meetingOnly: false), .chosen, .sleep("doctor"), .morning(died: 3, saved: false),
        .takeAlong(by: 3), .taken(seat: 5, by: 3),
      ]),
    NightRow(
      name: "the Red kamikaze voted out takes a player along; then dusk",
      ops: [.night(kill: 7, protect: 7), .enter, .enter, .vote(2), .take(6)], stage: .dusk,
      dead: [2: .votedOut, 6: .takenByKamikaze]),
    NightRow(
      name: "a tie sends nobody out by default", ops: [.night(kill: 7, protect: 7), .enter, .enter, .vote(nil)],
      stage: .dusk, dead: [:]),
    NightRow(
      name: "a tie under the revote rule: the town votes again",
      rules: DealtRules(tie: .revoteOnce),
      ops: [.night(kill: 7, protect: 7), .enter, .enter, .vote(nil)], stage: .vote, dead: [:]),
    NightRow(
      name: "two ties under the revote rule: nobody leaves", rules: DealtRules(tie: .revoteOnce),
      ops: [.night(kill: 7, protect: 7), .enter, .enter, .vote(nil), .vote(nil)], stage: .dusk, dead: [:]),
    NightRow(
      name: "a revote that names a player", rules: DealtRules(tie: .revoteOnce),
      ops: [.night(kill: 7, protect: 7), .enter, .enter, .vote(nil), .vote(7)], stage: .dusk,
      dead: [7: .votedOut]),
    NightRow(
      name: "the first night of meeting only: nobody is chosen, the Doctor does not wake",
      rules: DealtRules(firstNightMeetingOnly: true), ops: [.enter, .wait, .wait, .wait],
      stage: .morning, dead: [:],
      cues: [
        .nightFalls(round: 1), .wake("thieves", meetingOnly: true), .sleep("thieves"),
        .morning(died: nil, saved: false),
      ]),
    NightRow(
      name: "the second night kills under the meeting rule",
      rules: DealtRules(firstNightMeetingOnly: true),
      ops: [.enter, .wait, .wait, .wait, .enter, .enter, .vote(nil), .night(kill: 6, protect: 5)],
      stage: .morning, dead: [6: .killedAtNight]),
    NightRow(
      name: "voting out the last thief: the town wins",
      roles: [R.redThief, R.doctor, R.citizens[0], R.citizens[1], R.citizens[2]],
      ops: [.night(kill: 2, protect: 3), .enter, .enter, .vote(0)], stage: .over,
      dead: [2: .killedAtNight, 0: .votedOut], winner: Palermo.town),
    NightRow(
      name: "a night's victim that leaves the thieves as many as the town: the thieves win",
      roles: [R.redThief, R.blackThief, R.doctor, R.citizens[0], R.citizens[1]],
      ops: [.night(kill: 2, protect: 3)], stage: .over, dead: [2: .killedAtNight], winner: Palermo.thieves),
    NightRow(
      name: "the Black kamikaze's take can end the game",
      roles: [R.redThief, R.blackKamikaze, R.doctor, R.citizens[0], R.citizens[1]],
      ops: [.night(kill: 1, protect: 3), .take(0)], stage: .over,
      dead: [1: .killedAtNight, 0: .takenByKamikaze], winner: Palermo.town),
    NightRow(
      name: "a night without a Doctor dealt keeps the Doctor's step",
      roles: [R.redThief, R.blackThief, R.citizens[0], R.citizens[1], R.citizens[2], R.citizens[3]],
      ops: [.night(kill: 4, protect: nil)], stage: .morning, dead: [4: .killedAtNight],
      cues: [
        .nightFalls(round: 1), .wake("thieves", meetingOnly: false), .chosen, .sleep("thieves"),
        .wake("doctor", meetingOnly: false), .sleep("doctor"), .morning(died: 4, saved: false),
      ]),
  ]

  @Test("a night and a day resolve as the rules say", arguments: rows)
  func resolves(_ row: NightRow) throws {
    var driver = NightDriver(roles: row.roles, rules: row.rules)
    try driver.run(row.ops)
    #expect(driver.narration.stage == row.stage)
    #expect(driver.dead == row.dead)
    if let cues = row.cues { #expect(driver.cues == cues) }
    #expect(driver.table.winner == row.winner)
  }

  @Test("the Doctor's list is everyone; a choice the house rules forbid protects nobody")
  func doctorChoices() throws {
    let doctor = Palermo().phase(.night)!.steps[1]
    for (selfRule, repeatRule) in [(true, true), (true, false), (false, true), (false, false)] {
      let rules = DealtRules(doctorMayProtectSelf: selfRule, doctorMayRepeat: repeatRule)
      var driver = NightDriver(roles: eight, rules: rules)
      // Night 1: nobody dies; the Doctor (seat 4) protects seat 6. Day 1: a tie.
      try driver.run([.night(kill: 5, protect: 6), .enter, .enter, .vote(nil), .enter])
      let what = "self \(selfRule), repeat \(repeatRule)"
      // The list never leaves anyone out: it would tell a peeker who the Doctor is.
      #expect(driver.table.candidates(for: doctor, rules: rules) == driver.table.alive, "\(what)")
      #expect(driver.table.countedChoice(4, by: doctor, rules: rules) == (selfRule ? 4 : nil), "\(what)")
      #expect(driver.table.countedChoice(6, by: doctor, rules: rules) == (repeatRule ? 6 : nil), "\(what)")
      #expect(driver.table.countedChoice(7, by: doctor, rules: rules) == 7, "\(what)")
    }
  }

  @Test("the thieves' list is everyone still in; a fellow thief chosen is the victim")
  func thievesChoices() throws {
    var driver = NightDriver(roles: eight)
    try driver.run(.night(kill: 5, protect: 6))
    try driver.run([.enter, .enter, .vote(nil), .enter, .wait])
    #expect(driver.narration.candidates(on: driver.table) == [0, 1, 2, 3, 4, 6, 7])
    #expect(throws: NarrationError.notACandidate(5)) { try driver.run(.choose(5)) }
    #expect(driver.table.choicesThisPhase.isEmpty)
    // The Black thief (seat 1), chosen by the thieves, is the night's victim.
    try driver.run(.choose(1))
    #expect(driver.table.choicesThisPhase.map(\.seat) == [1])
    #expect(driver.table.tonight.victim == 1)
  }

  @Test("a choice pressed while the step's roles are out looks the same and counts for nothing")
  func peekingChoice() throws {
    // The Doctor is not dealt: a key pressed in the Doctor's step protects nobody.
    var driver = NightDriver(roles: [R.redThief, R.blackThief, R.citizens[0], R.citizens[1], R.citizens[2], R.citizens[3]])
    try driver.run([.enter, .wait, .choose(4), .wait, .wait, .choose(4)])
    #expect(driver.cues.last == .chosen)
    try driver.run([.wait, .wait])
    #expect(driver.dead == [4: .killedAtNight])
  }

  @Test("a game resumed in the middle of a night restarts it from dusk and keeps the choices made")
  func resumeMidNight() throws {
    var driver = NightDriver(roles: eight)
    try driver.run([.enter, .wait, .choose(5), .wait, .wait])
    #expect(driver.narration.stage == .awake(step: 1))
    let data = try JSONEncoder().encode(driver.narration)
    driver.narration = try JSONDecoder().decode(Narration.self, from: data)
    #expect(driver.narration.stage == .dusk)
    #expect(driver.narration.stageEnds == nil)
    driver.cues = []
    try driver.run([.enter, .wait])
    #expect(driver.cues == [.nightFalls(round: 1), .wake("doctor", meetingOnly: false)])
    try driver.run([.choose(6), .wait, .wait])
    #expect(driver.dead == [5: .killedAtNight])
    #expect(driver.narration.stage == .morning)
  }

  @Test("a narrated table undoes and replays its choices and ties")
  func undoReplays() throws {
    var driver = NightDriver(roles: eight)
    try driver.run([.night(kill: 5, protect: 6), .enter, .enter, .vote(nil)])
    var table = driver.table
    #expect(try table.undo() == .tied(among: nil))
    #expect(table.log == Array(driver.table.log.dropLast()))
    #expect(table.seats == driver.table.seats)
  }
}
