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
        // Set from outside the animation (a drag, code), the offset stops it where it is.
        if !isAnimationFrame, !isCorrectingOffset { scrollAnimation = nil }
        setNeedsLayout()
        tellDidScroll()
      }
    }
    open var contentSize: CGSize = .zero
    open var contentInset: UIEdgeInsets = .zero
    open var isScrollEnabled = true
    /// Whether the view itself moves the offset during its layout pass (no exception then).
    var isCorrectingOffset = false
    /// Whether the offset moves as a frame of an animated change.
    var isAnimationFrame = false
    /// The animated offset change under way: where it goes, and the frames still to show.
    var scrollAnimation: (target: CGPoint, framesLeft: Int)?
    /// Not UIKit: how many frames an animated offset change takes (UIKit moves the content
    /// over about 0.3 s, one `scrollViewDidScroll` a frame at 60 frames a second).
    public static let scrollAnimationFrames = 18
    /// Not UIKit: whether an animated offset change is under way (the display has frames of
    /// it still to show: ``simulateScrollAnimationFrame()``).
    public var isAnimatingScroll: Bool { scrollAnimation != nil }
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
      // An animation under way goes to the same content, which moved by as much.
      scrollAnimation?.target.y += delta
    }

    /// Tells the delegate the offset changed (the subclasses own the typed delegate).
    func tellDidScroll() {}

    /// Raises when `what` happens during the view's own layout pass (list views only).
    func refuseDuringLayout(_ what: String) {}

    /// Moves the content to `contentOffset`: at once, or animated over
    /// ``scrollAnimationFrames`` frames that the display shows one after another (UIKit:
    /// "animated: true to animate the transition at a constant velocity to the new offset",
    /// Apple, `setContentOffset(_:animated:)`; UIKit-iOS18.6.swift:20131).
    /// The offset stays where it is until the first frame; a test shows the frames with
    /// ``simulateScrollAnimationFrame()`` or ``finishScrollAnimation()``.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
      contentOffsetCalls.append(contentOffset)
      guard animated, contentOffset != self.contentOffset else {
        self.contentOffset = contentOffset
        layoutIfNeeded()
        return
      }
      scrollAnimation = (contentOffset, Self.scrollAnimationFrames)
    }

    /// Not UIKit: the display shows the next frame of the animated offset change under way:
    /// the offset moves an equal part of the way left, the delegate hears
    /// `scrollViewDidScroll`, and the view lays out. False when no animation is under way.
    @discardableResult
    public func simulateScrollAnimationFrame() -> Bool {
      guard let (target, framesLeft) = scrollAnimation else { return false }
      let step = CGFloat(1) / CGFloat(framesLeft)
      let next = CGPoint(
        x: contentOffset.x + (target.x - contentOffset.x) * step,
        y: contentOffset.y + (target.y - contentOffset.y) * step)
      scrollAnimation = framesLeft > 1 ? (target, framesLeft - 1) : nil
      isAnimationFrame = true
      contentOffset = framesLeft > 1 ? next : target
      isAnimationFrame = false
      layoutIfNeeded()
      return true
    }

    /// Not UIKit: the display shows every frame left of the animated offset change.
    public func finishScrollAnimation() {
      while simulateScrollAnimationFrame() {}
    }
  }
#endif
