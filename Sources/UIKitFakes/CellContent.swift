#if os(Linux)
  import Foundation

  /// A cell's content configuration and the view showing it (shared by table and collection
  /// cells): UIKit replaces the content view unless the present one supports the new value.
  @MainActor struct CellContent {
    var configuration: (any UIContentConfiguration)?
    /// The content view, made when first asked for.
    private var view: UIView?
    /// Whether the configuration waits for an update.
    var needsUpdate = false

    /// The content view, a plain view until a configuration makes one.
    mutating func view(in cell: UIView) -> UIView {
      if let view { return view }
      let plain = UIView(frame: cell.bounds)
      cell.addSubview(plain)
      view = plain
      return plain
    }

    /// Shows `configuration`: in place when the content view supports it, else in a new view.
    mutating func set(_ configuration: (any UIContentConfiguration)?, in cell: UIView) {
      self.configuration = configuration
      guard let configuration else { return }
      if let shown = view as? any UIView & UIContentView, shown.supports(configuration) {
        shown.configuration = configuration
        return
      }
      view?.removeFromSuperview()
      let made = configuration.makeContentView()
      made.frame = cell.bounds
      cell.addSubview(made)
      view = made
    }
  }
#endif
#if os(Linux)
  /// A cell with a content configuration and a state that updates it.
  @MainActor protocol ConfigurableCell: UIView {
    var content: CellContent { get set }
    /// The list showing the cell.
    var list: UIView? { get set }
    var isSelected: Bool { get }
    var isHighlighted: Bool { get }
    var automaticallyUpdatesContentConfiguration: Bool { get }
    var contentConfiguration: (any UIContentConfiguration)? { get set }
    var contentView: UIView { get }
    var configurationState: UICellConfigurationState { get }
    /// Whether the user holds the cell's row to reorder it.
    var isReorderingInList: Bool { get set }
    func updateConfiguration(using state: UICellConfigurationState)
    func runUpdateHandler(_ state: UICellConfigurationState)
  }

  extension UITableViewCell: ConfigurableCell {}

  extension UICollectionViewCell: ConfigurableCell {}

  extension ConfigurableCell {
    /// The cell's state, the list editing or not.
    func cellState(editing: Bool) -> UICellConfigurationState {
      var state = UICellConfigurationState(traitCollection: traitCollection)
      state.isSelected = isSelected
      state.isHighlighted = isHighlighted
      state.isEditing = editing
      state.isReordering = isReorderingInList
      return state
    }

    /// UIKit's default update: the content configuration updated for `state`.
    func updateContent(for state: UICellConfigurationState) {
      if automaticallyUpdatesContentConfiguration, let configuration = contentConfiguration {
        contentConfiguration = configuration.updated(for: state)
      }
    }

    /// Runs the update waiting, if any (UIKit: before the cell shows, and at its layout).
    func updateConfigurationIfNeeded() {
      guard content.needsUpdate else { return }
      content.needsUpdate = false
      let state = configurationState
      updateConfiguration(using: state)
      runUpdateHandler(state)
    }

    /// The content view's size as Auto Layout gives it, when the cell shows a content
    /// configuration (any content view: a list content view, a SwiftUI row, the app's own).
    func contentSize(fitting size: CGSize) -> CGSize? {
      content.configuration == nil ? nil : contentView.systemLayoutSizeFitting(size)
    }

    /// Coalesced until the list lays out (or the cell shows).
    func askForUpdate() {
      content.needsUpdate = true
      list?.setNeedsLayout()
    }
  }
#endif
