/// A 64-bit checksum of bytes, eight at a time: what an entry on disk is checked against
/// before it is served (a torn or flipped byte changes it), and what names its file. Not a
/// cryptographic hash: it guards against damage, not against someone who writes the files.
enum Checksum {
  private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
  private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9

  /// The checksum of `bytes`, from `seed`.
  static func of(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
    var hash = seed &+ prime3 &+ UInt64(bytes.count)
    var offset = 0
    while offset + 8 <= bytes.count {
      let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      hash ^= rotate(word &* prime2, 31) &* prime1
      hash = rotate(hash, 27) &* prime1 &+ prime3
      offset += 8
    }
    while offset < bytes.count {
      hash ^= UInt64(bytes[offset]) &* prime3
      hash = rotate(hash, 11) &* prime1
      offset += 1
    }
    hash ^= hash >> 33
    hash = hash &* prime2
    hash ^= hash >> 29
    hash = hash &* prime3
    return hash ^ (hash >> 32)
  }

  /// The checksum of `text`'s UTF-8 bytes, from `seed`.
  static func of(_ text: String, seed: UInt64 = 0) -> UInt64 {
    var text = text
    return text.withUTF8 { of(UnsafeRawBufferPointer($0), seed: seed) }
  }

  private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
    (value << count) | (value >> (64 - count))
  }
}
