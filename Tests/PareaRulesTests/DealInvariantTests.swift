import PareaRules
import Testing

// Invariants over many seeded deals for every game and every legal player count.
// Each game gets at least 10,000 deals in total, spread over its player counts.

private let dealsPerGame = 10_000

private func dealsPerCount(_ game: some GameType) -> Int {
  (dealsPerGame + game.players.count - 1) / game.players.count
}

private func binomial(_ n: Int, _ k: Int) -> Int {
  guard k >= 0 && k <= n else { return 0 }
  return (0..<k).reduce(1) { $0 * (n - $1) / ($1 + 1) }
}

/// A distinct seed for every (game, player count, deal).
private func seed(_ salt: UInt64, _ players: Int, _ deal: Int) -> UInt64 {
  salt &* 1_000_003 &+ UInt64(players) &* 65_537 &+ UInt64(deal)
}

/// Failed checks of one deal, collected in plain Swift (a `#expect` per check
/// per seat would make 30,000 deals slow) and reported once.
private struct Problems {
  var list: [String] = []
  let context: String
  init(_ context: String) { self.context = context }
  mutating func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { list.append("\(context): \(message())") }
  }
}

/// Checks what every game's deal must satisfy and returns the seats holding each role.
private func checkCommon(
  _ game: some GameType, table: Table, names: [String], cleanNames: [String], setup: Setup,
  into problems: inout Problems
) -> [RoleID: [Int]] {
  problems.check(table.game == game.id, "game id \(table.game)")
  problems.check(table.seats.count == names.count, "\(table.seats.count) seats for \(names.count) players")
  problems.check(table.round == 1 && table.pending == nil && table.log.isEmpty, "fresh table state")
  problems.check(table.phase == game.phases.first?.id && table.round == 1, "starting phase \(String(describing: table.phase))")
  problems.check(table.accusations.isEmpty && table.guess == nil && !table.endedByHand, "fresh table")
  // Names are cleaned and in seating order.
  // Compared scalar by scalar: String's == would call "é" and "e\u{301}" equal.
  let dealt = table.seats.map { Array($0.name.unicodeScalars) }
  problems.check(dealt == cleanNames.map { Array($0.unicodeScalars) }, "names \(table.seats.map(\.name)) ≠ \(cleanNames)")
  var holders: [RoleID: [Int]] = [:]
  // (Every dealt role is a role of the game: the composition check below covers it.)
  for (index, seat) in table.seats.enumerated() {
    problems.check(seat.isAlive && seat.views == 0, "seat \(index) not fresh")
    holders[seat.role, default: []].append(index)
  }
  // The dealt multiset is exactly the composition.
  let composition = game.composition(for: setup, players: names.count).sorted()
  let dealtRoles = table.seats.map(\.role).sorted()
  problems.check(dealtRoles == composition, "dealt \(dealtRoles) ≠ composition \(composition)")
  // Out-of-range seats know nothing.
  problems.check(game.knowledge(of: -1, at: table).isEmpty, "seat -1 knows something")
  problems.check(game.knowledge(of: names.count, at: table).isEmpty, "seat \(names.count) knows something")
  return holders
}

/// What a role that knows `partners` should learn: each holder other than itself, or "no one".
private func expectedKnowledge(
  seat: Int, partners: [RoleID], holders: [RoleID: [Int]]
) -> [Knowledge] {
  var known: [Knowledge] = []
  for partner in partners {
    for holder in holders[partner] ?? [] where holder != seat {
      known.append(.player(seat: holder, role: partner))
    }
  }
  return known.isEmpty ? [.knowsNoOne] : known
}

@Suite("Deal invariants")
struct DealInvariantTests {
  typealias R = Palermo.Roles

