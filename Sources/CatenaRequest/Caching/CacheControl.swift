import Foundation

/// The directives of a `Cache-Control` header that a private cache acts on (RFC 9111 §5.2, RFC
/// 5861). Names are case-insensitive; a directive repeated keeps its first value; one with
/// space around its `=` is not one; a value is read by its leading digits, as browsers read it
/// (`max-age=3600.5` is 3600; none, as in `max-age=a`, makes the response stale, §4.2.1).
struct CacheControl: Equatable {
  var maxAge: Int?
  var noStore = false
  var noCache = false
  /// The fields a qualified `no-cache="…"` names (lowercased): not kept.
  var noCacheFields: [String] = []
  var mustRevalidate = false
  /// `public`: the response may be kept, and given a heuristic lifetime, whatever its status
  /// (§5.2.2.9, §4.2.2).
  var isPublic = false
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
      let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        .map(String.init)
      // No space around `=` (§5.2: `token [ "=" ( token / quoted-string ) ]`): a directive
      // written otherwise is not one.
      guard let rawName = pieces.first, !rawName.isEmpty, rawName.last?.isWhitespace != true,
        pieces.count < 2 || pieces[1].first?.isWhitespace != true
      else { continue }
      let name = rawName.lowercased()
      guard seen.insert(name).inserted else { continue }
      let value = pieces.count > 1 ? pieces[1].trimmingCharacters(in: ["\""]) : nil
      let seconds = value.map { Self.seconds($0) }
      switch name {
      case "max-age": maxAge = seconds ?? 0
      case "no-store": noStore = true
      case "no-cache":
        // `no-cache="Set-Cookie, X"`: those fields are not reused (they are not kept); the
        // rest of the response is (§5.2.2.4).
        if let value, !value.isEmpty {
          noCacheFields = value.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
          }
        } else {
          noCache = true
        }
      case "must-revalidate": mustRevalidate = true
      case "public": isPublic = true
      case "stale-while-revalidate": staleWhileRevalidate = seconds ?? nil
      case "stale-if-error": staleIfError = seconds ?? nil
      case "min-fresh": minFresh = seconds ?? 0
      case "max-stale": maxStale = seconds ?? Int.max
      case "only-if-cached": onlyIfCached = true
      default: break
      }
    }
  }

  /// A delta-seconds value, read as browsers read it: its leading digits (`3600.5` and
  /// `3600a` are 3600); 0 without any, the largest for one too large (§1.2.2).
  private static func seconds(_ text: String) -> Int {
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty else { return 0 }
    return Int(digits) ?? Int(Int32.max)
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
