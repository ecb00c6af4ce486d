public import CatenaDataSource
public import CatenaDiff

extension HeadlessTable {
  /// The buttons a user's swipe on `edge` of the row at `path` reveals, as the data source
  /// gives them (empty when it gives none; a trailing swipe then offers Delete when the row
  /// can be deleted: ``swipeToDeleteRow(at:)``).
  public func swipeActions(_ edge: SwipeEdge, forRowAt path: ItemPath) -> [SwipeAction] {
    guard exists(path), let dataSource else { return [] }
    return dataSource.table(self, swipeActions: edge, forRowAt: path) ?? []
  }

  /// The context menu a user's long press on the row at `path` shows, as the data source
  /// gives it (nil for none).
  public func longPress(at path: ItemPath) -> ContextMenu? {
    guard exists(path) else { return nil }
    return providerAdapter?.provider?.contextMenu(forRowAt: path)
  }

  /// Simulates a user's swipe on `edge` of the row at `path` and a tap on the action at
  /// `index`: its handler runs. The table records the tap and the first call of the
  /// handler's completion; later calls are ignored.
  ///
  /// - Returns: false when the row has no action at `index` on that edge.
  @discardableResult
  public func performSwipeAction(_ edge: SwipeEdge, at index: Int, forRowAt path: ItemPath)
    -> Bool
  {
    let actions = swipeActions(edge, forRowAt: path)
    guard actions.indices.contains(index) else { return false }
    let action = actions[index]
    record(.swipeAction(edge: edge, path: path, title: action.title))
    var completed = false
    action.handler { [weak self] performed in
      guard !completed else { return }
      completed = true
      self?.record(.swipeActionCompleted(title: action.title, performed: performed))
    }
    return true
  }
}
