#if os(Linux)
  public import Foundation

  /// A trait a view can be told about when it changes.
  public protocol UITraitDefinition {}

  /// The type of a trait.
  public typealias UITrait = any UITraitDefinition.Type

  /// The user's preferred text size (Dynamic Type).
  public struct UITraitPreferredContentSizeCategory: UITraitDefinition {}

  /// A view's traits (fake: only the ones the adapter reads).
  @MainActor open class UITraitCollection: NSObject {}

  /// What has traits.
  @MainActor public protocol UITraitEnvironment: NSObjectProtocol {
    var traitCollection: UITraitCollection { get }
  }

  /// A registration for trait changes.
  @MainActor public protocol UITraitChangeRegistration: NSObjectProtocol {}

  /// A registration the fake keeps (not UIKit).
  final class TraitRegistration: NSObject, UITraitChangeRegistration {}

  extension UIView: UITraitEnvironment {
    /// The closure a trait change runs.
    public typealias TraitChangeHandler<TraitEnvironment: UITraitEnvironment> = (
      _ traitEnvironment: TraitEnvironment, _ previousTraitCollection: UITraitCollection
    ) -> Void

    /// The view's traits.
    public var traitCollection: UITraitCollection { UITraitCollection() }

    /// Calls `handler` with the view when one of `traits` changes.
    @discardableResult
    public func registerForTraitChanges<Owner: UITraitEnvironment>(
      _ traits: [UITrait], handler: @escaping UIView.TraitChangeHandler<Owner>
    ) -> any UITraitChangeRegistration {
      let names = traits.map { String(describing: $0) }
      traitHandlers.append(
        (
          names,
          { [weak self] previous in
            if let owner = self as? Owner { handler(owner, previous) }
          }
        ))
      return TraitRegistration()
    }

    /// Not UIKit: how much larger than the default the user's text is here (Dynamic Type):
    /// labels that adjust their font measure with it.
    public var textScale: CGFloat { ownTextScale ?? superview?.textScale ?? 1 }

    /// Not UIKit: the user picks a text size `scale` times the default: the view's tree
    /// measures text with it and the views that registered for the text size are told.
    public func simulateTextSize(_ scale: CGFloat) {
      ownTextScale = scale
      simulateTraitChange(UITraitPreferredContentSizeCategory.self)
    }

    /// Not UIKit: the user changes `trait` (the text size, …): the views of the tree that
    /// registered for it are told, as UIKit tells them.
    public func simulateTraitChange(_ trait: UITrait) {
      let name = String(describing: trait)
      for (names, handler) in traitHandlers where names.contains(name) {
        handler(UITraitCollection())
      }
      for view in subviews { view.simulateTraitChange(trait) }
    }
  }
#endif
