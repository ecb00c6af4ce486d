import Foundation

extension URL {
  /// The URL as the cache compares it when it invalidates (RFC 3986 §6.2.2): the scheme and
  /// the host in lowercase, the scheme's default port dropped, percent-encoded unreserved
  /// characters decoded and other percent-encodings in uppercase, no fragment.
  var normalisedForCache: String {
    guard var parts = URLComponents(url: absoluteURL, resolvingAgainstBaseURL: true) else {
      return absoluteString
    }
    parts.scheme = parts.scheme?.lowercased()
    if let host = parts.percentEncodedHost { parts.percentEncodedHost = host.lowercased() }
    if let port = parts.port, port == Self.defaultPorts[parts.scheme ?? ""] { parts.port = nil }
    parts.percentEncodedPath = Self.normalisedPercentEncoding(parts.percentEncodedPath)
    if let query = parts.percentEncodedQuery {
      parts.percentEncodedQuery = Self.normalisedPercentEncoding(query)
    }
    parts.fragment = nil
    return parts.string ?? absoluteString
  }

  /// The origin as the cache compares it: scheme, host (lowercase) and port (the default one
  /// when none is written).
  var cacheOrigin: String {
    let scheme = scheme?.lowercased() ?? ""
    let port = port ?? Self.defaultPorts[scheme] ?? -1
    return "\(scheme)://\(host?.lowercased() ?? ""):\(port)"
  }

  /// Whether the URL is `prefix` or below it, on a boundary of its path (`…/feed` covers
  /// `…/feed`, `…/feed/7` and `…/feed?page=2`, not `…/feedback`), normalised both.
  func isCovered(byPrefix prefix: String) -> Bool {
    let url = normalisedForCache
    guard url.hasPrefix(prefix) else { return false }
    guard url.count > prefix.count, !prefix.hasSuffix("/") else { return true }
    let next = url[url.index(url.startIndex, offsetBy: prefix.count)]
    return next == "/" || next == "?" || next == "#"
  }

  private static let defaultPorts = ["http": 80, "https": 443, "ws": 80, "wss": 443]

  /// `text` with `%XX` of an unreserved character decoded, other `%xx` in uppercase.
  private static func normalisedPercentEncoding(_ text: String) -> String {
    guard text.contains("%") else { return text }
    var bytes = Array(text.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    func hex(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
      default: nil
      }
    }
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2])
      {
        let value = high << 4 | low
        let unreserved =
          (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(value)
          || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(value)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(value)
          || [UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~")]
            .contains(value)
        if unreserved {
          result.append(value)
        } else {
          result.append(contentsOf: Array(String(format: "%%%02X", value).utf8))
        }
        index += 3
      } else {
        result.append(bytes[index])
        index += 1
      }
    }
    bytes = result
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension URL {
  /// Whether the URL names this device (`localhost`, `127.0.0.0/8`, `::1`): no interface but
  /// the loopback is needed to reach it.
  package var isLoopback: Bool {
    guard let host = host?.lowercased() else { return false }
    let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    return bare == "localhost" || bare.hasSuffix(".localhost") || bare == "::1"
      || (bare.hasPrefix("127.") && bare.allSatisfy { $0.isNumber || $0 == "." })
  }
}
