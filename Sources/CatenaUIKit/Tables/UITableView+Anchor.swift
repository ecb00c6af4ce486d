#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  public import CatenaDataSource
  import CatenaDiff

  extension UITableView {
    /// The rows on screen, each with how far the top of the visible area (below the adjusted
    /// content inset) is below the row's top.
    public var scrollAnchors: [TableAnchor] {
      let top = contentOffset.y + adjustedContentInset.top
      return (indexPathsForVisibleRows ?? []).map { indexPath in
        TableAnchor(path: ItemPath(indexPath), offset: Double(top - rectForRow(at: indexPath).minY))
      }
    }

    /// Scrolls, without animation, so that the top of the visible area is `anchor.offset`
    /// below the top of the row at `anchor.path`: the row the user read stays where it was
    /// after rows were inserted above it.
    public func scroll(to anchor: TableAnchor) {
      let path = anchor.path
      guard path.section < numberOfSections, path.item < numberOfRows(inSection: path.section)
      else { return }
      let y =
        rectForRow(at: path.indexPath).minY + CGFloat(anchor.offset)
        - adjustedContentInset.top
      guard y != contentOffset.y else { return }
      setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: false)
    }
  }
#endif
