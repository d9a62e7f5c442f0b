import PareaRules
import Testing

// Fairness: over many seeded deals, every seat is equally likely to get every
// role, every location is equally likely and so is every role at a location.
// Each test uses a fixed SplitMix64 seed, so it is stable; the threshold is the
// chi-square 0.999 quantile. `BiasDetectionTests` shows the same statistic
// rejects deals that are visibly unfair.

/// Deals per fairness test: enough for the biased cases below to fail by a wide
/// margin, few enough to keep the suite quick (each deal validates the names).
private let deals = 5_000

/// Deals `game` `count` times from one seeded generator and counts `seat × role`.
private func seatRoleCounts(
  _ game: some GameType, players: Int, setup: Setup, locations: [Location] = [],
  generator: inout some RandomNumberGenerator, count: Int = deals
) throws -> SeatRoleCounts {
  let names = Sample.shortNames(players)
  let kinds = Array(Set(game.composition(for: setup, players: players))).sorted()
  var counts = SeatRoleCounts(seats: players, kinds: kinds)
  for _ in 0..<count {
    let table = try game.deal(players: names, setup: setup, locations: locations, using: &generator)
    counts.add(table.seats.map(\.role))
  }
  return counts
}

private func multiplicity(_ game: some GameType, setup: Setup, players: Int, kinds: [RoleID]) -> [Int] {
  let composition = game.composition(for: setup, players: players)
  return kinds.map { kind in composition.filter { $0 == kind }.count }
}

@Suite("Fairness")
struct FairnessTests {
  @Test("Killer, 7 players, 2 killers: every seat equally likely to get every role")
  func killerSeats() throws {
    let game = Killer()
    let setup = Setup(badCount: 2)
    var generator = SplitMix64(seed: 0x5EED_0001)
    let counts = try seatRoleCounts(game, players: 7, setup: setup, generator: &generator)
    let result = counts.test(multiplicity: multiplicity(game, setup: setup, players: 7, kinds: counts.kinds))
    #expect(result.df == 12)
    #expect(ChiSquare.accepts(result), "χ² = \(result.statistic) for \(result.df) df")
  }

  @Test("Palermo, 7 players, a fixed role set: every seat equally likely to get every role")
  func palermoSeats() throws {
    typealias R = Palermo.Roles
    let game = Palermo()
    let setup = Setup(roles: [R.redThief, R.blackThief, R.snitch, R.policeman, R.doctor, R.roommate1, R.roommate2])
    var generator = SplitMix64(seed: 0x5EED_0002)
    let counts = try seatRoleCounts(game, players: 7, setup: setup, generator: &generator)
    let result = counts.test(multiplicity: Array(repeating: 1, count: 7))
    #expect(result.df == 36)
    #expect(ChiSquare.accepts(result), "χ² = \(result.statistic) for \(result.df) df")
  }

  @Test("Spy, 8 players, 2 spies: every seat equally likely to be a spy")
  func spySeats() throws {
    let game = Spy()
    let setup = Setup(badCount: 2)
    var generator = SplitMix64(seed: 0x5EED_0003)
    let counts = try seatRoleCounts(
      game, players: 8, setup: setup, locations: Sample.baselineLocations, generator: &generator)
    #expect(counts.kinds == [Spy.local, Spy.spy])
    let result = counts.test(multiplicity: [6, 2])
    #expect(result.df == 7)
    #expect(ChiSquare.accepts(result), "χ² = \(result.statistic) for \(result.df) df")
  }

  @Test("Spy, 8 players, 2 spies, one location with 6 roles: each seat equally likely to be a spy or hold each location role")
  func spySeatsAndLocationRoles() throws {
    let game = Spy()
    let names = Sample.shortNames(8)
    let location = Location(id: "hospital", roleCount: 6)
    var generator = SplitMix64(seed: 0x5EED_0004)
    // Kinds: 0 = spy, 1...6 = location role 0...5. Every deal hands out each kind
    // in fixed numbers (2 spies, then the 6 locals get 6 distinct roles).
    var counts = Array(repeating: Array(repeating: 0, count: 7), count: 8)
    for _ in 0..<deals {
      let table = try game.deal(
        players: names, setup: Setup(badCount: 2), locations: [location], using: &generator)
      for (seat, player) in table.seats.enumerated() {
        let kind = player.role == Spy.spy ? 0 : 1 + (player.locationRole ?? -100)
        counts[seat][kind] += 1
      }
    }
    let result = ChiSquare.permutationTable(counts: counts, multiplicity: [2, 1, 1, 1, 1, 1, 1], deals: deals)
    #expect(result.df == 42)
    #expect(ChiSquare.accepts(result), "χ² = \(result.statistic) for \(result.df) df")
  }

