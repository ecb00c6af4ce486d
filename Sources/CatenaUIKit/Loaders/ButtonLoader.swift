#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  public import CatenaRequest

  /// A button that shows its request running: disabled, its title replaced by a spinner while
  /// any of its requests runs, and its own title and enabled state back when the last ends. A
  /// button built with a `UIButton.Configuration` shows the configuration's own activity
  /// indicator instead. VoiceOver keeps reading the button's label (or its title).
  ///
  /// ```swift
  /// let sending = ButtonLoader(sendButton)
  /// Post("messages", body).showing(sending).then { _ in draft = "" }.start()
  /// ```
  @MainActor
  public final class ButtonLoader: LoadingIndicator {
    /// The button.
    package private(set) weak var button: UIButton?
    /// The spinner shown in the button while loading.
    public let spinner = UIActivityIndicatorView(style: .medium)
    private var running = RequestSpan()
    private var saved: (title: String?, isEnabled: Bool, label: String?)?

    /// A loader for `button`.
    public init(_ button: UIButton) {
      self.button = button
    }

    /// Whether a request of this button is running.
    public var isLoading: Bool { !running.isEmpty }

    /// Disables the button and spins, once for any number of overlapping requests.
    public func begin(_ request: RequestID) {
      guard running.begin(request), let button else { return }
      let title = button.title(for: .normal)
      saved = (title, button.isEnabled, button.accessibilityLabel)
      button.isEnabled = false
      if var configuration = button.configuration {
        configuration.showsActivityIndicator = true
        button.configuration = configuration
        return
      }
      button.setTitle(nil, for: .normal)
      // VoiceOver keeps reading what the button does: the app's own label (an icon-only
      // button has no title), else the title the spinner hides.
      button.accessibilityLabel = saved?.label ?? title
      spinner.frame = button.bounds
      button.addSubview(spinner)
      spinner.startAnimating()
    }

    /// When the last request ends, gives the button its title and enabled state back.
    public func end(_ request: RequestID) {
      guard running.end(request), let saved else { return }
      self.saved = nil
      spinner.stopAnimating()
      spinner.removeFromSuperview()
      guard let button else { return }
      if var configuration = button.configuration {
        configuration.showsActivityIndicator = false
        button.configuration = configuration
        button.isEnabled = saved.isEnabled
        return
      }
      button.setTitle(saved.title, for: .normal)
      button.isEnabled = saved.isEnabled
      button.accessibilityLabel = saved.label
    }
  }
#endif
