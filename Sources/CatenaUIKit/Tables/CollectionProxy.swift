#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaDiff

  /// Answers a `UICollectionView`'s data-source and delegate calls from a
  /// `TableContentProviding` held weakly, and passes the rest to the app's own delegate
  /// (flow-layout sizes, supplementary views; see `ForwardingProxy`). The collection view
  /// keeps the proxy alive.
  @MainActor
  final class CollectionProxy: ForwardingProxy, UICollectionViewDataSource,
    UICollectionViewDelegate
  {
    /// The reuse identifier of the empty cell shown when the provider has none.
    static let placeholder = "catena.placeholder"

    /// The section index titles UIKit read last (it reads them at a reload only).
    var readIndexTitles: [String] = []

    /// The app's delegate, typed.
    var app: (any UICollectionViewDelegate)? { appDelegate as? any UICollectionViewDelegate }

    /// Scrolling looks unimplemented when neither the provider (impressions) nor the app's
    /// delegate wants it.
    nonisolated override func hides(_ method: String) -> Bool {
      method == "scrollViewDidScroll:" && !watchesScrolling && appTarget(for: method) == nil
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int {
      if collectionView.delegate !== self {
        Task { @MainActor [weak collectionView] in collectionView?.reclaimDelegate() }
      }
      return provider?.numberOfSections() ?? 0
    }

    func collectionView(
      _ collectionView: UICollectionView, numberOfItemsInSection section: Int
    ) -> Int {
      provider?.numberOfRows(inSection: section) ?? 0
    }

    func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      // A released provider (the collection view still has counts) shows empty cells; a
      // collection view accepts only dequeued ones, so the placeholder is dequeued too.
      if let provider {
        do {
          if let cell = try provider.cell(forRowAt: ItemPath(indexPath)) as? UICollectionViewCell {
            return cell
          }
          assertionFailure("Catena: the cell for item \(indexPath) is not a collection cell")
        } catch {
          assertionFailure("Catena: no cell for item \(indexPath): \(error)")
        }
      }
      return collectionView.dequeueReusableCell(
        withReuseIdentifier: Self.placeholder, for: indexPath)
    }

    func collectionView(
      _ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath
    ) -> Bool {
      provider?.canMoveRow(at: ItemPath(indexPath)) ?? false
    }

    func collectionView(
      _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      provider?.moveRow(at: ItemPath(sourceIndexPath), to: ItemPath(destinationIndexPath))
      endReorderAfterDrop(at: ItemPath(destinationIndexPath))
    }
  }
#endif