  @Test("Spy: every location equally likely, locations without roles never")
  func locations() throws {
    let game = Spy()
    let names = Sample.shortNames(5)
    let list = Sample.baselineLocations + [Location(id: "nothingHere", roleCount: 0)]
    var generator = SplitMix64(seed: 0x5EED_0005)
    var counts: [LocationID: Int] = [:]
    for _ in 0..<deals {
      let table = try game.deal(players: names, setup: Setup(badCount: 1), locations: list, using: &generator)
      counts[try #require(table.location), default: 0] += 1
    }
    #expect(counts["nothingHere"] == nil)
    let observed = Sample.baselineLocations.map { counts[$0.id, default: 0] }
    let result = ChiSquare.goodnessOfFit(
      observed: observed, probabilities: Array(repeating: 1.0 / 13, count: 13))
    #expect(result.df == 12)
    #expect(ChiSquare.accepts(result), "χ² = \(result.statistic) for \(result.df) df")
  }

  @Test("Spy: every location role equally likely when the location has more roles than locals")
  func locationRoles() throws {
    // 7 players, 1 spy: 6 locals draw 6 distinct roles of 10. Pooled over the
    // table, each role turns up with probability 6/10 per deal; the draws within
    // a deal are without replacement, which scales Pearson's sum by
    // (R − m)/(R − 1) (R = 10 roles, m = 6 drawn), undone here.
    let game = Spy()
    let names = Sample.shortNames(7)
    let location = Location(id: "school", roleCount: 10)
    var generator = SplitMix64(seed: 0x5EED_0006)
    var counts = Array(repeating: 0, count: 10)
    for _ in 0..<deals {
      let table = try game.deal(
        players: names, setup: Setup(badCount: 1), locations: [location], using: &generator)
      for seat in table.seats {
        if let role = seat.locationRole { counts[role] += 1 }
      }
    }
    #expect(counts.reduce(0, +) == deals * 6)
    let raw = ChiSquare.goodnessOfFit(observed: counts, probabilities: Array(repeating: 0.1, count: 10))
    let result = (statistic: raw.statistic * 9 / 4, df: raw.df)
    #expect(ChiSquare.accepts(result), "χ² = \(result.statistic) for \(result.df) df")
  }

  @Test("Location roles repeat evenly when the location has fewer roles than locals")
  func locationRolesRepeatEvenly() throws {
    // 9 locals at a 4-role location: each role twice, one role a third time,
    // and that third one equally likely to be any of the four.
    let game = Spy()
    let names = Sample.shortNames(10)
    let location = Location(id: "lake", roleCount: 4)
    var generator = SplitMix64(seed: 0x5EED_0007)
    var thirds = Array(repeating: 0, count: 4)
    for _ in 0..<2_000 {
      let table = try game.deal(
        players: names, setup: Setup(badCount: 1), locations: [location], using: &generator)
      var uses = Array(repeating: 0, count: 4)
      for seat in table.seats { if let role = seat.locationRole { uses[role] += 1 } }
      #expect(uses.sorted() == [2, 2, 2, 3])
      thirds[uses.firstIndex(of: 3)!] += 1
    }
    let result = ChiSquare.goodnessOfFit(observed: thirds, probabilities: [0.25, 0.25, 0.25, 0.25])
    #expect(ChiSquare.accepts(result), "χ² = \(result.statistic)")
  }

  @Test("Palermo's roles are fair at the smallest and largest table", arguments: [5, 14])
  func palermoSizes(players: Int) throws {
    let game = Palermo()
    // The first roles of the pool, but never a set the thieves have already won.
    var roles = Array(game.roles.map(\.id).prefix(players))
    if players == 5 { roles[roles.firstIndex(of: Palermo.Roles.snitch)!] = Palermo.Roles.roommate1 }
    let setup = Setup(roles: roles)
    var generator = SplitMix64(seed: 0x5EED_0100 &+ UInt64(players))
    let counts = try seatRoleCounts(game, players: players, setup: setup, generator: &generator, count: 3_000)
    let result = counts.test(multiplicity: Array(repeating: 1, count: players))
    #expect(ChiSquare.accepts(result), "χ² = \(result.statistic) for \(result.df) df")
  }
}

// MARK: - The statistic has teeth

@Suite("Bias detection")
struct BiasDetectionTests {
  @Test("A deal that is not shuffled is rejected")
  func unshuffled() {
    // The composition handed out in order, as a deal that forgot to shuffle would.
    let game = Killer()
    let setup = Setup(badCount: 2)
    let composition = game.composition(for: setup, players: 7)
    let kinds = Array(Set(composition)).sorted()
    var counts = SeatRoleCounts(seats: 7, kinds: kinds)
    for _ in 0..<deals { counts.add(composition) }
    let result = counts.test(multiplicity: multiplicity(game, setup: setup, players: 7, kinds: kinds))
    #expect(!ChiSquare.accepts(result))
  }

