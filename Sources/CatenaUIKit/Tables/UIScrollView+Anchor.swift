#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaDiff

  extension UIScrollView {
    /// Anchors for the rows at `paths` (in order) laid out at `frame`: how far the start of
    /// the visible area (past the adjusted content inset) is past each row's start, along the
    /// way the view scrolls (down, or across when `horizontal`).
    func anchors(
      at paths: [IndexPath], horizontal: Bool = false, frame: (IndexPath) -> CGRect?
    ) -> [TableAnchor] {
      let start =
        horizontal
        ? contentOffset.x + adjustedContentInset.left : contentOffset.y + adjustedContentInset.top
      return paths.compactMap { path in
        frame(path).map {
          TableAnchor(
            path: ItemPath(path), offset: Double(start - (horizontal ? $0.minX : $0.minY)))
        }
      }
    }

    /// Scrolls, without animation, so that the start of the visible area is `anchor.offset`
    /// past `frame`'s start (down, or across when `horizontal`).
    func scroll(to anchor: TableAnchor, rowAt frame: CGRect, horizontal: Bool = false) {
      var offset = contentOffset
      if horizontal {
        offset.x = frame.minX + CGFloat(anchor.offset) - adjustedContentInset.left
      } else {
        offset.y = frame.minY + CGFloat(anchor.offset) - adjustedContentInset.top
      }
      guard offset != contentOffset else { return }
      setContentOffset(offset, animated: false)
    }
  }

  extension UITableView {
    /// The rows on screen, in order, each with how far the top of the visible area (below the
    /// adjusted content inset) is below the row's top.
    var scrollAnchors: [TableAnchor] {
      anchors(at: indexPathsForVisibleRows ?? []) { rectForRow(at: $0) }
    }

    /// Scrolls, without animation, so that the top of the visible area is `anchor.offset`
    /// below the top of the row at `anchor.path`: the row the user read stays where it was
    /// after rows were inserted above it.
    func scroll(to anchor: TableAnchor) {
      let path = anchor.path
      guard path.section < numberOfSections, path.item < numberOfRows(inSection: path.section)
      else { return }
      scroll(to: anchor, rowAt: rectForRow(at: path.indexPath))
    }
  }

  extension UICollectionView {
    /// The items on screen, in order, each with how far the start of the visible area (past
    /// the adjusted content inset) is past the item's start: down, or across for a flow
    /// layout that scrolls horizontally.
    var scrollAnchors: [TableAnchor] {
      anchors(at: indexPathsForVisibleItems.sorted(), horizontal: scrollsHorizontally) {
        layoutAttributesForItem(at: $0)?.frame
      }
    }

    /// Scrolls, without animation, so that the start of the visible area is `anchor.offset`
    /// past the start of the item at `anchor.path`.
    func scroll(to anchor: TableAnchor) {
      guard let attributes = layoutAttributesForItem(at: anchor.path.indexPath) else { return }
      scroll(to: anchor, rowAt: attributes.frame, horizontal: scrollsHorizontally)
    }

    /// Whether the layout is a flow layout that scrolls horizontally.
    var scrollsHorizontally: Bool {
      (collectionViewLayout as? UICollectionViewFlowLayout)?.scrollDirection == .horizontal
    }
  }
#endif
