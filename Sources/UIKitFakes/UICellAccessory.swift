#if os(Linux)
  import CatenaDiff
  public import Foundation

  /// A view at a list cell's edge (transcribed from UIKit, iOS 18.6; the fake keeps the kind,
  /// when it shows and its action).
  public struct UICellAccessory {
    /// The closure an accessory runs when tapped.
    public typealias ActionHandler = () -> Void

    /// When the accessory shows.
    public enum DisplayedState: Hashable, Sendable {
      case always
      case whenEditing
      case whenNotEditing
    }

    /// What the accessory is.
    public enum AccessoryType: Hashable {
      case disclosureIndicator
      case outlineDisclosure
      case checkmark
      case delete
      case insert
      case reorder
      case multiselect
      case label
      case customView(UIView)
      case detail
      case popUpMenu
    }

    /// Where a custom view goes.
    public enum Placement {
      case leading(displayed: UICellAccessory.DisplayedState = .always)
      case trailing(displayed: UICellAccessory.DisplayedState = .always)
    }

    /// A custom view and where it goes.
    public struct CustomViewConfiguration {
      public let customView: UIView
      public let placement: UICellAccessory.Placement
      public var isHidden: Bool
      /// Whether the view keeps its own size; else "the system sizes the view during layout
      /// of the accessories" (Apple, `maintainsFixedSize`).
      public var maintainsFixedSize: Bool
      public init(
        customView: UIView, placement: UICellAccessory.Placement, isHidden: Bool? = nil,
        maintainsFixedSize: Bool? = nil
      ) {
        self.customView = customView
        self.placement = placement
        self.isHidden = isHidden ?? false
        self.maintainsFixedSize = maintainsFixedSize ?? false
      }
    }

    public let accessoryType: UICellAccessory.AccessoryType
    /// When it shows.
    let displayed: DisplayedState
    /// What a tap runs (nil: UIKit's default for the kind).
    let actionHandler: ActionHandler?
    /// Not UIKit: the label accessory's text.
    let text: String?

    init(
      _ type: AccessoryType, displayed: DisplayedState, text: String? = nil,
      actionHandler: ActionHandler? = nil
    ) {
      accessoryType = type
      self.displayed = displayed
      self.text = text
      self.actionHandler = actionHandler
    }

    public static func disclosureIndicator(displayed: DisplayedState = .always) -> UICellAccessory {
      UICellAccessory(.disclosureIndicator, displayed: displayed)
    }
    public static func detail(
      displayed: DisplayedState = .always, actionHandler: ActionHandler? = nil
    ) -> UICellAccessory {
      UICellAccessory(.detail, displayed: displayed, actionHandler: actionHandler)
    }
    public static func checkmark(displayed: DisplayedState = .always) -> UICellAccessory {
      UICellAccessory(.checkmark, displayed: displayed)
    }
    public static func delete(
      displayed: DisplayedState = .whenEditing, actionHandler: ActionHandler? = nil
    ) -> UICellAccessory {
      UICellAccessory(.delete, displayed: displayed, actionHandler: actionHandler)
    }
    public static func insert(
      displayed: DisplayedState = .whenEditing, actionHandler: ActionHandler? = nil
    ) -> UICellAccessory {
      UICellAccessory(.insert, displayed: displayed, actionHandler: actionHandler)
    }
    public static func reorder(displayed: DisplayedState = .whenEditing) -> UICellAccessory {
      UICellAccessory(.reorder, displayed: displayed)
    }
    public static func multiselect(displayed: DisplayedState = .whenEditing) -> UICellAccessory {
      UICellAccessory(.multiselect, displayed: displayed)
    }
    public static func outlineDisclosure(
      displayed: DisplayedState = .always, actionHandler: ActionHandler? = nil
    ) -> UICellAccessory {
      UICellAccessory(.outlineDisclosure, displayed: displayed, actionHandler: actionHandler)
    }
    public static func label(text: String, displayed: DisplayedState = .always) -> UICellAccessory {
      UICellAccessory(.label, displayed: displayed, text: text)
    }
    public static func customView(configuration: CustomViewConfiguration) -> UICellAccessory {
      let displayed: DisplayedState
      switch configuration.placement {
      case .leading(let shown), .trailing(let shown): displayed = shown
      }
      return UICellAccessory(.customView(configuration.customView), displayed: displayed)
    }

    /// Whether it shows while the list is (or is not) editing.
    func shows(editing: Bool) -> Bool {
      switch displayed {
      case .always: true
      case .whenEditing: editing
      case .whenNotEditing: !editing
      }
    }
  }

  /// A collection list's cell: a content configuration and accessories at its edges.
  /// A list cell reads as one row to VoiceOver, as a table cell does.
  @MainActor open class UICollectionViewListCell: UICollectionViewCell {
    public required init(frame: CGRect) {
      super.init(frame: frame)
      isAccessibilityElement = true
    }

    public required init?(coder: NSCoder) { nil }

    open var indentationLevel = 0
    open var indentationWidth: CGFloat = 10
    open var indentsAccessories = true
    /// The accessories, leading to trailing.
    public var accessories: [UICellAccessory] = []

    /// The default look of a list row's content.
    public func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }
  }

  // MARK: Not UIKit: what a test reads and the taps a user makes.

  extension UICollectionView {
    /// The user drags the item at `source` by its reorder control to `destination` in one
    /// gesture: lift, move over `destination`, let go. Returns whether the item moved.
    public func simulateReorder(from source: IndexPath, to destination: IndexPath) -> Bool {
      guard simulateLift(at: source) else { return false }
      _ = simulateDragOver(destination)
      return simulateDrop()
    }

    /// The user lifts the item at `source` by its reorder control: only an item whose list
    /// cell shows a reorder accessory (while editing, by default) and that the data source
    /// lets move. The reorder is live: a batch update or reload raises until the drop.
    @discardableResult
    public func simulateLift(at source: IndexPath) -> Bool {
      let cell = cellForItem(at: source) as? UICollectionViewListCell
      let canMove =
        cell?.shownAccessories.contains(.reorder) == true
        && dataSource?.collectionView(self, canMoveItemAt: source) == true
      return engine.beginReorder(at: ItemPath(source), canMove: canMove)
    }

    /// The held item moves over `proposed`: UIKit asks the delegate where it may go. Returns
    /// that place, or nil when no item is held.
    @discardableResult
    public func simulateDragOver(_ proposed: IndexPath) -> IndexPath? {
      guard let held = engine.reorder else { return nil }
      return engine.moveReorder(over: ItemPath(proposed)) { proposed in
        ItemPath(
          delegate?.collectionView(
            self, targetIndexPathForMoveOfItemFromOriginalIndexPath: held.source.indexPath,
            atCurrentIndexPath: held.target.indexPath, toProposedIndexPath: proposed.indexPath)
            ?? proposed.indexPath)
      }?.indexPath
    }

    /// The interactive movement is cancelled (`cancelInteractiveMovement()`: "Ends interactive
    /// movement tracking and returns the target item to its original location"): the data
    /// source is told nothing. Returns whether an item was held.
    @discardableResult
    public func simulateCancelReorder() -> Bool { engine.cancelReorder() }

    /// The drop's animation ends: the list reloads the moved cell at its next layout pass.
    /// Returns whether a drop was animating.
    @discardableResult
    public func simulateDropAnimationEnd() -> Bool { engine.endDropAnimation() }

    /// The user lets go of the held item: UIKit moves it, then tells the data source (unless
    /// it is let go where it was lifted), and animates the drop; the moved cell is reloaded at
    /// the first layout pass after ``simulateDropAnimationEnd()``, and an update before that
    /// raises.
    @discardableResult
    public func simulateDrop() -> Bool {
      let moved = engine.endReorder { source, destination in
        dataSource?.collectionView(self, moveItemAt: source.indexPath, to: destination.indexPath)
      }
      if moved { setNeedsLayout() }
      return moved
    }
  }

  extension UICollectionViewListCell {
    /// The kinds of the accessories that show now (the list editing or not).
    public var shownAccessories: [UICellAccessory.AccessoryType] {
      let editing = (list as? UICollectionView)?.isEditing ?? false
      return accessories.filter { $0.shows(editing: editing) }.map(\.accessoryType)
    }

    /// The user taps the shown accessory of `type`: its action runs. A delete accessory without
    /// one reveals the trailing swipe actions, as UIKit's does. Returns whether one was tapped.
    @discardableResult
    public func simulateTapAccessory(_ type: UICellAccessory.AccessoryType) -> Bool {
      let editing = (list as? UICollectionView)?.isEditing ?? false
      guard
        let accessory = accessories.first(where: {
          $0.accessoryType == type && $0.shows(editing: editing)
        })
      else { return false }
      if let action = accessory.actionHandler {
        action()
      } else if type == .delete, let collection = list as? UICollectionView,
        let path = collection.indexPath(for: self)
      {
        _ = collection.simulateSwipe(at: path, leading: false)
      }
      return true
    }
  }
#endif
