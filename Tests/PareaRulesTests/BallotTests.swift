@testable import PareaRules
import Testing

// The day's vote cast on the phones: who may vote, for whom, what the
// votes come to (the same result as a count of hands), and that the votes
// belong to one vote only (a revote, a recorded or undone vote starts afresh).

private typealias R = Palermo.Roles

/// Seats: 0 Red thief, 1 Black thief, 2 Doctor, 3 Red kamikaze, 4 to 6 citizens.
private let seven = [R.redThief, R.blackThief, R.doctor, R.redKamikaze, R.citizens[0], R.citizens[1], R.citizens[2]]

/// A narrated table at its first day's vote, seat 6 killed in the night.
private func atTheVote(
  roles: [RoleID] = seven, vote: PhoneVote = .secret, tie: TieRule = .nobodyOut
) throws -> NightDriver {
  var driver = NightDriver(roles: roles, rules: DealtRules(tie: tie, phoneVote: vote))
  try driver.run([.night(kill: 6, protect: 2), .enter, .enter])
  #expect(driver.narration.stage == .vote)
  return driver
}

/// One seat's vote: its choice, confirmed or only picked.
private struct Cast: Sendable, CustomTestStringConvertible {
  let voter: Int
  let choice: BallotChoice
  var confirmed = true
  var testDescription: String { "\(voter)→\(choice)\(confirmed ? "" : "?")" }
}

/// A row of the table: the votes cast, then what the ballot holds.
private struct BallotRow: Sendable, CustomTestStringConvertible {
  let name: String
  let casts: [Cast]
  /// Votes for each of seats 0 to 5 (the living, seat 6 is out).
  let hands: [Int]
  let complete: Bool
  let result: VoteResult
  var testDescription: String { name }
}

private let rows: [BallotRow] = [
  BallotRow(
    name: "nobody has voted", casts: [], hands: [0, 0, 0, 0, 0, 0], complete: false, result: .nobody),
  BallotRow(
    name: "a pick not confirmed is not counted",
    casts: [Cast(voter: 0, choice: .seat(4), confirmed: false), Cast(voter: 1, choice: .seat(4))],
    hands: [0, 0, 0, 0, 1, 0], complete: false, result: .out(4)),
  BallotRow(
    name: "everyone voted, one has the most",
    casts: [
      Cast(voter: 0, choice: .seat(4)), Cast(voter: 1, choice: .seat(4)), Cast(voter: 2, choice: .seat(0)),
      Cast(voter: 3, choice: .seat(0)), Cast(voter: 4, choice: .seat(1)), Cast(voter: 5, choice: .seat(4)),
    ],
    hands: [2, 1, 0, 0, 3, 0], complete: true, result: .out(4)),
  BallotRow(
    name: "everyone voted, two share the most",
    casts: [
      Cast(voter: 0, choice: .seat(4)), Cast(voter: 1, choice: .seat(4)), Cast(voter: 2, choice: .seat(0)),
      Cast(voter: 3, choice: .seat(0)), Cast(voter: 4, choice: .nobody), Cast(voter: 5, choice: .seat(3)),
    ],
    hands: [2, 0, 0, 1, 2, 0], complete: true, result: .tied(among: [0, 4])),
  BallotRow(
    name: "everyone voted nobody",
    casts: (0..<6).map { Cast(voter: $0, choice: .nobody) },
    hands: [0, 0, 0, 0, 0, 0], complete: true, result: .nobody),
  BallotRow(
    name: "a vote for oneself counts as any other",
    casts: [Cast(voter: 3, choice: .seat(3)), Cast(voter: 2, choice: .seat(5))] + [0, 1, 4, 5].map { Cast(voter: $0, choice: .nobody) },
    hands: [0, 0, 0, 1, 0, 1], complete: true, result: .tied(among: [3, 5])),
]