  @Test("Palermo deals", arguments: Palermo().players)
  func palermo(players: Int) throws {
    let game = Palermo()
    var chooser = SplitMix64(seed: 0xBA1E_0000 &+ UInt64(players))
    let (plain, messy, cleaned) = (Sample.shortNames(players), Sample.names(players), Sample.cleanNames(players))
    var problems: [String] = []
    var roleSets = Set<[RoleID]>()
    for deal in 0..<dealsPerCount(game) {
      let setup = Setup(roles: Sample.palermoRoles(players: players, using: &chooser))
      roleSets.insert(setup.roles.sorted())
      let (names, cleanNames) = deal % 8 == 0 ? (messy, cleaned) : (plain, plain)
      var p = Problems("\(players) players, deal \(deal), roles \(setup.roles)")
      let table = try game.dealForTest(players: names, setup: setup, seed: seed(1, players, deal))
      let holders = checkCommon(game, table: table, names: names, cleanNames: cleanNames, setup: setup, into: &p)
      // Every chosen role exactly once.
      p.check(holders.values.allSatisfy { $0.count == 1 }, "a role dealt twice")
      p.check(Set(holders.keys) == Set(setup.roles), "dealt roles differ from the chosen ones")
      p.check(table.location == nil, "Palermo has a location")
      let red = holders[R.redThief]?.first
      let black = holders[R.blackThief]?.first
      let snitch = holders[R.snitch]?.first

      for (index, seat) in table.seats.enumerated() {
        let known = game.knowledge(of: index, at: table)
        let expected: [Knowledge]
        switch seat.role {
        case R.redThief:
          expected = black.map { [.player(seat: $0, role: R.blackThief)] } ?? [.knowsNoOne]
          // The Red thief does not learn the Snitch.
          if let snitch {
            p.check(!known.contains(.player(seat: snitch, role: R.snitch)), "Red thief knows the Snitch")
          }
        case R.blackThief:
          expected = red.map { [.player(seat: $0, role: R.redThief)] } ?? [.knowsNoOne]
        case R.snitch:
          expected = red.map { [.player(seat: $0, role: R.redThief)] } ?? [.knowsNoOne]
        case R.policeman:
          expected = snitch.map { [.player(seat: $0, role: R.snitch)] } ?? [.knowsNoOne]
        case R.roommate1:
          expected = expectedKnowledge(seat: index, partners: [R.roommate2], holders: holders)
        case R.roommate2:
          expected = expectedKnowledge(seat: index, partners: [R.roommate1], holders: holders)
        default:
          expected = []
        }
        p.check(known == expected, "seat \(index) (\(seat.role)) knows \(known), expected \(expected)")
        p.check(seat.locationRole == nil, "seat \(index) has a location role")
      }
      problems += p.list
    }
    #expect(problems.isEmpty, "\(problems.count) problems, first: \(problems.prefix(5))")
    // The role sets really varied: of the C(14, n) − C(12, n) sets with a thief,
    // all were seen at big tables and at least 50 at small ones.
    let possible = binomial(14, players) - binomial(12, players)
    #expect(roleSets.count >= min(possible, 50), "\(roleSets.count) of \(possible) role sets")
  }

