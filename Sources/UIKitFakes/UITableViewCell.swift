#if os(Linux)
  // The views a table hands out (cells, header and footer views) and the protocols it calls.
  public import Foundation

  /// A table row's view.
  @MainActor open class UITableViewCell: UIView {
    /// The cell's built-in layout.
    public enum CellStyle: Int, Sendable {
      case `default` = 0
      case value1 = 1
      case value2 = 2
      case subtitle = 3
    }
    /// What editing does to a row.
    public enum EditingStyle: Int, Sendable {
      case none = 0
      case delete = 1
      case insert = 2
    }
    /// How a selected row looks.
    public enum SelectionStyle: Int, Sendable {
      case none = 0
      case blue = 1
      case gray = 2
      case `default` = 3
    }
    open private(set) var reuseIdentifier: String?
    open var isSelected = false {
      didSet { if isSelected != oldValue { setNeedsUpdateConfiguration() } }
    }
    open var isHighlighted = false {
      didSet { if isHighlighted != oldValue { setNeedsUpdateConfiguration() } }
    }
    /// The view the cell's content goes in; a content configuration replaces it with its view.
    open var contentView: UIView { content.view(in: self) }
    open var automaticallyUpdatesContentConfiguration = true
    /// What the cell shows: setting it shows it in the content view, made anew unless the
    /// present one `supports` it.
    public var contentConfiguration: (any UIContentConfiguration)? {
      get { content.configuration }
      set { content.set(newValue, in: self) }
    }
    /// Runs after `updateConfiguration(using:)` whenever the cell's state may have changed.
    public var configurationUpdateHandler: ((UITableViewCell, UICellConfigurationState) -> Void)? {
      didSet { setNeedsUpdateConfiguration() }
    }
    var content = CellContent()
    var isReorderingInList = false
    /// The table showing the cell.
    weak var list: UIView?
    /// How many levels the content is indented (the table sets it from its delegate).
    open var indentationLevel = 0
    /// The width of one level: "The default indentation width is 10.0 points" (Apple).
    open var indentationWidth: CGFloat = 10
    open var selectionStyle: UITableViewCell.SelectionStyle = .default
    /// The view on the row's right in the table's normal state: "the view to use on the
    /// right side of the cell … in the table view's normal state" (Apple, `accessoryView`);
    /// hidden while the table edits, where `editingAccessoryView` shows.
    open var accessoryView: UIView?
    /// The view on the row's right while the table edits (UIKit-iOS18.6.swift:23583).
    open var editingAccessoryView: UIView?
    open private(set) var textLabel: UILabel? = UILabel()
    open private(set) var detailTextLabel: UILabel? = UILabel()
    /// Not UIKit: how many times the cell was prepared for reuse.
    public private(set) var reuseCount = 0

    /// A table cell is an accessibility element that reads as one row (its labels, its
    /// state); VoiceOver does not reach the views inside it separately.
    public required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
      self.reuseIdentifier = reuseIdentifier
      super.init(frame: .zero)
      isAccessibilityElement = true
      content.needsUpdate = true
    }

    /// Not UIKit: the accessory view that shows now: the editing one while the table edits,
    /// none where the row shows its reorder control, which "temporarily replaces any accessory
    /// view" (Apple, `showsReorderControl`, UIKit-iOS18.6.swift:23573). The control shows on
    /// every row the data source lets move while the table edits: a data source that
    /// implements `tableView(_:moveRowAt:to:)` enables reordering whatever the cell's
    /// `showsReorderControl` says, the stricter of the two readings.
    public var shownAccessoryView: UIView? {
      guard let table = list as? UITableView, table.isEditing else { return accessoryView }
      return table.showsReorderControl(on: self) ? nil : editingAccessoryView
    }

    /// The default look of a row's content (a list cell's).
    public func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }

    /// The cell's state, for a configuration.
    open var configurationState: UICellConfigurationState {
      cellState(editing: (list as? UITableView)?.isEditing ?? false)
    }

    /// Updates the content configuration for `state` (when it updates automatically).
    open func updateConfiguration(using state: UICellConfigurationState) {
      updateContent(for: state)
    }

    /// Asks for `updateConfiguration(using:)` at the list's next layout.
    open func setNeedsUpdateConfiguration() { askForUpdate() }

    /// Runs the handler with the state the configuration was updated for.
    func runUpdateHandler(_ state: UICellConfigurationState) {
      configurationUpdateHandler?(self, state)
    }

    /// The content view's size when the cell has a content configuration (a self-sizing
    /// row), else the frame's.
    open override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
      contentSize(fitting: targetSize) ?? super.systemLayoutSizeFitting(targetSize)
    }

    public required init?(coder: NSCoder) { nil }

    open func prepareForReuse() { reuseCount += 1 }
  }

  /// A section header or footer view.
  @MainActor open class UITableViewHeaderFooterView: UIView {
    open private(set) var reuseIdentifier: String?
    open private(set) var textLabel: UILabel? = UILabel()
    /// Not UIKit: how many times the view was prepared for reuse.
    public private(set) var reuseCount = 0

    open func prepareForReuse() { reuseCount += 1 }

    public required init(reuseIdentifier: String?) {
      self.reuseIdentifier = reuseIdentifier
      super.init(frame: .zero)
    }

    public required init?(coder: NSCoder) { nil }
  }

  /// The calls a table makes to its data source. UIKit's optional requirements are requirements
  /// with default implementations here, doing what UIKit does when one is not implemented.
  @MainActor public protocol UITableViewDataSource: NSObjectProtocol {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    func numberOfSections(in tableView: UITableView) -> Int
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
    func tableView(
      _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
      forRowAt indexPath: IndexPath)
    func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath)
    func sectionIndexTitles(for tableView: UITableView) -> [String]?
    func tableView(
      _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
    ) -> Int
  }

  extension UITableViewDataSource {
    public func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
    public func tableView(
      _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
    ) -> Int { index }
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
      -> String?
    { nil }
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int)
      -> String?
    { nil }
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
      true
    }
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
      false
    }
    public func tableView(
      _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
      forRowAt indexPath: IndexPath
    ) {}
    public func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {}
  }

  /// The calls a table makes to its delegate (those the adapter answers), with UIKit's
  /// defaults.
  @MainActor public protocol UITableViewDelegate: UIScrollViewDelegate {
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    func tableView(
      _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    func tableView(
      _ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
      forRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    /// A swipe opened the row's buttons (UIKit-iOS18.6.swift:22909).
    func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath)
    /// The row's buttons closed (UIKit-iOS18.6.swift:22912).
    func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?)
    func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath)
      -> UITableViewCell.EditingStyle
    func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath)
      -> Bool
    func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int
    func tableView(
      _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
      toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath
    func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath)
      -> CGFloat
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?
    func tableView(
      _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration?
    func tableView(
      _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration?
    func tableView(
      _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
      point: CGPoint
    ) -> UIContextMenuConfiguration?
    func tableView(
      _ tableView: UITableView,
      willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
      animator: any UIContextMenuInteractionCommitAnimating)
    /// Whether the row highlights when touched; one that does not is not selected by the
    /// touch either.
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    /// The menu of `configuration` is closing (UIKit-iOS18.6.swift:23020).
    func tableView(
      _ tableView: UITableView,
      willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
      animator: (any UIContextMenuInteractionAnimating)?)
  }

  extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath)
      -> CGFloat
    { tableView.rowHeight }
    public func tableView(
      _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {}
    public func tableView(
      _ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
      forRowAt indexPath: IndexPath
    ) {}
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {}
    public func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath)
      -> UITableViewCell.EditingStyle
    { .delete }
    public func tableView(
      _ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath
    ) -> Bool { true }
    public func tableView(
      _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
      toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath { proposedDestinationIndexPath }
    public func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath)
      -> CGFloat
    { tableView.estimatedRowHeight }
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int)
      -> CGFloat
    { tableView.sectionHeaderHeight }
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int)
      -> CGFloat
    { tableView.sectionFooterHeight }
    public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int)
      -> UIView?
    { nil }
    public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int)
      -> UIView?
    { nil }
    public func tableView(
      _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? { nil }
    public func tableView(
      _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? { nil }
  }

  /// What a table tells about rows it expects to show soon.
  @MainActor public protocol UITableViewDataSourcePrefetching: NSObjectProtocol {
    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
    func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
  }

  extension UITableViewDataSourcePrefetching {
    public func tableView(
      _ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]
    ) {}
  }
#endif
