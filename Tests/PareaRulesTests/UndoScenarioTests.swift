import Foundation  // JSONEncoder / JSONDecoder / JSONSerialization only
import PareaRules
import Testing

// Undo by replay: each row is a history of actions on a hand-made table. Undoing
// the last action must give exactly the table that the history without that
// action gives (looks kept where they were), and undoing again and again must
// walk back through every earlier table to the first one.

private typealias R = Palermo.Roles

/// One thing done at a table, as a test writes it.
enum Op: Sendable, CustomStringConvertible {
  case look(Int)
  case die(Int, DeathCause)
  case take(Int)
  case phase
  case accuse(Int, by: Int)
  case vote(Int, by: Int)
  case guess(LocationID, by: Int)
  case end

  var isLook: Bool { if case .look = self { true } else { false } }

  var description: String {
    switch self {
    case .look(let seat): "look \(seat)"
    case .die(let seat, let cause): "die \(seat) \(cause)"
    case .take(let seat): "take \(seat)"
    case .phase: "phase"
    case .accuse(let target, let by): "accuse \(target) by \(by)"
    case .vote(let target, let by): "vote \(target) by \(by)"
    case .guess(let location, let by): "guess \(location) by \(by)"
    case .end: "end"
    }
  }

  func apply(to table: inout Table) throws {
    switch self {
    case .look(let seat): try table.recordLook(at: seat)
    case .die(let seat, let cause): try table.markDead(seat, cause: cause)
    case .take(let seat): try table.resolveFollowUp(target: seat)
    case .phase: try table.advancePhase()
    case .accuse(let target, let by): try table.accuse(target, by: by)
    case .vote(let target, let by): try table.tableAccuses(target, startedBy: by)
    case .guess(let location, let by): try table.guessLocation(location, by: by)
    case .end: table.end()
    }
  }
}

struct UndoRow: Sendable, CustomTestStringConvertible {
  let name: String
  let game: any GameType
  let roles: [RoleID]
  var location: LocationID? = nil
  let ops: [Op]
  /// What undoing the last action says it undid.
  let undone: TableStep
  var testDescription: String { name }

  func table() -> Table {
    let locationRoles = location.map { _ in roles.indices.map { roles[$0] == Spy.spy ? nil : $0 } }
    return makeTable(game, roles, location: location, locationRoles: locationRoles)
  }

  func played(_ ops: [Op]) throws -> Table {
    var table = table()
    for op in ops { try op.apply(to: &table) }
    return table
  }
}

/// The ops without the last one that is not a look.
private func withoutLastAction(_ ops: [Op]) -> [Op] {
  guard let last = ops.lastIndex(where: { !$0.isLook }) else { return ops }
  var ops = ops
  ops.remove(at: last)
  return ops
}

private let palermoRoles = [R.redThief, R.blackThief, R.redKamikaze, R.blackKamikaze, R.doctor, R.citizens[0], R.citizens[1]]
private let killerRoles = [Killer.killer, Killer.cop, Killer.citizen, Killer.killer, Killer.citizen, Killer.citizen]
private let spyRoles = [Spy.spy, Spy.local, Spy.local, Spy.local, Spy.spy, Spy.local]

