import CatenaDataSource
public import CatenaDiff

extension HeadlessTable {
  /// The rows the data source was asked to prefetch that are neither on screen nor cancelled,
  /// in order.
  public var prefetchingRows: [ItemPath] { prefetchWindow.pending.sorted() }

  /// After a layout: asks the data source to prefetch the ``prefetchDistance`` rows past the
  /// viewport in the direction of the last scroll (down when it did not move), and cancels
  /// rows it was asked for that are no longer ahead, as `UITableView` does.
  func updatePrefetching(visible: [ItemPath]) {
    guard let dataSource else { return }
    let (cancel, prefetch) = prefetchWindow.layOut(
      visible: visible, offset: contentOffset, distance: prefetchDistance, rowCounts: rowCounts)
    if !cancel.isEmpty {
      record(.cancelPrefetch(cancel))
      dataSource.table(self, cancelPrefetchingForRowsAt: cancel)
    }
    if !prefetch.isEmpty {
      record(.prefetch(prefetch))
      dataSource.table(self, prefetchRowsAt: prefetch)
    }
  }
}
