// A settings-like outline: groups that open and close, a group whose entries come from a
// "server" when first opened (failing once, then retried with a tap), entries the user
// reorders by dragging (entries stay inside groups; groups go anywhere), an update from the
// server that lands while a row is held, and an entry dropped in from outside the list.
// Headless here; `SettingsViewController` in the UIKit article is the same chain on a
// collection list.
//
//   swift run SettingsOutline
import Catena
import CatenaHeadless

/// A row of the settings: a group, or an entry in one.
struct Setting: Identifiable, Equatable, Sendable {
  var id: String { title }
  var title: String
  var isGroup = false
}

/// A group of `entries`.
func group(_ title: String, _ entries: [OutlineNode<Setting>]) -> OutlineNode<Setting> {
  OutlineNode(Setting(title: title, isGroup: true), children: entries)
}

/// An entry.
func entry(_ title: String) -> OutlineNode<Setting> { OutlineNode(Setting(title: title)) }

/// The error of an unreachable server.
struct Unreachable: Error, CustomStringConvertible {
  var description: String { "The server cannot be reached." }
}

/// The "server" the Accounts group loads from: unreachable the first time.
actor AccountServer {
  private var attempts = 0

  func accounts() throws -> [OutlineNode<Setting>] {
    attempts += 1
    guard attempts > 1 else { throw Unreachable() }
    return [entry("iCloud"), entry("Work mail")]
  }
}

@MainActor
func main() async throws {
  let server = AccountServer()
  let settings = Outline<Setting> { _ in try await server.accounts() }
  let table = HeadlessTable(viewportHeight: 20 * 44)
  var log: [String] = []

  let dataSource = SectionedDataSource<String, OutlineRow<Setting>>()
    .bind(table)
    .configureCell(TextCell.self) { cell, _, row in cell.text = row.item?.title ?? "" }
    .statusCell(TextCell.self)
  settings
    .canPlace { item, parent in parent?.isGroup ?? item.isGroup }
    .didPlace { item, place in
      log.append("moved \(item.title) to \(place.parent ?? "the top") #\(place.index)")
    }
    .bind(dataSource, section: "settings")

  let tree = [
    group(
      "General", [entry("About"), entry("Software Update"), group("Language", [entry("Region")])]),
    group("Privacy", [entry("Location"), entry("Tracking")]),
    .lazy(Setting(title: "Accounts", isGroup: true)),
    group("Display", [entry("Wallpaper")]),
  ]
  try settings.apply(tree, animated: false)

  func show(_ step: String) {
    print("── \(step)")
    print(table.render().split(separator: "\n").map { "   " + $0 }.joined(separator: "\n"))
    if !log.isEmpty {
      print("   " + log.joined(separator: "; "))
      log = []
    }
  }
  /// Waits until no row is loading (a bounded number of turns).
  func settle() async {
    for _ in 0..<10_000
    where settings.rows.contains(where: { if case .loading = $0 { true } else { false } }) {
      await Task.yield()
    }
  }
  func row(_ title: String) -> ItemPath {
    ItemPath(item: settings.rows.firstIndex { $0.item?.title == title } ?? 0, section: 0)
  }

  show("the settings: groups closed")

  try settings.expand("Accounts")
  show("open Accounts: its entries load")
  await settle()
  show("the server is unreachable: a row to retry")

  table.tapRow(at: row("Accounts").next)
  await settle()
  show("tap it: the entries load")

  try settings.expand(toDepth: 1)
  show("open every group one level down")

  table.dragRow(at: row("Wallpaper"), to: row("Software Update"))
  show("drag Wallpaper above Software Update: it moves into General")

  table.dragRow(at: row("Location"), to: ItemPath(item: settings.rows.count - 1, section: 0))
  show("drag Location to the very end: entries stay in groups, so it goes into Display")

  table.beginDrag(at: row("Tracking"))
  table.dragOver(ItemPath(item: 0, section: 0))
  show("hold Tracking above everything: entries cannot sit at the top, it stays")
  var update = settings.roots
  if let privacy = update.firstIndex(where: { $0.item.title == "Privacy" }) {
    update[privacy].children?.append(entry("Screen Time"))
  }
  try settings.apply(update)
  show("…while it is held, the server adds Screen Time: the list waits")
  table.endDrag()
  show("let go: the update shows")

  try settings.drop([entry("Shortcuts")], at: row("Privacy").item)
  show("drop Shortcuts from another app above Privacy: into General, last")

  try settings.expand(toDepth: 0)
  show("close every group")
}

extension ItemPath {
  /// The row after this one.
  var next: ItemPath { ItemPath(item: item + 1, section: section) }
}

try await main()
