import CatenaPaging
import Foundation

/// A page source whose loads the test answers as often as it likes (a kept page, then the
/// server's), ends, or fails, by page number.
final class AnsweringSource: @unchecked Sendable {
  // NB: `lock` guards `open` and `asked`.
  private let lock = NSLock()
  private var open: [Int: AsyncThrowingStream<Page<Row>, any Error>.Continuation] = [:]
  private var asked: [Int] = []

  /// Numbered pages answered by the test.
  var source: PageSource<Row> {
    PageSource(keying: .index) { key, _ in
      AsyncThrowingStream { continuation in
        guard case .index(let number) = key else {
          continuation.finish()
          return
        }
        self.lock.withLock {
          self.asked.append(number)
          self.open[number] = continuation
        }
      }
    }
  }

  /// The page numbers asked for, in order.
  var requests: [Int] { lock.withLock { asked } }

  /// Answers page `number` with `rows` (more may follow), a page a cache kept `keptAge` ago
  /// when given.
  func answer(_ number: Int, _ rows: [Row], total: Int? = nil, keptAge: Duration? = nil) {
    _ = lock.withLock { open[number] }?.yield(Page(items: rows, total: total, keptAge: keptAge))
  }

  /// Ends page `number`'s answers.
  func end(_ number: Int) {
    lock.withLock { open.removeValue(forKey: number) }?.finish()
  }

  /// Fails page `number`.
  func fail(_ number: Int, _ error: any Error = URLError(.notConnectedToInternet)) {
    lock.withLock { open.removeValue(forKey: number) }?.finish(throwing: error)
  }
}
