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

  /// Answers the outline's loads when the test says: each request waits, by a token, until
  /// answered or cancelled.
  @MainActor
  final class LoadDesk {
    typealias Answer = CheckedContinuation<[OutlineNode<Entry>], any Error>
    var waiting: [(token: Int, name: String, answer: Answer)] = []
    private var nextToken = 0

    func load(_ name: String) async throws -> [OutlineNode<Entry>] {
      let token = nextToken
      nextToken += 1
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { waiting.append((token, name, $0)) }
      } onCancel: {
        Task { @MainActor in self.answer(token, .failure(CancellationError())) }
      }
    }

    func answer(_ token: Int, _ result: Result<[OutlineNode<Entry>], any Error>) {
      guard let index = waiting.firstIndex(where: { $0.token == token }) else { return }
      waiting.remove(at: index).answer.resume(with: result)
    }
  }

  struct LoadFailed: Error {}

  @MainActor
  @Suite("Outlines against a reference model, through UIKit's batch model")
  struct OutlineModelUIKitTests {
    /// What a cell shows for `row`.
    static func title(_ row: OutlineRow<Entry>) -> String {
      switch row {
      case .item(let entry, _, _): entry.id
      case .loading: "loading"
      case .loadFailed: "failed"
      }
    }

    /// The outline's rows as the reference writes them.
    func lines(_ files: Outline<Entry>) -> [String] {
      files.rows.map { row in
        let indent = String(repeating: "  ", count: row.depth)
        guard case .item(let item, _, let expands) = row else { return indent + Self.title(row) }
        return indent + (expands ? (files.expandedIDs.contains(item.id) ? "▾ " : "▸ ") : "  ")
          + item.id
      }
    }

    /// Waits until every load the outline runs has asked the desk once, and cancelled ones
    /// have left it.
    func settle(_ files: Outline<Entry>, _ desk: LoadDesk) async throws {
      try await turns("loads to reach the desk") {
        desk.waiting.count == files.loads.count
          && Set(desk.waiting.map(\.name)) == Set(files.loads.keys)
      }
    }

    /// Answers one waiting load, at random with children or a failure, in outline and model.
    func answerALoad(
      _ random: inout SeededRandom, _ files: Outline<Entry>, _ desk: LoadDesk,
      _ model: inout OutlineReference, _ counts: inout [String: Int]
    ) async throws -> Bool {
      guard !desk.waiting.isEmpty else { return false }
      // By name: the order loads reached the desk in is the scheduler's.
      let waiting = desk.waiting.sorted { $0.name < $1.name }
      let request = waiting[random.below(waiting.count)]
      let children =
        random.chance(60)
        ? (0..<random.below(3)).map { OutlineNode(Entry(id: "\(request.name)/\($0)")) } : nil
      desk.answer(request.token, children.map { .success($0) } ?? .failure(LoadFailed()))
      if children == nil { counts["load failed", default: 0] += 1 }
      try await turns("the answer for \(request.name)") { files.loads[request.name] == nil }
      model.finish(request.name, with: children)
      return true
    }

    @Test func seededSequencesMatchTheModelAndEveryBatchPassesUIKitsModel() async throws {
      var counts: [String: Int] = [:]
      for seed in 0..<(ProcessInfo.processInfo.environment["SEEDS"].flatMap(Int.init) ?? 2_000) {
        var random = SeededRandom(seed: UInt64(seed))
        let desk = LoadDesk()
        var model = OutlineReference(tree: OutlineReference.randomTree(&random))
        let (table, window) = tableInWindow(height: 8_000)
        let files = Outline<Entry> { item in try await desk.load(item.id) }
          .canPlace(OutlineReference.rule)
        let dataSource = SectionedDataSource<String, OutlineRow<Entry>>()
          .bind(table)
          .configureCell(TitleCell.self, reuseIdentifier: "row") { cell, _, row in
            cell.title = Self.title(row)
          }
        files.bind(dataSource, section: "files")
        let clock = ManualClock()
        dataSource.reorderClock = clock
        try files.apply(model.tree, animated: false)
        table.isEditing = true
        table.allowsSelectionDuringEditing = true  // taps retry and open folders while editing
        table.layoutIfNeeded()
        for step in 0..<20 {
          let expandable = model.expandable(aboveDepth: nil).sorted()
          switch random.below(12) {
          case 0..<3 where !expandable.isEmpty:
            let name = expandable[random.below(expandable.count)]
            try files.expand(name, animated: random.chance(50))
            model.expanded.insert(name)
            counts["expand", default: 0] += 1
          case 3..<5 where !expandable.isEmpty:
            let name = expandable[random.below(expandable.count)]
            try files.collapse(name, animated: random.chance(50))
            model.expanded.remove(name)
            counts["collapse", default: 0] += 1
          case 5:
            let depth = random.chance(20) ? nil : random.below(4)
            try files.expand(toDepth: depth)
            model.expanded = model.expandable(aboveDepth: depth)
            counts["expand to a depth", default: 0] += 1
          case 6:
            let tree = OutlineReference.randomTree(&random)
            try files.apply(tree, animated: random.chance(50))
            model.apply(tree)
            counts["apply", default: 0] += 1
          case 7..<9:
            if try await answerALoad(&random, files, desk, &model, &counts) {
              counts["load answered", default: 0] += 1
            }
          case 9:
            let failed = model.rows.indices.filter {
              model.rows[$0].name == nil && model.failed.contains(model.rows[$0].parent ?? "")
            }
            guard let row = failed.first else { break }
            table.simulateTap(at: path(row))
            model.failed.remove(model.rows[row].parent ?? "")
            counts["retry", default: 0] += 1
          default:
            try await reorder(&random, files, dataSource, table, clock, desk, &model, &counts)
          }
          try await settle(files, desk)
          table.layoutIfNeeded()
          let context = "seed \(seed), step \(step)"
          #expect(lines(files) == model.lines, "\(context)")
          #expect(files.expandedIDs == model.expanded, "\(context)")
          let titles = model.lines.map { $0.trimmingCharacters(in: .whitespaces) }
            .map { $0.hasPrefix("▸ ") || $0.hasPrefix("▾ ") ? String($0.dropFirst(2)) : $0 }
          #expect(table.shownTitles == titles, "\(context): the cells UIKit's model shows")
          #expect(table.exceptions.isEmpty, "\(context)")
          if lines(files) != model.lines || !table.exceptions.isEmpty { return }
          counts["steps", default: 0] += 1
        }
        for request in desk.waiting { desk.answer(request.token, .failure(CancellationError())) }
        withExtendedLifetime((window, dataSource)) {}
      }
      #expect(counts["steps"] == 40_000)
      #expect(counts["reorder", default: 0] > 5_000 && counts["moved", default: 0] > 1_000)
      #expect(counts["apply mid-drag", default: 0] > 2_000)
      #expect(counts["load answered", default: 0] > 1_000)
      #expect(counts["retry", default: 0] > 50)
      print("Outline model: \(counts.sorted { $0.key < $1.key })")
    }

    /// The user lifts a random row, holds it over a random place, the tree may change under
    /// the drag (an apply, a load answered), then drops it.
    func reorder(
      _ random: inout SeededRandom, _ files: Outline<Entry>,
      _ dataSource: SectionedDataSource<String, OutlineRow<Entry>>, _ table: UITableView,
      _ clock: ManualClock, _ desk: LoadDesk, _ model: inout OutlineReference,
      _ counts: inout [String: Int]
    ) async throws {
      let shown = model.rows
      let nodes = shown.indices.filter { shown[$0].name != nil }
      guard !nodes.isEmpty else { return }
      let source = nodes[random.below(nodes.count)]
      let proposed = random.below(shown.count)
      var others = shown
      let moving = others.remove(at: source)
      let name = moving.name ?? ""
      var without = model.tree
      _ = OutlineReference.take(name, from: &without)
      let accepted = model.place(
        Entry(id: name), above: proposed > 0 ? others[proposed - 1] : nil,
        below: proposed < others.count ? others[proposed] : nil, in: without)
      let target = accepted == nil ? source : proposed
      #expect(table.simulateLift(at: path(source)))
      #expect(table.simulateDragOver(path(proposed)) == path(target))
      counts["reorder", default: 0] += 1
      if random.chance(50) {
        let tree = OutlineReference.randomTree(&random)
        try files.apply(tree, animated: random.chance(50))
        model.apply(tree)
        counts["apply mid-drag", default: 0] += 1
      }
      if random.chance(30) {
        try await settle(files, desk)
        if try await answerALoad(&random, files, desk, &model, &counts) {
          counts["load answered mid-drag", default: 0] += 1
        }
      }
      if table.simulateDrop() { table.simulateDropAnimationEnd() }
      if target != source, OutlineReference.find(name, in: model.tree) != nil {
        var after = others
        after.insert(moving, at: target)
        var without = model.tree
        _ = OutlineReference.take(name, from: &without)
        if let place = model.place(
          Entry(id: name), above: target > 0 ? after[target - 1] : nil,
          below: target + 1 < after.count ? after[target + 1] : nil, in: without)
        {
          model.move(name, to: place)
          counts["moved", default: 0] += 1
        }
      }
      try await tickUntilReorderEnds(dataSource, clock)
    }
  }
#endif
