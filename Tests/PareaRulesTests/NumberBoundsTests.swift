import Foundation  // JSONEncoder / JSONDecoder only: tables as a file holds them
import PareaRules
import Testing

// The numbers of a game are bounded (views, rounds, scores, rounds played),
// and the arithmetic on them stops at the bound instead of trapping or making
// a game that would not load again. A table whose numbers or records no game
// of its kind could make is not consistent.

private typealias R = Palermo.Roles

/// `table` as a file holds it (compact, sorted keys), edited as text and read back.
private func edited(_ table: Table, _ from: String, _ to: String) throws -> Table {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  let text = String(decoding: try encoder.encode(table), as: UTF8.self)
  #expect(text.contains(from), "\(text)")
  return try JSONDecoder().decode(Table.self, from: Data(text.replacing(from, with: to).utf8))
}

private let palermoRoles = [R.redThief, R.blackThief, R.doctor, R.blackKamikaze, R.redKamikaze, R.citizens[0]]

@Suite("Numbers of a game and their bounds")
struct NumberBoundsTests {
  @Test func looksStopCountingAtTenThousandAndTheTableStaysConsistent() throws {
    var table = makeTable(Killer(), [Killer.killer, Killer.cop, Killer.citizen])
    table = try edited(table, #""views":0"#, #""views":9999"#)
    try table.recordLook(at: 0)
    try table.recordLook(at: 0)
    #expect(table.seats[0].views == 10_000)
    #expect(table.log.count == 2, "every look is still logged")
    #expect(table.isConsistent)
    // A table no file could hold does not trap either.
    var beyond = try edited(table, #""views":10000"#, #""views":9223372036854775807"#)
    try beyond.recordLook(at: 0)
    #expect(beyond.seats[0].views == Int.max)
    #expect(!beyond.isConsistent)
  }

  @Test func nextStopsAtRoundOneThousand() throws {
    var table = makeTable(Palermo(), palermoRoles)
    // Night and day of every round up to the last: 1_999 steps of "next".
    for _ in 0..<1_999 { try table.advancePhase() }
    #expect(table.round == 1_000 && table.phase == .day)
    #expect(table.isConsistent)
    #expect(throws: TableError.notAllowed) { try table.advancePhase() }
    #expect(table.round == 1_000 && table.phase == .day)
    #expect(table.isConsistent)
  }

  @Test func scoresAndRoundsPlayedStopAtTheirBounds() throws {
    var table = makeTable(Spy(), [Spy.spy, Spy.local, Spy.local, Spy.local], location: "zoo")
    table.end()  // nobody accused: the spy gets away, 2 points
    let points = try #require(table.points)
    #expect(points == [2, 0, 0, 0])
    var session = GameSession(
      table: table, players: ["P0", "P1", "P2", "P3"], setup: Setup(),
      scores: ["P0": 3_999, "P1": -4_000, "P2": Int.max, "P3": Int.min], roundsPlayed: 1_000)
    // The totals on the standings: saturated, never trapping.
    let totals = Dictionary(uniqueKeysWithValues: session.totals().map { ($0.name, $0.total) })
    #expect(totals == ["P0": 4_000, "P1": -4_000, "P2": 4_000, "P3": -4_000])
    session.closeRound()
    #expect(session.scores == ["P0": 4_000, "P1": -4_000, "P2": 4_000, "P3": -4_000])
    #expect(session.roundsPlayed == 1_000)
    #expect(session.isValid(rules: Spy()))
  }

  @Test func theScoreBoundIsTheLargestPointsForEveryRound() {
    #expect(Spy().maximumPoints == 4)
    #expect(GameSession.scoreLimit(Spy()) == 4_000)
    #expect(Palermo().maximumPoints == 0 && Killer().maximumPoints == 0)
    #expect(Seat.maximumViews == 10_000 && Table.maximumRound == 1_000 && GameSession.maximumRoundsPlayed == 1_000)
  }

  struct Swap: Sendable, CustomTestStringConvertible {
    let name: String
    let table: @Sendable () throws -> Table
    let from: String
    let to: String
    var testDescription: String { name }
  }

  /// Tables with records of their own game, consistent as they are: Palermo
  /// with a night's victim (the Black kamikaze, who took the citizen along)
  /// and the day's vote of the Red kamikaze, who is choosing whom to take.
  static func palermo() throws -> Table {
    var table = makeTable(Palermo(), palermoRoles)
    try table.markDead(3, cause: .killedAtNight)
    try table.resolveFollowUp(target: 5)
    try table.advancePhase()
    try table.markDead(4, cause: .votedOut)
    return table
  }
  /// Spy with a vote that caught a local (the spies win).
  static func spy() throws -> Table {
    var table = makeTable(Spy(), [Spy.spy, Spy.local, Spy.local], location: "zoo", locationRoles: [nil, 0, 1])
    try table.tableAccuses(1, startedBy: 2)
    return table
  }
  /// Killer with a wrong accusation by the Cop.
  static func killer() throws -> Table {
    var table = makeTable(Killer(), [Killer.killer, Killer.cop, Killer.citizen])
    try table.accuse(2, by: 1)
    return table
  }

  /// Records of one game in a table of another, or numbers out of their place.
  static let swaps: [Swap] = [
    Swap(name: "a role at the location in Palermo", table: palermo, from: #""name":"P1""#, to: #""locationRole":0,"name":"P1""#),
    Swap(name: "a role at the location for a spy", table: spy, from: #""name":"P0""#, to: #""locationRole":0,"name":"P0""#),
    Swap(name: "a role at the location past any location's", table: spy, from: #""locationRole":1"#, to: #""locationRole":999999"#),
    Swap(name: "a guess in Killer", table: killer, from: #""endedByHand""#, to: #""guess":{"by":0,"correct":false,"location":"zoo"},"endedByHand""#),
    Swap(name: "a vote in Palermo", table: palermo, from: #""votes":[]"#, to: #""votes":[{"by":0,"correct":false,"target":1}]"#),
    Swap(name: "an accusation in Spy", table: spy, from: #""accusations":[]"#, to: #""accusations":[{"by":0,"correct":false,"target":1}]"#),
    Swap(name: "a phase in Killer's log", table: killer, from: #""log":["#, to: #""log":[{"phase":{"_0":"day","round":1}},"#),
    Swap(name: "a tie in Spy's log", table: spy, from: #""log":["#, to: #""log":[{"tied":{}},"#),
    Swap(name: "a night step no game has", table: palermo, from: #""log":["#, to: #""log":[{"chose":{"_0":"dawn","seat":1}},"#),
    Swap(name: "a catch by the Cop in Palermo", table: palermo, from: #""log":["#, to: #""log":[{"died":{"cause":"caughtByCop","seat":1}},"#),
    Swap(name: "an accusation in Palermo's log", table: palermo, from: #""log":["#, to: #""log":[{"accused":{"_0":{"by":0,"correct":false,"target":1}}},"#),
    Swap(name: "a look at a seat past the table", table: killer, from: #""log":["#, to: #""log":[{"looked":{"seat":3}},"#),
    Swap(name: "a death of a seat before the first", table: palermo, from: #""log":["#, to: #""log":[{"died":{"cause":"votedOut","seat":-1}},"#),
    Swap(name: "a phase of a round not reached", table: palermo, from: #""log":["#, to: #""log":[{"phase":{"_0":"day","round":2}},"#),
    Swap(name: "a kamikaze choosing who is alive (the Doctor)", table: palermo, from: #""takePlayer":{"by":4}"#, to: #""takePlayer":{"by":2}"#),
    Swap(name: "a citizen who is out choosing as a kamikaze", table: palermo, from: #""takePlayer":{"by":4}"#, to: #""takePlayer":{"by":5}"#),
    Swap(name: "round 0", table: palermo, from: #""round":1,"seats""#, to: #""round":0,"seats""#),
    Swap(name: "round 1_001", table: palermo, from: #""round":1,"seats""#, to: #""round":1001,"seats""#),
    Swap(
      name: "more wrong accusations than the Cop has", table: killer, from: #""accusations":["#,
      to: #""accusations":[{"by":1,"correct":false,"target":2},{"by":1,"correct":false,"target":2},{"by":1,"correct":false,"target":2},"#),
    Swap(name: "round 2 in a game without rounds", table: killer, from: #""round":1,"seats""#, to: #""round":2,"seats""#),
  ]

  @Test("Records a game cannot make are not consistent; its own are", arguments: swaps)
  func swapped(_ swap: Swap) throws {
    let table = try swap.table()
    #expect(table.isConsistent)
    #expect(!(try edited(table, swap.from, swap.to)).isConsistent)
  }

  @Test func aManualTableIsNeverNarrated() throws {
    // A table as dealt: a narration at dusk fits it (`Narration.isConsistent`).
    let table = makeTable(Palermo(), palermoRoles)
    let setup = Setup(roles: palermoRoles)
    let names = table.seats.map(\.name)
    for mode in NarrationMode.allCases {
      let session = GameSession(
        table: table, players: names, setup: setup, narration: Narration(mode: mode, seed: 1))
      #expect(session.isValid(rules: Palermo()) == (mode != .manual), "\(mode)")
    }
  }
}
