#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaDiff

  extension UITableView {
    /// Shows an outline row's disclosure as the cell's accessory view (unless the cell has one
    /// of its own); its indentation comes from the delegate.
    func show(_ outline: RowOutline, in cell: UITableViewCell) {
      let chevron = cell.accessoryView as? OutlineChevron
      guard outline.isExpanded != nil else {
        if chevron != nil { cell.accessoryView = nil }
        return
      }
      guard cell.accessoryView == nil || chevron != nil else { return }
      let shown = chevron ?? OutlineChevron.make()
      shown.show(outline)
      if chevron == nil { cell.accessoryView = shown }
    }
  }

  extension TableProxy {
    /// An outline row's depth; else the app's delegate's indentation, else none.
    func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int {
      if let outline = provider?.outline(forRowAt: ItemPath(indexPath)) { return outline.depth }
      #if os(Linux)
        return app?.tableView(tableView, indentationLevelForRowAt: indexPath) ?? 0
      #else
        return app?.tableView?(tableView, indentationLevelForRowAt: indexPath) ?? 0
      #endif
    }
  }

  extension UICollectionView {
    /// Shows an outline row on its list cell: indented by its depth, with a leading chevron
    /// when it can expand.
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
      guard outline.isExpanded != nil else {
        if chevron != nil { cell.accessories = others }
        return
      }
      let shown = chevron ?? OutlineChevron.make()
      shown.show(outline)
      if chevron == nil {
        cell.accessories =
          [.customView(configuration: .init(customView: shown, placement: .leading()))] + others
      }
    }
  }
#endif
