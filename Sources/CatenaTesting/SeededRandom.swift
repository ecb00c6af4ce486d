/// A small, fast, seeded random number generator (SplitMix64), for tests that must replay a
/// failure from its printed seed.
///
/// ```swift
/// for seed in 0..<1_000 as Range<UInt64> {
///   var random = SeededRandom(seed: seed)
///   let count = random.below(10)  // 0...9, the same for the same seed on every platform
///   #expect(check(count), "seed \(seed)")
/// }
/// ```
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// `next() % bound`: a number in `0..<bound` (0 when `bound` is 0 or less).
  public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

  /// True `percent` times in 100.
  public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
