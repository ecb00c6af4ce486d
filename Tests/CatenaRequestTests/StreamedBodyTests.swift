import CatenaTesting
import Foundation
import Testing

@testable import CatenaRequest

/// A body that delivers `data` in chunks cut at `cuts`.
func body(_ data: Data, cutAt cuts: [Int]) -> ResponseBody {
  let channel = ByteChannel()
  var start = 0
  for cut in cuts.sorted() where cut > start && cut < data.count {
    channel.push(data.subdata(in: start..<cut))
    start = cut
  }
  channel.push(data.subdata(in: start..<data.count))
  channel.finish(nil)
  return ResponseBody(channel)
}

@Suite("Streamed bodies: lines, limits, multipart and file sources, Content-Range")
struct StreamedBodyTests {
  @Test(arguments: 0..<40) func linesAreTheSameWhereverTheChunksAreCut(seed: UInt64) async throws {
    var random = SeededRandom(seed: seed)
    let text = "first\r\nsecond\n\nfourth: é ☃\nlast without a break"
    let data = Data(text.utf8)
    let cuts = (0..<random.below(8)).map { _ in random.below(data.count) }
    var lines: [String] = []
    for try await line in body(data, cutAt: cuts).lines() { lines.append(line) }
    #expect(lines == ["first", "second", "", "fourth: é ☃", "last without a break"])
  }

  @Test func aLineLongerThanItsBoundStopsTheBody() async throws {
    let data = Data(repeating: 0x61, count: 5_000)
    do {
      for try await _ in body(data, cutAt: [1_000, 2_000, 3_000]).lines(maxLineBytes: 1_024) {}
      Issue.record("a 5,000-byte line is longer than 1,024")
    } catch {
      let failure = try #require(error as? RequestError)
      #expect(failure.kind == .tooLarge)
      #expect(failure.message.contains("line 1"))
    }
  }

  @Test func aLineThatIsNotUTF8IsADecodingErrorNamingIt() async throws {
    var data = Data("ok\nfine\n".utf8)
    data.append(contentsOf: [0xFF, 0xFE, 0x0A])
    var seen: [String] = []
    do {
      for try await line in body(data, cutAt: [4]).lines() { seen.append(line) }
      Issue.record("line 3 is not UTF-8")
    } catch {
      let failure = try #require(error as? RequestError)
      #expect(failure.kind == .decoding && failure.message.contains("line 3"))
    }
    #expect(seen == ["ok", "fine"])
  }

  @Test func aBodyFromATransportsOwnStreamGivesItsChunksThenItsError() async throws {
    let (chunks, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
    continuation.yield(Data("a\nb".utf8))
    continuation.yield(Data("c\n".utf8))
    continuation.finish(throwing: URLError(.networkConnectionLost))
    var lines: [String] = []
    do {
      for try await line in ResponseBody(chunks).lines() { lines.append(line) }
      Issue.record("the stream ends with an error")
    } catch {
      #expect((error as? RequestError)?.kind == .transport)
    }
    #expect(lines == ["a", "bc"])
  }

  @Test func collectingPastTheLimitIsTooLarge() async throws {
    let data = Data(repeating: 7, count: 100)
    #expect(try await body(data, cutAt: [10, 50]).collect(upTo: 100) == data)
    await #expect(throws: RequestError.self) {
      _ = try await body(data, cutAt: [10, 50]).collect(upTo: 99)
    }
  }

  @Test func aMultipartFormWithAFileSendsWhatTheInMemoryFormEncodes() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("catena-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    let file = folder.appendingPathComponent("photo.jpg")
    try bytes.write(to: file)
    var streamed = MultipartForm(boundary: "B")
    streamed.append("Sea view", name: "title")
    streamed.append(file: file, name: "photo", contentType: "image/jpeg")
    var inMemory = MultipartForm(boundary: "B")
    inMemory.append("Sea view", name: "title")
    inMemory.append(bytes, name: "photo", filename: "photo.jpg", contentType: "image/jpeg")

    let source = try streamed.source()
    let puller = source.make()
    var sent = Data()
    var largest = 0
    while let chunk = try await puller.next() {
      sent.append(chunk)
      largest = max(largest, chunk.count)
    }
    #expect(sent == inMemory.encoded())
    #expect(source.length == Int64(sent.count))
    #expect(largest <= 64 << 10, "the file is read a chunk at a time")

    // The request carries the form as a stream, with the form's content type.
    let request = try Post("houses").body(.multipart(streamed)).definition.httpRequest(
      baseURL: URL(string: "https://api.example.com/"))
    #expect(request.body == nil && request.headers["Content-Type"] == streamed.contentType)
    guard case .source = request.streamedBody else {
      Issue.record("a form with a file part is streamed")
      return
    }

    // A file that changes size before it is sent fails the request.
    let again = try streamed.source().make()
    try Data(count: 10).write(to: file)
    await #expect(throws: RequestError.self) {
      while try await again.next() != nil {}
    }
  }

  /// Chunks of the given sizes, from a source claiming `length`, loaded as a fixture would.
  func load(_ sizes: [Int], length: Int64?) async throws -> Data? {
    let source = ByteSource(length: length) {
      AsyncStream<Data> { continuation in
        for size in sizes { continuation.yield(Data(repeating: 7, count: size)) }
        continuation.finish()
      }
    }
    return try await Post("logs").body(.stream(source)).definition
      .httpRequest(baseURL: URL(string: "https://api.example.com/"))
      .loadingStreamedBody().body
  }

  @Test func aSourcesChunksMustAddUpToItsLength() async throws {
    #expect(try await load([3, 0, 4], length: 7)?.count == 7)
    #expect(try await load([3, 0, 4], length: nil)?.count == 7, "no length: any count")
    #expect(try await load([], length: 0)?.count == 0)
    for (sizes, length) in [([3, 4], 6), ([3, 4], 8), ([], 1), ([1], 0)] {
      do {
        _ = try await load(sizes, length: Int64(length))
        Issue.record("\(sizes) sent as \(length) bytes")
      } catch let error as RequestError {
        #expect(error.kind == .encoding)
        #expect(error.message.contains("the \(length) bytes of its length"), "\(error)")
      }
    }
  }

  @Test func aBodyFileMustBeAReadableFile() throws {
    let base = URL(string: "https://api.example.com/")
    for url in [
      URL(fileURLWithPath: "/nonexistent/file"), FileManager.default.temporaryDirectory,
      try #require(URL(string: "https://example.com/file")),
    ] {
      #expect(throws: RequestError.self) {
        _ = try Post("upload").body(.file(url)).definition.httpRequest(baseURL: base)
      }
    }
  }

  @Test func contentRangesAreReadStrictly() {
    #expect(ContentRange("bytes 100-199/1000") == ContentRange(start: 100, total: 1000))
    #expect(ContentRange("bytes 0-0/*") == ContentRange(start: 0, total: nil))
    #expect(ContentRange("bytes */1000") == ContentRange(start: nil, total: 1000))
    for bad in ["", "bytes", "bytes 5-1/10", "items 0-1/2", "bytes a-b/10", "bytes 1-2", nil] {
      #expect(ContentRange(bad) == nil, "\(bad ?? "nil")")
    }
  }
}
