// A chat-like timeline on a two-way `Pager`: it opens at the newest messages, loads older ones
// above as the user scrolls up (the message being read stays put), keeps a window of pages in
// memory, shows day separators and status rows, edits a message optimistically, takes back an
// edit whose request fails, sends a message, and jumps to the first day. The "server" is
// `FixturePages` with before/after cursors, answering at once.
//
//   swift run Timeline
import Catena
import CatenaHeadless
import CatenaTesting

/// A message of the timeline.
struct Message: Identifiable, Equatable, Sendable {
  var id: Int
  var day: Int
  var text: String

  init(_ index: Int) {
    id = index
    day = 1 + index / 12
    text = ["Morning!", "Coffee?", "On my way", "Deploy went fine", "Lunch at 1"][index % 5]
  }
}

/// Why an edit's request failed.
struct Offline: Error, CustomStringConvertible {
  var description: String { "offline" }
}

@MainActor
func main() async throws {
  let server = FixturePages(count: 100) { Message($0) }
  let timeline = Pager(
    PagerConfiguration(pageSize: 12, prefetchDistance: 3, maxLoadedPages: 4),
    source: server.source(.server))
  let table = HeadlessTable(viewportHeight: 6 * 44)
  let dataSource = SectionedDataSource<String, PagerRow<Message>>()
    .bind(table)
    .configureCell(TextCell.self) { cell, _, row in
      cell.text = row.item.map { "#\($0.id) \($0.text)" } ?? "— \(row.text) —"
    }
  let byDay = PagerRows<Message>(separator: { before, message in
    before?.day == message.day ? nil : "day \(message.day)"
  })
  timeline.bind(dataSource, section: "chat", rows: byDay)

  // Loads that rows coming on screen ask for start on the next main-actor turn (never inside
  // the table's layout pass), so yield at least once before looking.
  func settle() async {
    repeat { await Task.yield() } while timeline.loadStates.isLoading
  }
  func show(_ step: String) {
    let window = timeline.items
    print("── \(step)")
    print(
      "   \(window.count) messages in memory (#\(window.first?.id ?? 0)–#\(window.last?.id ?? 0))")
    print("   \(timeline.loadStates)")
    print(table.render().split(separator: "\n").map { "   " + $0 }.joined(separator: "\n"))
  }

  // The newest messages first: the page that ends the list.
  timeline.refresh(at: .cursor(FixturePages<Message>.cursor(forOffset: 88)))
  await settle()
  table.scrollToBottom()
  await settle()
  show("open the chat at the newest messages")

  // Scroll up until older messages load above; the message at the top of the screen then is
  // still there.
  let oldest = timeline.items.first?.id
  var top = ""
  while timeline.items.first?.id == oldest {
    table.scroll(toOffset: table.contentOffset - 2 * 44)
    top = table.render().split(separator: "\n").first.map(String.init) ?? ""
    await settle()
  }
  show("scroll up: older pages load above")
  print("   the top row before the load: \(top.drop { $0 == " " })")

  var reading = timeline.items[timeline.items.count / 2]
  reading.text = "Deploy went fine (edited)"
  let kept = await timeline.edit(.update(reading)) {}.value
  print("── edit #\(reading.id) optimistically: \(kept.isApplied ? "kept" : "rolled back")")

  var other = timeline.items[timeline.items.count / 2 + 1]
  other.text = "this edit will fail"
  let failing = timeline.edit(.update(other)) { throw Offline() }
  let shown = timeline.items.first { $0.id == other.id }?.text ?? ""
  print("   while its request runs, #\(other.id) shows: \"\(shown)\"")
  let result = await failing.value
  print(
    "── edit #\(other.id), whose request fails: \(result.isApplied ? "kept" : "rolled back"); "
      + "it shows \"\(timeline.items.first { $0.id == other.id }?.text ?? "")\" again")

  timeline.refresh(at: .cursor(FixturePages<Message>.cursor(forOffset: 88)))
  await settle()
  table.scrollToBottom()
  await settle()
  var draft = Message(100)
  draft.text = "Sent from the sample"
  let sent = await timeline.edit(.insert(draft, at: .end)) {}.value
  table.scrollToBottom()
  await settle()
  show("back at the newest; send a message (\(sent.isApplied ? "sent" : "not sent"))")

  timeline.refresh()
  await settle()
  table.scroll(toOffset: 0)
  show("jump to the first day")
  print("── the server was asked for \(server.requests.count) pages")
}

try await main()
