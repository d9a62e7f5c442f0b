import PareaRules

// Shared helpers for the rules tests: random valid setups, sample locations and
// the chi-square machinery used by the fairness tests.

// MARK: - Setups

enum Sample {
  /// A location list with varied sizes, including one that can never be chosen
  /// (no roles) and small ones whose roles must repeat at big tables.
  static let locations: [Location] = [
    Location(id: "train", roleCount: 7),
    Location(id: "empty", roleCount: 0),
    Location(id: "gym", roleCount: 2),
    Location(id: "zoo", roleCount: 20),
    Location(id: "lake", roleCount: 1),
    Location(id: "casino", roleCount: 5),
  ]

  /// Thirteen locations as in the baseline list, each with enough roles.
  static let baselineLocations: [Location] = [
    "train", "netCafe", "spaceship", "lake", "river", "gym", "zoo", "radioStation",
    "scienceLab", "school", "casino", "restaurant", "bedroom",
  ].map { Location(id: LocationID($0), roleCount: 7) }

  /// `count` player names; some with stray spaces and decomposed accents so the
  /// deal has something to clean.
  static func names(_ count: Int) -> [String] {
    (0..<count).map { index in
      switch index % 4 {
      case 0: "Player\(index)"
      case 1: "  Ele\u{301}ni \(index) "  // decomposed é, surrounding spaces
      case 2: "Νίκος\t\t\(index)"  // inner run of white space
      default: "ANNA  \(index)\n"
      }
    }
  }

  /// What `names(count)` must become once cleaned, written out by hand.
  static func cleanNames(_ count: Int) -> [String] {
    (0..<count).map { index in
      switch index % 4 {
      case 0: "Player\(index)"
      case 1: "El\u{E9}ni \(index)"
      case 2: "Νίκος \(index)"
      default: "ANNA \(index)"
      }
    }
  }

  /// Short, already clean names: cheap to validate in the bulk deal tests.
  static func shortNames(_ count: Int) -> [String] { (0..<count).map { "P\($0)" } }

  /// A random valid Palermo role set for `players`: `players` distinct roles of
  /// the pool, in random order, with at least one thief.
  static func palermoRoles(players: Int, using generator: inout some RandomNumberGenerator)
    -> [RoleID]
  {
    let pool = Palermo().roles.map(\.id)
    var chosen = Array(generator.shuffled(pool).prefix(players))
    if !chosen.contains(where: Palermo.Roles.thieves.contains) {
      let thief = Palermo.Roles.thieves[generator.uniform(below: 2)]
      chosen[generator.uniform(below: chosen.count)] = thief
    }
    // A valid set gives the town more players than the thieves: at five
    // players two thieves need three town roles, so swap the Snitch for one.
    let town = Palermo().roles.map(\.id).filter { Palermo().role($0)?.side == Palermo.town }
    while chosen.filter(Palermo.Roles.thieves.contains).count
      >= chosen.filter({ Palermo().role($0)?.side == Palermo.town }).count
    {
      let spare = town.filter { !chosen.contains($0) }
      let index = chosen.firstIndex(of: Palermo.Roles.snitch)
        ?? chosen.lastIndex(where: Palermo.Roles.thieves.contains)!
      chosen[index] = spare[generator.uniform(below: spare.count)]
    }
    return chosen
  }
}

extension GameType {
  /// The seeded generator's deal, for setups the test knows to be valid.
  func dealForTest(
    players names: [String], setup: Setup, locations: [Location] = [], seed: UInt64
  ) throws -> Table {
    var generator = SplitMix64(seed: seed)
    return try deal(players: names, setup: setup, locations: locations, using: &generator)
  }
}

/// A hand-made table: one seat per role, named after the seat number.
func makeTable(
  _ game: some GameType, _ roles: [RoleID], location: LocationID? = nil,
  locationRoles: [Int?]? = nil
) -> Table {
  let seats = roles.indices.map { index in
    Seat(name: "P\(index)", role: roles[index], locationRole: locationRoles?[index])
  }
  return Table(game: game, seats: seats, location: location)
}

// MARK: - Chi-square

