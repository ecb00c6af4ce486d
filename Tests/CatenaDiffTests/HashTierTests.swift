import CatenaTesting
import Testing

@testable import CatenaDiff

@Suite("Identity table under adversarial ids")
struct HashTierTests {
  /// Matches `source` against `target` and reports the tier the table finished with.
  func tier(_ source: [Row], _ target: [Row]) throws -> HashTier {
    try source.withUnsafeBufferPointer { old in
      try target.withUnsafeBufferPointer { new in try matchIdentities(old, new).tier }
    }
  }

  /// The inverse of the Fibonacci multiplier modulo 2⁶⁴ (Newton's iteration).
  var inverseMultiplier: UInt64 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var inverse = multiplier
    for _ in 0..<6 { inverse = inverse &* (2 &- multiplier &* inverse) }
    return inverse
  }

  @Test func denseIntegerIDsKeepTheCheapHash() throws {
    let source = (0..<5_000).map { Row($0) }
    #expect(try tier(source, source.reversed()) == .identity)
  }

  @Test func idsSharingOneCheapBucketFallBackAndStillMatch() throws {
    let source = (0..<5_000).map { Row($0 << 32) }
    var target = Array(source.dropFirst(100).reversed())
    target.append(Row(7 << 32 | 1))
    #expect(try tier(source, target) == .multiplicative)
    let changes = try StagedChangeset(source: source, target: target)
    try checkStages(changes, from: source, to: target)
  }

  @Test func idsDefeatingBothCheapHashesFallBackToTheStrongHash() throws {
    let inverse = inverseMultiplier
    let ids = (0..<4_000).map { Int(bitPattern: UInt(UInt64($0) << 50 &* inverse)) }
    let source = ids.map { Row($0) }
    var random = SeededRandom(seed: 42)
    let target = Array(source.shuffled(using: &random).prefix(3_000))
    #expect(try tier(source, target) == .strong)
    let changes = try StagedChangeset(source: source, target: target)
    try checkStages(changes, from: source, to: target)
  }

  @Test func duplicatesAreStillFoundAfterAFallback() {
    var rows = (0..<3_000).map { Row($0 << 32) }
    rows.append(Row(5 << 32))
    #expect(
      throws: DiffError(
        kind: .duplicateItemID, side: .target, first: path(0, 5), second: path(0, 3_000),
        id: String(5 << 32))
    ) {
      try StagedChangeset(source: [], target: rows)
    }
  }
}
