import PareaRules
import Testing

// SplitMix64 and the library's own uniform draw and shuffle: pinned outputs, so a
// seed gives the same deal forever. The expected values were computed once with
// an independent Python implementation of the reference algorithms (SplitMix64
// as in Vigna's splitmix64.c, Lemire's bounded draw, Fisher–Yates from the end).

private typealias R = Palermo.Roles

@Suite("SplitMix64 and shuffling")
struct RandomTests {
  @Test("First outputs match the reference algorithm", arguments: [
    (UInt64(0), [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F, 0xF88B_B8A8_724C_81EC] as [UInt64]),
    (UInt64(42), [0xBDD7_3226_2FEB_6E95, 0x28EF_E333_B266_F103, 0x4752_6757_130F_9F52, 0x581C_E1FF_0E4A_E394] as [UInt64]),
  ])
  func referenceOutputs(seed: UInt64, expected: [UInt64]) {
    var generator = SplitMix64(seed: seed)
    #expect((0..<4).map { _ in generator.next() } == expected)
  }

  @Test func sameSeedSameSequenceAndCopiesAreIndependent() {
    var a = SplitMix64(seed: 123)
    var b = SplitMix64(seed: 123)
    _ = a.next()
    var copy = a  // a value: the copy carries on from the same state
    let fromA = (0..<5).map { _ in a.next() }
    #expect((0..<5).map { _ in copy.next() } == fromA)
    _ = b.next()
    #expect((0..<5).map { _ in b.next() } == fromA)
    var c = SplitMix64(seed: 124)
    #expect(c.next() != SplitMix64(seed: 123).nextValue())
  }

  @Test func uniformPinned() {
    var generator = SplitMix64(seed: 0)
    #expect((0..<10).map { _ in generator.uniform(below: 10) } == [8, 4, 0, 9, 1, 3, 1, 7, 2, 9])
  }

  @Test("uniform(below:) stays in range", arguments: [1, 2, 3, 7, 10, 13, 1 << 32 + 1, Int.max / 3, Int.max])
  func uniformRange(bound: Int) {
    var generator = SplitMix64(seed: UInt64(truncatingIfNeeded: bound))
    for _ in 0..<2_000 {
      let value = generator.uniform(below: bound)
      #expect(value >= 0 && value < bound)
      if value < 0 || value >= bound { break }
    }
  }

  @Test func uniformTakesHighBitsAndRejects() {
    // 0 × 3 lands in the rejected sliver (low word below 2^64 mod 3 = 1):
    // the draw is retried with the next output, 2^63 × 3 → high word 1.
    var scripted = ScriptedGenerator(outputs: [0, 1 << 63])
    #expect(scripted.uniform(below: 3) == 1)
    #expect(scripted.used == 2)
    // The largest output maps to the largest value, in one draw.
    var top = ScriptedGenerator(outputs: [.max])
    #expect(top.uniform(below: 3) == 2)
    #expect(top.used == 1)
    // A bound of 1 always gives 0.
    var one = ScriptedGenerator(outputs: [.max, 0, 12345])
    #expect((0..<3).map { _ in one.uniform(below: 1) } == [0, 0, 0])
  }

  @Test func uniformIsUnbiased() {
    var generator = SplitMix64(seed: 99)
    for bound in [2, 3, 7, 10] {
      var counts = Array(repeating: 0, count: bound)
      for _ in 0..<(bound * 5_000) { counts[generator.uniform(below: bound)] += 1 }
      let result = ChiSquare.goodnessOfFit(
        observed: counts, probabilities: Array(repeating: 1 / Double(bound), count: bound))
      #expect(ChiSquare.accepts(result), "bound \(bound): χ² = \(result.statistic)")
    }
    // The low-biased generator is caught by the same check.
    var biased = LowBiasedGenerator(seed: 99)
    var counts = Array(repeating: 0, count: 7)
    for _ in 0..<35_000 { counts[biased.uniform(below: 7)] += 1 }
    #expect(!ChiSquare.accepts(ChiSquare.goodnessOfFit(observed: counts, probabilities: Array(repeating: 1 / 7, count: 7))))
  }

  @Test func shuffledKeepsTheElements() {
    var generator = SplitMix64(seed: 3)
    #expect(generator.shuffled([Int]()) == [])
    #expect(generator.shuffled([7]) == [7])
    for size in 2...20 {
      let items = Array(0..<size)
      #expect(generator.shuffled(items).sorted() == items)
    }
    let roles: [RoleID] = [R.redThief, R.blackThief, R.snitch, R.policeman, R.doctor, R.roommate1, R.roommate2]
    var pinned = SplitMix64(seed: 2024)
    #expect(pinned.shuffled(roles) == [R.policeman, R.roommate2, R.snitch, R.roommate1, R.blackThief, R.redThief, R.doctor])
  }

  // MARK: Pinned deals

  @Test func pinnedKillerDeal() throws {
    let table = try Killer().dealForTest(players: Sample.shortNames(6), setup: Setup(badCount: 2), seed: 42)
    #expect(table.seats.map(\.role)
      == [Killer.cop, Killer.citizen, Killer.citizen, Killer.killer, Killer.killer, Killer.citizen])
  }

  @Test func pinnedSpyDeal() throws {
    // The location without roles is skipped; 4 locals at a 3-role location: the
    // fourth draws from a fresh shuffle.
    let locations = [Location(id: "a", roleCount: 3), Location(id: "b", roleCount: 0), Location(id: "c", roleCount: 5)]
    let table = try Spy().dealForTest(
      players: Sample.shortNames(5), setup: Setup(badCount: 1), locations: locations, seed: 7)
    #expect(table.seats.map(\.role) == [Spy.local, Spy.local, Spy.local, Spy.spy, Spy.local])
    #expect(table.location == "a")
    #expect(table.seats.map(\.locationRole) == [0, 2, 1, nil, 0])
  }

  @Test func pinnedPalermoDeal() throws {
    let roles: [RoleID] = [R.redThief, R.blackThief, R.snitch, R.policeman, R.doctor, R.roommate1, R.roommate2]
    let table = try Palermo().dealForTest(players: Sample.shortNames(7), setup: Setup(roles: roles), seed: 2024)
    #expect(table.seats.map(\.role)
      == [R.policeman, R.roommate2, R.snitch, R.roommate1, R.blackThief, R.redThief, R.doctor])
    #expect(table.seats.map(\.name) == Sample.shortNames(7))
  }

  @Test("Same seed, same deal; different seeds, different deals", arguments: GameRegistry.all.map(\.id))
  func repeatable(game id: GameID) throws {
    let game = try #require(GameRegistry.game(id))
    let players = 9
    let setup = id == "palermo" ? Setup(roles: Array(game.roles.map(\.id).prefix(players))) : Setup(badCount: 2)
    var distinct = Set<Table>()
    for seed in UInt64(0)..<20 {
      let first = try game.dealForTest(players: Sample.names(players), setup: setup, locations: Sample.locations, seed: seed)
      let again = try game.dealForTest(players: Sample.names(players), setup: setup, locations: Sample.locations, seed: seed)
      #expect(first == again)
      distinct.insert(first)
    }
    #expect(distinct.count > 15)
  }

  @Test("uniform(below: 0) stops the program")
  func zeroBoundTraps() async {
    await #expect(processExitsWith: .failure) {
      var generator = SplitMix64(seed: 1)
      _ = generator.uniform(below: 0)
    }
  }
}

extension SplitMix64 {
  fileprivate func nextValue() -> UInt64 {
    var copy = self
    return copy.next()
  }
}
