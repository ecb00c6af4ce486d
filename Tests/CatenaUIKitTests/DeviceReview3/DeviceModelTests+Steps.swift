#if os(Linux)
  @testable import CatenaDataSource
  import CatenaDiff
  import CatenaTesting
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaOutline
  @testable import CatenaPaging
  @testable import CatenaUIKit

  extension DeviceModelTests {
    /// The paths of the rows on screen that show an item (not a status), top to bottom.
    func shownItemPaths(_ world: World) -> [IndexPath] {
      (world.table.indexPathsForVisibleRows ?? []).filter {
        world.dataSource.item(at: ItemPath($0))?.item != nil
      }
    }

    /// One step: something the user, the system or the server does. Returns its name.
    func act(
      _ world: World, _ random: inout SeededRandom, _ model: inout Reference
    ) async throws -> String {
      let table = world.table
      let shown = shownItemPaths(world)
      // Free: lift or start a drag (0, 1), or anything else (7…19). Holding a row: as often
      // the reorder's own gestures (2…6) as anything else.
      let roll =
        model.hold == .none
        ? [0, 1] + Array(7..<20) : (random.chance(50) ? Array(2..<7) : Array(7..<20))
      switch roll[random.below(roll.count)] {
      case 0..<2 where model.hold == .none && model.inWindow && !shown.isEmpty:
        let source = shown[random.below(shown.count)]
        if random.chance(70) {
          guard table.simulateLift(at: source) else { return "lift refused" }
          model.hold = .lifted
          return "lift"
        }
        guard table.simulateBeginDragSession(at: source) else { return "session refused" }
        model.hold = .session
        return "drag session"
      case 2..<4 where model.hold == .lifted:
        let rows = table.indexPathsForVisibleRows ?? []
        guard !rows.isEmpty else { return "nothing" }
        _ = table.simulateDragOver(rows[random.below(rows.count)])
        return "hover"
      case 4 where model.hold == .lifted:
        _ = table.simulateDrop()
        model.hold = .dropping
        return "drop"
      case 5..<7 where model.hold != .none:
        // The view gives the row back: the drop settles, or the reorder or drag ends without one.
        let endings: [(Hold, String, () -> Void)] = [
          (.dropping, "drop settles", { _ = table.simulateDropAnimationEnd() }),
          (.lifted, "cancel", { _ = table.simulateCancelReorder() }),
          (
            .lifted, "editing ends",
            {
              table.isEditing = false; table.isEditing = true
            }
          ),
          (.session, "session ends", { _ = table.simulateEndDragSessionWithoutDrop() }),
        ]
        let possible = endings.filter { $0.0 == model.hold }
        let (_, name, gesture) = possible[random.below(possible.count)]
        gesture()
        table.layoutIfNeeded()
        model.hold = .none
        return name
      case 7..<9:
        let tree = OutlineReference.randomTree(&random)
        try world.files.apply(tree, animated: random.chance(50))
        return "apply"
      case 9..<11:
        return try await answerALoad(world, &random) ? "load answered" : "nothing"
      case 11:
        let closed = world.files.rows.compactMap { row -> String? in
          guard case .item(let item, _, true) = row, !world.files.expandedIDs.contains(item.id)
          else { return nil }
          return item.id
        }
        guard !closed.isEmpty else { return "nothing" }
        try world.files.expand(closed[random.below(closed.count)], animated: random.chance(50))
        return "expand"
      case 12:
        let open = world.files.expandedIDs.sorted()
        guard !open.isEmpty else { return "nothing" }
        try world.files.collapse(open[random.below(open.count)], animated: random.chance(50))
        return "collapse"
      case 13..<15:
        let bottom = max(Int(table.contentSize.height - table.bounds.height), 0)
        table.simulateScroll(toY: CGFloat(random.below(bottom + 1)))
        return "scroll"
      case 15 where model.hold == .none || model.hold == .lifted:
        // A push, a tab switch: the list leaves its window (a held row is let go), and comes
        // back.
        if model.inWindow {
          table.removeFromSuperview()
          model.hold = .none
        } else {
          world.window.addSubview(table)
        }
        model.inWindow.toggle()
        return "window"
      case 16:
        if model.foreground {
          world.scene.simulateEnterBackground()
        } else {
          world.scene.simulateEnterForeground()
        }
        model.foreground.toggle()
        return "background"
      case 17..<19:
        let step = Duration.milliseconds(50 + random.below(450))
        await world.dataSource.impressionsDelivered()
        let timer = world.dataSource.impressionTimer(dueBy: world.clock.now.offset + step)
        world.clock.advance(by: step)
        await timer?.value
        return "time"
      case 19:
        // What a row's tap does changes (an edit mode, say), and the rows are given again.
        world.generation += 1
        model.generation = world.generation
        var snapshot = Snapshot<String, OutlineRow<Entry>>()
        try snapshot.appendSection("files")
        try snapshot.appendItems(world.files.rows)
        try world.dataSource.apply(snapshot, animated: random.chance(50))
        return "behaviours change"
      default:
        return "nothing"
      }
    }

    /// Answers one waiting load, at random with children or a failure.
    func answerALoad(_ world: World, _ random: inout SeededRandom) async throws -> Bool {
      let waiting = world.desk.waiting.sorted { $0.name < $1.name }
      guard !waiting.isEmpty else { return false }
      let request = waiting[random.below(waiting.count)]
      let children =
        random.chance(60)
        ? (0..<random.below(4)).map { OutlineNode(Entry(id: "\(request.name)/\($0)")) } : nil
      world.desk.answer(request.token, children.map { .success($0) } ?? .failure(LoadFailed()))
      try await turns("the answer for \(request.name)") {
        world.files.loads[request.name] == nil
      }
      return true
    }
  }
#endif
