import PareaRules
import Testing

// The story the summary tells: each night and day of a game, in order, with
// what was chosen and who left, from the table's log alone. Each row plays a
// game with the narrator's driver and compares the whole story.

private typealias R = Palermo.Roles

/// Seats: 0 Red thief, 1 Black thief, 2 Red kamikaze, 3 Black kamikaze, 4 Doctor, 5 to 7 citizens.
private let eight = [
  R.redThief, R.blackThief, R.redKamikaze, R.blackKamikaze, R.doctor, R.citizens[0], R.citizens[1],
  R.citizens[2],
]

private func night(_ round: Int, _ events: [StoryEvent]) -> StoryChapter {
  StoryChapter(phase: .night, round: round, events: events)
}

private func day(_ round: Int, _ events: [StoryEvent]) -> StoryChapter {
  StoryChapter(phase: .day, round: round, events: events)
}

struct StoryRow: Sendable, CustomTestStringConvertible {
  let name: String
  var roles: [RoleID] = eight
  var rules = DealtRules()
  let ops: [NightOp]
  let story: [StoryChapter]
  var testDescription: String { name }
}

@Suite("The story of a game")
struct StoryTests {
  static let rows: [StoryRow] = [
    StoryRow(name: "a game not begun has no story", ops: [], story: []),
    StoryRow(
      name: "a night in progress tells what was chosen so far",
      ops: [.enter, .wait, .choose(5)],
      story: [night(1, [.chose("thieves", seat: 5), .quiet])]),
    StoryRow(
      name: "a killing, then a day with a vote",
      ops: [.night(kill: 5, protect: 6), .enter, .enter, .vote(7)],
      story: [
        night(1, [.chose("thieves", seat: 5), .chose("doctor", seat: 6), .died(seat: 5, cause: .killedAtNight)]),
        day(1, [.died(seat: 7, cause: .votedOut)]),
      ]),
    StoryRow(
      name: "a save, then a tie that sends nobody out",
      ops: [.night(kill: 5, protect: 5), .enter, .enter, .vote(nil), .enter],
      story: [
        night(1, [.chose("thieves", seat: 5), .chose("doctor", seat: 5), .saved]),
        day(1, [.tied, .quiet]),
      ]),
    StoryRow(
      name: "the Doctor's time ran out: the story says nobody was protected",
      ops: [.night(kill: 5, protect: nil)],
      story: [night(1, [.chose("thieves", seat: 5), .chose("doctor", seat: nil), .died(seat: 5, cause: .killedAtNight)])]),
    StoryRow(
      name: "the Black kamikaze killed at night takes a player along",
      ops: [.night(kill: 3, protect: 6), .take(5)],
      story: [
        night(1, [
          .chose("thieves", seat: 3), .chose("doctor", seat: 6), .died(seat: 3, cause: .killedAtNight),
          .died(seat: 5, cause: .takenByKamikaze),
        ])
      ]),
    StoryRow(
      name: "the Red kamikaze voted out takes a player along",
      ops: [.night(kill: 6, protect: 5), .enter, .enter, .vote(2), .take(7)],
      story: [
        night(1, [.chose("thieves", seat: 6), .chose("doctor", seat: 5), .died(seat: 6, cause: .killedAtNight)]),
        day(1, [.died(seat: 2, cause: .votedOut), .died(seat: 7, cause: .takenByKamikaze)]),
      ]),
    StoryRow(
      name: "a revote after a tie",
      rules: DealtRules(tie: .revoteOnce),
      ops: [.night(kill: 6, protect: 5), .enter, .enter, .vote(nil), .vote(7)],
      story: [
        night(1, [.chose("thieves", seat: 6), .chose("doctor", seat: 5), .died(seat: 6, cause: .killedAtNight)]),
        day(1, [.tied, .died(seat: 7, cause: .votedOut)]),
      ]),
    StoryRow(
      name: "the first night of meeting only, then a killing on the second",
      rules: DealtRules(firstNightMeetingOnly: true),
      ops: [.enter, .wait, .wait, .wait, .enter, .enter, .vote(nil), .night(kill: 6, protect: 5)],
      story: [
        night(1, [.met("thieves"), .quiet]),
        day(1, [.tied, .quiet]),
        night(2, [.chose("thieves", seat: 6), .chose("doctor", seat: 5), .died(seat: 6, cause: .killedAtNight)]),
      ]),
    StoryRow(
      name: "a Doctor not dealt is left out of the story",
      roles: [R.redThief, R.blackThief, R.citizens[0], R.citizens[1], R.citizens[2], R.citizens[3]],
      ops: [.night(kill: 4, protect: nil)],
      story: [night(1, [.chose("thieves", seat: 4), .died(seat: 4, cause: .killedAtNight)])]),
    StoryRow(
      name: "a Doctor who is out is left out of the next nights",
      ops: [.night(kill: 4, protect: 6), .enter, .enter, .vote(nil), .night(kill: 5, protect: nil)],
      story: [
        night(1, [.chose("thieves", seat: 4), .chose("doctor", seat: 6), .died(seat: 4, cause: .killedAtNight)]),
        day(1, [.tied, .quiet]),
        night(2, [.chose("thieves", seat: 5), .died(seat: 5, cause: .killedAtNight)]),
      ]),
    StoryRow(
      name: "a game won by the town ends on its last vote",
      roles: [R.redThief, R.doctor, R.citizens[0], R.citizens[1], R.citizens[2]],
      ops: [.night(kill: 2, protect: 3), .enter, .enter, .vote(0)],
      story: [
        night(1, [.chose("thieves", seat: 2), .chose("doctor", seat: 3), .died(seat: 2, cause: .killedAtNight)]),
        day(1, [.died(seat: 0, cause: .votedOut)]),
      ]),
  ]

  @Test("the story follows the game", arguments: rows)
  func tells(_ row: StoryRow) throws {
    var driver = NightDriver(roles: row.roles, rules: row.rules)
    try driver.run(row.ops)
    #expect(driver.table.story(rules: row.rules) == row.story)
  }

  @Test("a game played on the manual table tells its deaths by night and day")
  func manualTable() throws {
    var table = Table(game: Palermo(), seats: eight.enumerated().map { Seat(name: "P\($0.offset)", role: $0.element) })
    _ = try table.markDead(5, cause: .killedAtNight)
    try table.advancePhase()
    _ = try table.markDead(6, cause: .votedOut)
    try table.advancePhase()
    try table.advancePhase()
    #expect(table.story() == [
      night(1, [.died(seat: 5, cause: .killedAtNight)]),
      day(1, [.died(seat: 6, cause: .votedOut)]),
      night(2, [.quiet]),
    ])
  }

  @Test("a game without nights and days has no story")
  func noPhases() throws {
    var table = Table(game: Killer(), seats: (0..<5).map { Seat(name: "P\($0)", role: $0 == 0 ? Killer.killer : Killer.citizen) })
    _ = try table.markDead(3, cause: .killed)
    #expect(table.story().isEmpty)
  }
}
