import CatenaPaging
import CatenaRequest
import Foundation

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

/// A page source the test answers by hand: every request waits until the test responds, so
/// the test decides the order in which responses (and failures) arrive.
final class ManualSource: @unchecked Sendable {
  struct Request {
    let page: Int
    let size: Int
    let continuation: CheckedContinuation<Page<Row>, any Error>
  }

  // NB: `lock` guards `waiting` and `asked`.
  private let lock = NSLock()
  private var waiting: [Request] = []
  private var asked: [(page: Int, size: Int)] = []

  var source: PageSource<Row> {
    PageSource { page, size in
      try await withCheckedThrowingContinuation { continuation in
        self.lock.withLock {
          self.asked.append((page, size))
          self.waiting.append(Request(page: page, size: size, continuation: continuation))
        }
      }
    }
  }

  /// Every page asked for so far, oldest first.
  var requests: [(page: Int, size: Int)] { lock.withLock { asked } }

  /// The pages waiting for an answer, oldest first.
  var pending: [Int] { lock.withLock { waiting.map(\.page) } }

  /// Waits until `count` requests have been made (the list starts its loads in tasks).
  func waitForRequests(_ count: Int) async {
    for _ in 0..<10_000 where lock.withLock({ asked.count }) < count { await Task.yield() }
  }

  /// Answers the oldest waiting request for `page` (or the oldest at all) with `page`.
  func respond(page: Int? = nil, with answer: Page<Row>) {
    take(page)?.continuation.resume(returning: answer)
  }

  /// Fails the oldest waiting request for `page` (or the oldest at all).
  func fail(page: Int? = nil, with error: any Error = RequestError(.transport, "offline")) {
    take(page)?.continuation.resume(throwing: error)
  }

  private func take(_ page: Int?) -> Request? {
    lock.withLock {
      guard let index = waiting.firstIndex(where: { page == nil || $0.page == page }) else {
        return nil
      }
      return waiting.remove(at: index)
    }
  }
}
