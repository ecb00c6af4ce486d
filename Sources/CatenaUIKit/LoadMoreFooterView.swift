#if canImport(UIKit) && !os(watchOS)
  public import UIKit

  /// A table footer for paged lists: a spinner while the next page loads, "no more" at the
  /// end, and a tap-to-retry message after a failure. ``PagingControls`` drives it.
  @MainActor
  public final class LoadMoreFooterView: UIView {
    /// What the footer shows.
    public enum Mode: Equatable, Sendable {
      /// More pages may follow; nothing is loading.
      case idle
      /// The next page is loading.
      case loading
      /// The list has ended.
      case noMore
      /// The last page failed; tapping retries.
      case failed(String)
    }

    /// The text shown at the end of the list.
    public var noMoreText = "No more"
    /// The text shown after a failure (the error's message follows it).
    public var retryText = "Tap to retry"
    /// Called when the user taps the footer after a failure.
    public var onRetry: (() -> Void)?

    /// What the footer shows now.
    public var mode: Mode = .idle { didSet { update() } }

    private let spinner = UIActivityIndicatorView(style: .medium)
    private let label = UILabel()

    /// A footer 44 points tall, as wide as the table makes it.
    public override init(frame: CGRect) {
      super.init(frame: frame.height > 0 ? frame : CGRect(x: 0, y: 0, width: 320, height: 44))
      label.font = .preferredFont(forTextStyle: .footnote)
      label.textColor = .secondaryLabel
      label.textAlignment = .center
      label.numberOfLines = 2
      for view in [spinner, label] as [UIView] {
        view.translatesAutoresizingMaskIntoConstraints = false
        addSubview(view)
      }
      NSLayoutConstraint.activate([
        spinner.centerXAnchor.constraint(equalTo: centerXAnchor),
        spinner.centerYAnchor.constraint(equalTo: centerYAnchor),
        label.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
        label.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
        label.centerYAnchor.constraint(equalTo: centerYAnchor),
      ])
      addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(tapped)))
      update()
    }

    /// Not supported: create the footer in code.
    public required init?(coder: NSCoder) { nil }

    @objc private func tapped() {
      if case .failed = mode { onRetry?() }
    }

    private func update() {
      switch mode {
      case .idle:
        spinner.stopAnimating()
        label.text = nil
      case .loading:
        spinner.startAnimating()
        label.text = nil
      case .noMore:
        spinner.stopAnimating()
        label.text = noMoreText
      case .failed(let message):
        spinner.stopAnimating()
        label.text = "\(message)\n\(retryText)"
      }
      accessibilityLabel = label.text
    }
  }
#endif
