// A mail-like list: pages of mail from a "server", status rows while they load, swipe actions
// on both edges, a context menu, impressions (which mails the user has seen) and a jump to an
// unread mail by its id. Headless here; `MailListViewController` in the UIKit article is the
// same chain on a collection list. The "server" is `FixturePages`, answering at once.
//
//   swift run MailList
import Catena
import CatenaHeadless
import CatenaTesting

/// A mail of the list.
struct Mail: Identifiable, Equatable, Sendable {
  var id: Int
  var sender: String
  var subject: String
  var isFlagged = false

  init(_ index: Int) {
    id = index
    sender = ["Ann", "Bo", "Cy", "Di"][index % 4]
    subject = ["Lunch?", "Re: slides", "Invoice", "Trip photos", "Build is green"][index % 5]
  }
}

@MainActor
func main() async throws {
  let server = FixturePages(count: 24) { Mail($0) }
  let inbox = Pager(PagerConfiguration(pageSize: 10, prefetchDistance: 2), source: server.source)
  let table = HeadlessTable(viewportHeight: 5 * 44)
  var seen: [Int] = []
  var log: [String] = []

  let dataSource = SectionedDataSource<String, PagerRow<Mail>>()
    .bind(table)
    .configureCell(TextCell.self) { cell, _, row in
      guard let mail = row.item else { return }
      cell.text = "\(mail.isFlagged ? "⚑ " : "")\(mail.sender)"
      cell.detailText = mail.subject
    }
    .statusCell(TextCell.self)
    .swipeActions(.leading) { _, row in
      guard var mail = row.item else { return [] }
      return [
        SwipeAction("Flag") { done in
          mail.isFlagged.toggle()
          inbox.edit(.update(mail))
          done(true)
        }
      ]
    }
    .swipeActions(.trailing) { _, row in
      guard let mail = row.item else { return [] }
      return [
        SwipeAction("Archive", style: .destructive) { done in
          inbox.edit(.delete(mail.id))
          done(true)
        }
      ]
    }
    .contextMenu { _, row in
      guard let mail = row.item else { return nil }
      return ContextMenu(
        mail.subject,
        actions: [
          MenuAction("Reply", systemImage: "arrowshape.turn.up.left") {
            log.append("reply to \(mail.sender)")
          },
          MenuAction("Delete", systemImage: "trash", style: .destructive) {
            inbox.edit(.delete(mail.id))
          },
        ], didTapPreview: { log.append("open #\(mail.id)") })
    }
    // Which mails were on screen, half of them at least: once per stretch on screen.
    .impressions(after: .zero) { impression in
      if case .appeared(let id) = impression, case .item(let mail) = id { seen.append(mail) }
    }
  inbox.bind(dataSource, section: "inbox")

  func settle() async {
    repeat { await Task.yield() } while inbox.loadStates.isLoading || inbox.hasScheduledLoads
  }
  func show(_ step: String) {
    print("── \(step)")
    print(table.render().split(separator: "\n").map { "   " + $0 }.joined(separator: "\n"))
    if !seen.isEmpty {
      print("   seen: \(seen.map { "#\($0)" }.joined(separator: " "))")
      seen = []
    }
  }
  let first = ItemPath(item: 0, section: 0)

  inbox.refresh()
  show("open the inbox: the first page loads")
  await settle()
  show("the first page")

  table.performSwipeAction(.leading, at: 0, forRowAt: first)
  await settle()
  show("swipe the first mail from the leading edge: Flag")

  table.performSwipeAction(.trailing, at: 0, forRowAt: ItemPath(item: 1, section: 0))
  await settle()
  show("swipe the second from the trailing edge: Archive")

  if let menu = table.longPress(at: first) {
    print("── press and hold the first mail: \"\(menu.title)\"")
    print(
      "   "
        + menu.actions.map { "\($0.title)\($0.style == .destructive ? " (red)" : "")" }
        .joined(separator: " · "))
    menu.actions[0].handler()
    menu.didTapPreview?()
    print("   " + log.joined(separator: ", "))
  }

  table.scrollToBottom()
  await settle()
  table.scrollToBottom()
  await settle()
  show("scroll to the end: the next pages load, then the end row")

  try dataSource.scroll(to: .item(7), at: .middle, animated: false)
  await settle()  // a scroll's impressions arrive on the next turn
  show("jump to mail #7, in the middle")
}

try await main()
