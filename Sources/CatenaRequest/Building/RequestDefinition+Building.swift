public import Foundation

extension RequestDefinition {
  /// Builds the request a transport sends: the URL under `baseURL` with every path component
  /// and query value percent-encoded, the headers over `defaultHeaders`, and the encoded body.
  ///
  /// How the path is joined to `baseURL` (the whole policy):
  /// - `baseURL` must be an absolute `http` or `https` URL with a host; its path is kept, with
  ///   or without a trailing slash (`https://h/v1` and `https://h/v1/` both give `/v1/users`).
  /// - The path is split at `/` (empty segments dropped, so a leading `/` is still relative to
  ///   the base path); each segment is percent-encoded on its own, so `?`, `#` and `%` in it
  ///   stay data, while what RFC 3986 allows in a segment (`+`, `;`, `&`, `=`, `:`, `@`…) is
  ///   kept as written (`tags/c++`).
  /// - `.` segments are dropped and `..` removes the segment before it, inside the path:
  ///   `users/../admin` is `admin` under the base. A `..` with nothing of the path's own left to
  ///   remove would climb above the base path, and is an ``RequestError/Kind/invalidURL``
  ///   error naming the segment; so is any path whose URL would not keep the base's scheme,
  ///   host and port.
  /// - A path or query name holding a control character (U+0000–U+001F, U+007F) is an error;
  ///   query values are data and are percent-encoded.
  /// - An absolute URL under the base (same scheme, host and port, and a path inside the
  ///   base path, with no `.` or `..` segment) is sent as it is: a server's own link to its
  ///   next page, say. Any other absolute URL (`//other.example/x`, `https://other.example`)
  ///   is an error unless `allowsAbsoluteURLs`; then, or without a base, it must be `http` or
  ///   `https` with a host.
  ///
  /// - Throws: ``RequestError`` of kind ``RequestError/Kind/invalidURL``,
  ///   ``RequestError/Kind/invalidHeader`` or ``RequestError/Kind/encoding``.
  public func httpRequest(
    baseURL: URL?, defaultHeaders: HTTPHeaders = [:], allowsAbsoluteURLs: Bool = false
  ) throws(RequestError) -> HTTPRequest {
    if let problem {
      throw RequestError(problem.hasPrefix("header") ? .invalidHeader : .encoding, problem)
    }
    var query = query
    let bodyParameters = method.sendsParametersInQuery ? [:] : parameters
    if method.sendsParametersInQuery { query = Self.flatten(parameters) + query }
    let url = try makeURL(baseURL: baseURL, query: query, allowsAbsoluteURLs: allowsAbsoluteURLs)
    var headers = defaultHeaders.merging(self.headers)
    var data: Data?
    var streamed: StreamedBody?
    switch body {
    case .none where !bodyParameters.isEmpty:
      let members = bodyParameters.filter { $0.value != .null }.map { (JSONKey($0.key), $0.value) }
      data = try Self.encode(.object(Dictionary(members, uniquingKeysWith: { $1 })))
      try headers.setIfMissing("Content-Type", "application/json")
    case .none:
      break
    case .json(let value):
      data = try Self.encode(value)
      try headers.setIfMissing("Content-Type", "application/json")
    case .form(let fields):
      data = Data(Self.encodeQuery(fields).utf8)
      try headers.setIfMissing("Content-Type", "application/x-www-form-urlencoded")
    case .data(let bytes, let contentType):
      data = bytes
      try headers.setIfMissing("Content-Type", contentType)
    case .multipart(let form):
      try headers.set("Content-Type", form.contentType)
      if form.hasFiles {
        streamed = .source(try form.source())
      } else {
        data = form.encoded()
      }
    case .file(let url, let contentType):
      try headers.setIfMissing("Content-Type", contentType)
      streamed = .file(try Self.readableFile(url))
    case .stream(let source, let contentType):
      try headers.setIfMissing("Content-Type", contentType)
      streamed = .source(source)
    }
    let limit: Int? =
      switch responseSizeLimit {
      case .bytes(let bytes): bytes
      case .unlimited, nil: nil
      }
    var request = HTTPRequest(
      method: method, url: url, headers: headers, body: data, timeout: timeout,
      idleTimeout: idleTimeout, maxResponseBytes: limit, sensitiveHeaders: sensitiveHeaders)
    request.streamedBody = streamed
    return request
  }

