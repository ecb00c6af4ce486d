#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  import CatenaDataSource
  public import CatenaPaging

  /// A table footer for paged lists: a spinner while the next page loads, "End of list" at
  /// the end, and a tap-to-retry message after a failure, in a status row's words
  /// (`PagerStatus`). ``PagingControls`` drives it.
  ///
  /// The message wraps and the footer grows to fit it (at least 44 points), again when the
  /// text size (Dynamic Type) or the table's width changes. After a failure the whole footer is
  /// one button for VoiceOver: its label is the message and "Tap to retry", and activating it
  /// retries; otherwise the retry button is hidden, so VoiceOver finds no dimmed button.
  @MainActor
  public final class LoadMoreFooterView: UIView {
    /// Called when the user taps the footer (or activates it with VoiceOver) after a failure.
    public var didTapRetry: (() -> Void)?

    /// The status the footer shows, as a status row would (the same words): a spinner while a
    /// page loads, the end of the list, a failure that a tap retries; nil: nothing. A footer
    /// shows what happens below the rows: `PagingControls` sets `.loading(.append)`,
    /// `.failed(.append, _)`, `.end`, or `.firstLoadFailed(_)` on an empty list.
    public var status: PagerStatus? { didSet { update() } }

    /// The spinner shown while loading (style it as you like).
    public let spinner = UIActivityIndicatorView(style: .medium)
    /// The message ("End of list", or the failure and "Tap to retry"; style it as you like).
    public let label = UILabel()
    /// Covers the footer; enabled only after a failure, when a tap retries.
    public let retryButton = UIButton(type: .custom)

    /// The smallest height, and the margin around the message.
    static let minimumHeight: CGFloat = 44
    static let margin: CGFloat = 12

    /// A footer 44 points tall, as wide as the table makes it.
    public override init(frame: CGRect) {
      super.init(
        frame: frame.height > 0
          ? frame : CGRect(x: 0, y: 0, width: 320, height: Self.minimumHeight))
      label.font = .preferredFont(forTextStyle: .footnote)
      label.adjustsFontForContentSizeCategory = true
      label.textColor = .secondaryLabel
      label.textAlignment = .center
      label.numberOfLines = 0
      retryButton.addAction(
        UIAction { [weak self] _ in self?.retry() }, for: .primaryActionTriggered)
      for view in [spinner, label, retryButton] as [UIView] { addSubview(view) }
      registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) {
        (footer: LoadMoreFooterView, _: UITraitCollection) in footer.refitSoon()
      }
      update()
    }

    /// Not supported: create the footer in code.
    public required init?(coder: NSCoder) { nil }

    /// Retries when the footer shows a failure; otherwise does nothing.
    func retry() {
      if status?.isRetryable == true { didTapRetry?() }
    }

    /// VoiceOver's activate: retries after a failure.
    public override func accessibilityActivate() -> Bool {
      guard status?.isRetryable == true else { return false }
      retry()
      return true
    }

    /// The height the footer needs for `width`: the message's height plus margins, at least
    /// 44 points.
    func preferredHeight(forWidth width: CGFloat) -> CGFloat {
      guard label.text != nil else { return Self.minimumHeight }
      let fits = label.sizeThatFits(
        CGSize(width: max(width - 2 * Self.margin, 0), height: .greatestFiniteMagnitude))
      return max(Self.minimumHeight, fits.height.rounded(.up) + 2 * Self.margin)
    }

    public override func layoutSubviews() {
      super.layoutSubviews()
      let bounds = self.bounds
      spinner.frame = CGRect(x: bounds.midX - 10, y: bounds.midY - 10, width: 20, height: 20)
      label.frame = bounds.insetBy(dx: Self.margin, dy: Self.margin / 2)
      retryButton.frame = bounds
      // A new width (rotation, an iPad's split view) wraps the message anew.
      if preferredHeight(forWidth: bounds.width) != bounds.height { refitSoon() }
    }

    /// Whether a refit waits for the next main-actor turn.
    private var isRefitScheduled = false

    /// Fits the height to the message on the next main-actor turn: not inside the layout pass
    /// that noticed it, where the table may not be told of a new footer height.
    func refitSoon() {
      guard !isRefitScheduled else { return }
      isRefitScheduled = true
      Task { @MainActor [weak self] in
        guard let self else { return }
        self.isRefitScheduled = false
        self.refit()
      }
    }

    /// Fits the height to the message and hands the footer to its table again (a table lays
    /// out its footer only when it is set).
    func refit() {
      let height = preferredHeight(forWidth: frame.width)
      guard height != frame.height else { return }
      frame.size.height = height
      setNeedsLayout()
      if let table = superview as? UITableView, table.tableFooterView === self {
        table.tableFooterView = self
      }
    }

    private func update() {
      let loading = status.map { StatusRowLook($0).isLoading } ?? false
      if loading { spinner.startAnimating() } else { spinner.stopAnimating() }
      label.text = loading ? nil : status?.description
      let failed = status?.isRetryable == true
      retryButton.isEnabled = failed
      retryButton.isHidden = !failed
      label.isHidden = label.text == nil
      isAccessibilityElement = label.text != nil
      accessibilityLabel = label.text
      accessibilityTraits = failed ? .button : .staticText
      frame.size.height = preferredHeight(forWidth: frame.width)
      setNeedsLayout()
    }
  }
#endif