  @Test("Spy deals", arguments: Spy().players)
  func spy(players: Int) throws {
    let game = Spy()
    let counts = try #require(game.allowedBadCounts(players: players))
    #expect(counts == 1...min(3, (players - 1) / 2))
    let (plain, messy, cleaned) = (Sample.shortNames(players), Sample.names(players), Sample.cleanNames(players))
    let playable = Sample.locations.filter { $0.roleCount > 0 }
    var problems: [String] = []
    for deal in 0..<dealsPerCount(game) {
      let spies = counts.lowerBound + deal % counts.count
      let setup = Setup(badCount: spies)
      // Vary the list too: all locations, or a rotating one-location list.
      let locations = deal % 3 == 0 ? [playable[deal % playable.count]] : Sample.locations
      let (names, cleanNames) = deal % 8 == 0 ? (messy, cleaned) : (plain, plain)
      var p = Problems("\(players) players, \(spies) spies, deal \(deal)")
      let table = try game.dealForTest(
        players: names, setup: setup, locations: locations, seed: seed(2, players, deal))
      let holders = checkCommon(game, table: table, names: names, cleanNames: cleanNames, setup: setup, into: &p)
      p.check(holders[Spy.spy, default: []].count == spies, "spy count")
      p.check(holders[Spy.local, default: []].count == players - spies, "local count")

      // Exactly one location for the table, from the list, with roles.
      guard let id = table.location, let location = locations.first(where: { $0.id == id }) else {
        problems.append("\(p.context): location \(String(describing: table.location)) not from the list")
        continue
      }
      p.check(location.roleCount > 0, "a location without roles was chosen")

      var uses = Array(repeating: 0, count: location.roleCount)
      for (index, seat) in table.seats.enumerated() {
        let known = game.knowledge(of: index, at: table)
        if seat.role == Spy.spy {
          p.check(seat.locationRole == nil, "spy at seat \(index) has a location role")
          p.check(known == [.locationUnknown], "spy at seat \(index) knows \(known)")
        } else if let role = seat.locationRole, (0..<location.roleCount).contains(role) {
          uses[role] += 1
          p.check(known == [.location(id, role: role)], "local at seat \(index) knows \(known)")
        } else {
          p.check(false, "local at seat \(index) has location role \(String(describing: seat.locationRole))")
        }
      }
      // Distinct while the location has enough roles; after that, handed out
      // evenly (no role used twice before every role was used once).
      if players - spies <= location.roleCount {
        p.check(uses.allSatisfy { $0 <= 1 }, "location roles repeat: \(uses)")
      } else {
        p.check(uses.max()! - uses.min()! <= 1, "location roles uneven: \(uses)")
      }
      problems += p.list
    }
    #expect(problems.isEmpty, "\(problems.count) problems, first: \(problems.prefix(5))")
  }

  @Test("Killer deals", arguments: Killer().players)
  func killer(players: Int) throws {
    let game = Killer()
    let counts = try #require(game.allowedBadCounts(players: players))
    #expect(counts == 1...min(2, (players - 1) / 2))
    #expect(game.isBad(Killer.killer) && !game.isBad(Killer.cop) && !game.isBad(Killer.citizen))
    let (plain, messy, cleaned) = (Sample.shortNames(players), Sample.names(players), Sample.cleanNames(players))
    var problems: [String] = []
    for deal in 0..<dealsPerCount(game) {
      let killers = counts.lowerBound + deal % counts.count
      let setup = Setup(badCount: killers)
      let (names, cleanNames) = deal % 8 == 0 ? (messy, cleaned) : (plain, plain)
      var p = Problems("\(players) players, \(killers) killers, deal \(deal)")
      let table = try game.dealForTest(players: names, setup: setup, seed: seed(3, players, deal))
      let holders = checkCommon(game, table: table, names: names, cleanNames: cleanNames, setup: setup, into: &p)
      let killerSeats = holders[Killer.killer, default: []]
      let copSeats = holders[Killer.cop, default: []]
      p.check(killerSeats.count == killers, "killer count \(killerSeats.count)")
      p.check(copSeats.count == 1, "cop count \(copSeats.count)")
      p.check(holders[Killer.citizen, default: []].count == players - killers - 1, "citizen count")
      guard let cop = copSeats.first else {
        problems += p.list
        continue
      }
      p.check(!killerSeats.contains(cop), "the Cop is a killer")
      for (index, seat) in table.seats.enumerated() {
        let known = game.knowledge(of: index, at: table)
        var expected: [Knowledge] = []
        if seat.role == Killer.killer {
          expected = [.player(seat: cop, role: Killer.cop)]
          expected += killerSeats.filter { $0 != index }.map { .player(seat: $0, role: Killer.killer) }
        }
        p.check(known == expected, "seat \(index) (\(seat.role)) knows \(known), expected \(expected)")
        p.check(seat.locationRole == nil, "seat \(index) has a location role")
      }
      problems += p.list
    }
    #expect(problems.isEmpty, "\(problems.count) problems, first: \(problems.prefix(5))")
  }

// MARK: Specific knowledge cases on hand-made tables

