#if os(Linux)
  import CatenaDiff

  extension ListEngine {
    /// The user lifts the row at `source` (the data source lets it move): the reorder is live.
    func beginReorder(at source: ItemPath, canMove: Bool) -> Bool {
      guard reorder == nil, canMove, visible[source] != nil else { return false }
      calls.append("lift \(source)")
      reorder = (source, source)
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

    /// The user lets go: the row moves on screen, the data source is told (`move`), the view
    /// lays out its rows again. Let go where it was lifted, nothing moves, but the data source
    /// is told all the same, from and to the same path (as UIKit does: a data source's
    /// `moveRowAt` must expect equal paths).
    func endReorder(move: (ItemPath, ItemPath) -> Void) -> Bool {
      guard let held = reorder else { return false }
      defer { reorder = nil }
      guard held.target != held.source else {
        calls.append("drop \(held.source) in place")
        move(held.source, held.source)
        return false
      }
      calls.append("reorder \(held.source) -> \(held.target)")
      // The view is still finishing the drop while the data source hears of it.
      move(held.source, held.target)
      reorder = nil
      for path in visible.keys.sorted() { retire(at: path) }
      counts = readCounts()
      host.setNeedsLayoutForEngine()
      return true
    }

    /// Whether a row taken from `source` can be dropped at `path`.
    private func fits(_ path: ItemPath, from source: ItemPath) -> Bool {
      let counts = loadedCounts()
      guard counts.indices.contains(path.section), path.item >= 0 else { return false }
      return path.item <= counts[path.section] - (path.section == source.section ? 1 : 0)
    }
  }
#endif
