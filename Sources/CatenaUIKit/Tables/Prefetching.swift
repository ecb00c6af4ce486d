#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaDiff

  // Prefetching: the provider hears first (its `prefetch` closure, a bound paged list), then
  // the prefetch data source the app had set on the view.
  extension TableProxy: UITableViewDataSourcePrefetching {
    var appTablePrefetcher: (any UITableViewDataSourcePrefetching)? {
      appPrefetcher as? any UITableViewDataSourcePrefetching
    }

    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
      provider?.prefetchRows(at: indexPaths.map(ItemPath.init))
      appTablePrefetcher?.tableView(tableView, prefetchRowsAt: indexPaths)
    }

    func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
      provider?.cancelPrefetchingForRows(at: indexPaths.map(ItemPath.init))
      #if os(Linux)
        appTablePrefetcher?.tableView(tableView, cancelPrefetchingForRowsAt: indexPaths)
      #else
        appTablePrefetcher?.tableView?(tableView, cancelPrefetchingForRowsAt: indexPaths)
      #endif
    }
  }

  extension CollectionProxy: UICollectionViewDataSourcePrefetching {
    var appCollectionPrefetcher: (any UICollectionViewDataSourcePrefetching)? {
      appPrefetcher as? any UICollectionViewDataSourcePrefetching
    }

    func collectionView(
      _ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]
    ) {
      provider?.prefetchRows(at: indexPaths.map(ItemPath.init))
      appCollectionPrefetcher?.collectionView(collectionView, prefetchItemsAt: indexPaths)
    }

    func collectionView(
      _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
    ) {
      provider?.cancelPrefetchingForRows(at: indexPaths.map(ItemPath.init))
      #if os(Linux)
        appCollectionPrefetcher?.collectionView(
          collectionView, cancelPrefetchingForItemsAt: indexPaths)
      #else
        appCollectionPrefetcher?.collectionView?(
          collectionView, cancelPrefetchingForItemsAt: indexPaths)
      #endif
    }
  }
#endif
