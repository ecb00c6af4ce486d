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
    /// Lets the step finish, then checks every rule; false when one broke (the sequence
    /// stops there, so that one failure does not hide behind a thousand).
    func check(_ world: World, _ model: inout Reference, _ context: String) async throws -> Bool {
      let table = world.table
      let dataSource = world.dataSource
      try await turns("loads to reach the desk") {
        world.desk.waiting.count == world.files.loads.count
          && Set(world.desk.waiting.map(\.name)) == Set(world.files.loads.keys)
      }
      if model.hold == .none {
        // The view gave the row back: held work shows within one re-check.
        try await oneRecheck(world)
        #expect(!dataSource.isReordering, "\(context): the list is frozen")
        #expect(dataSource.reorderRecheck == nil, "\(context): still re-checking")
      }
      table.layoutIfNeeded()
      await dataSource.impressionsDelivered()
      #expect(table.exceptions.isEmpty, "\(context)")
      var held = true
      if model.hold == .none { held = checkCells(world, model, context) }
      let impressions = checkImpressions(world, &model, context)
      let thawed = model.hold != .none || !dataSource.isReordering
      return table.exceptions.isEmpty && thawed && held && impressions
    }

    /// Moves the re-check clock on once, when the data source still waits for the view. A
    /// re-check that another path restarted meanwhile (its timer began anew) gets one more
    /// tick, counted in `World.restartedRechecks`.
    func oneRecheck(_ world: World) async throws {
      let dataSource = world.dataSource
      for tick in 0..<2 {
        try await turns("the re-check to sleep or end") {
          world.reorderClock.sleeperCount > 0 || dataSource.reorderRecheck == nil
        }
        guard let timer = dataSource.reorderRecheck else { return }
        let looked = dataSource.reorderRecheckCount
        world.reorderClock.advance(by: .milliseconds(100))
        try await turns("the re-check to look") {
          dataSource.reorderRecheckCount > looked || dataSource.reorderRecheck != timer
        }
        await Task.yield()
        guard dataSource.reorderRecheckCount == looked, dataSource.reorderRecheck != nil else {
          return
        }
        if tick == 0 { world.restartedRechecks += 1 }
      }
    }

    /// Every cell on screen, prepared ones shown again included, shows its row of now, calls
    /// the behaviour of now and shows whether its folder is open.
    func checkCells(_ world: World, _ model: Reference, _ context: String) -> Bool {
      let rows = world.files.rows
      var good = true
      for path in world.table.indexPathsForVisibleRows ?? [] {
        guard let cell = world.table.cellForRow(at: path) as? ButtonCell,
          rows.indices.contains(path.row)
        else {
          Issue.record("\(context): no cell for row \(path.row) of \(rows.count)")
          return false
        }
        let row = rows[path.row]
        let title = row.item?.id ?? "status"
        world.heardTap = nil
        cell.onTap?()
        let chevron = cell.outlineChevron?.isExpanded
        var expected: Bool?
        if case .item(let item, _, true) = row {
          expected = world.files.expandedIDs.contains(item.id)
        }
        let checks = [
          (cell.title == title, "row \(path.row) shows \(cell.title), not \(title)"),
          (world.heardTap == model.generation, "row \(path.row) calls an old behaviour"),
          (chevron == expected, "row \(path.row)'s disclosure is \(String(describing: chevron))"),
        ]
        for (ok, what) in checks where !ok {
          Issue.record("\(context): \(what)")
          good = false
        }
      }
      return good
    }

    /// The rows at least half on screen now, while the list is in its window and the app in
    /// the foreground.
    func halfShown(_ world: World, _ model: Reference) -> Set<RowID> {
      guard model.inWindow, model.foreground else { return [] }
      let table = world.table
      let top = table.contentOffset.y
      let bottom = top + table.bounds.height
      var shown: Set<RowID> = []
      for path in table.indexPathsForVisibleRows ?? [] {
        guard let row = world.dataSource.item(at: ItemPath(path)), row.item != nil else {
          continue
        }
        let frame = table.rectForRow(at: path)
        let showing = min(frame.maxY, bottom) - max(frame.minY, top)
        if frame.height > 0, showing / frame.height >= 0.5 { shown.insert(row.id) }
      }
      return shown
    }

    /// Impressions as documented: a row appears once it has shown at least half for the
    /// duration, and disappears when less shows, the list leaves the window, or the app goes
    /// to the background; never twice in a row.
    func checkImpressions(_ world: World, _ model: inout Reference, _ context: String) -> Bool {
      let now = world.clock.now.offset
      let shown = halfShown(world, model)
      var good = true
      func fail(_ what: String) {
        Issue.record("\(context): \(what)")
        good = false
      }
      for event in world.heard {
        switch event {
        case .appeared(let id):
          if model.appeared.contains(id) { fail("\(id) appeared twice") }
          if !shown.contains(id) { fail("\(id) appeared while not showing half") }
          if let since = model.since[id], now - since < .milliseconds(300) {
            fail("\(id) appeared after \(now - since)")
          }
          if model.since[id] == nil { fail("\(id) appeared the moment it showed") }
          model.appeared.insert(id)
        case .disappeared(let id):
          if model.appeared.remove(id) == nil { fail("\(id) disappeared without appearing") }
        }
      }
      world.heard = []
      for id in model.appeared where !shown.contains(id) {
        fail("\(id) shows less than half (or not at all) and has not disappeared")
      }
      model.since = model.since.filter { shown.contains($0.key) }
      for id in shown where model.since[id] == nil { model.since[id] = now }
      for (id, since) in model.since where now - since >= .milliseconds(300) {
        if !model.appeared.contains(id) { fail("\(id) showed since \(since) and has not appeared") }
      }
      return good
    }
  }
#endif
