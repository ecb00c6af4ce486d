#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource

  /// An empty view Catena puts in a list it drives, to hear what changes what the user sees
  /// without a scroll: the list entering or leaving a window (a push, a tab switch, a
  /// full-screen presentation), and its scene (the app, without scenes) going to the
  /// background or coming back. Each tells the list's provider (impressions end and start
  /// again; a reorder the view ended without a drop is seen over).
  @MainActor
  final class ListVisibilityObserver: UIView {
    /// Whether the list's scene (or the app) is in the background.
    private(set) var isInBackground = false
    /// The notification observers (removed when the view goes; `NotificationCenter` takes
    /// that from any thread).
    private nonisolated(unsafe) var tokens: [any NSObjectProtocol] = []
    /// The scene observed (nil: the app's notifications).
    private weak var observedScene: UIScene?

    /// The observer `list` holds, added the first time.
    static func install(in list: UIScrollView) {
      guard observer(of: list) == nil else { return }
      let observer = ListVisibilityObserver(frame: .zero)
      observer.isHidden = true
      observer.isUserInteractionEnabled = false
      list.addSubview(observer)
    }

    /// The observer in `list`, if one was installed.
    static func observer(of list: UIView) -> ListVisibilityObserver? {
      list.subviews.lazy.compactMap { $0 as? ListVisibilityObserver }.first
    }

    override func didMoveToWindow() {
      super.didMoveToWindow()
      observeBackground()
      tell()
    }

    /// Observes the background and foreground of the window's scene, or of the app when
    /// the window has none. Out of a window, it keeps watching what it watched, so that a
    /// list that comes back while the app is in the background knows it; a new scene is
    /// read for where it is now.
    private func observeBackground() {
      guard window != nil || tokens.isEmpty else { return }
      let scene = window?.windowScene
      guard tokens.isEmpty || scene !== observedScene else { return }
      stopObserving()
      observedScene = scene
      isInBackground = scene?.activationState == .background
      let names =
        scene == nil
        ? [
          (UIApplication.didEnterBackgroundNotification, true),
          (UIApplication.willEnterForegroundNotification, false),
        ]
        : [
          (UIScene.didEnterBackgroundNotification, true),
          (UIScene.willEnterForegroundNotification, false),
        ]
      for (name, background) in names {
        tokens.append(
          NotificationCenter.default.addObserver(forName: name, object: scene, queue: nil) {
            [weak self] _ in
            MainActor.assumeIsolated {
              self?.isInBackground = background
              self?.tell()
            }
          })
      }
    }

    private func stopObserving() {
      for token in tokens { NotificationCenter.default.removeObserver(token) }
      tokens = []
    }

    /// Tells the provider of the list this view is in that what shows may have changed.
    private func tell() {
      guard let list = superview as? (any ProxiedListView) else { return }
      list.installedProxy?.provider?.visibilityChanged()
    }

    deinit {
      for token in tokens { NotificationCenter.default.removeObserver(token) }
    }
  }
#endif
