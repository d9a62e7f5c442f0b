import PareaRules
import Testing

// Phases are data on the game: the table follows them for the cycle (which
// phase comes next, when a round begins), the cause menu (the phase's own
// causes first) and the question before a second death in a phase that ends
// at one. Each row is a history of actions and what the table says after it.

private typealias R = Palermo.Roles

/// Seats 0 and 1 thieves, 2 Red kamikaze, 3 Black kamikaze, 4 Doctor, 5 and 6 citizens.
private let palermoRoles = [R.redThief, R.blackThief, R.redKamikaze, R.blackKamikaze, R.doctor, R.citizens[0], R.citizens[1]]

/// A game with one phase: every "next" starts a new round in it.
private struct Rounds: GameType {
  var id: GameID { "rounds" }
  var players: ClosedRange<Int> { 3...6 }
  var sides: [Side] { [Side(id: "rounds.good", isBad: false), Side(id: "rounds.bad", isBad: true)] }
  var roles: [Role] { [Role(id: "rounds.bad", side: "rounds.bad"), Role(id: "rounds.good", side: "rounds.good")] }
  var setupKind: SetupKind { .countBad(bad: "rounds.bad", limit: 1...1, fixed: [], filler: "rounds.good") }
  var deathCauses: [DeathCause] { [.votedOut] }
  var phases: [Phase] { [Phase(id: "round", causes: [.votedOut], endsAtADeath: true)] }
  func winner(of table: Table) -> SideID? { nil }
}

struct PhaseRow: Sendable, CustomTestStringConvertible {
  let name: String
  let game: any GameType
  let roles: [RoleID]
  let ops: [Op]
  let phase: PhaseID?
  let round: Int
  let next: PhaseID?
  let causes: [DeathCause]
  let markedOut: [Int]
  let ended: Int?
  var testDescription: String { name }
}

@Suite("Phases")
struct PhaseTests {
  static let night = Palermo().phase(.night)!
  static let day = Palermo().phase(.day)!

  static let rows: [PhaseRow] = [
    PhaseRow(name: "Palermo is dealt at night", game: Palermo(), roles: palermoRoles, ops: [],
      phase: .night, round: 1, next: .day, causes: [.killedAtNight, .votedOut], markedOut: [], ended: nil),
    PhaseRow(name: "the night's victim ends the night", game: Palermo(), roles: palermoRoles,
      ops: [.die(5, .killedAtNight)],
      phase: .night, round: 1, next: .day, causes: [.killedAtNight, .votedOut], markedOut: [5], ended: 5),
    PhaseRow(name: "day begins: the vote first, nobody out yet", game: Palermo(), roles: palermoRoles,
      ops: [.die(5, .killedAtNight), .phase],
      phase: .day, round: 1, next: .night, causes: [.votedOut, .killedAtNight], markedOut: [], ended: nil),
    PhaseRow(name: "the vote ends the day; the kamikaze's choice is not marked by hand", game: Palermo(),
      roles: palermoRoles, ops: [.die(5, .killedAtNight), .phase, .die(2, .votedOut), .take(6)],
      phase: .day, round: 1, next: .night, causes: [.votedOut, .killedAtNight], markedOut: [2], ended: 2),
    PhaseRow(name: "a death of the other phase's cause also ends this one", game: Palermo(), roles: palermoRoles,
      ops: [.die(4, .votedOut), .look(1)],
      phase: .night, round: 1, next: .day, causes: [.killedAtNight, .votedOut], markedOut: [4], ended: 4),
    PhaseRow(name: "a second death: both marked, the last ended the phase", game: Palermo(), roles: palermoRoles,
      ops: [.die(5, .killedAtNight), .die(6, .killedAtNight)],
      phase: .night, round: 1, next: .day, causes: [.killedAtNight, .votedOut], markedOut: [5, 6], ended: 6),
    PhaseRow(name: "night falls: round 2", game: Palermo(), roles: palermoRoles, ops: [.phase, .phase],
      phase: .night, round: 2, next: .day, causes: [.killedAtNight, .votedOut], markedOut: [], ended: nil),
    PhaseRow(name: "a day that does not end at a death (a test game)", game: WerewolfLite(),
      roles: [WerewolfLite.wolf, WerewolfLite.seer, WerewolfLite.hunter, WerewolfLite.villager],
      ops: [.phase, .die(3, .votedOut)],
      phase: "day", round: 1, next: "night", causes: [.votedOut, .killedAtNight], markedOut: [3], ended: nil),
    PhaseRow(name: "one phase: next starts a new round in it", game: Rounds(),
      roles: ["rounds.bad", "rounds.good", "rounds.good"], ops: [.die(1, .votedOut), .phase],
      phase: "round", round: 2, next: "round", causes: [.votedOut], markedOut: [], ended: nil),
    PhaseRow(name: "no phases (Killer): every death counts, none ends a phase", game: Killer(),
      roles: [Killer.killer, Killer.cop, Killer.citizen, Killer.citizen], ops: [.die(2, .killed), .die(3, .killed)],
      phase: nil, round: 1, next: nil, causes: [.killed], markedOut: [2, 3], ended: nil),
  ]

  @Test(arguments: rows) func scenario(row: PhaseRow) throws {
    var table = makeTable(row.game, row.roles)
    for op in row.ops { try op.apply(to: &table) }
    #expect(table.phase == row.phase)
    #expect(table.currentPhase?.id == row.phase)
    #expect(table.round == row.round)
    #expect(table.nextPhase == row.next)
    #expect(table.causesOffered == row.causes)
    #expect(table.markedOutThisPhase == row.markedOut)
    #expect(table.deathThatEndedPhase == row.ended)
  }

  @Test func palermoDeclaresNightThenDay() {
    #expect(Palermo().phases.map(\.id) == [.night, .day])
    #expect(Self.night.causes == [.killedAtNight] && Self.night.endsAtADeath)
    #expect(Self.day.causes == [.votedOut] && Self.day.endsAtADeath)
    #expect(Palermo().usesPhases && !Spy().usesPhases && !Killer().usesPhases)
  }

  @Test("A game without phases has no next phase", arguments: [Spy() as any GameType, Killer()])
  func noPhases(game: any GameType) throws {
    var table = makeTable(game, game.roles.map(\.id), location: game.usesLocations ? "zoo" : nil)
    #expect(throws: TableError.notAllowed) { try table.advancePhase() }
    #expect(table.log.isEmpty && table.round == 1)
  }

  @Test("Every game's phases are well formed", arguments: GameRegistry.all.map(\.id))
  func wellFormed(id: GameID) throws {
    let game = try #require(GameRegistry.game(id))
    #expect(Set(game.phases.map(\.id)).count == game.phases.count, "phase ids differ")
    for phase in game.phases {
      #expect(phase.causes.allSatisfy(game.deathCauses.contains), "\(phase.id): a cause the table cannot record")
    }
    // A cause belongs to one phase at most: the menu puts it first there.
    let owned = game.phases.flatMap(\.causes)
    #expect(Set(owned).count == owned.count)
  }
}
