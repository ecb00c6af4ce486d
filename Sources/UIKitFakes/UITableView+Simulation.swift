#if os(Linux)
  import CatenaDiff
  public import Foundation

  // MARK: Not UIKit: what a test reads and the gestures a user makes.

  extension UITableView {
    /// What the table was asked to do, oldest first (reloads, batches, dequeues, exceptions).
    public var calls: [String] { engine.calls }

    /// The Objective-C exceptions UIKit would have raised (each one a crash on a device).
    public var exceptions: [String] { engine.exceptions }

    /// Where the header that floats at the top shows, in content coordinates: a plain
    /// table pins the header of the section scrolling under the top of the visible area (nil:
    /// grouped styles, or that section has none).
    public var pinnedHeaderRect: CGRect? {
      guard style == .plain else { return nil }
      let geometry = currentGeometry
      let top = contentOffset.y + adjustedContentInset.top
      guard let section = geometry.sectionTops.lastIndex(where: { $0 <= top }) else { return nil }
      let height = rectForHeader(inSection: section).height
      guard height > 0 else { return nil }
      return CGRect(x: 0, y: top, width: bounds.width, height: height)
    }

    /// Whether the table is inside its own layout pass now (asking for cells, telling its
    /// delegate rows will show, correcting its offset).
    public var isLayingOut: Bool { engine.layingOut > 0 }

    /// Forgets the recorded calls (not the exceptions).
    public func clearCalls() { engine.calls.removeAll() }

    /// How many cells wait for reuse under `identifier`.
    public func pooledCellCount(forIdentifier identifier: String) -> Int {
      engine.pool[identifier]?.count ?? 0
    }

    /// The user scrolls so that the content at `y` is at the top, and the table lays out.
    public func simulateScroll(toY y: CGFloat) {
      contentOffset = CGPoint(x: 0, y: y)
      layoutIfNeeded()
    }

    /// The section index the table shows: the titles it read at the last `reloadData()` or
    /// `reloadSectionIndexTitles()`, as UIKit keeps them (empty without one).
    public var shownSectionIndexTitles: [String] { indexTitles }

    /// The user taps the section index title at `index`: the table asks its data source for
    /// the section and scrolls to its top; a
    /// section the table does not have raises, as UIKit's scroll to it does.
    public func simulateSectionIndexTap(at index: Int) {
      let titles = shownSectionIndexTitles
      guard let dataSource, titles.indices.contains(index) else { return }
      let section = dataSource.tableView(
        self, sectionForSectionIndexTitle: titles[index], at: index)
      engine.calls.append("sectionIndex \(titles[index]) -> section \(section)")
      guard section >= 0, section < numberOfSections else {
        engine.raise(
          "NSRangeException: -[UITableView _contentOffsetForScrollingToRowAtIndexPath:"
            + "atScrollPosition:usingPresentationValues:]: section (\(section)) beyond bounds "
            + "(\(numberOfSections)).")
        return
      }
      simulateScroll(toY: currentGeometry.sectionTops[section])
    }

    /// The user taps the row at `indexPath`: it is selected and the delegate is told. While
    /// the table edits, a tap selects nothing unless `allowsSelectionDuringEditing`.
    public func simulateTap(at indexPath: IndexPath) {
      guard !isEditing || allowsSelectionDuringEditing else {
        engine.calls.append("tap \(ItemPath(indexPath)) selects nothing: editing")
        return
      }
      guard delegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true else {
        engine.calls.append("tap \(ItemPath(indexPath)) not highlighted")
        return
      }
      if !allowsMultipleSelection {
        for path in engine.selection.sorted() {
          engine.selection.remove(path)
          delegate?.tableView(self, didDeselectRowAt: path.indexPath)
        }
      }
      engine.select(ItemPath(indexPath))
      syncCellSelection()
      delegate?.tableView(self, didSelectRowAt: indexPath)
    }

    /// The user swipes the row at `indexPath` and taps Delete, as UIKit offers it: only when
    /// the data source says the row can be edited, the delegate's style is `.delete` and the
    /// delegate gives no trailing swipe actions of its own. Returns whether the row offered
    /// Delete.
    @discardableResult
    public func simulateSwipeToDelete(at indexPath: IndexPath) -> Bool {
      _ = simulateSwipe(at: indexPath, leading: false)
      return simulateTapDelete()
    }

    /// The user taps UIKit's own Delete on the row swiped open: the data source commits the
    /// deletion of the path the swipe opened, as UIKit captured it (whether UIKit maps that
    /// path through updates made while the row showed its button is undocumented; the fake
    /// does not), then the delegate hears the row closed. Returns whether a row showed
    /// UIKit's Delete.
    @discardableResult
    public func simulateTapDelete() -> Bool {
      guard let swiped = swipedWithDefaultDelete, let dataSource else { return false }
      swipedWithDefaultDelete = nil
      swipedOpenRow = nil
      dataSource.tableView(self, commit: .delete, forRowAt: swiped)
      delegate?.tableView(self, didEndEditingRowAt: swiped)
      return true
    }

    /// The row showing UIKit's own Delete after a swipe, at the path the swipe opened.
    var swipedWithDefaultDelete: IndexPath? {
      get { engine.swipedWithDefaultDelete }
      set { engine.swipedWithDefaultDelete = newValue }
    }

    /// The user swipes the row at `indexPath` from its leading or trailing edge: the buttons
    /// the delegate's configuration reveals (nil: UIKit's default, Delete on the trailing
    /// edge when the row can be deleted). As UIKit, nothing shows on a row the data source
    /// says cannot be edited. A test taps one by calling its `handler`.
    public func simulateSwipe(at indexPath: IndexPath, leading: Bool)
      -> UISwipeActionsConfiguration?
    {
      engine.calls.append("swipe \(leading ? "leading" : "trailing") \(ItemPath(indexPath))")
      guard let dataSource, dataSource.tableView(self, canEditRowAt: indexPath) else {
        return nil
      }
      let configuration =
        leading
        ? delegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath)
        : delegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath)
      if configuration?.actions.isEmpty == false { swipedOpenRow = indexPath }
      // No configuration on the trailing edge: UIKit's own Delete, when the row deletes.
      if configuration == nil, !leading,
        delegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete == .delete
      {
        swipedOpenRow = indexPath
        swipedWithDefaultDelete = indexPath
      }
      if swipedOpenRow == indexPath {
        delegate?.tableView(self, willBeginEditingRowAt: indexPath)
      }
      return configuration
    }

    /// The user swipes the row at `indexPath` all the way across: the first action runs when
    /// the configuration performs it on a full swipe (UIKit's default). Returns its title.
    @discardableResult
    public func simulateFullSwipe(at indexPath: IndexPath, leading: Bool) -> String? {
      guard let configuration = simulateSwipe(at: indexPath, leading: leading),
        configuration.performsFirstActionWithFullSwipe, let first = configuration.actions.first
      else { return nil }
      simulateTap(on: first)
      return first.title
    }

    /// The user taps `action` of the row swiped open: its handler runs, and the row stays
    /// open until the handler calls its completion (once; UIKit ignores later calls).
    public func simulateTap(on action: UIContextualAction) {
      let view = UIView()
      var completed = false
      action.handler(action, view) { [weak self] _ in
        guard !completed else { return }
        completed = true
        self?.swipedOpenRow = nil
      }
    }

    /// The row whose swipe buttons are showing: swiped open, its action's completion not yet
    /// called.
    public internal(set) var swipedOpenRow: IndexPath? {
      get { engine.swipedOpenRow }
      set { engine.swipedOpenRow = newValue }
    }

    /// Whether the row's content is indented in editing mode (UIKit makes room for the
    /// editing control unless the delegate says not to).
    public func isIndentedWhileEditing(at indexPath: IndexPath) -> Bool {
      isEditing && delegate?.tableView(self, shouldIndentWhileEditingRowAt: indexPath) ?? true
    }

    /// The user drags a row in editing mode to `destination` in one gesture: lift, move over
    /// `destination`, let go. Returns whether the row moved (it lands where the delegate lets
    /// it go).
    @discardableResult
    public func simulateDrag(from source: IndexPath, to destination: IndexPath) -> Bool {
      guard simulateLift(at: source) else { return false }
      _ = simulateDragOver(destination)
      return simulateDrop()
    }

    /// Not UIKit: whether `cell`'s row shows its reorder control (the table edits and the data
    /// source lets the row move); it hides the cell's accessory views.
    public func showsReorderControl(on cell: UITableViewCell) -> Bool {
      guard isEditing,
        let path = engine.visible.first(where: { $0.value === cell })?.key
          ?? engine.prepared.first(where: { $0.value === cell })?.key
      else { return false }
      return dataSource?.tableView(self, canMoveRowAt: path.indexPath) ?? false
    }

    /// The user lifts a row by its reorder control, when the data source lets it move: the
    /// reorder is live, and a batch update or reload raises until the drop.
    @discardableResult
    public func simulateLift(at source: IndexPath) -> Bool {
      let canMove = dataSource?.tableView(self, canMoveRowAt: source) ?? false
      return engine.beginReorder(at: ItemPath(source), canMove: canMove)
    }

    /// The held row moves over `proposed`: UIKit asks the delegate where it may go
    /// (`targetIndexPathForMoveFromRowAt`). Returns that place, or nil when no row is held.
    @discardableResult
    public func simulateDragOver(_ proposed: IndexPath) -> IndexPath? {
      guard let source = engine.reorder?.source else { return nil }
      return engine.moveReorder(over: ItemPath(proposed)) { proposed in
        ItemPath(
          delegate?.tableView(
            self, targetIndexPathForMoveFromRowAt: source.indexPath,
            toProposedIndexPath: proposed.indexPath) ?? proposed.indexPath)
      }?.indexPath
    }

    /// The reorder ends without a drop (the system cancels the gesture: a call comes in, the
    /// app goes to the background): the row goes back and the data source is told nothing, as
    /// UIKit's `cancelInteractiveMovement()` does. Returns whether a row was held.
    @discardableResult
    public func simulateCancelReorder() -> Bool { engine.cancelReorder() }

    /// The drop's animation ends (about 0.3 s after the drop on a device): the table reloads
    /// the moved cell at its next layout pass. Returns whether a drop was animating.
    @discardableResult
    public func simulateDropAnimationEnd() -> Bool { engine.endDropAnimation() }

    /// The user lets go of the held row: UIKit moves it on screen, then tells the data source
    /// (unless it is let go where it was lifted) while it still animates the drop; the moved
    /// cell is reloaded at the first layout pass after ``simulateDropAnimationEnd()``, and an
    /// update before that raises. Returns whether it moved.
    @discardableResult
    public func simulateDrop() -> Bool {
      engine.endReorder { source, destination in
        dataSource?.tableView(self, moveRowAt: source.indexPath, to: destination.indexPath)
      }
    }
  }
#endif
