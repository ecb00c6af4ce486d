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

  /// What a section provider is told about where the layout lays out.
  @MainActor public protocol NSCollectionLayoutEnvironment: NSObjectProtocol {
    var traitCollection: UITraitCollection { get }
  }

  /// The fake's environment.
  final class ListLayoutEnvironment: NSObject, NSCollectionLayoutEnvironment {
    let traitCollection = UITraitCollection()
  }

  /// A section of a compositional layout; the fake makes list sections only.
  @MainActor open class NSCollectionLayoutSection: NSObject {
    let listConfiguration: UICollectionLayoutListConfiguration

    init(listConfiguration: UICollectionLayoutListConfiguration) {
      self.listConfiguration = listConfiguration
      super.init()
    }

    /// A list section with `configuration` (UIKit-iOS18.6.swift:8088).
    public static func list(
      using configuration: UICollectionLayoutListConfiguration,
      layoutEnvironment: any NSCollectionLayoutEnvironment
    ) -> NSCollectionLayoutSection {
      NSCollectionLayoutSection(listConfiguration: configuration)
    }
  }

  /// A compositional layout; the fake makes only lists (`list(using:)`, or a section provider
  /// of list sections), laid out one item per line like the fake's flow layout.
  @MainActor open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    /// The list configuration as it was when the layout was made.
    private let fixedConfiguration: UICollectionLayoutListConfiguration?
    /// Makes each section's layout when the layout is computed (UIKit-iOS18.6.swift:7984).
    private let sectionProvider:
      ((Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?)?

    /// A layout whose sections `sectionProvider` makes, asked again whenever the layout is
    /// computed (after a batch, a reload, an invalidation).
    public init(
      sectionProvider:
        @escaping (Int, any NSCollectionLayoutEnvironment) ->
        NSCollectionLayoutSection?
    ) {
      fixedConfiguration = nil
      self.sectionProvider = sectionProvider
      super.init()
    }

    /// The list configuration of `section` (the first section's for the layout as a whole).
    func listConfiguration(forSection section: Int = 0) -> UICollectionLayoutListConfiguration {
      if let fixedConfiguration { return fixedConfiguration }
      return sectionProvider?(section, ListLayoutEnvironment())?.listConfiguration
        ?? UICollectionLayoutListConfiguration(appearance: .plain)
    }
    /// Not UIKit: the kinds of the boundary and badge supplementary items the layout's
    /// sections have besides a list's header and footer (a pinned search bar, a badge); the
    /// collection view asks its data source for one of each kind per section.
    public var fakeOtherSupplementaryKinds: [String] = []

    init(listConfiguration: UICollectionLayoutListConfiguration) {
      fixedConfiguration = listConfiguration
      sectionProvider = nil
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