enum ChiSquare {
  /// The 0.999 quantile of the chi-square distribution for 1...100 degrees of
  /// freedom (computed once with scipy.stats.chi2.ppf(0.999, df)).
  static let quantile999: [Double] = [
    10.828, 13.816, 16.266, 18.467, 20.515, 22.458, 24.322, 26.124,
    27.877, 29.588, 31.264, 32.909, 34.528, 36.123, 37.697, 39.252,
    40.790, 42.312, 43.820, 45.315, 46.797, 48.268, 49.728, 51.179,
    52.620, 54.052, 55.476, 56.892, 58.301, 59.703, 61.098, 62.487,
    63.870, 65.247, 66.619, 67.985, 69.346, 70.703, 72.055, 73.402,
    74.745, 76.084, 77.419, 78.750, 80.077, 81.400, 82.720, 84.037,
    85.351, 86.661, 87.968, 89.272, 90.573, 91.872, 93.168, 94.461,
    95.751, 97.039, 98.324, 99.607, 100.888, 102.166, 103.442, 104.716,
    105.988, 107.258, 108.526, 109.791, 111.055, 112.317, 113.577, 114.835,
    116.092, 117.346, 118.599, 119.850, 121.100, 122.348, 123.594, 124.839,
    126.083, 127.324, 128.565, 129.804, 131.041, 132.277, 133.512, 134.745,
    135.978, 137.208, 138.438, 139.666, 140.893, 142.119, 143.344, 144.567,
    145.789, 147.010, 148.230, 149.449,
  ]

  /// The 0.999 quantile for `df` degrees of freedom: the table above, or the
  /// Wilson–Hilferty approximation beyond it.
  static func critical(df: Int) -> Double {
    precondition(df >= 1)
    if df <= quantile999.count { return quantile999[df - 1] }
    let k = Double(df)
    let z = 3.090_232_306  // standard normal 0.999 quantile
    let term = 1 - 2 / (9 * k) + z * (2 / (9 * k)).squareRoot()
    return k * term * term * term
  }

  /// Goodness of fit of independent observations to given probabilities.
  static func goodnessOfFit(observed: [Int], probabilities: [Double]) -> (statistic: Double, df: Int) {
    let total = Double(observed.reduce(0, +))
    var statistic = 0.0
    for (count, probability) in zip(observed, probabilities) {
      let expected = total * probability
      statistic += (Double(count) - expected) * (Double(count) - expected) / expected
    }
    return (statistic, observed.count - 1)
  }

  /// Uniformity of a `seats × kinds` table of deal counts, where every deal hands
  /// each of the `seats` players exactly one of the kinds and kind `k` to exactly
  /// `multiplicity[k]` players (a random permutation of a fixed multiset).
  ///
  /// Within one deal the seats are not independent (if I hold the Cop, you do
  /// not): the covariance of the counts is the multinomial one times
  /// n/(n−1)·(I − J/n) across seats, so Pearson's sum is n/(n−1) times a
  /// chi-square with (n−1)(k−1) degrees of freedom. The statistic returned is
  /// rescaled by (n−1)/n so it can be compared with the plain quantile.
  static func permutationTable(counts: [[Int]], multiplicity: [Int], deals: Int)
    -> (statistic: Double, df: Int)
  {
    let seats = counts.count
    let n = Double(seats)
    var pearson = 0.0
    for row in counts {
      for (kind, count) in row.enumerated() {
        let expected = Double(deals) * Double(multiplicity[kind]) / n
        pearson += (Double(count) - expected) * (Double(count) - expected) / expected
      }
    }
    return (pearson * (n - 1) / n, (seats - 1) * (multiplicity.count - 1))
  }

  /// Whether the statistic stays below the 0.999 quantile.
  static func accepts(_ result: (statistic: Double, df: Int)) -> Bool {
    result.statistic < critical(df: result.df)
  }
}

/// Counts `seat × kind` over many deals, where `kinds` lists the distinct roles.
struct SeatRoleCounts {
  let kinds: [RoleID]
  var counts: [[Int]]
  var deals = 0

  init(seats: Int, kinds: [RoleID]) {
    self.kinds = kinds
    counts = Array(repeating: Array(repeating: 0, count: kinds.count), count: seats)
  }

  mutating func add(_ roles: [RoleID]) {
    for (seat, role) in roles.enumerated() {
      counts[seat][kinds.firstIndex(of: role)!] += 1
    }
    deals += 1
  }

  func test(multiplicity: [Int]) -> (statistic: Double, df: Int) {
    ChiSquare.permutationTable(counts: counts, multiplicity: multiplicity, deals: deals)
  }
}

// MARK: - Generators for the tests

/// A generator that replays fixed outputs (then repeats the last), to drive
/// `uniform(below:)` down its rejection path.
struct ScriptedGenerator: RandomNumberGenerator {
  var outputs: [UInt64]
  var used = 0
  mutating func next() -> UInt64 {
    defer { used += 1 }
    return outputs[min(used, outputs.count - 1)]
  }
}

/// A deliberately biased generator: the smaller of two SplitMix64 outputs, so
/// `uniform(below:)` leans towards 0.
struct LowBiasedGenerator: RandomNumberGenerator {
  var base: SplitMix64
  init(seed: UInt64) { base = SplitMix64(seed: seed) }
  mutating func next() -> UInt64 { min(base.next(), base.next()) }
}
