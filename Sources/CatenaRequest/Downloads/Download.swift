public import Foundation

/// A `GET` whose body is written to a file as it arrives (never whole in memory); its value
/// is the file's URL, once the whole body is there.
///
/// ```swift
/// Download("maps/paris.pack", to: mapsFolder.appending(path: "paris.pack"))
///   .progress { bar.progress = $0.fraction ?? 0 }
///   .then { file in maps.open(file) }
///   .failed { error in saved = error.resumePoint }  // resume later from here
///   .start(on: api)
/// ```
///
/// - The status is checked before anything is kept: only a `200` (or a `206` answering a
///   resume) is written; another status fails with the start of its body, and a partial file
///   being resumed is left as it was.
/// - The body goes to a temporary file beside the destination, which appears only when the
///   body is complete (moved there in one step): replacing what is there, or failing with
///   ``RequestError/Kind/file`` if ``ifExists(_:)`` says so.
/// - A cancel, a dropped connection or a transport failure leaves a ``ResumePoint`` on the
///   error (when the server gave an `ETag` or `Last-Modified`), for
///   ``resuming(from:)``. With the client's retry policy, a transfer that fails midway resumes
///   by itself. A resume asks for the rest with `Range` and `If-Range`: a `206` is appended; a
///   `200` (the server ignores ranges, or the file changed) starts over from zero; a `416` or
///   a `206` for another version starts over too. The file is never a mix of two versions.
/// - A download asks for the body unencoded (`Accept-Encoding: identity`): a range counts
///   the bytes of the representation sent, so a compressed body could not be resumed from
///   the decoded bytes on disk. Set another `Accept-Encoding` with
///   ``RequestConvertible/header(_:_:)`` to allow compression; a body that comes encoded
///   gives no resume point (its partial file is removed when it fails).
/// - A deadline set on the download (``RequestConvertible/timeout(_:)``) bounds each attempt
///   whole, from sending to the last byte written, and fails with a resume point. The
///   client's `Client(timeout:)`, sized for API calls, bounds only the wait for the head; the
///   idle timeout applies throughout.
/// - The client's base URL, headers, interceptors, credentials and delivery apply. The
///   client's in-memory `Client(maxResponseBytes:)` does not: bound a download with
///   ``RequestConvertible/maxResponseBytes(_:)``.
public struct Download: RequestConvertible {
  /// What to do when the destination exists.
  public enum ExistingFile: Hashable, Sendable {
    /// Replace it (in one step, once the new body is complete).
    case replace
    /// Fail with ``RequestError/Kind/file`` (checked before and after the transfer).
    case fail
  }

  /// The request's description.
  public var definition: RequestDefinition
  /// Where the file goes.
  package var destination: URL
  /// What to do when the destination exists (``ifExists(_:)``); ``ExistingFile/replace``
  /// unless set.
  package var existing: ExistingFile = .replace
  /// Where an earlier attempt stopped, to continue from (``resuming(from:)``).
  package var resumePoint: ResumePoint?

  /// A download of `path` (`parameters` go into the query) to the file `destination`.
  public init(_ path: String, _ parameters: [String: JSONValue] = [:], to destination: URL) {
    definition = RequestDefinition(method: .get, path: path, parameters: parameters)
    // Asked unencoded, so that a cut-off body can be resumed (see the type's notes).
    try? definition.headers.set("Accept-Encoding", "identity")
    self.destination = destination
  }

  /// What to do when the destination exists.
  public func ifExists(_ policy: ExistingFile) -> Self {
    var copy = self
    copy.existing = policy
    return copy
  }

  /// Continues from where an earlier attempt stopped (nil starts from zero). A point for
  /// another destination, whose partial file is gone, or that names a file other than a
  /// partial file beside the destination, starts from zero (that file is left alone).
  public func resuming(from point: ResumePoint?) -> Self {
    var copy = self
    copy.resumePoint = point
    return copy
  }

  /// The destination, once the response is a success (the file itself is written as the body
  /// arrives).
  public func interpret(_ response: HTTPResponse) throws(RequestError) -> URL {
    _ = try Shaping.accept(response, statuses: 200..<300)
    return destination
  }

  /// Downloads the body to the destination, resuming as the resume point and the client's
  /// retry policy allow.
  ///
  /// - Returns: the destination and the response's head (status and headers; no body).
  func download(
    on client: Client, progress: ProgressHandler?
  ) async throws(RequestError) -> (value: URL, response: HTTPResponse) {
    var transfer = try DownloadTransfer(self, client: client, progress: progress)
    let head = try await transfer.run()
    return (destination, head)
  }
}

/// Where a download stopped: its partial file and the validator of the version it holds, to
/// continue with ``Download/resuming(from:)``. A failed download makes it
/// (`RequestError.resumePoint`); `Codable`, so an app can keep it across launches. A point
/// read back damaged, or naming a file that is not a partial file beside the destination,
/// starts the download from zero and leaves that file alone.
public struct ResumePoint: Hashable, Sendable, Codable {
  /// The file the download was going to.
  public private(set) var destination: URL
  /// The partial file beside it.
  public private(set) var partialFile: URL
  /// How many bytes the partial file held when the download stopped.
  public private(set) var bytes: Int64
  /// The version's `ETag` (strong), if the server gave one.
  public private(set) var etag: String?
  /// The version's `Last-Modified`, if the server gave one.
  public private(set) var lastModified: String?
  /// The whole body's length, when known.
  public private(set) var total: Int64?

  /// A point where a download to `destination` stopped, its partial file holding `bytes` of
  /// the version `etag` / `lastModified` names.
  package init(
    destination: URL, partialFile: URL, bytes: Int64, etag: String?, lastModified: String?,
    total: Int64?
  ) {
    self.destination = destination
    self.partialFile = partialFile
    self.bytes = bytes
    self.etag = etag
    self.lastModified = lastModified
    self.total = total
  }

  /// The validator a resume sends in `If-Range`: the strong `ETag`, else `Last-Modified`.
  package var validator: String? { etag ?? lastModified }
}
