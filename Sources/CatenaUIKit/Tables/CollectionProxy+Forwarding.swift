#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaDiff

  // The delegate calls a collection's proxy shares with the app's own delegate: Catena's
  // handler first, then the app's (see `TableProxy+Forwarding.swift` for the pairs).
  extension CollectionProxy {
    func collectionView(
      _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      provider?.willDisplayRow(at: ItemPath(indexPath))
      #if os(Linux)
        app?.collectionView(collectionView, willDisplay: cell, forItemAt: indexPath)
      #else
        app?.collectionView?(collectionView, willDisplay: cell, forItemAt: indexPath)
      #endif
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
      provider?.didSelectRow(at: ItemPath(indexPath))
      #if os(Linux)
        app?.collectionView(collectionView, didSelectItemAt: indexPath)
      #else
        app?.collectionView?(collectionView, didSelectItemAt: indexPath)
      #endif
    }

    func collectionView(
      _ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath
    ) {
      provider?.didDeselectRow(at: ItemPath(indexPath))
      #if os(Linux)
        app?.collectionView(collectionView, didDeselectItemAt: indexPath)
      #else
        app?.collectionView?(collectionView, didDeselectItemAt: indexPath)
      #endif
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
      #if os(Linux)
        app?.scrollViewDidScroll(scrollView)
      #else
        app?.scrollViewDidScroll?(scrollView)
      #endif
    }
  }
#endif
