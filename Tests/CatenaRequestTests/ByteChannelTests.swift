import CatenaTesting
import Foundation
import Testing

@testable import CatenaRequest

@Suite("The streamed body's channel: order, bounded memory, the disk spill, the end")
struct ByteChannelTests {
  /// Random pushes and takes (the producer running ahead or behind), with a small memory
  /// bound so that the spill is used and emptied again and again: the reader gets every
  /// byte once, in order.
  @Test(arguments: 0..<60) func everyByteArrivesOnceInOrder(seed: UInt64) async throws {
    var random = SeededRandom(seed: seed)
    let capacity = 1 + random.below(200)
    let channel = ByteChannel(capacity: capacity)
    var sent = Data()
    var received = Data()
    var next: UInt8 = 0
    for _ in 0..<200 {
      if random.below(3) > 0 {
        let chunk = Data(
          (0..<random.below(300)).map { _ in
            next &+= 1
            return next
          })
        #expect(channel.push(chunk))
        sent.append(chunk)
        #expect(channel.memoryBytes <= capacity)
      } else if received.count < sent.count {
        for chunk in try await channel.take() { received.append(chunk) }
      }
    }
    channel.finish(nil)
    while true {
      let batch = try await channel.take()
      if batch.isEmpty { break }
      for chunk in batch { received.append(chunk) }
    }
    #expect(received == sent)
  }

  @Test func aTakeWaitsForTheNextChunkAndTheEndComesAfterTheData() async throws {
    let channel = ByteChannel(capacity: 4)
    let reader = Task { try await channel.take() }
    // Whether the push finds the reader waiting or not, it gets the chunk.
    channel.push(Data([1, 2, 3]))
    #expect(try await reader.value == [Data([1, 2, 3])])
    channel.push(Data([4, 5, 6, 7, 8]))  // past the bound: spilled
    channel.finish(URLError(.networkConnectionLost))
    #expect(try await channel.take() == [Data([4, 5, 6, 7, 8])])
    await #expect(throws: URLError.self) { try await channel.take() }
  }

  @Test func closingDropsWhatWaitsStopsThePushesAndRunsTheActionOnce() async throws {
    let channel = ByteChannel(capacity: 2)
    let closes = CallCount()
    channel.whenClosed { closes.add() }
    #expect(channel.push(Data(repeating: 1, count: 10)))
    channel.close()
    channel.close()
    #expect(!channel.push(Data([1])), "the transfer is told to stop")
    await #expect(throws: CancellationError.self) { try await channel.take() }
    #expect(closes.count == 1)
    // An action added after the close runs at once.
    channel.whenClosed { closes.add() }
    #expect(closes.count == 2)
  }

  @Test func cancellingTheReaderClosesTheChannel() async throws {
    let channel = ByteChannel()
    let closes = CallCount()
    channel.whenClosed { closes.add() }
    let reader = Task { try await channel.take() }
    reader.cancel()
    await #expect(throws: CancellationError.self) { try await reader.value }
    #expect(closes.count == 1)
    #expect(!channel.push(Data([1])))
  }

  @Test func aBodyEndedBeforeTheReaderGoesDoesNotCancelIt() async throws {
    let channel = ByteChannel()
    let closes = CallCount()
    channel.whenClosed { closes.add() }
    channel.finish(nil)
    channel.close()
    #expect(closes.count == 0)
  }
}

/// Counts calls from any thread.
final class CallCount: @unchecked Sendable {
  // NB: `lock` guards `value`.
  private let lock = NSLock()
  private var value = 0
  func add() { lock.withLock { value += 1 } }
  var count: Int { lock.withLock { value } }
}