@Suite("The vote on the phones")
struct BallotTests {
  @Test("the votes come to what the same count of hands does", arguments: rows)
  fileprivate func votes(_ row: BallotRow) throws {
    let driver = try atTheVote()
    var ballot = Ballot()
    for cast in row.casts {
      try ballot.select(cast.choice, by: cast.voter, table: driver.table, narration: driver.narration)
      if cast.confirmed { try ballot.confirm(by: cast.voter, table: driver.table, narration: driver.narration) }
    }
    let hands = ballot.hands(table: driver.table, narration: driver.narration)
    #expect(hands == row.hands)
    #expect(ballot.isComplete(table: driver.table, narration: driver.narration) == row.complete)
    let candidates = driver.narration.candidates(on: driver.table)
    #expect(VoteResult(hands: Dictionary(uniqueKeysWithValues: zip(candidates, hands))) == row.result)
    #expect(ballot.waiting(table: driver.table, narration: driver.narration).count == 6 - row.casts.filter(\.confirmed).count)
    // The cast votes, voter by voter, are what was confirmed.
    let cast = ballot.votes(table: driver.table, narration: driver.narration)
    #expect(cast.map(\.voter) == row.casts.filter(\.confirmed).map(\.voter).sorted())
    for vote in cast { #expect(row.casts.contains { $0.voter == vote.voter && $0.choice == vote.choice }) }
  }

  @Test("a vote is refused, with the same reason for every role, when it cannot be cast")
  func refusals() throws {
    var driver = try atTheVote()
    var ballot = Ballot()
    let (table, narration) = (driver.table, driver.narration)
    #expect(throws: NightPicks.Refusal.noTask) { try ballot.select(.seat(0), by: 6, table: table, narration: narration) }
    #expect(throws: NightPicks.Refusal.notACandidate) { try ballot.select(.seat(6), by: 0, table: table, narration: narration) }
    #expect(throws: NightPicks.Refusal.notACandidate) { try ballot.select(.seat(9), by: 0, table: table, narration: narration) }
    #expect(throws: NightPicks.Refusal.noTask) { try ballot.select(.seat(0), by: 9, table: table, narration: narration) }
    #expect(throws: NightPicks.Refusal.nothingPicked) { try ballot.confirm(by: 0, table: table, narration: narration) }
    try ballot.select(.seat(4), by: 0, table: table, narration: narration)
    try ballot.select(.seat(5), by: 0, table: table, narration: narration)
    try ballot.confirm(by: 0, table: table, narration: narration)
    #expect(throws: NightPicks.Refusal.alreadyConfirmed) { try ballot.select(.seat(4), by: 0, table: table, narration: narration) }
    #expect(throws: NightPicks.Refusal.alreadyConfirmed) { try ballot.confirm(by: 0, table: table, narration: narration) }
    #expect(ballot.selected[0] == .seat(5))
    // The vote recorded, the ballot is over: no task, and the votes are gone.
    try driver.run(.vote(5))
    #expect(ballot.following(table: driver.table, narration: driver.narration) == Ballot())
    #expect(throws: NightPicks.Refusal.noTask) {
      try ballot.select(.seat(0), by: 1, table: driver.table, narration: driver.narration)
    }
  }

