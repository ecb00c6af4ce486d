import CatenaPaging
import CatenaTesting

/// A row of a test list.
struct Row: Identifiable, Equatable, Sendable, CustomStringConvertible {
  var id: Int
  var title: String

  init(_ id: Int, _ title: String? = nil) {
    self.id = id
    self.title = title ?? "Row \(id)"
  }

  var description: String { title }
}

/// Rows `start..<end`.
func rows(_ range: Range<Int>) -> [Row] { range.map { Row($0) } }

/// The hand-answered page source of these tests.
typealias ManualSource = ManualPages<Row>

extension ManualPages where Item == Row {
  /// A pager of numbered pages of 10 on this source, showing `range` loaded from `key`.
  @MainActor
  func loadedPager(showing range: Range<Int> = 0..<10, at key: PageKey = .index(1)) async
    -> Pager<Row>
  {
    let pager = Pager(PagerConfiguration(pageSize: 10), source: source)
    let first = pager.refresh(at: key)
    await waitForRequests(requests.count + 1)
    respond(with: page(range))
    await first.ended()
    return pager
  }
}
