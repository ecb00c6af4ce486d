#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaDiff

  /// What the table and collection proxies share: the provider they answer from, and the
  /// app's own delegate and data source, which keep receiving what Catena does not answer.
  ///
  /// The calls Catena shares with the app (a row coming on screen, a selection, a scroll,
  /// header and footer sizes and views) are forwarded explicitly by the proxies. On Apple
  /// platforms every other call the app's objects implement reaches them through the
  /// Objective-C runtime: `responds(to:)` and `forwardingTarget(for:)` only turn the selector
  /// into its name and ask ``responds(to:implementedHere:)`` and ``appTarget(for:)``, which
  /// decide by method names and run (and are tested) on Linux too, where the UIKit fakes call
  /// their protocols' requirements directly.
  @MainActor
  class ForwardingProxy: NSObject {
    weak var provider: (any TableContentProviding)?
    /// Whether the provider wanted scroll events when it was connected (impressions).
    let watchesScrolling: Bool
    /// The context menu shown last (one shows at a time), to run its preview tap.
    var shownMenu: (configuration: UIContextMenuConfiguration, menu: ContextMenu)?
    /// The app's delegate: the one the view had when the proxy was installed, or one set
    /// later (taken over before the next batch update). Written on the main actor only; read
    /// also by `responds(to:)`, which the Objective-C runtime may call from anywhere.
    nonisolated(unsafe) weak var appDelegate: AnyObject?
    /// The app's data source, found on the view when the proxy was installed.
    nonisolated(unsafe) weak var appDataSource: AnyObject?

    /// The app's prefetch data source, found on the view when the proxy was installed.
    weak var appPrefetcher: AnyObject?
    /// Whether an object implements the method of an Objective-C name
    /// (`"tableView:heightForRowAtIndexPath:"`): the runtime's answer on Apple platforms.
    let implements: @Sendable (AnyObject, String) -> Bool

    init(
      _ provider: any TableContentProviding,
      app: (delegate: AnyObject?, dataSource: AnyObject?, prefetcher: AnyObject?),
      implements: @escaping @Sendable (AnyObject, String) -> Bool = platformImplements
    ) {
      self.provider = provider
      watchesScrolling = provider.watchesScrolling
      appDelegate = app.delegate
      appDataSource = app.dataSource
      appPrefetcher = app.prefetcher
      self.implements = implements
    }

    /// Where the row just dropped went, while the view may still animate the drop (it reloads
    /// the moved cell after the animation, at a layout pass), and how often the provider has
    /// looked since.
    var settlingDrop: (path: ItemPath, looks: Int)?

    /// Tells the provider on the next main-actor turn that the reorder may be over: UIKit is
    /// still finishing the drop when it tells the data source, and an update made then would
    /// land on it. The provider then asks the view, which waits for the drop to settle.
    func endReorderAfterDrop(at destination: ItemPath) {
      settlingDrop = (destination, 0)
      Task { @MainActor [weak self] in self?.provider?.endReorder() }
    }

    /// Whether UIKit should take the proxy to implement the method named `method`: when the
    /// proxy does (`implementedHere`), unless it hides it; else when the app's delegate or
    /// data source does (the call is then forwarded to it).
    nonisolated func responds(to method: String, implementedHere: Bool) -> Bool {
      implementedHere ? !hides(method) : appTarget(for: method) != nil
    }

    /// Whether a method the proxy implements should look unimplemented to UIKit (UIKit
    /// asks once, when the delegate is set).
    nonisolated func hides(_ method: String) -> Bool { false }

    /// The app's object that implements the method named `method`, the delegate first.
    nonisolated func appTarget(for method: String) -> AnyObject? {
      for candidate in [appDelegate, appDataSource] {
        if let object = candidate, implements(object, method) { return object }
      }
      return nil
    }

    /// The app's own delegate, data source and prefetch data source of a view whose current
    /// ones are `delegate`, `dataSource` and `prefetcher`, looking through `installed` (the
    /// proxy Catena installed before, never the app's); the provider `installed` answered for
    /// is told when `provider` replaces it.
    static func handOver(
      from installed: ForwardingProxy?, delegate: AnyObject?, dataSource: AnyObject?,
      prefetcher: AnyObject?, to provider: (any TableContentProviding)?
    ) -> (delegate: AnyObject?, dataSource: AnyObject?, prefetcher: AnyObject?) {
      guard let installed else { return (delegate, dataSource, prefetcher) }
      if let previous = installed.provider, previous !== provider {
        previous.tableDidDisconnect()
      }
      return (
        delegate === installed ? installed.appDelegate : delegate,
        dataSource === installed ? installed.appDataSource : dataSource,
        prefetcher === installed ? installed.appPrefetcher : prefetcher
      )
    }

    #if canImport(ObjectiveC)
      nonisolated override func responds(to aSelector: Selector!) -> Bool {
        let here = super.responds(to: aSelector)
        return responds(to: NSStringFromSelector(aSelector), implementedHere: here)
      }

      nonisolated override func forwardingTarget(for aSelector: Selector!) -> Any? {
        appTarget(for: NSStringFromSelector(aSelector)) ?? super.forwardingTarget(for: aSelector)
      }

      /// The runtime's answer to whether `object` implements the method named `name`.
      nonisolated static let platformImplements: @Sendable (AnyObject, String) -> Bool = {
        object, name in
        (object as? any NSObjectProtocol)?.responds(to: NSSelectorFromString(name)) ?? false
      }
    #else
      /// No runtime to ask: the UIKit fakes call their protocols' requirements directly.
      nonisolated static let platformImplements: @Sendable (AnyObject, String) -> Bool = { _, _ in
        false
      }
    #endif
  }
#endif
