/// A small, fast, seeded generator (SplitMix64) whose sequence never changes,
/// so that `--seed` and the tests repeat a deal exactly.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
  /// Where the sequence stands: a generator started from this seed goes on with the same numbers.
  public private(set) var state: UInt64

  /// Starts the sequence from `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Where a seeded run's sequence stands (`--seed`), kept with the game it
/// dealt: a run started again with the same seed goes on from here instead of
/// dealing the first game again. Never kept for a run without `--seed`.
public struct SeededSequence: Hashable, Codable, Sendable {
  /// The seed the run was started with.
  public var seed: UInt64
  /// The generator's state after the last draw.
  public var state: UInt64

  /// A sequence from `seed` that stands at `state`.
  public init(seed: UInt64, state: UInt64) {
    self.seed = seed
    self.state = state
  }

  /// The generator that goes on from here.
  public var generator: SplitMix64 { SplitMix64(seed: state) }
}

extension RandomNumberGenerator {
  /// A uniformly random integer in `0..<bound` (Lemire's method with rejection).
  ///
  /// Written here rather than taken from the standard library, whose algorithm
  /// is not promised to stay the same, so a seed gives the same deal forever.
  public mutating func uniform(below bound: Int) -> Int {
    precondition(bound > 0, "uniform(below:) needs a positive bound")
    let range = UInt64(bound)
    var product = next().multipliedFullWidth(by: range)
    if product.low < range {
      let threshold = (0 &- range) % range
      while product.low < threshold {
        product = next().multipliedFullWidth(by: range)
      }
    }
    return Int(product.high)
  }

  /// The elements in a uniformly random order (Fisher–Yates).
  public mutating func shuffled<Element>(_ elements: [Element]) -> [Element] {
    var result = elements
    var index = result.count - 1
    while index > 0 {
      result.swapAt(index, uniform(below: index + 1))
      index -= 1
    }
    return result
  }
}
