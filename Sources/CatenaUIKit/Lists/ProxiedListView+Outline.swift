#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaDiff

  extension UITableView {
    /// Shows an outline row's disclosure as the cell's accessory view and, since UIKit hides
    /// that one while the table edits (where rows are reordered into open folders), as its
    /// editing accessory view too, unless the cell has views of its own there; its
    /// indentation comes from the delegate, its state on the cell for VoiceOver.
    func show(_ outline: RowOutline, in cell: UITableViewCell) {
      let chevron = cell.accessoryView as? OutlineChevron
      let editingChevron = cell.editingAccessoryView as? OutlineChevron
      let previous = (chevron ?? editingChevron)?.isExpanded
      cell.showOutlineState(outline, previous: previous)
      guard outline.isExpanded != nil else {
        if chevron != nil { cell.accessoryView = nil }
        if editingChevron != nil { cell.editingAccessoryView = nil }
        return
      }
      if cell.accessoryView == nil || chevron != nil {
        let shown = chevron ?? OutlineChevron.make()
        shown.show(outline)
        if chevron == nil { cell.accessoryView = shown }
      }
      if cell.editingAccessoryView == nil || editingChevron != nil {
        let shown = editingChevron ?? OutlineChevron.make()
        shown.show(outline)
        if editingChevron == nil { cell.editingAccessoryView = shown }
      }
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