@Suite("Undo")
struct UndoScenarioTests {
  static let rows: [UndoRow] = [
    UndoRow(name: "a night kill", game: Palermo(), roles: palermoRoles,
            ops: [.look(0), .die(5, .killedAtNight)], undone: .died(seat: 5, cause: .killedAtNight)),
    UndoRow(name: "a change of phase", game: Palermo(), roles: palermoRoles,
            ops: [.die(5, .killedAtNight), .phase], undone: .phase(.day, round: 1)),
    UndoRow(name: "a vote by day, after looks on both sides", game: Palermo(), roles: palermoRoles,
            ops: [.look(3), .die(5, .killedAtNight), .phase, .look(1), .die(6, .votedOut), .look(1)],
            undone: .died(seat: 6, cause: .votedOut)),
    UndoRow(name: "a kamikaze's pending choice: back to before the death", game: Palermo(), roles: palermoRoles,
            ops: [.die(3, .killedAtNight)], undone: .died(seat: 3, cause: .killedAtNight)),
    UndoRow(name: "a kamikaze's choice: the choice is asked again", game: Palermo(), roles: palermoRoles,
            ops: [.die(5, .killedAtNight), .phase, .die(2, .votedOut), .take(6)], undone: .taken(seat: 6)),
    UndoRow(name: "a second night's kill after a round", game: Palermo(), roles: palermoRoles,
            ops: [.die(5, .killedAtNight), .phase, .die(6, .votedOut), .phase, .die(4, .killedAtNight)],
            undone: .died(seat: 4, cause: .killedAtNight)),
    UndoRow(name: "the death that won the game", game: Palermo(), roles: [R.redThief, R.doctor, R.citizens[0], R.citizens[1], R.citizens[2]],
            ops: [.die(2, .killedAtNight), .phase, .die(0, .votedOut)], undone: .died(seat: 0, cause: .votedOut)),
    UndoRow(name: "ending a Palermo game by hand", game: Palermo(), roles: palermoRoles,
            ops: [.die(5, .killedAtNight), .end], undone: .ended),
    UndoRow(name: "a right accusation: the catch is not replayed twice", game: Killer(), roles: killerRoles,
            ops: [.die(2, .killed), .accuse(0, by: 1)],
            undone: .accused(Accusation(by: 1, target: 0, correct: true))),
    UndoRow(name: "a wrong accusation gives the attempt back", game: Killer(), roles: killerRoles,
            ops: [.accuse(4, by: 1), .accuse(0, by: 1), .die(2, .killed), .accuse(5, by: 1)],
            undone: .accused(Accusation(by: 1, target: 5, correct: false))),
    UndoRow(name: "a wink after a right accusation", game: Killer(), roles: killerRoles,
            ops: [.accuse(0, by: 1), .look(2), .die(2, .killed)], undone: .died(seat: 2, cause: .killed)),
    UndoRow(name: "the table's vote, with who started it", game: Spy(), roles: spyRoles, location: "zoo",
            ops: [.look(2), .vote(0, by: 3)], undone: .voted(Accusation(by: 3, target: 0, correct: true))),
    UndoRow(name: "a second vote after a first", game: Spy(), roles: spyRoles, location: "zoo",
            ops: [.vote(0, by: 3), .vote(4, by: 2)], undone: .voted(Accusation(by: 2, target: 4, correct: true))),
    UndoRow(name: "a guess", game: Spy(), roles: spyRoles, location: "zoo",
            ops: [.vote(0, by: 3), .guess("train", by: 4)],
            undone: .guessed(LocationGuess(by: 4, location: "train", correct: false))),
    UndoRow(name: "ending a Spy round by hand", game: Spy(), roles: spyRoles, location: "zoo",
            ops: [.look(1), .end], undone: .ended),
  ]

  @Test("Undoing the last action gives the table without it", arguments: rows)
  func undoLast(row: UndoRow) throws {
    var table = try row.played(row.ops)
    #expect(table.lastStep == row.undone)
    let undone = try table.undo()
    #expect(undone == row.undone)
    #expect(table == (try row.played(withoutLastAction(row.ops))))
  }

  @Test("Undo walks back through every earlier table to the first", arguments: rows)
  func undoAll(row: UndoRow) throws {
    var ops = row.ops
    var table = try row.played(ops)
    let looks = ops.filter(\.isLook)
    while ops.contains(where: { !$0.isLook }) {
      try table.undo()
      ops = withoutLastAction(ops)
      #expect(table == (try row.played(ops)), "after undoing back to \(ops)")
    }
    #expect(table == (try row.played(looks)))
    #expect(table.lastStep == nil)
    #expect(throws: TableError.nothingToUndo) { try table.undo() }
    // The view counter is a privacy signal: looks are never taken back.
    #expect(table.seats.map(\.views) == (try row.played(row.ops)).seats.map(\.views))
  }

  @Test func aFreshTableHasNothingToUndo() {
    var table = makeTable(Palermo(), palermoRoles)
    #expect(table.lastStep == nil)
    #expect(throws: TableError.nothingToUndo) { try table.undo() }
  }

  @Test func aDealtTableKeepsItsLocationAndFirstPlayer() throws {
    let dealt = try Spy().dealForTest(
      players: Sample.names(6), setup: Setup(badCount: 1), locations: Sample.locations, seed: 3)
    var table = dealt
    let innocent = try #require(table.seats.indices.first { table.seats[$0].role == Spy.local })
    try table.tableAccuses(innocent, startedBy: innocent)
    try table.undo()
    #expect(table == dealt)
    #expect(table.firstPlayer != nil && table.location != nil)
  }

