import CatenaDataSource
public import CatenaDiff

extension HeadlessTable {
  /// Simulates a user's reorder of a row in one gesture: ``beginDrag(at:)``,
  /// ``dragOver(_:)`` `destination`, ``endDrag()``. The row lands where the data source lets
  /// it go (a bound outline's rule), which may not be `destination`.
  ///
  /// - Returns: whether the row moved; false when it may not move, `destination` is out of
  ///   bounds, or the data source kept it where it was.
  @discardableResult
  public func dragRow(at source: ItemPath, to destination: ItemPath) -> Bool {
    guard beginDrag(at: source) else { return false }
    guard let target = dragOver(destination), target != source else {
      endDrag()
      return false
    }
    return endDrag()
  }

  /// Simulates the user lifting the row at `source` by its reorder control: the reorder is
  /// live until ``endDrag()``. Like UIKit, the table refuses updates meanwhile (it records a
  /// rejected batch); a data source keeps them for the drop.
  ///
  /// - Returns: false when the row may not move, does not exist, or another row is held.
  @discardableResult
  public func beginDrag(at source: ItemPath) -> Bool {
    guard drag == nil, exists(source), let dataSource,
      dataSource.table(self, canMoveRowAt: source)
    else { return false }
    drag = (source, source)
    return true
  }

  /// Simulates the held row moving over `proposed` (its path were it dropped there): the data
  /// source says where it may go (UIKit's `targetIndexPathForMoveFromRowAt`).
  ///
  /// - Returns: where the row would drop now, or nil when no row is held or `proposed` is out
  ///   of bounds (the row then stays where it last could go).
  @discardableResult
  public func dragOver(_ proposed: ItemPath) -> ItemPath? {
    guard let held = drag, let dataSource, fits(proposed, movingFrom: held.source) else {
      return nil
    }
    let target = dataSource.table(self, targetForMoveFrom: held.source, proposed: proposed)
    guard fits(target, movingFrom: held.source) else { return nil }
    drag = (held.source, target)
    return target
  }

  /// Simulates the user letting go of the held row: the table moves it on screen to where it
  /// was last let go, tells the data source (which updates its model), then ends the reorder.
  /// A row let go where it was lifted moves nothing, and the data source is told of a move
  /// from and to the same path, as UIKit does.
  ///
  /// - Returns: whether the row moved.
  @discardableResult
  public func endDrag() -> Bool {
    guard let held = drag, let dataSource else { return false }
    drag = nil
    guard held.target != held.source else {
      dataSource.table(self, moveRowAt: held.source, to: held.source)
      dataSource.tableDidEndReorder(self)
      return false
    }
    var after = rowCounts
    after[held.source.section] -= 1
    after[held.target.section] += 1
    let batch = BatchUpdate(itemMoves: [ItemMove(from: held.source, to: held.target)])
    var validator = BatchValidator(update: batch, before: rowCounts, after: after)
    guard (try? validator.run()) != nil else {
      dataSource.tableDidEndReorder(self)
      return false
    }
    record(.commitMove(from: held.source, to: held.target))
    commit(batch, validator: validator)
    dataSource.table(self, moveRowAt: held.source, to: held.target)
    dataSource.tableDidEndReorder(self)
    return true
  }

  /// Simulates the reorder ending without a drop (the system cancels the gesture, as UIKit's
  /// `cancelInteractiveMovement()`): the row goes back where it was, and the data source is
  /// told nothing; it sees the reorder over when it next looks.
  ///
  /// - Returns: whether a row was held.
  @discardableResult
  public func cancelDrag() -> Bool {
    guard drag != nil else { return false }
    drag = nil
    return true
  }

  /// Whether a row taken from `source` can be dropped at `path`.
  private func fits(_ path: ItemPath, movingFrom source: ItemPath) -> Bool {
    guard rowCounts.indices.contains(path.section), path.item >= 0 else { return false }
    let count = rowCounts[path.section] - (path.section == source.section ? 1 : 0)
    return path.item <= count
  }
}
