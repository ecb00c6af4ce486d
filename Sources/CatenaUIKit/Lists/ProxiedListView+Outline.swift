#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaDiff

  extension UITableView {
    /// Shows an outline row's disclosure leading in the cell's content view, as a list cell
    /// shows it: the trailing accessory views are the app's, and while the table edits the
    /// reorder control "temporarily replaces any accessory view" (Apple), so a chevron there
    /// could not open a folder in the one mode where rows are reordered into folders. The
    /// chevron sits in the gutter the row's indentation leaves for it
    /// (``OutlineChevron/gutterLevels``), so the cell's content must honour `indentationLevel`
    /// (a custom content view indents itself by `indentationLevel × indentationWidth`); the
    /// row's state is on the cell for VoiceOver.
    func show(_ outline: RowOutline, in cell: UITableViewCell) {
      let content = cell.contentView
      let chevron = content.subviews.lazy.compactMap { $0 as? OutlineChevron }.first
      cell.showOutlineState(outline, previous: chevron?.isExpanded)
      guard outline.isExpanded != nil else {
        chevron?.removeFromSuperview()
        return
      }
      let shown = chevron ?? OutlineChevron.make()
      shown.show(outline)
      if chevron == nil { content.addSubview(shown) }
      shown.place(in: content, depth: outline.depth, indentationWidth: cell.indentationWidth)
    }
  }

  extension TableProxy {
    /// An outline row's depth and the gutter its disclosure shows in; else the app's
    /// delegate's indentation, else none.
    func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int {
      if let outline = provider?.outline(forRowAt: ItemPath(indexPath)) {
        return outline.depth + OutlineChevron.gutterLevels
      }
      #if os(Linux)
        return app?.tableView(tableView, indentationLevelForRowAt: indexPath) ?? 0
      #else
        return app?.tableView?(tableView, indentationLevelForRowAt: indexPath) ?? 0
      #endif
    }
  }

  extension UICollectionView {
    /// Shows an outline row on its list cell: indented by its depth, with a leading chevron
    /// of its own size when it can expand, its state on the cell for VoiceOver.
    func show(_ outline: RowOutline, in cell: UICollectionViewCell) {
      guard let cell = cell as? UICollectionViewListCell else { return }
      cell.indentationLevel = outline.depth
      var chevron: OutlineChevron?
      var others: [UICellAccessory] = []
      for accessory in cell.accessories {
        if case .customView(let view) = accessory.accessoryType, let found = view as? OutlineChevron
        {
          chevron = found
        } else {
          others.append(accessory)
        }
      }
      cell.showOutlineState(outline, previous: chevron?.isExpanded)
      guard outline.isExpanded != nil else {
        if chevron != nil { cell.accessories = others }
        return
      }
      let shown = chevron ?? OutlineChevron.make()
      shown.show(outline)
      if chevron == nil {
        let configuration = UICellAccessory.CustomViewConfiguration(
          customView: shown, placement: .leading(), maintainsFixedSize: true)
        cell.accessories = [.customView(configuration: configuration)] + others
      }
    }
  }
#endif
