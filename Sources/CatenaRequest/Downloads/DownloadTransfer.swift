import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One download on its way: the partial file, the version it holds, and the attempts.
struct DownloadTransfer {
  let download: Download
  let client: Client
  let progress: ProgressHandler?
  /// The temporary file beside the destination.
  let partial: URL
  /// The version the partial file holds (strong `ETag`, `Last-Modified`) and its length.
  var etag: String?
  var lastModified: String?
  var total: Int64?
  /// Starts over from zero (a changed version, a range the server would not give) so far.
  var restarts = 0

  /// The most times one download starts over from zero.
  static let maxRestarts = 3

  init(_ download: Download, client: Client, progress: ProgressHandler?) throws(RequestError) {
    self.download = download
    self.client = client
    self.progress = progress
    let destination = download.destination
    guard destination.isFileURL else {
      throw RequestError(.file, "the destination \(destination) is not a file URL")
    }
    if download.existing == .fail, FileManager.default.fileExists(atPath: destination.path) {
      throw RequestError(.file, "\(destination.path) exists and the download may not replace it")
    }
    let folder = destination.deletingLastPathComponent()
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      throw RequestError(.file, "the folder of \(destination.path) does not exist")
    }
    if let point = download.resumePoint,
      point.destination.standardizedFileURL == destination.standardizedFileURL,
      point.validator != nil, Self.isPartialFile(point.partialFile, of: destination),
      FileManager.default.fileExists(atPath: point.partialFile.path)
    {
      partial = point.partialFile
      etag = point.etag
      lastModified = point.lastModified
      total = point.total
    } else {
      partial = folder.appendingPathComponent(
        ".\(destination.lastPathComponent).\(UUID().uuidString).download")
    }
  }

  /// Whether `file` is named as a partial file of `destination` is (beside it, hidden,
  /// `.download`): a resume point read back from storage that names another file (damaged or
  /// forged) must not have that file appended to and moved.
  static func isPartialFile(_ file: URL, of destination: URL) -> Bool {
    let name = file.lastPathComponent
    return file.deletingLastPathComponent().standardizedFileURL
      == destination.deletingLastPathComponent().standardizedFileURL
      && name.hasPrefix(".\(destination.lastPathComponent).") && name.hasSuffix(".download")
  }

  /// Runs attempts until the file is complete, resuming after a failure midway while the
  /// client's retry policy allows.
  ///
  /// - Returns: the head of the response that completed the file.
  mutating func run() async throws(RequestError) -> HTTPResponse {
    var attempts = 1
    while true {
      do {
        return try await attempt()
      } catch {
        guard error.kind == .transport || error.kind == .timeout, error.status == nil,
          let retry = client.retry,
          let delay = retry.delay(after: attempts, method: .get, response: nil, error: error)
        else { throw error }
        attempts += 1
        do {
          try await retry.sleep(delay)
        } catch {
          throw stopped(Client.map(error))
        }
      }
    }
  }

  /// `error` with the point to resume from; without one (the version has no validator),
  /// the partial file is removed, as nothing could continue it.
  func stopped(_ error: RequestError) -> RequestError {
    var error = error
    error.resumePoint = resumePoint()
    if error.resumePoint == nil { try? FileManager.default.removeItem(at: partial) }
    return error
  }

  /// Where the download stands, if it can be resumed.
  func resumePoint() -> ResumePoint? {
    guard etag != nil || lastModified != nil,
      let size = try? FileManager.default.attributesOfItem(atPath: partial.path)[.size]
        as? NSNumber
    else { return nil }
    return ResumePoint(
      destination: download.destination, partialFile: partial, bytes: size.int64Value, etag: etag,
      lastModified: lastModified, total: total)
  }

  /// One exchange: asks for the rest when the partial file holds a known version, writes
  /// the body, and moves the file into place when it is complete.
  mutating func attempt() async throws(RequestError) -> HTTPResponse {
    // The deadline bounds the whole attempt: the head, then every byte of the body.
    let started = ContinuousClock.now
    while true {
      let validator = etag ?? lastModified
      let offset = validator == nil ? 0 : (resumePoint()?.bytes ?? 0)
      var definition = download.definition
      if offset > 0, let validator {
        try? definition.headers.set("Range", "bytes=\(offset)-")
        try? definition.headers.set("If-Range", validator)
      }
      let streamed: StreamedResponse
      do {
        streamed = try await client.stream(definition, progress: nil) {
          (200..<300).contains($0) || $0 == 416
        }
      } catch {
        throw stopped(error)
      }
      let head = streamed.head
      switch head.status {
      case 416:
        streamed.body.cancel()
        // The partial file holds the whole body already (the range starts at its end).
        if offset > 0, ContentRange(head.headers["Content-Range"])?.total == offset {
          progress?(TransferProgress(.download, completed: offset, total: offset))
          try complete()
          return head
        }
        try startOver(head)
        continue
      case 206:
        guard offset > 0, let range = ContentRange(head.headers["Content-Range"]),
          range.start == offset, isSameVersion(head), !Self.isEncoded(head)
        else {
          streamed.body.cancel()
          try startOver(head)
          continue
        }
        total = range.total
        try await write(streamed, from: offset, since: started)
      default:
        // The whole body: the server ignored the range, or the version changed.
        adopt(head)
        total = Self.length(of: head)
        try await write(streamed, from: 0, since: started)
      }
      try complete()
      return head
    }
  }

  /// Forgets the partial file's version and starts from zero, at most ``maxRestarts`` times.
  mutating func startOver(_ head: HTTPResponse) throws(RequestError) {
    restarts += 1
    etag = nil
    lastModified = nil
    total = nil
    try? FileManager.default.removeItem(at: partial)
    guard restarts <= Self.maxRestarts else {
      var error = RequestError(
        .status,
        "the server answered \(head.status) to \(Self.maxRestarts + 1) resumes in a row; "
          + "the download was not kept")
      error.status = head.status
      error.headers = head.headers
      throw error
    }
  }

  /// Takes the validators of a whole new body. An encoded body (`Content-Encoding`) cannot
  /// be resumed: the file holds the decoded bytes, while a range counts encoded ones.
  mutating func adopt(_ head: HTTPResponse) {
    guard !Self.isEncoded(head) else {
      etag = nil
      lastModified = nil
      return
    }
    let tag = head.headers["ETag"]
    etag = tag.flatMap { $0.hasPrefix("W/") ? nil : $0 }
    lastModified = head.headers["Last-Modified"]
  }

  /// Whether the body comes with a `Content-Encoding` (other than `identity`).
  static func isEncoded(_ head: HTTPResponse) -> Bool {
    TaskTable.isEncoded(head.headers["Content-Encoding"])
  }

  /// Whether a `206` is of the version the partial file holds.
  func isSameVersion(_ head: HTTPResponse) -> Bool {
    if let etag, let other = head.headers["ETag"], other != etag { return false }
    if etag == nil, let lastModified, let other = head.headers["Last-Modified"],
      other != lastModified
    {
      return false
    }
    return true
  }

  /// The body's length from `Content-Length`, unless an encoding changes it.
  static func length(of head: HTTPResponse) -> Int64? {
    guard !isEncoded(head) else { return nil }
    return head.headers["Content-Length"].flatMap { Int64($0) }
  }

  /// Writes the body to the partial file from `offset` (truncating what follows), by the
  /// request's deadline counted from `start`.
  mutating func write(
    _ streamed: StreamedResponse, from offset: Int64, since start: ContinuousClock.Instant
  ) async throws(RequestError) {
    let handle: FileHandle
    do {
      if !FileManager.default.fileExists(atPath: partial.path) {
        guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
          throw RequestError(.file, "\(partial.path) could not be created")
        }
      }
      handle = try FileHandle(forWritingTo: partial)
      try handle.truncate(atOffset: UInt64(offset))
      try handle.seekToEnd()
    } catch {
      streamed.body.cancel()
      throw Self.fileError(error, partial)
    }
    defer { try? handle.close() }
    let known = total
    let counter = WriteCounter(offset, total: known, progress: progress)
    do throws(RequestError) {
      if let deadline = download.definition.timeout {
        do {
          // The file is closed below: the write must have stopped before the failure.
          _ = try await Client.within(deadline, since: start, waitingForWork: true) {
            try await streamed.body.write(to: handle, wrote: counter.add)
          }
        } catch {
          throw Client.map(error)
        }
      } else {
        try await streamed.body.write(to: handle, wrote: counter.add)
      }
      let written = counter.written
      if let known, written != known {
        throw RequestError(.transport, "the body ended after \(written) of \(known) bytes")
      }
    } catch {
      guard error.kind != .tooLarge else {
        // Resuming would pass the limit again: nothing is kept.
        try? FileManager.default.removeItem(at: partial)
        throw error
      }
      // A file error too (a full disk): what was written is the start of the body.
      throw stopped(error)
    }
    counter.finish()
  }

  /// Moves the complete partial file into place; when that fails (the destination is a
  /// folder, or may not be replaced), the error says where the complete body is, if it can be
  /// resumed (a resume gets a `416` and only moves it).
  func complete() throws(RequestError) {
    do {
      try finish()
    } catch {
      throw stopped(error)
    }
  }

  /// Moves the complete partial file to the destination in one step.
  func finish() throws(RequestError) {
    let destination = download.destination
    if download.existing == .fail {
      // link(2) fails when the destination exists, in one step: two downloads that finish at
      // once cannot both take it (checking, then renaming, could).
      if link(partial.path, destination.path) == 0 {
        unlink(partial.path)
        return
      }
      let code = errno
      if code != EEXIST {
        // A file system without hard links: checked, then moved.
        do {
          try FileManager.default.moveItem(at: partial, to: destination)
          return
        } catch {}
      }
      try? FileManager.default.removeItem(at: partial)
      throw RequestError(.file, "\(destination.path) exists and the download may not replace it")
    }
    // rename(2) replaces the destination atomically: readers see the old file or the new one.
    guard rename(partial.path, destination.path) == 0 else {
      let code = errno
      throw RequestError(
        .file,
        "\(partial.path) could not be moved to \(destination.path): "
          + String(cString: strerror(code)))
    }
  }

  static func fileError(_ error: any Error, _ file: URL) -> RequestError {
    if let error = error as? RequestError { return error }
    return RequestError(.file, "\(file.path) could not be written", underlyingError: error)
  }
}

