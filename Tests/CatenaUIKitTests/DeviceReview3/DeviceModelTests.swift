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

  /// Seeded sequences of what a device does to an outline list — lifts, hovers, drops,
  /// cancels, drag sessions, applies, lazy loads, expand and collapse, scrolls over
  /// self-sizing rows, the list leaving and re-entering its window, the app going to the
  /// background — checked after every step against a reference model of the device's rules.
  @MainActor
  @Suite("A device's sequences against a reference model (R3)")
  struct DeviceModelTests {
    typealias RowID = OutlineRow<Entry>.ID

    /// What a row's cell says: its name, and for some rows enough words to wrap to two or
    /// three lines (self-sizing rows of different heights).
    static func text(_ row: OutlineRow<Entry>) -> String {
      guard let name = row.item?.id else { return row.status == .firstLoad ? "loading" : "failed" }
      let words = name.unicodeScalars.reduce(0) { $0 + Int($1.value) } % 13
      return ([name] + Array(repeating: "lorem", count: words)).joined(separator: " ")
    }

    /// Where the view stands, as the model sees it.
    enum Hold: Equatable {
      /// No row held.
      case none
      /// The user holds a row by its reorder control.
      case lifted
      /// A drag session from the list is under way.
      case session
      /// A drop animates (the view still holds the moved row until it ends and a layout pass
      /// runs).
      case dropping
    }

    /// The device's rules: which rows show, since when, and which appeared.
    struct Reference {
      var hold = Hold.none
      var inWindow = true
      var foreground = true
      /// The tap behaviour's generation the cells of now must call.
      var generation = 0
      /// The rows that show at least half, since the step they started to.
      var since: [RowID: Duration] = [:]
      /// The rows that appeared and have not disappeared.
      var appeared: Set<RowID> = []
    }

    /// The test's world for one sequence.
    @MainActor final class World {
      let scene = UIWindowScene()
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
      let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440), style: .plain)
      let desk = LoadDesk()
      let files: Outline<Entry>
      let dataSource = SectionedDataSource<String, OutlineRow<Entry>>()
      /// Time for impressions.
      let clock = ManualClock()
      /// Time for the data source's reorder re-checks.
      let reorderClock = ManualClock()
      /// The tap behaviour's generation the data source was last given.
      var generation = 0
      /// The generation the last tapped cell's behaviour had.
      var heardTap: Int?
      var heard: [Impression<RowID>] = []
      /// How often a re-check timer was restarted while the test waited for it.
      var restartedRechecks = 0

      init() {
        let desk = desk
        files = Outline<Entry> { item in try await desk.load(item.id) }
          .canPlace(OutlineReference.rule)
        window.windowScene = scene
        window.addSubview(table)
      }
    }

    @Test func seededSequencesKeepEveryDeviceRule() async throws {
      var counts: [String: Int] = [:]
      let seeds = ProcessInfo.processInfo.environment["SEEDS"].flatMap(Int.init) ?? 2_000
      for seed in 0..<seeds {
        var random = SeededRandom(seed: UInt64(seed) &+ 49_000)
        let world = World()
        try build(world, &random)
        var model = Reference()
        await world.dataSource.impressionsDelivered()
        _ = checkImpressions(world, &model, "seed \(seed), start")
        for step in 0..<(20 + random.below(41)) {
          world.table.clearCalls()
          let action = try await act(world, &random, &model)
          counts[action, default: 0] += 1
          if world.table.calls.contains(where: { $0.hasPrefix("show prepared") }) {
            counts["prepared cell shown again", default: 0] += 1
          }
          let context = "seed \(seed), step \(step) (\(action))"
          guard try await check(world, &model, context) else { return }
          counts["steps", default: 0] += 1
        }
        for request in world.desk.waiting {
          world.desk.answer(request.token, .failure(CancellationError()))
        }
        world.dataSource.invalidate()
        counts["re-check restarted", default: 0] += world.restartedRechecks
      }
      print("Device model: \(counts.sorted { $0.key < $1.key })")
      #expect(counts["steps", default: 0] >= seeds * 20)
      for action in [
        "lift", "hover", "drop", "drop settles", "cancel", "editing ends", "drag session",
        "session ends", "apply", "load answered", "expand", "collapse", "scroll", "window",
        "background", "time", "behaviours change", "prepared cell shown again",
      ] {
        #expect(counts[action, default: 0] >= seeds / 20, "\(action) ran too seldom")
      }
    }

    /// Binds the outline to the table with self-sizing cells, behaviours and impressions.
    func build(_ world: World, _ random: inout SeededRandom) throws {
      world.dataSource.reorderClock = world.reorderClock
      world.dataSource
        .bind(world.table)
        .configureCell(ButtonCell.self, reuseIdentifier: "row") { cell, _, row in
          cell.title = row.item?.id ?? "status"
          var content = cell.defaultContentConfiguration()
          content.text = Self.text(row)
          cell.contentConfiguration = content
        } behaviors: { [weak world] cell, _, _ in
          let generation = world?.generation ?? -1
          cell.onTap = { world?.heardTap = generation }
        }
      world.dataSource.impressions(after: .milliseconds(300), clock: world.clock) {
        [weak world] in world?.heard.append($0)
      }
      world.files.bind(world.dataSource, section: "files")
      try world.files.apply(OutlineReference.randomTree(&random), animated: false)
      world.table.isEditing = true
      world.table.allowsSelectionDuringEditing = true
      world.table.layoutIfNeeded()
    }
  }
#endif