  /// Every table starts in its game's first phase (the deal has always put
  /// it there): a log whose first change of phase says otherwise is damaged.
  @Test func aLogThatDidNotStartInTheFirstPhaseIsRefused() throws {
    let table = makeTable(Palermo(), palermoRoles)
    var json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(table)) as? [String: Any])
    let log: [TableEvent] = [.phase(.night, round: 2), .died(seat: 5, cause: .killedAtNight), .died(seat: 4, cause: .killedAtNight)]
    json["log"] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(log))
    var damaged = try JSONDecoder().decode(Table.self, from: JSONSerialization.data(withJSONObject: json))
    let before = damaged
    #expect(throws: TableError.unreadableLog) { try damaged.undo() }
    #expect(damaged == before)
  }

  @Test func theVoteIsLoggedAsItselfBeforeItsDeath() throws {
    var table = makeTable(Spy(), spyRoles, location: "zoo", locationRoles: [nil, 1, 2, 3, nil, 5])
    try table.tableAccuses(1, startedBy: 3)
    #expect(table.log == [.voted(Accusation(by: 3, target: 1, correct: false)), .died(seat: 1, cause: .accusedByTable)])
  }

  /// A game saved before votes were logged: the death alone, the starter in `votes`.
  @Test func aVoteSavedBeforeVotesWereLoggedIsUndone() throws {
    var table = makeTable(Spy(), spyRoles, location: "zoo", locationRoles: [nil, 1, 2, 3, nil, 5])
    let fresh = table
    try table.recordLook(at: 2)
    try table.tableAccuses(0, startedBy: 3)
    var json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(table)) as? [String: Any])
    var log = try #require(json["log"] as? [Any])
    #expect(log.count == 3)
    log.remove(at: 1)  // the `.voted` line
    json["log"] = log
    var old = try JSONDecoder().decode(Table.self, from: JSONSerialization.data(withJSONObject: json))
    #expect(old.log == [.looked(seat: 2), .died(seat: 0, cause: .accusedByTable)])
    #expect(old.lastStep == .voted(Accusation(by: 3, target: 0, correct: true)))
    try old.undo()
    var looked = fresh
    try looked.recordLook(at: 2)
    #expect(old == looked)
  }

  /// A game saved when marking a death moved the phase by itself: the change is
  /// an action of its own in the log, undone on its own.
  @Test func anAutomaticPhaseChangeOfAnOldGameIsItsOwnStep() throws {
    var table = makeTable(Palermo(), palermoRoles)
    try table.advancePhase()  // what the old app did before recording a vote at night
    try table.markDead(5, cause: .votedOut)
    #expect(try table.undo() == .died(seat: 5, cause: .votedOut))
    #expect(table.phase == .day)
    #expect(try table.undo() == .phase(.day, round: 1))
    #expect(table == makeTable(Palermo(), palermoRoles))
  }

  struct DamagedRow: Sendable, CustomTestStringConvertible {
    let name: String
    let log: [TableEvent]
    var testDescription: String { name }
  }

  @Test("A damaged log is refused, not misread", arguments: [
    DamagedRow(name: "a catch without its accusation", log: [.died(seat: 0, cause: .caughtByCop)]),
    DamagedRow(name: "a vote's death without the vote", log: [.died(seat: 0, cause: .accusedByTable)]),
    DamagedRow(name: "a death of no seat before the last action", log: [.died(seat: 9, cause: .killed), .died(seat: 2, cause: .killed)]),
    DamagedRow(name: "a player dying twice", log: [.died(seat: 2, cause: .killed), .died(seat: 2, cause: .killed), .died(seat: 4, cause: .killed)]),
  ])
  func damaged(row: DamagedRow) throws {
    let table = makeTable(Killer(), killerRoles)
    var json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(table)) as? [String: Any])
    json["log"] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(row.log))
    var damaged = try JSONDecoder().decode(Table.self, from: JSONSerialization.data(withJSONObject: json))
    let before = damaged
    #expect(throws: TableError.self) { try damaged.undo() }
    #expect(damaged == before)
  }
}
