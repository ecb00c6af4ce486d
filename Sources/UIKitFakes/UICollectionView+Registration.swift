#if os(Linux)
  import Foundation

  // Transcribed from UIKit (iOS 18.6) as Swift imports it: `UICollectionView.CellRegistration`
  // and `dequeueConfiguredReusableCell(using:for:item:)`. As on a device (iOS 15 and later), a
  // registration made inside the cell provider is refused when it is used: it would make a
  // new reuse pool for every cell and keep every cell it made alive.

  extension UICollectionView {
    /// How deep the calling code is in a data source's `cellForItemAt` or
    /// `viewForSupplementaryElementOfKind` (a cell or supplementary view provider).
    nonisolated(unsafe) static var providerDepth = 0

    /// A cell class with the handler that configures it for an item; made once, up front, and
    /// used for every cell of that kind.
    public struct CellRegistration<Cell, Item> where Cell: UICollectionViewCell {
      /// Configures a dequeued cell for its index path and item.
      public typealias Handler = (
        _ cell: Cell, _ indexPath: IndexPath, _ itemIdentifier: Item
      ) -> Void

      let handler: Handler
      /// The reuse identifier UIKit makes up for the registration (one per registration).
      let identifier = "CellRegistration-" + UUID().uuidString
      /// Whether it was made inside a cell provider (which UIKit refuses when it is used).
      let madeInCellProvider = UICollectionView.providerDepth > 0

      /// A registration of `Cell` configured by `handler`.
      public init(handler: @escaping Handler) { self.handler = handler }
    }

    /// A cell of `registration`'s class, reused when one is free, configured by its handler
    /// for `item`.
    public func dequeueConfiguredReusableCell<Cell, Item>(
      using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
    ) -> Cell where Cell: UICollectionViewCell {
      if registration.madeInCellProvider {
        engine.raise(
          "Attempted to dequeue a cell using a registration that was created inside "
            + "-collectionView:cellForItemAtIndexPath: or inside a "
            + "UICollectionViewDiffableDataSource cell provider. Creating a new registration "
            + "each time a cell is requested will prevent reuse and cause created cells to "
            + "remain inaccessible in memory for the lifetime of the collection view. "
            + "Registrations should be created up front and reused.")
      }
      if engine.registrations[registration.identifier] == nil {
        engine.register(Cell.self, identifier: registration.identifier)
      }
      let dequeued = engine.dequeue(identifier: registration.identifier, path: indexPath) {
        Cell(frame: .zero)
      }
      dequeued.reuseIdentifier = registration.identifier
      guard let item else {
        // Not an Objective-C exception: UIKit's overlay hands the item to a handler that takes
        // a non-optional one, and traps (a crash all the same).
        engine.raise(
          "dequeueConfiguredReusableCell(using:for:item:) was given no item for \(indexPath): "
            + "the registration's handler takes one (a trap in UIKit's Swift overlay)")
        return dequeued
      }
      registration.handler(dequeued, indexPath, item)
      return dequeued
    }
  }
#endif
