#if os(Linux)
  import CatenaDiff
  import Foundation

  /// Where a list view's rows are in its content: each section's header, rows and footer one
  /// after another, top to bottom.
  struct ListGeometry {
    /// The top of each row, per section.
    var rowTops: [[CGFloat]] = []
    /// The height of each row, per section.
    var rowHeights: [[CGFloat]] = []
    /// The top of each section (its header's top).
    var sectionTops: [CGFloat] = []
    /// The height of all the content.
    var contentHeight: CGFloat = 0

    /// Lays out sections of `counts` rows with the heights given.
    init(
      counts: [Int], header: (Int) -> CGFloat, footer: (Int) -> CGFloat,
      row: (ItemPath) -> CGFloat
    ) {
      var y: CGFloat = 0
      for (section, rows) in counts.enumerated() {
        sectionTops.append(y)
        y += header(section)
        var tops: [CGFloat] = []
        var heights: [CGFloat] = []
        for item in 0..<rows {
          let height = row(ItemPath(item: item, section: section))
          tops.append(y)
          heights.append(height)
          y += height
        }
        rowTops.append(tops)
        rowHeights.append(heights)
        y += footer(section)
      }
      contentHeight = y
    }

    /// The frame of the row at `path` in a view `width` wide (zero when there is none).
    func frame(of path: ItemPath, width: CGFloat) -> CGRect {
      guard rowTops.indices.contains(path.section),
        rowTops[path.section].indices.contains(path.item)
      else { return .zero }
      return CGRect(
        x: 0, y: rowTops[path.section][path.item], width: width,
        height: rowHeights[path.section][path.item])
    }

    /// The rows that show, whole or in part, between `top` and `top + height`, in order.
    func rows(from top: CGFloat, height: CGFloat) -> [ItemPath] {
      var result: [ItemPath] = []
      let bottom = top + height
      for (section, tops) in rowTops.enumerated() {
        for (item, rowTop) in tops.enumerated() {
          let rowBottom = rowTop + rowHeights[section][item]
          if rowBottom > top && rowTop < bottom {
            result.append(ItemPath(item: item, section: section))
          }
          if rowTop >= bottom { return result }
        }
      }
      return result
    }
  }
#endif
