import Foundation
import HTTPTypes
import HostileServer
import Hummingbird
import NIOCore

/// Large generated files and an upload sink, for downloads, resumes and uploads over real
/// HTTP. Every file's bytes come from ``byte(at:version:)``, so a client can check what it got.
///
/// | Path | What it does |
/// |---|---|
/// | `GET files/blob?size=N&version=V&hold=K&gate=X` | N bytes, `ETag`, `Last-Modified`, `Range` and `If-Range`; with `hold` and `gate`, stops after K bytes until ``Gates`` opens `X` |
/// | `GET files/drop?size=N&after=K&drops=D&key=X` | as `blob`, but the first D responses of key X drop the connection after K bytes |
/// | `POST`/`PUT files/moved/S` | a redirect with status S to `files/upload`, keeping the query, without reading the body |
/// | `GET files/encoded?size=N&after=K&key=X` | as `blob` (the first response of key X drops after K bytes), but gzipped when the request accepts gzip, with ranges over the gzipped bytes |
/// | `GET files/protected?size=N` | as `blob` with `Authorization: Bearer fresh`, else `401` |
/// | `GET files/norange?size=N` | ignores `Range`: always the whole body with `200` |
/// | `GET files/changing?size=N&after=K&key=X` | a new version (bytes and `ETag`) on every request of key X; drops after K bytes on the first |
/// | `GET files/weak?size=N&after=K&key=X` | as `drop` with one drop, a weak `ETag` and no `Last-Modified` |
/// | `GET files/novalidator?size=N&after=K&key=X` | as `drop` with one drop, and no validator at all |
/// | `GET files/lines?count=N` | `line 0` … `line N-1`, one per line, streamed |
/// | `POST`/`PUT`/`GET files/upload?hold=K&gate=G&key=X&fail=F` | reads the body as it comes (with `fail`, the first request of key X drops after F bytes; with `protected`, a `401` before the body unless `Authorization: Bearer fresh`); answers its length, FNV-1a hash, whether it was chunked, its `Content-Length` and the method; with `hold` and `gate`, stops reading after K bytes until ``Gates`` opens `G`; with `key`, records how the body ended in ``UploadOutcomes`` |
public enum FileEndpoints {
  /// The length of the pattern generated files repeat: a prime, so that no power-of-two
  /// offset (a chunk or a resume point) lines it up with itself.
  static let period = 65_521
  /// The pattern: pseudo-random bytes.
  static let pattern: [UInt8] = {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    return (0..<period).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 33)
    }
  }()

  /// The byte at `offset` of version `version` of a generated file.
  public static func byte(at offset: Int64, version: Int = 1) -> UInt8 {
    pattern[Int((offset &+ Int64(version) &* 7_919) % Int64(period))]
      ^ UInt8(truncatingIfNeeded: version)
  }

  /// Bytes `range` of version `version`, copied from the pattern a run at a time.
  public static func bytes(_ range: Range<Int64>, version: Int = 1) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(range.count)
    var offset = range.lowerBound
    let mask = UInt8(truncatingIfNeeded: version)
    while offset < range.upperBound {
      let start = Int((offset &+ Int64(version) &* 7_919) % Int64(period))
      let count = min(period - start, Int(range.upperBound - offset))
      result.append(contentsOf: pattern[start..<(start + count)])
      offset += Int64(count)
    }
    if mask != 0 {
      result.withUnsafeMutableBufferPointer { buffer in
        for index in buffer.indices { buffer[index] ^= mask }
      }
    }
    return result
  }

  /// Bytes `range` of a generated file as chunks of `step` bytes, each made when asked for.
  public static func chunks(of range: Range<Int64>, step: Int64) -> GeneratedChunks {
    GeneratedChunks(range: range, step: step)
  }

  /// Chunks of a generated file, made as they are asked for.
  public struct GeneratedChunks: AsyncSequence, Sendable {
    let range: Range<Int64>
    let step: Int64

    /// Makes the chunks from the start of the range.
    public func makeAsyncIterator() -> Iterator { Iterator(next: range.lowerBound, chunks: self) }

    /// Makes one chunk per call.
    public struct Iterator: AsyncIteratorProtocol {
      var next: Int64
      let chunks: GeneratedChunks

      /// The next chunk, or nil at the end of the range.
      public mutating func next() async -> Data? {
        guard next < chunks.range.upperBound else { return nil }
        let end = Swift.min(next + chunks.step, chunks.range.upperBound)
        defer { next = end }
        return Data(FileEndpoints.bytes(next..<end))
      }
    }
  }

  /// The FNV-1a hash of version `version` of a generated file of `size` bytes.
  public static func hash(size: Int64, version: Int = 1) -> UInt64 {
    var hash = FNV1a()
    var start: Int64 = 0
    while start < size {
      let end = min(start + (1 << 20), size)
      hash.add(bytes(start..<end, version: version))
      start = end
    }
    return hash.value
  }

  /// Adds the endpoints to `router`.
  public static func add(to router: Router<BasicRequestContext>) {
    let attempts = Counter()
    router.get("files/blob") { request, _ in
      let query = request.uri.queryParameters
      return serve(
        request, size: Int64(query.get("size") ?? "") ?? 0,
        version: Int(query.get("version") ?? "") ?? 1,
        holdAfter: Int64(query.get("hold") ?? ""), gate: query.get("gate").map { String($0) })
    }
    // Compressed when the request accepts gzip, with ranges over the compressed bytes (as a
    // server of precompressed files gives them); the first response of a key drops after
    // `after` bytes.
    router.get("files/encoded") { request, _ in
      let query = request.uri.queryParameters
      let size = Int64(query.get("size") ?? "") ?? 0
      let attempt = await attempts.next("encoded-\(query.get("key") ?? "")")
      let dropAfter = attempt == 1 ? Int64(query.get("after") ?? "") : nil
      guard request.headers[.acceptEncoding]?.contains("gzip") == true else {
        return serve(request, size: size, dropAfter: dropAfter)
      }
      return serveCompressed(request, size: size, dropAfter: dropAfter)
    }
    // `files/moved/S`: a redirect with status S (301, 302, 303, 307 or 308) to `files/upload`,
    // keeping the query, without reading the body.
    for method in [HTTPRequest.Method.post, .put] {
      router.on("files/moved/:status", method: method) { request, context in
        let code = context.parameters.get("status", as: Int.self) ?? 307
        let query = request.uri.query.map { "?" + $0 } ?? ""
        return Response(
          status: HTTPResponse.Status(code: code), headers: [.location: "/files/upload" + query])
      }
    }
    router.get("files/protected") { request, _ in
      guard request.headers[.authorization] == "Bearer fresh" else {
        return Response(
          status: .unauthorized, headers: [.contentType: "application/json"],
          body: .init(byteBuffer: ByteBuffer(string: #"{"error": "expired"}"#)))
      }
      return serve(request, size: Int64(request.uri.queryParameters.get("size") ?? "") ?? 0)
    }
    router.get("files/norange") { request, _ in
      serve(request, size: Int64(request.uri.queryParameters.get("size") ?? "") ?? 0, ranges: false)
    }
    // Endpoints that count their requests per key: the first `drops` (1 unless asked) drop
    // the connection after `after` bytes; `changing` serves a new version each time.
    let counted: [(name: String, validators: Validators, versioned: Bool)] = [
      ("drop", .strong, false), ("changing", .strong, true), ("weak", .weak, false),
      ("novalidator", .none, false),
    ]
    for endpoint in counted {
      router.get("files/\(endpoint.name)") { request, _ in
        let query = request.uri.queryParameters
        let attempt = await attempts.next("\(endpoint.name)-\(query.get("key") ?? "")")
        let drops = attempt <= Int(query.get("drops") ?? "") ?? 1
        return serve(
          request, size: Int64(query.get("size") ?? "") ?? 0,
          version: endpoint.versioned ? attempt : 1, validators: endpoint.validators,
          dropAfter: drops ? Int64(query.get("after") ?? "") : nil)
      }
    }
    router.get("files/lines") { request, _ in
      let count = Int(request.uri.queryParameters.get("count") ?? "") ?? 0
      return Response.streamed("text/plain; charset=utf-8") { send in
        var line = 0
        while line < count {
          let end = min(line + 500, count)
          try await send(ByteBuffer(string: (line..<end).map { "line \($0)\n" }.joined()))
          line = end
        }
      }
    }
    for method in [HTTPRequest.Method.get, .post, .put] {
      router.on("files/upload", method: method) { request, _ in
        var hash = FNV1a()
        var length = 0
        let hold = Int(request.uri.queryParameters.get("hold") ?? "")
        let key = request.uri.queryParameters.get("key").map { String($0) }
        let gate = request.uri.queryParameters.get("gate").map { String($0) }
        // With `protected`, a request without the fresh token is refused before its body is read.
        if request.uri.queryParameters.get("protected") != nil,
          request.headers[.authorization] != "Bearer fresh"
        {
          return Response(
            status: .unauthorized, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: #"{"error": "expired"}"#)))
        }
        // With `fail`, the first request of the key drops its connection after that many bytes.
        let failAfter = Int(request.uri.queryParameters.get("fail") ?? "")
        var first = false
        if failAfter != nil { first = await attempts.next("upload-\(key ?? "")") == 1 }
        do {
          for try await buffer in request.body {
            buffer.withUnsafeReadableBytes { hash.add($0) }
            length += buffer.readableBytes
            if first, let failAfter, length >= failAfter { throw DroppedConnection() }
            // A pause (for a client to cancel in the middle).
            if let hold, let gate, length >= hold { await Gates.shared.pass(gate) }
          }
        } catch {
          if let key { await UploadOutcomes.shared.record(.aborted, for: key) }
          throw error
        }
        if let key { await UploadOutcomes.shared.record(.complete(length), for: key) }
        let chunked = request.headers[.transferEncoding]?.lowercased().contains("chunked") ?? false
        let declared = request.headers[.contentLength].flatMap { Int($0) }.map(String.init)
        let text =
          #"{"length": \#(length), "hash": "\#(String(hash.value, radix: 16))", "#
          + #""chunked": \#(chunked), "contentLength": \#(declared ?? "null"), "#
          + #""method": "\#(request.method.rawValue)"}"#
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(
          status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
      }
    }
  }

  /// Which validators a file's responses carry.
  enum Validators: Sendable {
    case strong
    case weak
    case none
  }

  /// Version `version` of a generated file of `size` bytes, honouring `Range` and `If-Range`
  /// when `ranges`; the body stops with a dropped connection after `dropAfter` bytes, or
  /// stops after `holdAfter` bytes until ``Gates`` opens `gate` (for a client to cancel in the
  /// middle).
  static func serve(
    _ request: Request, size: Int64, version: Int = 1, ranges: Bool = true,
    validators: Validators = .strong, dropAfter: Int64? = nil, holdAfter: Int64? = nil,
    gate: String? = nil
  ) -> Response {
    let etag = "\"v\(version)-\(size)\""
    let modified = "Wed, 0\(min(version, 9)) Jan 2025 00:00:00 GMT"
    var headers = HTTPFields()
    headers[.contentType] = "application/octet-stream"
    headers[.acceptRanges] = ranges ? "bytes" : "none"
    switch validators {
    case .strong:
      headers[.eTag] = etag
      headers[.lastModified] = modified
    case .weak: headers[.eTag] = "W/" + etag
    case .none: break
    }
    var start: Int64 = 0
    var status = HTTPResponse.Status.ok
    if ranges, let range = request.headers[.range], range.hasPrefix("bytes="),
      request.headers[.ifRange].map({ $0 == etag || $0 == modified }) ?? true
    {
      let first = Int64(range.dropFirst(6).split(separator: "-").first ?? "") ?? 0
      guard first < size else {
        headers[.contentRange] = "bytes */\(size)"
        return Response(status: .rangeNotSatisfiable, headers: headers)
      }
      start = first
      status = .partialContent
      headers[.contentRange] = "bytes \(first)-\(size - 1)/\(size)"
    }
    let length = size - start
    let from = start
    let stop = dropAfter.map { min($0, length) }
    let body = ResponseBody(contentLength: Int(length)) { writer in
      var offset = from
      let end = stop.map { from + $0 } ?? size
      let hold = gate == nil ? nil : holdAfter.map { from + $0 }
      while offset < end {
        var next = min(offset + (64 << 10), end)
        if let hold, offset < hold { next = min(next, hold) }
        try await writer.write(ByteBuffer(bytes: bytes(offset..<next, version: version)))
        offset = next
        if offset == hold, let gate { await Gates.shared.pass(gate) }
      }
      if stop != nil && end < size { throw DroppedConnection() }
      try await writer.finish(nil)
    }
    return Response(status: status, headers: headers, body: body)
  }

  struct DroppedConnection: Error {}

  /// A generated file of `size` bytes, gzipped, with `Range` over the gzipped bytes; the body
  /// stops with a dropped connection after `dropAfter` bytes.
  static func serveCompressed(_ request: Request, size: Int64, dropAfter: Int64?) -> Response {
    let gzipped = Gzip.compress(Data(bytes(0..<size)))
    let etag = "\"gz-\(size)\""
    var headers: HTTPFields = [
      .contentType: "application/octet-stream", .contentEncoding: "gzip", .eTag: etag,
      .acceptRanges: "bytes",
    ]
    var start = 0
    var status = HTTPResponse.Status.ok
    if let range = request.headers[.range], range.hasPrefix("bytes="),
      request.headers[.ifRange].map({ $0 == etag }) ?? true,
      let first = Int(range.dropFirst(6).split(separator: "-").first ?? ""), first < gzipped.count
    {
      start = first
      status = .partialContent
      headers[.contentRange] = "bytes \(first)-\(gzipped.count - 1)/\(gzipped.count)"
    }
    let part = gzipped[(gzipped.startIndex + start)...]
    let sent = dropAfter.map { part.prefix(Int($0)) } ?? part
    return Response(
      status: status, headers: headers,
      body: ResponseBody(contentLength: part.count) { writer in
        try await writer.write(ByteBuffer(bytes: sent))
        if sent.count < part.count { throw DroppedConnection() }
        try await writer.finish(nil)
      })
  }
}

/// The 64-bit FNV-1a hash, added to chunk by chunk.
public struct FNV1a: Sendable {
  /// The hash of the bytes added so far.
  public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// An empty hash.
  public init() {}

  /// Adds `bytes`.
  public mutating func add(_ bytes: some Sequence<UInt8>) {
    for byte in bytes {
      value ^= UInt64(byte)
      value &*= 0x100_0000_01b3
    }
  }
}

/// Counts requests per key.
actor Counter {
  private var counts: [String: Int] = [:]
  func next(_ key: String) -> Int {
    counts[key, default: 0] += 1
    return counts[key, default: 0]
  }
}
