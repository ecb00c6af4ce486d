// Recording fakes of the UIKit declarations CatenaUIKit uses, so that the adapter's own source
// files compile and run on Linux. Each declaration is transcribed from UIKit as Swift imports it
// (names, labels, optionality, `@MainActor`); `ios-build` compiles the same adapter files
// against the real SDK, so a fake that drifts from UIKit breaks one of the two builds.
//
// Where the adapter depends on UIKit's behaviour the fakes have it (counts read when a batch
// opens and closes and the batch checked with UIKit's rules, a reuse pool, reconfigure's
// same-cell rule, the table's own cached counts, a window that can be nil). Where UIKit would
// raise an Objective-C exception, a fake records it in `exceptions` instead, so a test can
// assert that none was raised. What only a test needs (the `calls` log, `exceptions`, user
// gestures) is marked "Not UIKit".
//
// Not a product: no package can depend on it, and CatenaUIKit depends on it only on Linux
// (`.when(platforms: [.linux])`), so an Apple build never sees it.
#if os(Linux)
  // UIKit re-exports Foundation; so do the fakes, so that the adapter's imports are the same.
  @_exported public import Foundation

  extension IndexPath {
    /// A table-view path.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }

    /// A collection-view path.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }

    /// The section.
    public var section: Int {
      get { self[0] }
      set { self[0] = newValue }
    }

    /// The row (the same as `item`).
    public var row: Int {
      get { self[1] }
      set { self[1] = newValue }
    }

    /// The item (the same as `row`).
    public var item: Int {
      get { self[1] }
      set { self[1] = newValue }
    }
  }

  /// How an associated object is held (Objective-C runtime).
  public enum objc_AssociationPolicy: UInt, Sendable {
    case OBJC_ASSOCIATION_ASSIGN = 0
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    case OBJC_ASSOCIATION_RETAIN = 769
    case OBJC_ASSOCIATION_COPY = 771
  }

  /// Keeps `value` alive with `object` under `key` (Objective-C runtime). Fakes support views.
  @MainActor public func objc_setAssociatedObject(
    _ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
  ) {
    guard let holder = object as? any AssociatedObjectHolder else {
      preconditionFailure("UIKitFakes: associated objects are kept only by fake views")
    }
    holder.associatedObjects[key] = value
  }

  /// The value kept with `object` under `key` (Objective-C runtime).
  @MainActor public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    (object as? any AssociatedObjectHolder)?.associatedObjects[key] ?? nil
  }

  /// An object that can keep associated objects.
  @MainActor protocol AssociatedObjectHolder: AnyObject {
    var associatedObjects: [UnsafeRawPointer: Any?] { get set }
  }
#endif
