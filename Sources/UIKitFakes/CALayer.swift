#if os(Linux)
  public import Foundation

  /// A view's layer (QuartzCore, re-exported by UIKit), as far as the adapter reads it: the
  /// animations running on it.
  @MainActor open class CALayer: NSObject {
    /// The keys of the animations running now.
    var animations: [String] = []

    public override init() { super.init() }

    /// The keys of the animations attached to the layer, or nil when none runs.
    open func animationKeys() -> [String]? { animations.isEmpty ? nil : animations }

    /// Ends every animation attached to the layer.
    open func removeAllAnimations() { animations.removeAll() }
  }
#endif
