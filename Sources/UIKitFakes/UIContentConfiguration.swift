#if os(Linux)
  // Content configurations, as UIKit declares them (iOS 14): a value that describes a cell's
  // content and makes the view that shows it.
  public import Foundation

  /// The state a configuration is updated for.
  public protocol UIConfigurationState {
    init(traitCollection: UITraitCollection)
    var traitCollection: UITraitCollection { get set }
  }

  /// A cell's state: selected, highlighted, editing, swiped, expanded.
  public struct UICellConfigurationState: UIConfigurationState, Hashable {
    public var traitCollection: UITraitCollection
    public var isDisabled = false
    public var isHighlighted = false
    public var isSelected = false
    public var isFocused = false
    public var isEditing = false
    public var isExpanded = false
    public var isSwiped = false
    public var isReordering = false

    public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }
  }

  /// A description of a view's content that makes the view showing it.
  public protocol UIContentConfiguration {
    @MainActor func makeContentView() -> any UIView & UIContentView
    func updated(for state: any UIConfigurationState) -> Self
  }

  /// A view made from a content configuration.
  @MainActor public protocol UIContentView: NSObjectProtocol {
    var configuration: any UIContentConfiguration { get set }
    func supports(_ configuration: any UIContentConfiguration) -> Bool
  }

  extension UIContentView {
    /// Whether the view can show `configuration` in place: UIKit's default is a configuration
    /// of the same type as the one it shows.
    public func supports(_ configuration: any UIContentConfiguration) -> Bool {
      type(of: configuration) == type(of: self.configuration)
    }
  }

  /// The content of a list row, header or footer: texts (and, on a device, an image).
  public struct UIListContentConfiguration: UIContentConfiguration, Hashable {
    /// How a text shows.
    public struct TextProperties: Hashable {
      public var font: UIFont
      public var color: UIColor
      public var numberOfLines = 0
      public var adjustsFontForContentSizeCategory = true
    }

    public var text: String?
    public var textProperties = TextProperties(
      font: .preferredFont(forTextStyle: .body), color: .label)
    public var secondaryText: String?
    public var secondaryTextProperties = TextProperties(
      font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel)
    public var alpha: CGFloat = 1
    /// Not UIKit: the style it was made as (`cell`, `subtitleCell`, …).
    let style: String

    init(style: String) { self.style = style }

    public static func cell() -> UIListContentConfiguration { .init(style: "cell") }
    public static func subtitleCell() -> UIListContentConfiguration { .init(style: "subtitleCell") }
    public static func valueCell() -> UIListContentConfiguration { .init(style: "valueCell") }
    public static func header() -> UIListContentConfiguration { .init(style: "header") }
    public static func footer() -> UIListContentConfiguration { .init(style: "footer") }
    public static func plainHeader() -> UIListContentConfiguration { .init(style: "plainHeader") }
    public static func groupedHeader() -> UIListContentConfiguration {
      .init(style: "groupedHeader")
    }

    @MainActor public func makeContentView() -> any UIView & UIContentView {
      UIListContentView(configuration: self)
    }

    /// The same content: the fake's colours do not change with the state.
    public func updated(for state: any UIConfigurationState) -> UIListContentConfiguration { self }
  }

  /// The view a `UIListContentConfiguration` makes: a label for each text.
  @MainActor open class UIListContentView: UIView, UIContentView {
    /// Not UIKit: the labels the texts show in.
    public let textLabel = UILabel()
    public let secondaryTextLabel = UILabel()

    public var configuration: any UIContentConfiguration {
      get { listConfiguration }
      set {
        // UIKit asserts: a list content view shows list content configurations only.
        guard let list = newValue as? UIListContentConfiguration else {
          preconditionFailure("UIListContentView cannot show \(type(of: newValue))")
        }
        listConfiguration = list
      }
    }

    private var listConfiguration: UIListContentConfiguration {
      didSet { show() }
    }

    public init(configuration: UIListContentConfiguration) {
      listConfiguration = configuration
      super.init(frame: .zero)
      addSubview(textLabel)
      addSubview(secondaryTextLabel)
      show()
    }

    public required init?(coder: NSCoder) { nil }

    private func show() {
      for (label, text, properties) in [
        (textLabel, listConfiguration.text, listConfiguration.textProperties),
        (
          secondaryTextLabel, listConfiguration.secondaryText,
          listConfiguration.secondaryTextProperties
        ),
      ] {
        label.text = text
        label.font = properties.font
        label.textColor = properties.color
        label.numberOfLines = properties.numberOfLines
        label.adjustsFontForContentSizeCategory = properties.adjustsFontForContentSizeCategory
      }
    }

    /// The texts' heights, one under the other, with 11 points above and below.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
      let texts = [textLabel, secondaryTextLabel].map { $0.sizeThatFits(size).height }
      return CGSize(width: size.width, height: texts.reduce(22, +))
    }

    /// Its labels' constraints size it as `sizeThatFits(_:)` does.
    open override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
      sizeThatFits(targetSize)
    }
  }
#endif
