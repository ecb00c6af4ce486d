/// Whether two elements hold the same content: for plain data (no references), bit for bit
/// the same without a call; otherwise, or when the bits differ, their `==`.
///
/// Every content comparison of the diff goes through here, so the fast paths and the full
/// algorithm agree. An element identical bit for bit to its old self is unchanged even when its
/// `==` says otherwise (a `Double.nan` field, which `==` calls unequal to itself): a row that did
/// not change is not reconfigured.
@inlinable @inline(__always)
func sameContent<Element: Equatable>(_ a: Element, _ b: Element) -> Bool {
  if _isPOD(Element.self), sameBits(a, b) { return true }
  return a == b
}

/// Whether `a` and `b` are the same bytes (for plain data only: the values are copied).
@inlinable @inline(__always)
func sameBits<Element>(_ a: Element, _ b: Element) -> Bool {
  let size = MemoryLayout<Element>.size
  return withUnsafeBytes(of: a) { x in
    withUnsafeBytes(of: b) { y in
      var offset = 0
      while offset &+ 8 <= size {
        guard
          x.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            == y.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        else { return false }
        offset &+= 8
      }
      while offset < size {
        guard x[offset] == y[offset] else { return false }
        offset &+= 1
      }
      return true
    }
  }
}