  /// `url`, once it names a regular file that can be read.
  static func readableFile(_ url: URL) throws(RequestError) -> URL {
    var isFolder: ObjCBool = false
    guard url.isFileURL, FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
      !isFolder.boolValue, FileManager.default.isReadableFile(atPath: url.path)
    else {
      throw RequestError(.file, "the body's file \(url.path) is not a readable file")
    }
    return url
  }

  private func makeURL(
    baseURL: URL?, query: [QueryItem], allowsAbsoluteURLs: Bool
  ) throws(RequestError) -> URL {
    try Self.refuseControlCharacters(in: path, as: "path")
    for item in query { try Self.refuseControlCharacters(in: item.name, as: "query name") }
    if let baseURL, !baseURL.isHTTP {
      throw RequestError(
        .invalidURL,
        "the client's base URL \"\(baseURL.absoluteString)\" is not an absolute http or https "
          + "URL with a host")
    }
    let isAbsolute = path.hasPrefix("//") || path.contains("://")
    var text: String
    if isAbsolute || baseURL == nil {
      let absolute = URL(string: path)
      guard allowsAbsoluteURLs || baseURL == nil || absolute.map({ $0.isUnder(baseURL) }) == true
      else {
        throw RequestError(
          .invalidURL,
          "path \"\(path)\" would leave the client's base URL "
            + "\(baseURL?.absoluteString ?? ""); allow absolute URLs on the client to send it")
      }
      guard let absolute, absolute.isHTTP else {
        throw RequestError(.invalidURL, "\"\(path)\" is not an absolute http or https URL")
      }
      text = absolute.absoluteString
    } else if let baseURL {
      var base = baseURL.absoluteString
      if base.hasSuffix("/") { base.removeLast() }
      let segments = try Self.resolvedSegments(of: path, under: baseURL)
      text = base + segments.map { "/" + Self.percentEncode($0, allowed: .pathComponent) }.joined()
      if path.hasSuffix("/") && !segments.isEmpty { text += "/" }
    } else {
      text = path
    }
    if !query.isEmpty { text += (text.contains("?") ? "&" : "?") + Self.encodeQuery(query) }
    guard let url = URL(string: text), url.host != nil else {
      throw RequestError(.invalidURL, "\"\(text)\" is not a valid URL")
    }
    if !isAbsolute, let baseURL,
      url.host != baseURL.host || url.scheme != baseURL.scheme || url.port != baseURL.port
    {
      throw RequestError(.invalidURL, "path \"\(path)\" would leave the client's host")
    }
    return url
  }

  /// The segments of `path` with `.` dropped and `..` applied to the segment before it.
  ///
  /// - Throws: ``RequestError/Kind/invalidURL`` for a `..` that would climb above the base.
  static func resolvedSegments(of path: String, under baseURL: URL) throws(RequestError)
    -> [String]
  {
    var segments: [String] = []
    for (index, segment) in path.split(separator: "/").enumerated() {
      switch segment {
      case ".":
        continue
      case "..":
        guard segments.popLast() != nil else {
          let basePath = baseURL.path.hasSuffix("/") ? baseURL.path : baseURL.path + "/"
          throw RequestError(
            .invalidURL,
            "path \"\(path)\" climbs above the base path \(basePath) at segment \(index + 1) "
              + "(\"..\")")
        }
      default:
        segments.append(String(segment))
      }
    }
    return segments
  }

  /// Throws when `text` holds a C0 control character or DEL.
  static func refuseControlCharacters(in text: String, as role: String) throws(RequestError) {
    guard let byte = text.utf8.first(where: { $0 < 0x20 || $0 == 0x7F }) else { return }
    let code = String(byte, radix: 16, uppercase: true)
    throw RequestError(
      .invalidURL,
      "the \(role) holds the control character U+\(String(repeating: "0", count: 4 - code.count))"
        + "\(code); it is refused, not encoded")
  }

