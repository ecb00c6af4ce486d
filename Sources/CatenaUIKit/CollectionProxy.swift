#if canImport(UIKit) && !os(watchOS)
  import CatenaDataSource
  import CatenaDiff
  import UIKit

  /// Answers a `UICollectionView`'s data-source and delegate calls from a
  /// `TableContentProviding` held weakly. The collection view keeps the proxy alive.
  @MainActor
  final class CollectionProxy: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
    weak var provider: (any TableContentProviding)?

    init(_ provider: any TableContentProviding) {
      self.provider = provider
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int {
      provider?.numberOfSections() ?? 0
    }

    func collectionView(
      _ collectionView: UICollectionView, numberOfItemsInSection section: Int
    ) -> Int {
      provider?.numberOfRows(inSection: section) ?? 0
    }

    func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      guard
        let cell = try? provider?.cell(forRowAt: ItemPath(indexPath)) as? UICollectionViewCell
      else {
        assertionFailure("Catena: no cell for item \(indexPath)")
        return UICollectionViewCell()
      }
      return cell
    }

    func collectionView(
      _ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath
    ) -> Bool {
      provider?.canEditRow(at: ItemPath(indexPath)) ?? false
    }

    func collectionView(
      _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      provider?.moveRow(at: ItemPath(sourceIndexPath), to: ItemPath(destinationIndexPath))
    }

    func collectionView(
      _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      provider?.willDisplayRow(at: ItemPath(indexPath))
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
      provider?.didSelectRow(at: ItemPath(indexPath))
    }

    func collectionView(
      _ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath
    ) {
      provider?.didDeselectRow(at: ItemPath(indexPath))
    }
  }
#endif
