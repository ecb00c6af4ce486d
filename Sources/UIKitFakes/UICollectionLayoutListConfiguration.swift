#if os(Linux)
  import Foundation

  /// A list's look and behaviour, transcribed from UIKit (iOS 18.6): a value, copied into the
  /// layout when `UICollectionViewCompositionalLayout.list(using:)` makes it, so a change made
  /// afterwards (a swipe provider, a header mode) does not reach the layout.
  public struct UICollectionLayoutListConfiguration {
    /// The list's style.
    public enum Appearance: Hashable, Sendable {
      case plain
      case grouped
      case insetGrouped
      case sidebar
      case sidebarPlain
    }

    /// Where a section's header comes from.
    public enum HeaderMode: Hashable, Sendable {
      case none
      /// A supplementary view of kind `UICollectionView.elementKindSectionHeader`.
      case supplementary
      /// The first item of the section, shown as its header.
      case firstItemInSection
    }

    /// Where a section's footer comes from.
    public enum FooterMode: Hashable, Sendable {
      case none
      /// A supplementary view of kind `UICollectionView.elementKindSectionFooter`.
      case supplementary
    }

    /// The swipe actions of the item at an index path (nil: none).
    public typealias SwipeActionsConfigurationProvider = (_ indexPath: IndexPath) ->
      UISwipeActionsConfiguration?

    /// A configuration of `appearance`, with no header, footer or swipe actions.
    public init(appearance: Appearance) { self.appearance = appearance }

    public private(set) var appearance: Appearance
    public var showsSeparators = true
    public var backgroundColor: UIColor?
    public var leadingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
    public var trailingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
    public var headerMode: HeaderMode = .none
    public var footerMode: FooterMode = .none
    public var headerTopPadding: CGFloat?
  }

  /// A compositional layout; the fake makes only lists (`list(using:)`), laid out one item per
  /// line like the fake's flow layout.
  @MainActor open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    /// The list configuration as it was when the layout was made.
    let listConfiguration: UICollectionLayoutListConfiguration
    /// Not UIKit: the kinds of the boundary and badge supplementary items the layout's
    /// sections have besides a list's header and footer (a pinned search bar, a badge); the
    /// collection view asks its data source for one of each kind per section.
    public var fakeOtherSupplementaryKinds: [String] = []

    init(listConfiguration: UICollectionLayoutListConfiguration) {
      self.listConfiguration = listConfiguration
      super.init()
    }

    /// A list layout with `configuration`, copied now.
    public static func list(
      using configuration: UICollectionLayoutListConfiguration
    ) -> UICollectionViewCompositionalLayout {
      UICollectionViewCompositionalLayout(listConfiguration: configuration)
    }
  }
#endif
