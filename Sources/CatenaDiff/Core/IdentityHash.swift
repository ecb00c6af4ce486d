/// How the identity table turns an id into a bucket.
///
/// Integer ids start with `.identity`, which keeps sequential ids in sequential buckets (cache
/// friendly, collision free for dense ids). When probe chains grow past the table's budget the
/// table is rebuilt with the next tier: `.multiplicative` (Fibonacci hashing) and finally
/// `.strong` (the standard library's per-process seeded SipHash), which chosen ids cannot attack.
/// Other ids use `.strong` from the start.
@usableFromInline
enum HashTier: Sendable {
  case identity
  case multiplicative
  case strong

  @usableFromInline
  var next: HashTier? {
    switch self {
    case .identity: .multiplicative
    case .multiplicative: .strong
    case .strong: nil
    }
  }
}

/// The bits of an integer id, or nil for other id types. Specialised code folds the type checks.
@inlinable @inline(__always)
func integerBits<ID: Hashable>(_ id: ID) -> UInt64? {
  if ID.self == Int.self { return UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int.self))) }
  if ID.self == Int64.self { return UInt64(bitPattern: unsafeBitCast(id, to: Int64.self)) }
  if ID.self == UInt.self { return UInt64(unsafeBitCast(id, to: UInt.self)) }
  if ID.self == UInt64.self { return unsafeBitCast(id, to: UInt64.self) }
  if ID.self == Int32.self {
    return UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int32.self)))
  }
  if ID.self == UInt32.self { return UInt64(unsafeBitCast(id, to: UInt32.self)) }
  return nil
}

/// The tier a table over ids of type `ID` starts with.
@inlinable
func initialTier<ID: Hashable>(for type: ID.Type) -> HashTier {
  if ID.self == Int.self || ID.self == Int64.self || ID.self == UInt.self
    || ID.self == UInt64.self || ID.self == Int32.self || ID.self == UInt32.self
  {
    return .identity
  }
  return .strong
}

/// The bucket hash of `id` under `tier`.
@inlinable @inline(__always)
func bucketHash<ID: Hashable>(_ id: ID, tier: HashTier) -> Int {
  switch tier {
  case .identity:
    return Int(truncatingIfNeeded: integerBits(id) ?? UInt64(bitPattern: Int64(id.hashValue)))
  case .multiplicative:
    let bits = integerBits(id) ?? UInt64(bitPattern: Int64(id.hashValue))
    let mixed = bits &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed ^ (mixed >> 29))
  case .strong:
    return id.hashValue
  }
}
