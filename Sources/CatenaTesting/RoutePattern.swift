import CatenaRequest

/// A fixture route's path: segments that must equal the request's, and `{name}` segments that
/// match any one segment. A pattern matches a path that ends with as many segments, each
/// matching; the empty pattern matches only the empty path.
struct RoutePattern: Sendable {
  /// One segment of a pattern.
  enum Segment: Sendable, Equatable {
    /// This exact segment.
    case literal(Substring)
    /// Any one segment (`{id}`).
    case parameter
  }

  /// The pattern's segments, in order.
  let segments: [Segment]
  /// The pattern as written, without leading or trailing slashes.
  let text: String

  /// The pattern `path` (`products/{id}`); slashes at either end are ignored.
  init(_ path: String) {
    let parts = Self.segments(of: path)
    segments = parts.map { part in
      part.count > 2 && part.first == "{" && part.last == "}" ? .parameter : .literal(part)
    }
    text = parts.joined(separator: "/")
  }

  /// The segments of a URL path, without empty ones.
  static func segments(of path: String) -> [Substring] {
    path.split(separator: "/")
  }

  /// Whether a path of `path` segments ends with segments this pattern matches.
  func matches(_ path: [Substring]) -> Bool {
    guard !segments.isEmpty else { return path.isEmpty }
    guard path.count >= segments.count else { return false }
    return zip(segments, path.suffix(segments.count)).allSatisfy(Self.matches)
  }

  /// How far `path` is from ending with this pattern: the fewest segments inserted, deleted
  /// or changed (the path's leading segments are free), then the fewest characters those
  /// edits touch, so `product` is nearer to `products` than to `{id}` after `v1`.
  /// - Complexity: O(*m* × *n*) segment comparisons for a pattern of *m* segments and a path
  ///   of *n*.
  func distance(to path: [Substring]) -> Distance {
    // previous[j]: the distance of the pattern so far from path[..<j].
    var previous = [Distance](repeating: .zero, count: path.count + 1)
    for segment in segments {
      var current =
        [previous[0] + Distance(segment)] + [Distance](repeating: .zero, count: path.count)
      for j in path.indices {
        let change = previous[j] + Self.change(segment, path[j])
        current[j + 1] = min(
          change, previous[j + 1] + Distance(segment), current[j] + Distance(path[j]))
      }
      previous = current
    }
    return previous[path.count]
  }

  /// Segments edited, then characters those edits touch; compared in that order.
  struct Distance: Comparable {
    var segments = 0
    var characters = 0

    static let zero = Distance()

    /// One segment inserted or deleted: all its characters.
    init(_ segment: some StringProtocol) { self.init(segments: 1, characters: segment.count) }

    /// The distance of one pattern segment inserted or deleted (a parameter: one character).
    init(_ segment: Segment) {
      switch segment {
      case .literal(let literal): self.init(literal)
      case .parameter: self.init(segments: 1, characters: 1)
      }
    }

    init(segments: Int = 0, characters: Int = 0) {
      self.segments = segments
      self.characters = characters
    }

    static func + (lhs: Self, rhs: Self) -> Self {
      Distance(segments: lhs.segments + rhs.segments, characters: lhs.characters + rhs.characters)
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.segments, lhs.characters) < (rhs.segments, rhs.characters)
    }
  }

  /// The distance of `part` changed into `segment`: none when it matches, else one segment and
  /// the characters that differ.
  private static func change(_ segment: Segment, _ part: Substring) -> Distance {
    switch segment {
    case .parameter: return .zero
    case .literal(let literal):
      guard literal != part else { return .zero }
      return Distance(segments: 1, characters: characterDistance(Array(literal), Array(part)))
    }
  }

  /// The Levenshtein distance between two strings' characters.
  private static func characterDistance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1] + [Int](repeating: 0, count: b.count)
      for (j, y) in b.enumerated() {
        current[j + 1] = min(previous[j] + (x == y ? 0 : 1), previous[j + 1] + 1, current[j] + 1)
      }
      previous = current
    }
    return previous[b.count]
  }

  /// "GET products/{id}", or "any method products/{id}" for a route of every method.
  static func describe(_ method: HTTPMethod?, _ pattern: RoutePattern) -> String {
    "\(method.map { "\($0)" } ?? "any method") \(pattern.text.isEmpty ? "/" : pattern.text)"
  }

  private static func matches(_ segment: Segment, _ part: Substring) -> Bool {
    switch segment {
    case .literal(let literal): literal == part
    case .parameter: true
    }
  }
}