  @Test("A partner that is not in play gives knowsNoOne", arguments: [
    (R.redThief, [R.redThief, R.doctor, R.citizens[0], R.citizens[1], R.citizens[2]]),
    (R.blackThief, [R.blackThief, R.doctor, R.citizens[0], R.citizens[1], R.citizens[2]]),
    (R.snitch, [R.snitch, R.blackThief, R.citizens[0], R.citizens[1], R.citizens[2]]),
    (R.policeman, [R.policeman, R.redThief, R.citizens[0], R.citizens[1], R.citizens[2]]),
    (R.roommate1, [R.roommate1, R.redThief, R.citizens[0], R.citizens[1], R.citizens[2]]),
    (R.roommate2, [R.roommate2, R.redThief, R.citizens[0], R.citizens[1], R.citizens[2]]),
  ])
  func knowsNoOne(role: RoleID, roles: [RoleID]) {
    let table = makeTable(Palermo(), roles)
    #expect(Palermo().knowledge(of: 0, at: table) == [.knowsNoOne])
  }

  @Test func snitchAndPolicemanChain() {
    // Seats: 0 Snitch, 1 Policeman, 2 Red thief, 3 Black thief, 4 Doctor.
    let table = makeTable(Palermo(), [R.snitch, R.policeman, R.redThief, R.blackThief, R.doctor])
    let game = Palermo()
    #expect(game.knowledge(of: 0, at: table) == [.player(seat: 2, role: R.redThief)])
    #expect(game.knowledge(of: 1, at: table) == [.player(seat: 0, role: R.snitch)])
    #expect(game.knowledge(of: 2, at: table) == [.player(seat: 3, role: R.blackThief)])
    #expect(game.knowledge(of: 3, at: table) == [.player(seat: 2, role: R.redThief)])
    #expect(game.knowledge(of: 4, at: table).isEmpty)
  }

  @Test func knowledgeDoesNotDependOnDeath() throws {
    // What a player learned at the reveal stays the same when they look again later.
    var table = makeTable(Palermo(), [R.redThief, R.blackThief, R.doctor, R.citizens[0], R.citizens[1]])
    try table.markDead(1, cause: .votedOut)
    #expect(Palermo().knowledge(of: 0, at: table) == [.player(seat: 1, role: R.blackThief)])
  }

  @Test func dealCleansNames() throws {
    let names = ["  Anna ", "Ele\u{301}ni", "Νίκος   Π.", "\tJohn\n"]
    let table = try Killer().dealForTest(players: names, setup: Setup(badCount: 1), seed: 9)
    #expect(table.seats.map(\.name) == ["Anna", "El\u{E9}ni", "Νίκος Π.", "John"])
    // Composed form: the é is one scalar.
    #expect(table.seats[1].name.unicodeScalars.count == 5)
  }
}

/// Spy draws its first questioner uniformly; the other games draw nobody.
@Suite struct FirstPlayerTests {
  @Test func spyDrawsEverySeatEvenly() throws {
    var counts = [Int](repeating: 0, count: 6)
    var generator = SplitMix64(seed: 99)
    let locations = [Location(id: "zoo", roleCount: 8)]
    for _ in 0..<6_000 {
      let table = try Spy().deal(
        players: ["A", "B", "C", "D", "E", "F"], setup: Setup(badCount: 1), locations: locations,
        using: &generator)
      counts[try #require(table.firstPlayer)] += 1
    }
    // 1,000 expected per seat; a biased draw would leave a seat far off.
    #expect(counts.allSatisfy { (850...1150).contains($0) }, "\(counts)")
  }

  @Test func otherGamesDrawNobody() throws {
    var generator = SplitMix64(seed: 1)
    let killer = try Killer().deal(players: ["A", "B", "C"], setup: Setup(badCount: 1), using: &generator)
    #expect(killer.firstPlayer == nil)
  }
}
