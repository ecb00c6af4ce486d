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
  /// - Complexity: O(*n* + *m*) expected time, plus O(*k* log *k*) for the *k* elements that
  ///   are out of order.
  @inlinable
  public init<Element: Identifiable & Equatable>(
    source: [Element], target: [Element]
  ) throws(DiffError) where Data == [Element] {
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
    var structure = BatchUpdate()
    var updates = BatchUpdate()
    matching.sourceToTarget.withUnsafeBufferPointer { forward in
      for index in 0..<forward.count where forward[index] < 0 {
        structure.itemDeletes.append(ItemPath(item: index, section: 0))
      }
    }
    matching.targetToSource.withUnsafeBufferPointer { backward in
      let stays = stablePositions(backward)
      for index in 0..<backward.count {
        let origin = Int(backward[index])
        if origin < 0 {
          structure.itemInserts.append(ItemPath(item: index, section: 0))
          continue
        }
        if !stays[index] {
          structure.itemMoves.append(
            ItemMove(from: ItemPath(item: origin, section: 0), to: ItemPath(item: index, section: 0)))
        }
        if source[origin] != target[index] {
          updates.itemReconfigures.append(ItemPath(item: index, section: 0))
        }
      }
    }
    var stages: [Changeset<[Element]>] = []
    if !structure.isEmpty { stages.append(Changeset(data: target, batch: structure)) }
    if !updates.isEmpty { stages.append(Changeset(data: target, batch: updates)) }
    self.init(stages)
  }
}
