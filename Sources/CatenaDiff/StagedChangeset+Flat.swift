extension StagedChangeset {
  /// Computes the staged difference between two flat arrays.
  ///
  /// ```swift
  /// let changes = try StagedChangeset(source: [a, b, c], target: [c, a, d])
  /// // stage 1: delete (0 - 1), insert (0 - 2), move (0 - 2) -> (0 - 0)
  /// ```
  ///
  /// Paths use section 0. Both stages carry `target` as their data (sharing its storage).
  ///
  /// - Throws: ``DiffError`` when ids repeat within `source` or within `target`.
  /// - Complexity: O(*n* + *m*) expected time when the ids' hash values are well distributed,
  ///   plus O(*r* log *r*) for the *r* runs of elements that kept their relative order. Ids
  ///   whose `Hashable` conformance gives many of them one hash value degrade it towards
  ///   O(*n* × *m*) (the standard library's integer and string ids are always well spread).
  ///
  /// Small edits take fast paths with the same result: the common prefix and suffix (same
  /// ids) are trimmed in one positional pass, their content compared on the way, and only the
  /// middle is matched; an append, a prepend or content updates need no table at all. Trimmed
  /// elements are still checked for repeated ids (without hashing, for integer ids in order or
  /// dense; other ids take the full path).
  @inlinable
  public init<Element: Identifiable & Equatable>(
    source: [Element], target: [Element]
  ) throws(DiffError) where Data == [Element] {
    try self.init(flat: source, target, fastPaths: true)
  }

  /// ``init(source:target:)`` with the fast paths on or off, for measuring them.
  @_spi(Measurement) @inlinable
  public init<Element: Identifiable & Equatable>(
    source: [Element], target: [Element], fastPaths: Bool
  ) throws(DiffError) where Data == [Element] {
    try self.init(flat: source, target, fastPaths: fastPaths)
  }

  @inlinable
  init<Element: Identifiable & Equatable>(
    flat source: [Element], _ target: [Element], fastPaths: Bool
  ) throws(DiffError) where Data == [Element] {
    if fastPaths,
      let stages = source.withUnsafeBufferPointer({ old in
        target.withUnsafeBufferPointer { new in trimmedFlatStages(old, new) }
      })
    {
      self.init(stages.map { Changeset(data: target, batch: $0) })
      return
    }
    let matching: IdentityMatching
    do {
      matching = try source.withUnsafeBufferPointer { (old) throws(DuplicateIdentity) in
        try target.withUnsafeBufferPointer { (new) throws(DuplicateIdentity) in
          try matchIdentities(old, new)
        }
      }
    } catch {
      let rows = error.side == .source ? source : target
      throw DiffError(
        kind: .duplicateItemID, side: error.side, first: ItemPath(item: error.first, section: 0),
        second: ItemPath(item: error.second, section: 0),
        id: String(describing: rows[error.second].id))
    }
    let stages = source.withUnsafeBufferPointer { old in
      target.withUnsafeBufferPointer { new in flatStages(old, new, matching) }
    }
    self.init(stages.map { Changeset(data: target, batch: $0) })
  }
}

/// The batches of a flat diff: deletes, inserts and moves, then updates (empty ones left out).
///
/// `source` and `target` may be the middles of longer lists that share their first `offset`
/// elements (and their last ones): paths are shifted by `offset`, and the updates found in the
/// shared parts (`leading`, `trailing`, as target paths) join the middle's in order.
@inlinable
func flatStages<Element: Identifiable & Equatable>(
  _ source: UnsafeBufferPointer<Element>, _ target: UnsafeBufferPointer<Element>,
  _ matching: IdentityMatching, offset: Int = 0, leading: [ItemPath] = [],
  trailing: [ItemPath] = []
) -> [BatchUpdate] {
  var structure = BatchUpdate()
  var updates = BatchUpdate()
  updates.itemReconfigures = leading
  // One pass over the source's matched bits finds the deletes.
  let matched = matching.matchedCount
  structure.itemDeletes.reserveCapacity(source.count - matched)
  matching.sourceMatched.withUnsafeBufferPointer { matchedBits in
    for index in 0..<source.count where matchedBits[index >> 6] & (1 << UInt64(index & 63)) == 0 {
      structure.itemDeletes.append(ItemPath(item: index &+ offset, section: 0))
    }
  }
  structure.itemInserts.reserveCapacity(target.count - matched)
  matching.targetToSource.withUnsafeBufferPointer { backward in
    matching.changed.withUnsafeBufferPointer { changed in
      let stays = matching.sourceMatched.withUnsafeBufferPointer { bits in
        stablePositions(backward, rank: BitsetRank(bits: bits), matched: matched)
      }
      for index in 0..<backward.count {
        let origin = Int(backward[index])
        if origin < 0 {
          structure.itemInserts.append(ItemPath(item: index &+ offset, section: 0))
          continue
        }
        if !stays[index] {
          structure.itemMoves.append(
            ItemMove(
              from: ItemPath(item: origin &+ offset, section: 0),
              to: ItemPath(item: index &+ offset, section: 0)))
        }
        if changed[index] {
          updates.itemReconfigures.append(ItemPath(item: index &+ offset, section: 0))
        }
      }
    }
  }
  updates.itemReconfigures += trailing
  return [structure, updates].filter { !$0.isEmpty }
}