  /// Parameters as query items: scalars as text, arrays as repeated names, objects with
  /// `name[key]`; `null`s left out; names sorted so URLs are stable.
  static func flatten(_ parameters: [String: JSONValue]) -> [QueryItem] {
    parameters.keys.sorted().flatMap { flatten(parameters[$0] ?? .null, name: $0) }
  }

  private static func flatten(_ value: JSONValue, name: String) -> [QueryItem] {
    switch value {
    case .null: []
    case .bool(let flag): [QueryItem(name, flag ? "true" : "false")]
    case .int(let number): [QueryItem(name, String(number))]
    case .double(let number): [QueryItem(name, String(number))]
    case .string(let text): [QueryItem(name, text)]
    case .array(let elements): elements.flatMap { flatten($0, name: name) }
    case .object(let members):
      members.keys.sorted().flatMap { key in
        flatten(members[key] ?? .null, name: "\(name)[\(key.string)]")
      }
    }
  }

  static func encodeQuery(_ items: [QueryItem]) -> String {
    items.map {
      percentEncode($0.name, allowed: .queryValue) + "="
        + percentEncode($0.value, allowed: .queryValue)
    }.joined(separator: "&")
  }

  static func encode(_ value: JSONValue) throws(RequestError) -> Data {
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      return try encoder.encode(value)
    } catch {
      throw RequestError(.encoding, "the JSON body could not be encoded", underlyingError: error)
    }
  }

  /// Percent-encodes every byte of `text`'s UTF-8 outside `allowed`, with upper-case hex digits.
  static func percentEncode(_ text: String, allowed: AllowedBytes) -> String {
    if text.utf8.allSatisfy(allowed.contains) { return text }
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count * 3)
    for byte in text.utf8 {
      if allowed.contains(byte) {
        bytes.append(byte)
      } else {
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// A set of ASCII bytes, as two bit masks.
struct AllowedBytes: Sendable {
  private var low: UInt64 = 0
  private var high: UInt64 = 0

  init(_ characters: String) {
    for byte in characters.utf8 where byte < 128 {
      if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
    }
  }

  func contains(_ byte: UInt8) -> Bool {
    byte < 64 ? low & (1 << byte) != 0 : byte < 128 && high & (1 << (byte - 64)) != 0
  }

  private static let unreserved =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
  /// Unreserved characters plus every sub-delimiter (`!$&'()*+,;=`) and `:@`: what RFC 3986
  /// allows unencoded in a path segment, kept as written because servers route on them
  /// (`tags/c++`, `items;v=2`).
  static let pathComponent = AllowedBytes(unreserved + "!$&'()*+,;=:@")
  /// Unreserved characters only: safe in query names and values.
  static let queryValue = AllowedBytes(unreserved)
}

extension HTTPHeaders {
  /// Sets `name` unless it is already set.
  mutating func setIfMissing(_ name: String, _ value: String) throws(RequestError) {
    if self[name] == nil { try set(name, value) }
  }
}

extension URL {
  /// Whether this absolute URL is inside `base`: the same origin, and a path under the base
  /// path with no `.` or `..` segment (plain or percent-encoded) to climb out of it.
  func isUnder(_ base: URL?) -> Bool {
    guard let base, isHTTP, let origin = Origin(self), origin == Origin(base),
      let path = URLComponents(url: self, resolvingAgainstBaseURL: false)?.percentEncodedPath,
      let basePath = URLComponents(url: base, resolvingAgainstBaseURL: false)?.percentEncodedPath
    else { return false }
    let dots: Set<String> = [".", "..", "%2e", "%2e%2e", ".%2e", "%2e."]
    if path.split(separator: "/").contains(where: { dots.contains($0.lowercased()) }) {
      return false
    }
    let prefix = basePath.hasSuffix("/") ? basePath : basePath + "/"
    return path == basePath || path.hasPrefix(prefix)
  }
}
