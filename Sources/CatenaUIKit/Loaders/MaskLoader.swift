#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  public import CatenaRequest

  /// The article's stacked loading masks over a container view: every running request has a
  /// mask, only the newest shows, and each request removes its own, in whatever order they
  /// finish. A scroll view stops scrolling while masked and gets its own setting back after.
  ///
  /// ```swift
  /// let masks = MaskLoader(over: view)
  /// Get("houses").load(masks).then { houses in … }.start()
  /// ```
  @MainActor
  public final class MaskLoader: LoadingIndicator {
    /// The view the masks cover.
    public private(set) weak var container: UIView?
    /// The masks of the running requests, oldest first; only the last one is visible.
    public private(set) var masks: [(request: RequestID, view: UIView)] = []
    private let makeMask: @MainActor () -> UIView
    /// The container's `isScrollEnabled` before the first mask, while masked.
    private var savedScrolling: Bool?

    /// Masks `container` while requests run; `makeMask` makes one mask (by default a
    /// translucent view with a spinner in the middle).
    public init(
      over container: UIView, makeMask: @escaping @MainActor () -> UIView = MaskLoader.spinnerMask
    ) {
      self.container = container
      self.makeMask = makeMask
    }

    /// A translucent view with a large spinning indicator in its middle.
    public static func spinnerMask() -> UIView { SpinnerMask() }

    /// Covers the container with a new mask for `request`, hiding the older ones.
    public func begin(_ request: RequestID) {
      guard let container, !masks.contains(where: { $0.request == request }) else { return }
      if masks.isEmpty, let scrollView = container as? UIScrollView {
        savedScrolling = scrollView.isScrollEnabled
        scrollView.isScrollEnabled = false
      }
      let mask = makeMask()
      mask.frame = container.bounds
      for spinner in mask.subviews {
        spinner.center = CGPoint(x: mask.bounds.midX, y: mask.bounds.midY)
      }
      masks.last?.view.isHidden = true
      container.addSubview(mask)
      masks.append((request, mask))
    }

    /// Removes `request`'s mask; the newest remaining one shows. After the last one the
    /// container scrolls as it did before.
    public func end(_ request: RequestID) {
      guard let index = masks.firstIndex(where: { $0.request == request }) else { return }
      masks.remove(at: index).view.removeFromSuperview()
      masks.last?.view.isHidden = false
      if masks.isEmpty, let savedScrolling, let scrollView = container as? UIScrollView {
        scrollView.isScrollEnabled = savedScrolling
        self.savedScrolling = nil
      }
    }
  }

  /// The default mask: translucent, a large spinner kept in the middle as it is laid out.
  final class SpinnerMask: UIView {
    let spinner = UIActivityIndicatorView(style: .large)

    init() {
      super.init(frame: .zero)
      backgroundColor = UIColor.systemBackground.withAlphaComponent(0.6)
      spinner.startAnimating()
      addSubview(spinner)
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
      super.layoutSubviews()
      spinner.center = CGPoint(x: bounds.midX, y: bounds.midY)
    }
  }
#endif