  @Test("with the vote by hands (the default), no phone votes")
  func offByDefault() throws {
    let driver = try atTheVote(vote: .off)
    var ballot = Ballot()
    #expect(DealtRules().phoneVote == .off)
    #expect(!Ballot.isOpen(table: driver.table, narration: driver.narration))
    #expect(throws: NightPicks.Refusal.noTask) {
      try ballot.select(.seat(0), by: 1, table: driver.table, narration: driver.narration)
    }
    #expect(SeatView.all(table: driver.table, narration: driver.narration, ballot: ballot).allSatisfy { $0.ballot == nil })
  }

  @Test("a tie under the revote rule starts a new ballot among the tied alone")
  func revote() throws {
    var driver = try atTheVote(tie: .revoteOnce)
    var ballot = Ballot()
    for (voter, choice) in [(0, 4), (1, 4), (2, 0), (3, 0), (4, 1), (5, 2)] {
      try ballot.select(.seat(choice), by: voter, table: driver.table, narration: driver.narration)
      try ballot.confirm(by: voter, table: driver.table, narration: driver.narration)
    }
    let hands = ballot.hands(table: driver.table, narration: driver.narration)
    let result = VoteResult(hands: Dictionary(uniqueKeysWithValues: zip(driver.narration.candidates(on: driver.table), hands)))
    #expect(result == .tied(among: [0, 4]))
    driver.cues += try driver.narration.vote(result, table: &driver.table)
    #expect(driver.narration.stage == .vote && driver.narration.revoting)
    // The first ballot's votes are not the revote's.
    ballot = ballot.following(table: driver.table, narration: driver.narration)
    #expect(ballot == Ballot())
    let task = try #require(BallotTask(seat: 2, table: driver.table, narration: driver.narration, ballot: ballot))
    #expect(task.candidates == [0, 4] && task.ties == 1 && task.pick == nil && !task.confirmed)
    #expect(throws: NightPicks.Refusal.notACandidate) {
      try ballot.select(.seat(1), by: 2, table: driver.table, narration: driver.narration)
    }
    try ballot.select(.nobody, by: 2, table: driver.table, narration: driver.narration)
    #expect(BallotTask(seat: 2, table: driver.table, narration: driver.narration, ballot: ballot)?.pick == .nobody)
  }

  @Test("role-blind: the same votes with the roles moved give the same outlines, refusals and count", arguments: 0..<20)
  func outlinesAreRoleBlind(seed: UInt64) throws {
    var generator = SplitMix64(seed: 5_000 + seed)
    let players = 5 + generator.uniform(below: 8)
    let roles = Sample.palermoRoles(players: players, using: &generator)
    let moved = generator.shuffled(Array(0..<players)).map { roles[$0] }
    let vote: PhoneVote = generator.uniform(below: 2) == 0 ? .secret : .open
    // The first night only meets: the same table by day whatever the roles.
    let rules = DealtRules(firstNightMeetingOnly: true, phoneVote: vote)
    var a = NightDriver(roles: roles, rules: rules)
    var b = NightDriver(roles: moved, rules: rules)
    try a.run([.enter, .wait, .wait, .wait, .enter, .enter])
    try b.run([.enter, .wait, .wait, .wait, .enter, .enter])
    #expect(a.narration.stage == .vote && b.narration.stage == .vote)
    var ballotA = Ballot()
    var ballotB = Ballot()
    for _ in 0..<(3 * players) {
      let seat = generator.uniform(below: players + 1)
      let confirm = generator.uniform(below: 3) == 0
      let target = generator.uniform(below: players + 2)
      let choice: BallotChoice = target == players + 1 ? .nobody : .seat(target)
      func tap(_ ballot: inout Ballot, _ driver: NightDriver) -> NightPicks.Refusal? {
        do {
          if confirm {
            try ballot.confirm(by: seat, table: driver.table, narration: driver.narration)
          } else {
            try ballot.select(choice, by: seat, table: driver.table, narration: driver.narration)
          }
          return nil
        } catch { return error }
      }
      #expect(tap(&ballotA, a) == tap(&ballotB, b))
      let viewsA = SeatView.all(table: a.table, narration: a.narration, ballot: ballotA)
      let viewsB = SeatView.all(table: b.table, narration: b.narration, ballot: ballotB)
      #expect(viewsA.map(\.outline) == viewsB.map(\.outline))
      #expect(viewsA.map(\.ballot) == viewsB.map(\.ballot))
      #expect(ballotA.hands(table: a.table, narration: a.narration) == ballotB.hands(table: b.table, narration: b.narration))
      #expect(ballotA.waiting(table: a.table, narration: a.narration) == ballotB.waiting(table: b.table, narration: b.narration))
    }
  }
}