  @Test("The real deal driven by a biased generator is rejected")
  func biasedGenerator() throws {
    let game = Killer()
    let setup = Setup(badCount: 2)
    var generator = LowBiasedGenerator(seed: 0x5EED_0001)
    let counts = try seatRoleCounts(game, players: 7, setup: setup, generator: &generator)
    let result = counts.test(multiplicity: multiplicity(game, setup: setup, players: 7, kinds: counts.kinds))
    #expect(!ChiSquare.accepts(result), "χ² = \(result.statistic) should be far above \(ChiSquare.critical(df: 12))")
  }

  @Test("The classic naive shuffle (swap with any position) is rejected")
  func naiveShuffle() {
    // Swapping each position with a uniformly random one of all n positions
    // gives n^n equally likely paths onto n! orders: subtly unfair.
    let roles: [RoleID] = ["a", "b", "c", "d", "e", "f", "g"]
    var generator = SplitMix64(seed: 0x5EED_0008)
    var counts = SeatRoleCounts(seats: 7, kinds: roles)
    for _ in 0..<deals {
      var order = roles
      for index in order.indices { order.swapAt(index, generator.uniform(below: order.count)) }
      counts.add(order)
    }
    let result = counts.test(multiplicity: Array(repeating: 1, count: 7))
    #expect(!ChiSquare.accepts(result), "χ² = \(result.statistic)")
  }

  @Test("A location pick that favours the first location is rejected")
  func biasedLocations() {
    var generator = SplitMix64(seed: 0x5EED_0009)
    var counts = Array(repeating: 0, count: 13)
    for _ in 0..<deals {
      // One time in ten, the first location whatever the draw: 10% bias.
      let pick = generator.uniform(below: 10) == 0 ? 0 : generator.uniform(below: 13)
      counts[pick] += 1
    }
    let result = ChiSquare.goodnessOfFit(observed: counts, probabilities: Array(repeating: 1.0 / 13, count: 13))
    #expect(!ChiSquare.accepts(result))
  }

  @Test("The same fair check accepts the correct Fisher–Yates shuffle")
  func fairShuffle() {
    let roles: [RoleID] = ["a", "b", "c", "d", "e", "f", "g"]
    var generator = SplitMix64(seed: 0x5EED_0008)
    var counts = SeatRoleCounts(seats: 7, kinds: roles)
    for _ in 0..<deals { counts.add(generator.shuffled(roles)) }
    #expect(ChiSquare.accepts(counts.test(multiplicity: Array(repeating: 1, count: 7))))
  }

  @Test("The quantile table agrees with Wilson–Hilferty and grows with df")
  func quantiles() {
    for df in 10...100 {
      let table = ChiSquare.quantile999[df - 1]
      let k = Double(df)
      let z = 3.090_232_306
      let approx = k * pow3(1 - 2 / (9 * k) + z * (2 / (9 * k)).squareRoot())
      #expect(abs(approx - table) / table < 0.01, "df \(df): \(approx) vs \(table)")
    }
    #expect(zip(ChiSquare.quantile999, ChiSquare.quantile999.dropFirst()).allSatisfy { $0 < $1 })
    #expect(abs(ChiSquare.critical(df: 200) - 267.54) < 1)
    #expect(abs(ChiSquare.critical(df: 300) - 381.43) < 1.5)
  }

  private func pow3(_ value: Double) -> Double { value * value * value }
}