/// A `Content-Range` header: `bytes 100-199/1000`, or `bytes */1000` for a range not given.
struct ContentRange: Hashable, Sendable {
  /// The first byte of the range (nil for `*`).
  var start: Int64?
  /// The whole body's length (nil for `*`).
  var total: Int64?

  init(start: Int64?, total: Int64?) {
    self.start = start
    self.total = total
  }

  init?(_ header: String?) {
    guard let header, header.lowercased().hasPrefix("bytes ") else { return nil }
    let spec = header.dropFirst(6).trimmingCharacters(in: .whitespaces)
    let parts = spec.split(separator: "/", maxSplits: 1).map(String.init)
    guard parts.count == 2 else { return nil }
    total = Int64(parts[1])
    if parts[0] == "*" {
      start = nil
    } else {
      let bounds = parts[0].split(separator: "-", maxSplits: 1)
      guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]),
        first <= last
      else { return nil }
      start = first
    }
  }
}

/// Counts the bytes written to a download's file and reports progress every 256 KiB and at the
/// end (a report per network chunk would cost more than the write).
final class WriteCounter: @unchecked Sendable {
  // NB: `lock` guards `count` and `reported`; `add` is called from one thread at a time.
  private let lock = NSLock()
  private var count: Int64
  private var reported: Int64
  private let total: Int64?
  private let progress: ProgressHandler?
  static let step: Int64 = 256 << 10

  init(_ start: Int64, total: Int64?, progress: ProgressHandler?) {
    count = start
    reported = start
    self.total = total
    self.progress = progress
  }

  var written: Int64 { lock.withLock { count } }

  func add(_ bytes: Int) {
    let report = lock.withLock { () -> Int64? in
      count += Int64(bytes)
      guard count - reported >= Self.step || count == total else { return nil }
      reported = count
      return count
    }
    if let report { progress?(TransferProgress(.download, completed: report, total: total)) }
  }

  /// Reports the end, if it was not reported yet.
  func finish() {
    let report = lock.withLock { () -> Int64? in
      guard reported != count || total == nil else { return nil }
      reported = count
      return count
    }
    if let report {
      progress?(TransferProgress(.download, completed: report, total: total ?? report))
    }
  }
}
