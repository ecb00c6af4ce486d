#if os(Linux)
  import CatenaDiff
  import Foundation

  /// What a list view (table or collection) asks its data source and delegate; the engine's
  /// view over the fake it belongs to.
  @MainActor protocol ListEngineHost: AnyObject {
    func askSectionCount() -> Int
    func askRowCount(inSection section: Int) -> Int
    func askCell(at path: IndexPath) -> UIView?
    func makeCell(of cellClass: AnyClass, identifier: String) -> UIView?
    func tellWillDisplay(_ cell: UIView, at path: IndexPath)
    func tellDidEndDisplaying(_ cell: UIView, at path: IndexPath)
    func engineDidCommit(_ batch: BatchUpdate, sectionMap: [Int])
    func setNeedsLayoutForEngine()
    /// Sets the content size to content `length` long along the way the view scrolls.
    func updateContentSize(_ length: CGFloat)
    /// Tells the prefetch data source (`cancel`: that rows are no longer expected), or nil
    /// when prefetching is off or there is none.
    var prefetcher: ((_ paths: [IndexPath], _ cancel: Bool) -> Void)? { get }
    /// The visible part of the content: its top and height.
    var viewport: (offset: CGFloat, height: CGFloat) { get }
    /// Where the rows of sections of `counts` rows are (`measured`: heights of self-sizing
    /// rows that have shown, by path).
    func geometry(counts: [Int], measured: [ItemPath: CGFloat]) -> ListGeometry
    /// The height `cell` asks for, when its row sizes itself (nil: the row has a set height).
    func selfSizedHeight(of cell: UIView, at path: IndexPath) -> CGFloat?
    /// Moves the offset by `delta` from inside the layout pass, telling the delegate.
    func correctOffsetDuringLayout(by delta: CGFloat)
    /// Whether a self-sizing cell that invalidates its intrinsic size is measured again
    /// (`selfSizingInvalidation` is not `.disabled`).
    var resizesInvalidatedCells: Bool { get }
    var engine: ListEngine { get }
  }

  /// How a self-sizing cell asks to be measured again: UIKit's `UITableView` and
  /// `UICollectionView` each have this enumeration (UIKit-iOS18.6.swift:22733, 7229); the
  /// fakes share one under both names.
  public enum ListSelfSizingInvalidation: Int, Sendable {
    /// "No updates will take place when -invalidateIntrinsicContentSize is called on a
    /// self-sizing cell or its contentView."
    case disabled = 0
    /// "Calling -invalidateIntrinsicContentSize on a self-sizing cell or its contentView will
    /// cause it to be resized if necessary."
    case enabled = 1
    /// As `enabled`, and Auto Layout changes in the content view invalidate it too.
    case enabledIncludingConstraints = 2
  }

  extension ListEngineHost {
    /// A shown self-sizing cell asked to be measured again.
    func contentSizeChanged(of cell: UIView) {
      guard resizesInvalidatedCells else { return }
      engine.remeasure(cell)
    }
  }

  /// What UITableView and UICollectionView share, with UIKit's behaviour where the adapter
  /// depends on it: counts cached by the view and read from the data source when a batch opens
  /// and when it closes, the batch played on a model of UIKit's (`BatchModel`, not Catena's
  /// validator, so that the two can disagree), a reuse pool per identifier, reconfigure handing back the existing cell,
  /// visible rows asked for at layout, selection mapped through batches.
  @MainActor final class ListEngine {
    unowned let host: any ListEngineHost
    /// The rows per section the view last read; nil before the first read.
    var counts: [Int]?
    var calls: [String] = []
    var exceptions: [String] = []
    var registrations: [String: AnyClass] = [:]
    var pool: [String: [UIView]] = [:]
    var visible: [ItemPath: UIView] = [:]
    var identifiers: [ObjectIdentifier: String] = [:]
    var selection: Set<ItemPath> = []
    var batchDepth = 0
    var pending = BatchUpdate()
    var countsAtOpen: [Int] = []
    /// The row being reconfigured, its cell and that cell's identifier.
    var reconfiguring: (path: ItemPath, cell: UIView, identifier: String)?
    /// Whether a cell was dequeued since the data source was asked for one.
    var dequeuedSinceAsk = false
    var prefetchWindow = PrefetchWindow()
    /// How deep the view is in its own layout pass (asking for cells, telling the delegate a
    /// row will show, prefetching): UIKit's `_updateVisibleCellsNow`.
    var layingOut = 0
    /// The heights self-sizing rows took when they showed, by path.
    var measured: [ItemPath: CGFloat] = [:]
    /// Shown cells that invalidated their size since the last layout pass.
    var invalidatedCells: [ObjectIdentifier] = []

    /// Measures `cell` again at the next layout pass, if it shows.
    func remeasure(_ cell: UIView) {
      guard visible.values.contains(where: { $0 === cell }) else { return }
      invalidatedCells.append(ObjectIdentifier(cell))
      host.setNeedsLayoutForEngine()
    }

    /// Measures again the shown cells that asked to be: the rows keep their new heights, and a
    /// row above the viewport that changed moves the offset by as much (returned).
    func measureInvalidatedCells(offset: CGFloat) -> CGFloat {
      guard !invalidatedCells.isEmpty else { return 0 }
      defer { invalidatedCells = [] }
      let geometry = host.geometry(counts: loadedCounts(), measured: measured)
      var correction: CGFloat = 0
      for (path, cell) in visible.sorted(by: { $0.key < $1.key })
      where invalidatedCells.contains(ObjectIdentifier(cell)) {
        guard let size = host.selfSizedHeight(of: cell, at: path.indexPath) else { continue }
        let frame = geometry.frame(of: path, width: 0)
        guard size != frame.height else { continue }
        calls.append("resize \(path) to \(size)")
        measured[path] = size
        if frame.minY < offset { correction += size - frame.height }
      }
      return correction
    }
    /// Cells of rows that left the screen, kept to show again without asking the data source
    /// (iOS 15 prepared cells), by path; the oldest first in `preparedOrder`.
    var prepared: [ItemPath: UIView] = [:]
    var preparedOrder: [ItemPath] = []
    /// How many prepared cells the view keeps.
    let preparedLimit = 8
    /// The rows the last layout pass put on screen.
    var shownRows: [ItemPath] = []
    /// The row swiped open (a table's swipe actions showing).
    var swipedOpenRow: IndexPath?
    /// The row showing UIKit's own Delete, at the path its swipe opened.
    var swipedWithDefaultDelete: IndexPath?
    /// The row the user holds to reorder it, and where it would drop now.
    var reorder: (source: ItemPath, target: ItemPath)?
    /// Where the row just dropped went, while the view still animates the drop (until its
    /// next layout pass reloads the moved cell).
    var dropSettling: ItemPath?
    /// Whether a drag session from the list is active, and whether one is over it.
    var hasActiveDrag = false
    var hasActiveDrop = false

    init(host: any ListEngineHost) { self.host = host }

    /// Raises when `what` happens while the view lays out its rows, as UIKit does: a batch,
    /// a reload or an offset change from a row callback leaves UIKit's visible rows and cells
    /// out of step ("_visibleRows and _visibleCells must be of same length"), and reading the
    /// visible rows then returns a half-updated set (UIKit asserts:
    /// `UITableViewAlertForVisibleCellsAccessDuringUpdate`).
    func refuseDuringLayout(_ what: String) {
      guard layingOut > 0 else { return }
      let reading = what.hasPrefix("reading")
      raise(
        "\(what) while the view lays out its rows (from a cell, display or prefetch callback): "
          + (reading
            ? "Attempted to access the table view's visibleCells while they were in the process "
              + "of being updated, which is not allowed."
            : "UITableView internal inconsistency: _visibleRows and _visibleCells must be of "
              + "same length"))
    }

    /// Raises when `what` happens while the user holds a row to reorder it: the view moves
    /// the held row itself, and an update landing now leaves its rows out of step with the
    /// data source's (square/Listable crashed exactly there).
    func refuseDuringReorder(_ what: String) {
      if reorder != nil {
        raise("\(what) during an interactive reorder: the list's rows no longer match its data")
      } else if dropSettling != nil {
        raise(
          "\(what) while the view animates a drop: it reloads the moved cell after the "
            + "animation, and a row the update removed is then asked for (openradar 34933061)")
      }
    }

    func raise(_ message: String) {
      exceptions.append(message)
      calls.append("exception: \(message)")
    }

    /// The cached counts, read from the data source the first time.
    func loadedCounts() -> [Int] {
      if let counts { return counts }
      let read = readCounts()
      counts = read
      return read
    }

    func readCounts() -> [Int] {
      (0..<max(host.askSectionCount(), 0)).map { host.askRowCount(inSection: $0) }
    }

    func register(_ cellClass: AnyClass?, identifier: String) {
      registrations[identifier] = cellClass
      pool[identifier] = nil
    }

    func dequeue<Cell: UIView>(
      identifier: String, path: IndexPath, fallback: () -> Cell
    ) -> Cell {
      dequeuedSinceAsk = true
      calls.append("dequeue(\(identifier), \(ItemPath(path)))")
      if let reconfiguring, reconfiguring.path == ItemPath(path) {
        if reconfiguring.identifier == identifier, let cell = reconfiguring.cell as? Cell {
          return cell
        }
        raise(
          "Attempted to dequeue a cell for a different registration or reuse identifier than "
            + "the existing cell when reconfiguring an item, which is not allowed.")
        return reconfiguring.cell as? Cell ?? fallback()
      }
      if pool[identifier]?.isEmpty ?? true {
        // No free cell: the oldest prepared cell of that kind far from the rows on screen
        // (more than `preparedLimit` rows away) is given up for reuse.
        if let far = preparedOrder.first(where: {
          prepared[$0].map { identifiers[ObjectIdentifier($0)] } == identifier
            && isFarFromScreen($0)
        }), let cell = takePrepared(at: far) {
          recycle(cell)
        }
      }
      if let cell = pool[identifier]?.popLast() as? Cell {
        prepareForReuse(cell)
        return cell
      }
      guard let cellClass = registrations[identifier],
        let cell = host.makeCell(of: cellClass, identifier: identifier) as? Cell
      else {
        raise(
          "unable to dequeue a cell with identifier \(identifier) - must register a nib or a "
            + "class for the identifier or connect a prototype cell in a storyboard")
        return fallback()
      }
      identifiers[ObjectIdentifier(cell)] = identifier
      return cell
    }

    func prepareForReuse(_ cell: UIView) {
      (cell as? UITableViewCell)?.prepareForReuse()
      (cell as? UICollectionReusableView)?.prepareForReuse()
    }

    func reloadData() {
      calls.append("reloadData")
      refuseDuringLayout("reloadData")
      refuseDuringReorder("reloadData")
      if batchDepth > 0 { raise("reloadData inside performBatchUpdates") }
      interruptBatchAnimations()
      for path in visible.keys.sorted() { retire(at: path) }
      dropPrepared()
      selection.removeAll()
      prefetchWindow.reset()
      measured.removeAll()
      counts = readCounts()
      host.setNeedsLayoutForEngine()
    }

    /// The cells of rows that came on screen, asked for at layout.
    func layOut() {
      layingOut += 1
      defer { layingOut -= 1 }
      let counts = loadedCounts()
      let resized = measureInvalidatedCells(offset: host.viewport.offset)
      if resized != 0 {
        calls.append("offset corrected by \(resized) during layout")
        host.correctOffsetDuringLayout(by: resized)
      }
      // Rows measured smaller than their estimates leave room for more: the pass goes on
      // until what shows is measured (UIKit fills the viewport in one layout pass).
      var (shown, offset, remeasured) = placeRows(counts: counts)
      for _ in 0..<8 where remeasured {
        (shown, offset, remeasured) = placeRows(counts: counts)
      }
      settleDrop()
      prefetch(shown: shown, distance: shown.count, offset: offset)
    }

    /// Shows the rows in the viewport: retires those gone, shows prepared cells again, asks
    /// for new ones and measures them. Returns the rows shown, the offset they were placed
    /// at, and whether a measurement changed where rows are.
    private func placeRows(counts: [Int]) -> (shown: [ItemPath], offset: CGFloat, changed: Bool) {
      let (offset, height) = host.viewport
      let geometry = host.geometry(counts: counts, measured: measured)
      let shown = geometry.rows(from: offset, height: height)
      shownRows = shown
      host.updateContentSize(geometry.contentHeight)
      // The held row's cell stays under the user's finger while the list scrolls below it.
      for path in visible.keys.sorted() where !shown.contains(path) && path != reorder?.source {
        retire(at: path, keep: true)
      }
      // A row measured above the top of the viewport pushes what shows down: the view moves
      // its offset by as much, from inside this pass, so that the rows on screen stay put.
      var correction: CGFloat = 0
      var changed = false
      for path in shown where visible[path] == nil {
        if let cell = takePrepared(at: path) {
          // Shown again without asking the data source: only the delegate hears of it.
          calls.append("show prepared \(path)")
          visible[path] = cell
          (cell as? any ConfigurableCell)?.updateConfigurationIfNeeded()
          host.tellWillDisplay(cell, at: path.indexPath)
          continue
        }
        guard let cell = askCell(at: path) else { continue }
        visible[path] = cell
        if let cell = cell as? any ConfigurableCell {
          cell.list = host as? UIView
          cell.updateConfigurationIfNeeded()
        }
        if let size = host.selfSizedHeight(of: cell, at: path.indexPath) {
          measured[path] = size
          let frame = geometry.frame(of: path, width: 0)
          if size != frame.height { changed = true }
          if frame.minY < offset, size != frame.height { correction += size - frame.height }
        }
        host.tellWillDisplay(cell, at: path.indexPath)
      }
      if correction != 0 {
        calls.append("offset corrected by \(correction) during layout")
        host.correctOffsetDuringLayout(by: correction)
      }
      return (shown, offset, changed)
    }

    /// Updates the configurations of cells on screen whose state changed (UIKit: at the
    /// cells' layout pass).
    func updateCellConfigurations() {
      layingOut += 1
      defer { layingOut -= 1 }
      for path in visible.keys.sorted() {
        (visible[path] as? any ConfigurableCell)?.updateConfigurationIfNeeded()
      }
    }

    /// Tells the prefetch data source about the screenful of rows past the visible ones in
    /// the direction of the scroll, and cancels rows no longer ahead.
    func prefetch(shown: [ItemPath], distance: Int, offset: CGFloat) {
      guard let prefetcher = host.prefetcher else { return }
      let (cancel, prefetch) = prefetchWindow.layOut(
        visible: shown, offset: Double(offset), distance: distance, rowCounts: loadedCounts())
      if !cancel.isEmpty {
        calls.append("cancelPrefetching \(cancel.map(\.description).joined(separator: ", "))")
        prefetcher(cancel.map(\.indexPath), true)
      }
      if !prefetch.isEmpty {
        calls.append("prefetch \(prefetch.map(\.description).joined(separator: ", "))")
        prefetcher(prefetch.map(\.indexPath), false)
      }
    }

    func askCell(at path: ItemPath) -> UIView? {
      dequeuedSinceAsk = false
      return host.askCell(at: path.indexPath)
    }

    /// Takes the row's cell off screen: into the reuse pool, or (`keep`: it scrolled off) among
    /// the prepared cells, which UIKit (iOS 15) retains "because they may become visible
    /// again" and shows again with `willDisplay` only (Apple, `cellForRow(at:)`).
    func retire(at path: ItemPath, keep: Bool = false) {
      guard let cell = visible.removeValue(forKey: path) else { return }
      host.tellDidEndDisplaying(cell, at: path.indexPath)
      guard keep else {
        recycle(cell)
        return
      }
      if let old = prepared.updateValue(cell, forKey: path) { recycle(old) }
      preparedOrder.removeAll { $0 == path }
      preparedOrder.append(path)
      while preparedOrder.count > preparedLimit {
        if let oldest = prepared.removeValue(forKey: preparedOrder.removeFirst()) {
          recycle(oldest)
        }
      }
    }

    /// The prepared cell of the row at `path`, taken out of the prepared cells.
    func takePrepared(at path: ItemPath) -> UIView? {
      guard let cell = prepared.removeValue(forKey: path) else { return nil }
      preparedOrder.removeAll { $0 == path }
      return cell
    }

    /// Whether the row at `path` is more than `preparedLimit` rows from those on screen.
    func isFarFromScreen(_ path: ItemPath) -> Bool {
      guard let first = shownRows.first, let last = shownRows.last else { return true }
      let counts = loadedCounts()
      func index(_ path: ItemPath) -> Int {
        counts.prefix(max(min(path.section, counts.count), 0)).reduce(0, +) + path.item
      }
      let row = index(path)
      return row < index(first) - preparedLimit || row > index(last) + preparedLimit
    }

    /// Puts every prepared cell in the reuse pool.
    func dropPrepared() {
      for path in preparedOrder { if let cell = prepared[path] { recycle(cell) } }
      prepared = [:]
      preparedOrder = []
    }

    /// Puts `cell` in the reuse pool of its identifier.
    func recycle(_ cell: UIView) {
      if let identifier = identifiers[ObjectIdentifier(cell)] {
        pool[identifier, default: []].append(cell)
      }
    }

    /// Adds an operation to the open batch, or performs it as a batch of its own.
    func record(_ add: (inout BatchUpdate) -> Void) {
      if batchDepth > 0 {
        add(&pending)
      } else {
        withoutActuallyEscaping(add) { add in
          performBatchUpdates({ add(&self.pending) }, completion: nil)
        }
      }
    }

    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
      if batchDepth == 0 {
        refuseDuringLayout("performBatchUpdates")
        refuseDuringReorder("performBatchUpdates")
        countsAtOpen = loadedCounts()
        pending = BatchUpdate()
      }
      batchDepth += 1
      updates?()
      batchDepth -= 1
      guard batchDepth == 0 else { return }
      let batch = pending
      pending = BatchUpdate()
      calls.append(
        UIView.areAnimationsEnabled
          ? "performBatchUpdates \(batch)" : "performBatchUpdates (no animation) \(batch)")
      let model: BatchModel
      do {
        model = try BatchModel(batch, before: countsAtOpen, after: readCounts())
      } catch {
        raise(error.message)
        // A device stops here; the fake reloads so the rest of a test can go on.
        for path in visible.keys.sorted() { retire(at: path) }
        dropPrepared()
        prefetchWindow.reset()
        measured.removeAll()
        counts = readCounts()
        host.setNeedsLayoutForEngine()
        return
      }
      commit(batch, model: model)
      if let completion { keepCompletion(completion) }
    }

    /// Completions of batches whose animations have not ended, oldest first, each with
    /// whether its animation will end on its own (a reload cuts it short).
    var batchCompletions: [(completion: (Bool) -> Void, finished: Bool)] = []
    private var areCompletionsScheduled = false

    /// Keeps a batch's completion for when "all of the operations are finished" (Apple,
    /// `performBatchUpdates(_:completion:)`): after the animations, never inside the call,
    /// so on a later main-actor turn, or at ``finishBatchAnimations()``.
    private func keepCompletion(_ completion: @escaping (Bool) -> Void) {
      batchCompletions.append((completion, true))
      guard !areCompletionsScheduled else { return }
      areCompletionsScheduled = true
      Task { @MainActor [weak self] in
        self?.areCompletionsScheduled = false
        self?.finishBatchAnimations()
      }
    }

    /// Ends the animations of the batches performed: their completions run, oldest first.
    func finishBatchAnimations() {
      while !batchCompletions.isEmpty {
        let (completion, finished) = batchCompletions.removeFirst()
        completion(finished)
      }
    }

    /// A reload cuts the running batch animations short: their completions are told the
    /// animations did not finish (`false`), still after the call.
    func interruptBatchAnimations() {
      for index in batchCompletions.indices { batchCompletions[index].finished = false }
    }

    /// The counts the data source answers after a refused batch.
    /// Moves what is on screen and the selection through a batch UIKit accepted, then lays
    /// out.
    func commit(_ batch: BatchUpdate, model: BatchModel) {
      let mapping = model.fates(
        of: Array(visible.keys) + Array(selection.filter { visible[$0] == nil })
          + Array(prefetchWindow.pending) + Array(measured.keys) + preparedOrder)
      // Prepared cells follow their rows; a row deleted, reloaded or reconfigured drops its
      // prepared cell (the data source is asked again when it shows).
      let reconfigured = Set(batch.itemReconfigures)
      var keptPrepared: [(ItemPath, UIView)] = []
      for path in preparedOrder {
        guard let cell = prepared[path] else { continue }
        switch mapping[path] ?? .gone {
        case .moved(let target) where !reconfigured.contains(path),
          .stays(let target) where !reconfigured.contains(path):
          keptPrepared.append((target, cell))
        default: recycle(cell)
        }
      }
      prepared = Dictionary(keptPrepared, uniquingKeysWith: { first, _ in first })
      preparedOrder = keptPrepared.map(\.0)
      prefetchWindow.follow(mapping)
      var moved: [ItemPath: UIView] = [:]
      var departing: [(ItemPath, UIView)] = []
      for (path, cell) in visible {
        switch mapping[path] ?? .gone {
        case .moved(let target), .stays(let target): moved[target] = cell
        case .gone, .reloaded: departing.append((path, cell))
        }
      }
      for (path, cell) in departing {
        host.tellDidEndDisplaying(cell, at: path.indexPath)
        if let identifier = identifiers[ObjectIdentifier(cell)] {
          pool[identifier, default: []].append(cell)
        }
      }
      visible = moved
      measured = measured.reduce(into: [:]) { kept, entry in
        switch mapping[entry.key] ?? .gone {
        case .moved(let target), .stays(let target): kept[target] = entry.value
        case .gone, .reloaded: break
        }
      }
      selection = Set(
        selection.compactMap { path in
          switch mapping[path] ?? .gone {
          case .moved(let target), .stays(let target): target
          case .gone, .reloaded: nil
          }
        })
      counts = model.after
      host.engineDidCommit(batch, sectionMap: model.sectionMap)
      for path in batch.itemReconfigures {
        guard case .stays(let target) = mapping[path] ?? .gone, let cell = visible[target],
          let identifier = identifiers[ObjectIdentifier(cell)]
        else { continue }
        reconfiguring = (target, cell, identifier)
        defer { reconfiguring = nil }
        if let configured = askCell(at: target), configured !== cell {
          raise("reconfigure: the data source returned another cell than the existing one")
        }
      }
      layOut()
    }

    func select(_ path: ItemPath?) {
      guard let path else {
        selection.removeAll()
        return
      }
      let counts = loadedCounts()
      guard counts.indices.contains(path.section), path.item < counts[path.section] else {
        raise("attempt to select row \(path) beyond the table's counts \(counts)")
        return
      }
      selection.insert(path)
    }
  }

  extension ItemPath {
    init(_ path: IndexPath) { self.init(item: path.item, section: path.section) }
    var indexPath: IndexPath { IndexPath(item: item, section: section) }
  }
#endif
