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
