#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  public import CatenaRequest

  /// A spinner in a row while its requests run (a row's "loading…" state): the cell's
  /// accessory view is a spinning indicator from the first request to the last, and the
  /// accessory it had comes back after.
  ///
  /// ```swift
  /// let loader = CellLoader(cell)
  /// Post("houses/\(house.id)/favorite").load(loader).then { … }.start()
  /// ```
  @MainActor
  public final class CellLoader: LoadingIndicator {
    /// The cell.
    public private(set) weak var cell: UITableViewCell?
    /// The spinner shown as the accessory while loading.
    public let spinner = UIActivityIndicatorView(style: .medium)
    private var running = RequestSpan()
    private var savedAccessory: UIView?

    /// A loader for `cell`.
    public init(_ cell: UITableViewCell) {
      self.cell = cell
    }

    /// Whether a request of this row is running.
    public var isLoading: Bool { !running.isEmpty }

    /// Shows the spinner with the first request.
    public func begin(_ request: RequestID) {
      guard running.begin(request), let cell else { return }
      savedAccessory = cell.accessoryView
      cell.accessoryView = spinner
      spinner.startAnimating()
    }

    /// Puts the cell's own accessory back after the last request.
    public func end(_ request: RequestID) {
      guard running.end(request) else { return }
      spinner.stopAnimating()
      if let cell, cell.accessoryView === spinner { cell.accessoryView = savedAccessory }
      savedAccessory = nil
    }
  }
#endif
