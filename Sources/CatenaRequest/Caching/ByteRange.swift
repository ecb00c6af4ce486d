import Foundation

/// One range of a `Range` request header (RFC 9110 §14.1.2), resolved against a
/// representation's length: what a cache answers from a complete response it keeps.
enum ByteRange {
  /// The bytes `header` asks of `length`: `bytes=a-b`, `bytes=a-` or `bytes=-n`, one range
  /// that is satisfiable; nil for any other (several ranges, another unit, past the end).
  static func resolve(_ header: String, length: Int) -> ClosedRange<Int>? {
    let text = header.trimmingCharacters(in: .whitespaces)
    guard text.lowercased().hasPrefix("bytes="), length > 0 else { return nil }
    let spec = text.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
    guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
    let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
    let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
    func number(_ text: String) -> Int? {
      guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
      return Int(text) ?? Int.max
    }
    if first.isEmpty {
      guard let suffix = number(last), suffix > 0 else { return nil }
      return max(0, length - suffix)...(length - 1)
    }
    guard let start = number(first), start < length else { return nil }
    guard !last.isEmpty else { return start...(length - 1) }
    guard let end = number(last), end >= start else { return nil }
    return start...min(end, length - 1)
  }

  /// `response` (a complete `200`) cut to `range`, as a `206 Partial Content`.
  static func partial(_ response: HTTPResponse, _ range: ClosedRange<Int>) -> HTTPResponse {
    var partial = response
    partial.status = 206
    partial.body = response.body.subdata(
      in: response.body.startIndex + range.lowerBound..<response.body.startIndex + range.upperBound
        + 1)
    try? partial.headers.set(
      "Content-Range", "bytes \(range.lowerBound)-\(range.upperBound)/\(response.body.count)")
    try? partial.headers.set("Content-Length", String(range.count))
    return partial
  }
}
