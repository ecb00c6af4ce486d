#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  public import CatenaDataSource
  import CatenaDiff

  extension UIScrollView {
    /// Anchors for the rows at `paths` (in order) laid out at `frame`: how far the top of the
    /// visible area (below the adjusted content inset) is below each row's top.
    func anchors(at paths: [IndexPath], frame: (IndexPath) -> CGRect?) -> [TableAnchor] {
      let top = contentOffset.y + adjustedContentInset.top
      return paths.compactMap { path in
        frame(path).map { TableAnchor(path: ItemPath(path), offset: Double(top - $0.minY)) }
      }
    }

    /// Scrolls, without animation, so that the top of the visible area is `anchor.offset`
    /// below `frame`'s top.
    func scroll(to anchor: TableAnchor, rowAt frame: CGRect) {
      let y = frame.minY + CGFloat(anchor.offset) - adjustedContentInset.top
      guard y != contentOffset.y else { return }
      setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: false)
    }
  }

  extension UITableView {
    /// The rows on screen, in order, each with how far the top of the visible area (below the
    /// adjusted content inset) is below the row's top.
    public var scrollAnchors: [TableAnchor] {
      anchors(at: indexPathsForVisibleRows ?? []) { rectForRow(at: $0) }
    }

    /// Scrolls, without animation, so that the top of the visible area is `anchor.offset`
    /// below the top of the row at `anchor.path`: the row the user read stays where it was
    /// after rows were inserted above it.
    public func scroll(to anchor: TableAnchor) {
      let path = anchor.path
      guard path.section < numberOfSections, path.item < numberOfRows(inSection: path.section)
      else { return }
      scroll(to: anchor, rowAt: rectForRow(at: path.indexPath))
    }
  }

  extension UICollectionView {
    /// The items on screen, in order, each with how far the top of the visible area (below the
    /// adjusted content inset) is below the item's top.
    public var scrollAnchors: [TableAnchor] {
      anchors(at: indexPathsForVisibleItems.sorted()) { layoutAttributesForItem(at: $0)?.frame }
    }

    /// Scrolls, without animation, so that the top of the visible area is `anchor.offset`
    /// below the top of the item at `anchor.path`.
    public func scroll(to anchor: TableAnchor) {
      guard let attributes = layoutAttributesForItem(at: anchor.path.indexPath) else { return }
      scroll(to: anchor, rowAt: attributes.frame)
    }
  }
#endif
