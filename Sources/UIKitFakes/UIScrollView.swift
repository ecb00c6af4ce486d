#if os(Linux)
  public import Foundation

  /// Insets of a rectangle.
  public struct UIEdgeInsets: Equatable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
      self.top = top
      self.left = left
      self.bottom = bottom
      self.right = right
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
  }

  /// The calls a scroll view's delegate gets.
  @MainActor public protocol UIScrollViewDelegate: NSObjectProtocol {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
  }

  extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
  }

  /// A scrolling view (fake: records `setContentOffset`; setting the offset lays out again).
  @MainActor open class UIScrollView: UIView {
    open var contentOffset: CGPoint = .zero {
      didSet {
        if contentOffset != oldValue, !isCorrectingOffset {
          refuseDuringLayout("setting contentOffset")
        }
        setNeedsLayout()
        tellDidScroll()
      }
    }
    open var contentSize: CGSize = .zero
    open var contentInset: UIEdgeInsets = .zero
    open var isScrollEnabled = true
    /// Whether the view itself moves the offset during its layout pass (no exception then).
    var isCorrectingOffset = false
    /// Not UIKit: the offsets asked for with `setContentOffset(_:animated:)`, oldest first.
    public private(set) var contentOffsetCalls: [CGPoint] = []

    /// The insets the content is laid out with: `contentInset` and, while a refresh control
    /// refreshes, its height on top (as UIKit adds it).
    open var adjustedContentInset: UIEdgeInsets {
      var insets = contentInset
      if let refreshControl, refreshControl.isRefreshing {
        insets.top += refreshControl.frame.height
      }
      return insets
    }

    open var refreshControl: UIRefreshControl? {
      didSet {
        oldValue?.removeFromSuperview()
        if let refreshControl { addSubview(refreshControl) }
      }
    }

    /// Moves the offset by `delta` from inside the view's own layout pass, as UIKit does when
    /// self-sizing rows replace their estimates above the visible ones: "When using height
    /// estimates, the table view actively manages the `contentOffset`" (Apple,
    /// `estimatedRowHeight`). The delegate hears `scrollViewDidScroll` from inside the layout.
    func correctOffsetDuringLayout(by delta: CGFloat) {
      isCorrectingOffset = true
      defer { isCorrectingOffset = false }
      contentOffset.y += delta
    }

    /// Tells the delegate the offset changed (the subclasses own the typed delegate).
    func tellDidScroll() {}

    /// Raises when `what` happens during the view's own layout pass (list views only).
    func refuseDuringLayout(_ what: String) {}

    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
      contentOffsetCalls.append(contentOffset)
      self.contentOffset = contentOffset
      layoutIfNeeded()
    }
  }
#endif
