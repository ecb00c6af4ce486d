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
    let number: Int
    let page: Int
    let size: Int
    let continuation: CheckedContinuation<Page<Row>, any Error>
  }

  // NB: `lock` guards `waiting`, `asked` and `watchers`.
  private let lock = NSLock()
  private var waiting: [Request] = []
  private var asked: [(page: Int, size: Int)] = []
  private var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  var source: PageSource<Row> {
    PageSource { page, size in
      try await withCheckedThrowingContinuation { continuation in
        let ready = self.lock.withLock { () -> [CheckedContinuation<Void, Never>] in
          self.waiting.append(
            Request(number: self.asked.count, page: page, size: size, continuation: continuation))
          self.asked.append((page, size))
          let count = self.asked.count
          defer { self.watchers.removeAll { $0.count <= count } }
          return self.watchers.filter { $0.count <= count }.map(\.continuation)
        }
        for watcher in ready { watcher.resume() }
      }
    }
  }

  /// Every page asked for so far, oldest first.
  var requests: [(page: Int, size: Int)] { lock.withLock { asked } }

  /// The pages waiting for an answer, oldest first.
  var pending: [Int] { lock.withLock { waiting.map(\.page) } }

  /// Waits until `count` requests have been made (the list starts its loads in tasks).
  func waitForRequests(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let done = lock.withLock { () -> Bool in
        if asked.count >= count { return true }
        watchers.append((count, continuation))
        return false
      }
      if done { continuation.resume() }
    }
  }

  /// The request numbers (in the order they were asked) still waiting.
  var waitingNumbers: [Int] { lock.withLock { waiting.map(\.number) } }

  /// Answers the oldest waiting request for `page` (or the oldest at all) with `page`.
  func respond(page: Int? = nil, with answer: Page<Row>) {
    take { page == nil || $0.page == page }?.continuation.resume(returning: answer)
  }

  /// Answers request number `number` with `answer`.
  func respond(number: Int, with answer: Page<Row>) {
    take { $0.number == number }?.continuation.resume(returning: answer)
  }

  /// Fails the oldest waiting request for `page` (or the oldest at all).
  func fail(page: Int? = nil, with error: any Error = RequestError(.transport, "offline")) {
    take { page == nil || $0.page == page }?.continuation.resume(throwing: error)
  }

  /// Fails request number `number` with `error`.
  func fail(number: Int, with error: any Error) {
    take { $0.number == number }?.continuation.resume(throwing: error)
  }

  private func take(where matches: (Request) -> Bool) -> Request? {
    lock.withLock {
      guard let index = waiting.firstIndex(where: matches) else { return nil }
      return waiting.remove(at: index)
    }
  }
}
