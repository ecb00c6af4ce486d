#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif

  // Whether a list holds a row, as the view says: a reorder is live from the lift until the
  // view gives the row back, whatever the data source was told (UIKit asks where the row may
  // go only once it hovers over another, and a cancelled movement tells the data source
  // nothing). "When … true, avoid making any significant changes" (Apple,
  // `hasUncommittedUpdates`). A drop from elsewhere alone (`hasActiveDrop`) holds nothing: the
  // app updates its data inside `performDropWith`, as Apple's drop delegate docs say.
  extension UITableView {
    var holdsRows: Bool {
      hasUncommittedUpdates || hasActiveDrag
        || visibleCells.contains { $0.configurationState.isReordering }
    }
  }

  extension UICollectionView {
    var holdsRows: Bool {
      hasUncommittedUpdates || hasActiveDrag
        || visibleCells.contains { $0.configurationState.isReordering }
    }
  }
#endif
