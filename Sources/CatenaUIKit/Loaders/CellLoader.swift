#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  public import CatenaDataSource
  public import CatenaRequest

  /// A spinner in a row while its requests run (a row's "loading…" state): the accessory view
  /// of whichever cell shows the row is a spinning indicator from the first request to the
  /// last, and the accessory the cell's configuration gave it comes back after. The spinner
  /// follows the row, not a cell: scrolled away, its cell may show another row (without the
  /// spinner); scrolled back, the row's new cell spins.
  ///
  /// ```swift
  /// let loader = CellLoader(for: house.id, in: dataSource)
  /// Post("houses/\(house.id)/favorite").showing(loader).then { _ in favorites.insert(house.id) }
  ///   .start()
  /// ```
  @MainActor
  public final class CellLoader: LoadingIndicator {
    /// The spinner shown as the accessory while loading.
    public let spinner = UIActivityIndicatorView(style: .medium)
    private var running = RequestSpan()
    /// The accessory the configuration gave the cell now spinning.
    private var ownAccessory: UIView?
    /// The cell showing the row, if it is on screen.
    private let currentCell: () -> UITableViewCell?
    /// Starts and stops following the cells the data source configures.
    private let follow: (CellLoader?) -> Void

    /// A loader for the row of the item with `id` in `dataSource` (held weakly).
    public init<SectionID: Hashable, Item: Identifiable & Equatable>(
      for id: Item.ID, in dataSource: SectionedDataSource<SectionID, Item>
    ) {
      currentCell = { [weak dataSource] in
        dataSource?.visibleCell(for: id) as? UITableViewCell
      }
      var key: ObjectIdentifier?
      follow = { [weak dataSource] loader in
        guard let dataSource else { return }
        if let key { dataSource.cellDecorators[key] = nil }
        key = loader.map(ObjectIdentifier.init)
        guard let key else { return }
        dataSource.cellDecorators[key] = { [weak loader] cell, item in
          loader?.configured(cell as? UITableViewCell, showsRow: item?.id == id)
        }
      }
    }

    /// Whether a request of this row is running.
    public var isLoading: Bool { !running.isEmpty }

    /// Shows the spinner with the first request.
    public func begin(_ request: RequestID) {
      guard running.begin(request) else { return }
      follow(self)
      spinner.startAnimating()
      if let cell = currentCell() { spin(in: cell) }
    }

    /// Gives the row's cell its own accessory back after the last request.
    public func end(_ request: RequestID) {
      guard running.end(request) else { return }
      follow(nil)
      spinner.stopAnimating()
      if let cell = currentCell(), cell.accessoryView === spinner {
        cell.accessoryView = ownAccessory
      }
      ownAccessory = nil
    }

    /// A cell was configured: for this row it spins; for another row it loses the spinner.
    func configured(_ cell: UITableViewCell?, showsRow: Bool) {
      guard let cell else { return }
      if showsRow {
        spin(in: cell)
      } else if cell.accessoryView === spinner {
        cell.accessoryView = nil
      }
    }

    /// Puts the spinner in `cell`, keeping the accessory its configuration gave it.
    private func spin(in cell: UITableViewCell) {
      guard cell.accessoryView !== spinner else { return }
      ownAccessory = cell.accessoryView
      cell.accessoryView = spinner
    }
  }
#endif
