import Foundation

/// The directives of a `Cache-Control` header that a private cache acts on (RFC 9111 §5.2, RFC
/// 5861). Names are case-insensitive; a directive repeated keeps its first value; a `max-age`
/// that is not a number makes the response stale (§4.2.1).
struct CacheControl: Equatable {
  var maxAge: Int?
  var noStore = false
  var noCache = false
  var mustRevalidate = false
  var staleWhileRevalidate: Int?
  var staleIfError: Int?
  /// Request directives (§5.2.1): the freshness left that the asker wants, the staleness it
  /// accepts (`Int.max` for `max-stale` without a value), and whether only the cache may
  /// answer.
  var minFresh: Int?
  var maxStale: Int?
  var onlyIfCached = false

  /// The directives of a request's `headers`: its `Cache-Control`, else `Pragma: no-cache`
  /// read as `no-cache` (RFC 9111 §5.4: a cache ignores `Pragma` when `Cache-Control` is
  /// present).
  static func asked(_ headers: HTTPHeaders) -> CacheControl {
    if let control = headers["Cache-Control"] { return CacheControl(control) }
    var asked = CacheControl(nil)
    asked.noCache =
      headers["Pragma"].map { CacheControl.split($0) }?.contains {
        $0.lowercased() == "no-cache"
      } ?? false
    return asked
  }

  /// The directives of `header` (nil: none).
  init(_ header: String?) {
    guard let header else { return }
    var seen: Set<String> = []
    for part in Self.split(header) {
      let pieces = part.split(separator: "=", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard let rawName = pieces.first, !rawName.isEmpty else { continue }
      let name = rawName.lowercased()
      guard seen.insert(name).inserted else { continue }
      let value = pieces.count > 1 ? pieces[1].trimmingCharacters(in: ["\""]) : nil
      let seconds = value.map { Self.seconds($0) }
      switch name {
      case "max-age": maxAge = seconds ?? 0
      case "no-store": noStore = true
      case "no-cache": noCache = true
      case "must-revalidate": mustRevalidate = true
      case "stale-while-revalidate": staleWhileRevalidate = seconds ?? nil
      case "stale-if-error": staleIfError = seconds ?? nil
      case "min-fresh": minFresh = seconds ?? 0
      case "max-stale": maxStale = seconds ?? Int.max
      case "only-if-cached": onlyIfCached = true
      default: break
      }
    }
  }

  /// A delta-seconds value; 0 for one that is not a number, the largest for one too large
  /// (§1.2.2).
  private static func seconds(_ text: String) -> Int {
    guard !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else { return 0 }
    return Int(text) ?? Int(Int32.max)
  }

  /// The comma-separated parts of `header`, commas inside quotes kept.
  static func split(_ header: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var quoted = false
    for character in header {
      if character == "\"" { quoted.toggle() }
      if character == ",", !quoted {
        parts.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    parts.append(current)
    return parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }
}
