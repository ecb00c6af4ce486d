#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaDiff

  extension ProxiedListView {
    /// The part of the content on screen: the bounds past the adjusted content inset.
    var visibleContentRect: CGRect {
      let inset = adjustedContentInset
      return CGRect(
        x: contentOffset.x + inset.left, y: contentOffset.y + inset.top,
        width: bounds.width - inset.left - inset.right,
        height: bounds.height - inset.top - inset.bottom)
    }

    /// How much of each row on screen shows (0–1 of its area); none off-window or while the
    /// app is in the background. `settle`
    /// lays out a pending reload first. The rows come from the layout's geometry, not from
    /// the cells on screen, which lag a scroll until the next layout pass.
    func visibleFractions(settle: Bool) -> [ItemPath: Double] {
      guard window != nil, ListVisibilityObserver.observer(of: self)?.isInBackground != true
      else { return [:] }
      if settle { layoutIfNeeded() }
      var visible = visibleContentRect
      // A pinned header covers the top of what shows: rows under it are not seen.
      if !scrollsAcross, let top = rows(showingIn: visible).first?.0 {
        let covered = min(pinnedHeaderHeight(inSection: top.section), visible.height)
        visible.origin.y += covered
        visible.size.height -= covered
      }
      var fractions: [ItemPath: Double] = [:]
      for (path, frame) in rows(showingIn: visible) where frame.width > 0 && frame.height > 0 {
        let shown = frame.intersection(visible)
        let area = shown.isNull ? 0 : shown.width * shown.height
        fractions[path] = Double(area / (frame.width * frame.height))
      }
      return fractions
    }

    /// The rows whose frames reach into `rect`, in order, with their frames: a binary search
    /// for the first one along the way the list scrolls (rows of a list or flow layout follow
    /// one another), then the ones after it that start before the rect ends.
    func rows(showingIn rect: CGRect) -> [(ItemPath, CGRect)] {
      let across = scrollsAcross
      let counts = shownCounts
      var firstOfSection: [Int] = []
      var total = 0
      for count in counts {
        firstOfSection.append(total)
        total += count
      }
      func path(_ index: Int) -> ItemPath {
        var section = 0
        while section + 1 < counts.count, firstOfSection[section + 1] <= index { section += 1 }
        return ItemPath(item: index - firstOfSection[section], section: section)
      }
      let start = across ? rect.minX : rect.minY
      let end = across ? rect.maxX : rect.maxY
      var low = 0
      var high = total
      while low < high {
        let middle = (low + high) / 2
        let frame = frame(ofRowAt: path(middle))
        if let frame, (across ? frame.maxX : frame.maxY) > start {
          high = middle
        } else {
          low = middle + 1
        }
      }
      var rows: [(ItemPath, CGRect)] = []
      var index = low
      while index < total {
        let row = path(index)
        guard let frame = frame(ofRowAt: row), (across ? frame.minX : frame.minY) < end else {
          break
        }
        rows.append((row, frame))
        index += 1
      }
      return rows
    }

    /// Scrolls so that the row at `path` rests at `position`; false before the view is in a
    /// window at a size (or when it has no such row yet).
    func scroll(toRowAt path: ItemPath, at position: RowPosition, animated: Bool) -> Bool {
      guard window != nil, bounds.width > 0, bounds.height > 0 else { return false }
      layoutIfNeeded()
      guard let frame = frame(ofRowAt: path) else { return false }
      let visible = visibleContentRect
      let across = scrollsAcross
      let start = Double(across ? visible.minX : visible.minY)
      // The row rests below its section's pinned header, not under it.
      let pinned = across ? 0 : Double(pinnedHeaderHeight(inSection: path.section))
      let target = position.offset(
        forRowAt: Double(across ? frame.minX : frame.minY) - pinned,
        length: Double(across ? frame.width : frame.height) + pinned,
        viewport: Double(across ? visible.width : visible.height), offset: start,
        content: Double(across ? contentSize.width : contentSize.height))
      guard target != start else { return true }
      var offset = contentOffset
      if across {
        offset.x += CGFloat(target - start)
      } else {
        offset.y += CGFloat(target - start)
      }
      setContentOffset(offset, animated: animated)
      return true
    }
  }

  extension UITableView {
    /// A plain table pins the header of the section scrolling under the top.
    func pinnedHeaderHeight(inSection section: Int) -> CGFloat {
      guard style == .plain, section < numberOfSections else { return 0 }
      return rectForHeader(inSection: section).height
    }

    func frame(ofRowAt path: ItemPath) -> CGRect? {
      guard path.section < numberOfSections, path.item < numberOfRows(inSection: path.section)
      else { return nil }
      return rectForRow(at: path.indexPath)
    }
    var scrollsAcross: Bool { false }
  }

  extension UICollectionView {
    /// A plain list layout made from the chain pins its headers.
    func pinnedHeaderHeight(inSection section: Int) -> CGFloat {
      guard installedProxy?.provider?.pinsSectionHeaders == true else { return 0 }
      return layoutAttributesForSupplementaryElement(
        ofKind: Self.elementKindSectionHeader, at: IndexPath(item: 0, section: section)
      )?.frame.height ?? 0
    }

    func frame(ofRowAt path: ItemPath) -> CGRect? {
      layoutAttributesForItem(at: path.indexPath)?.frame
    }
    var scrollsAcross: Bool { scrollsHorizontally }
  }
#endif
