#if os(Linux)
  import CatenaDiff

  extension ListEngine {
    /// The user lifts the row at `source` (the data source lets it move): the reorder is live,
    /// and the held cell's `configurationState.isReordering` is true (iOS 14
    /// `UICellConfigurationState.isReordering`, UIKit-iOS18.6.swift:31666).
    func beginReorder(at source: ItemPath, canMove: Bool) -> Bool {
      guard reorder == nil, dropSettling == nil, canMove, visible[source] != nil else {
        return false
      }
      calls.append("lift \(source)")
      reorder = (source, source)
      setReordering(true, at: source)
      return true
    }

    /// The held row moves over `proposed`; `target` asks the delegate where it may go.
    func moveReorder(over proposed: ItemPath, target: (ItemPath) -> ItemPath) -> ItemPath? {
      guard let held = reorder, fits(proposed, from: held.source) else { return nil }
      let answer = target(proposed)
      guard fits(answer, from: held.source) else {
        raise("the delegate's reorder target \(answer) is out of bounds")
        return nil
      }
      reorder = (held.source, answer)
      return answer
    }

    /// The user lets go: the row moves on screen, the data source is told (`move`), and the
    /// view animates the drop: the moved cell's layer animates until the animation ends
    /// (`simulateDropAnimationEnd()`), and the view reloads that cell at its first layout
    /// pass after it (after `endInteractiveMovement()` UIKit "reloads the cell at the new
    /// index path after it is moved … asynchronously", and "the `cellForItemAt` call is
    /// delayed by the animation": openradar 34933061). A batch update or reload before that
    /// raises. Let go where it was lifted, nothing moves, but the data source is told all the
    /// same, from and to the same path (as UIKit does: a data source's `moveRowAt` must expect
    /// equal paths).
    func endReorder(move: (ItemPath, ItemPath) -> Void) -> Bool {
      guard let held = reorder else { return false }
      defer { reorder = nil }
      setReordering(false, at: held.source)
      guard held.target != held.source else {
        calls.append("drop \(held.source) in place")
        move(held.source, held.source)
        return false
      }
      calls.append("reorder \(held.source) -> \(held.target)")
      let before = loadedCounts()
      // The view is still finishing the drop while the data source hears of it.
      move(held.source, held.target)
      reorder = nil
      var after = before
      after[held.source.section] -= 1
      after[held.target.section] += 1
      let batch = BatchUpdate(itemMoves: [ItemMove(from: held.source, to: held.target)])
      if let model = try? BatchModel(batch, before: before, after: after), after == readCounts() {
        commit(batch, model: model)
      } else {
        for path in visible.keys.sorted() { retire(at: path) }
        dropPrepared()
        counts = readCounts()
      }
      dropSettling = held.target
      visible[held.target]?.layer.animations = ["position"]
      host.setNeedsLayoutForEngine()
      return true
    }

    /// The drop's animation ends: the moved cell is reloaded at the next layout pass.
    func endDropAnimation() -> Bool {
      guard let path = dropSettling else { return false }
      visible[path]?.layer.removeAllAnimations()
      calls.append("drop animation ended \(path)")
      host.setNeedsLayoutForEngine()
      return true
    }

    /// The reorder ends without a drop (`cancelInteractiveMovement()`: "Ends interactive
    /// movement tracking and returns the target item to its original location"; a gesture the
    /// system cancels, editing ending): the row goes back, and the data source is told nothing.
    func cancelReorder() -> Bool {
      guard let held = reorder else { return false }
      calls.append("cancel reorder \(held.source)")
      reorder = nil
      setReordering(false, at: held.source)
      host.setNeedsLayoutForEngine()
      return true
    }

    /// At a layout pass once the drop's animation is over, the moved cell is asked for anew
    /// at its new path, as UIKit reloads it.
    func settleDrop() {
      guard let path = dropSettling, visible[path]?.layer.animationKeys() == nil else { return }
      dropSettling = nil
      guard visible[path] != nil else { return }
      calls.append("reload moved \(path)")
      retire(at: path)
      guard let cell = askCell(at: path) else { return }
      visible[path] = cell
      host.tellWillDisplay(cell, at: path.indexPath)
    }

    /// Marks the cell of the held row as reordering (or not), so its configuration state says so.
    private func setReordering(_ reordering: Bool, at path: ItemPath) {
      guard let cell = visible[path] as? any ConfigurableCell else { return }
      cell.isReorderingInList = reordering
      cell.askForUpdate()
    }

    /// Whether a row taken from `source` can be dropped at `path`.
    private func fits(_ path: ItemPath, from source: ItemPath) -> Bool {
      let counts = loadedCounts()
      guard counts.indices.contains(path.section), path.item >= 0 else { return false }
      return path.item <= counts[path.section] - (path.section == source.section ? 1 : 0)
    }
  }
#endif
