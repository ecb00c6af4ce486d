#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  import CatenaDataSource
  import CatenaPaging
  public import CatenaRequest

  /// The article's stacked loading masks over a container view: every running request has a
  /// mask, only the newest shows, and each request removes its own, in whatever order they
  /// finish. A scroll view stops scrolling while masked and gets its own setting back after;
  /// its mask lies over it in its superview, so that the content moving under it (an offset
  /// set in code) does not move the mask. A mask follows the container's size (rotation), and
  /// VoiceOver reads it ("Loading…", in the app's language) and nothing behind it.
  ///
  /// ```swift
  /// let masks = MaskLoader(over: view)
  /// Get("houses").showing(masks).then { houses in show(houses) }.start()
  /// ```
  @MainActor
  public final class MaskLoader: LoadingIndicator {
    /// The view the masks cover.
    package private(set) weak var container: UIView?
    /// The masks of the running requests, oldest first; only the last one is visible.
    package private(set) var masks: [(request: RequestID, view: UIView)] = []
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
      // Over a scroll view from its superview: inside, the mask would scroll with the content.
      let host = container is UIScrollView ? container.superview ?? container : container
      mask.frame = host === container ? container.bounds : container.frame
      mask.autoresizingMask =
        host === container ? [.flexibleWidth, .flexibleHeight] : container.autoresizingMask
      for spinner in mask.subviews {
        spinner.center = CGPoint(x: mask.bounds.midX, y: mask.bounds.midY)
      }
      mask.isAccessibilityElement = true
      mask.accessibilityLabel = mask.accessibilityLabel ?? CatenaStrings.string(.loading)
      mask.accessibilityViewIsModal = true
      masks.last?.view.isHidden = true
      host.addSubview(mask)
      masks.append((request, mask))
      if masks.count == 1 { UIAccessibility.post(notification: .screenChanged, argument: mask) }
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
      if masks.isEmpty { UIAccessibility.post(notification: .screenChanged, argument: container) }
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
