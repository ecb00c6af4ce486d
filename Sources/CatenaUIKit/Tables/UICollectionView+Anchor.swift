#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  public import CatenaDataSource
  import CatenaDiff

  extension UICollectionView {
    /// The items on screen, in order, each with how far the top of the visible area (below the
    /// adjusted content inset) is below the item's top.
    public var scrollAnchors: [TableAnchor] {
      let top = contentOffset.y + adjustedContentInset.top
      return indexPathsForVisibleItems.sorted().compactMap { indexPath in
        layoutAttributesForItem(at: indexPath).map {
          TableAnchor(path: ItemPath(indexPath), offset: Double(top - $0.frame.minY))
        }
      }
    }

    /// Scrolls, without animation, so that the top of the visible area is `anchor.offset`
    /// below the top of the item at `anchor.path`.
    public func scroll(to anchor: TableAnchor) {
      guard let attributes = layoutAttributesForItem(at: anchor.path.indexPath) else { return }
      let y = attributes.frame.minY + CGFloat(anchor.offset) - adjustedContentInset.top
      guard y != contentOffset.y else { return }
      setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: false)
    }
  }
#endif
