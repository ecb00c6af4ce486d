/// A ratio the README states, as it states it, and the bound `SpeedCheck` holds it to: 1.25×
/// the slow end of the stated range (for "× faster" claims, the time ratio 1 / the low end),
/// so a change that makes it a quarter slower than documented fails CI.
public struct Claim: Sendable {
  /// The measurement's name (`Measured.key`).
  public var key: String
  /// The figure as the README writes it ("1.4–1.5×", "11.5–12.1× faster").
  public var readme: String
  /// The slow end of the stated range, as time(ours) / time(baseline).
  public var statedTimeRatio: Double

  /// A claim that ours takes `readme`'s ratio of the baseline's time, at most `upTo`.
  public init(_ key: String, _ readme: String, upTo upper: Double) {
    (self.key, self.readme, statedTimeRatio) = (key, readme, upper)
  }

  /// A claim that ours is `readme`'s ratio faster, at least `atLeast` times.
  public init(_ key: String, _ readme: String, fasterAtLeast lower: Double) {
    (self.key, self.readme, statedTimeRatio) = (key, readme, 1 / lower)
  }

  /// The bound: 1.25× the slow end.
  public var bound: Double { statedTimeRatio * 1.25 }

  /// Every ratio the README's Performance section states: each is measured by `SpeedCheck`
  /// and must be written, word for word, in the README (`.ci/readme-ratios`).
  public static let all: [Claim] = [
    Claim("no change, flat 10k", "1.4–1.5× of `==`", upTo: 1.5),
    Claim("no change, flat 100k", "1.4–1.5× of `==`", upTo: 1.5),
    Claim("no change, sectioned 100 × 1k", "1.8–2.0× of `==`", upTo: 2.0),
    Claim("one insert at the top, 10k", "11.5–12.1× faster", fasterAtLeast: 11.5),
    Claim("one insert at the top, 100k", "11.5–12.1× faster", fasterAtLeast: 11.5),
    Claim("a page of 20 appended, 10k", "10.3–12.2× faster", fasterAtLeast: 10.3),
    Claim("a page of 20 appended, 100k", "10.3–12.2× faster", fasterAtLeast: 10.3),
    Claim("a page of 20 prepended, 10k", "11.4–13.2× faster", fasterAtLeast: 11.4),
    Claim("a page of 20 prepended, 100k", "11.4–13.2× faster", fasterAtLeast: 11.4),
    Claim("three updates, 10k", "11.6–12.3× faster", fasterAtLeast: 11.6),
    Claim("three updates, 100k", "11.6–12.3× faster", fasterAtLeast: 11.6),
    Claim("one insert in 1 of 100 sections", "10–28× faster", fasterAtLeast: 10),
    Claim("one move between 2 of 100 sections", "10–27× faster", fasterAtLeast: 10),
    Claim("one move 1/4 → 3/4, 100k", "1.7× faster", fasterAtLeast: 1.7),
    Claim("W2 10k (no slower)", "as fast with the fast paths as without (1.0–1.1×)", upTo: 1.1),
    Claim("W3 100k (no slower)", "as fast with the fast paths as without (1.0–1.1×)", upTo: 1.1),
    Claim(
      "sectioned 100 × 1k (no slower)", "as fast with the fast paths as without (1.0–1.1×)",
      upTo: 1.1),
    Claim("linearity: time(1M) / time(100k)", "about 11.2–11.8× from 100k to 1M", upTo: 11.8),
    Claim("keep last: 100k repeated ids / 100k new", "1.4–2.1× appending", upTo: 2.1),
    Claim("apply W3 / diff alone", "about 1.2–1.3× the diff alone", upTo: 1.3),
    Claim("row height × 100,000 / Snapshot", "1.1–1.4× the same lookups", upTo: 1.4),
    Claim("pager edit through its binding / applied directly", "2.3–2.5× applying", upTo: 2.5),
    Claim("pager edit, log on / off", "1.3–1.45× when on", upTo: 1.45),
    Claim("pager edit, log off / by hand", "0.87–1.08× the same work", upTo: 1.08),
    Claim("outline: expand 10k children", "1.19–1.29× and 0.38–0.44×", upTo: 1.29),
    Claim("outline: collapse 10k children", "1.19–1.29× and 0.38–0.44×", upTo: 0.44),
    Claim("outline: expand 10k, integer ids", "2.6–3.2× and 0.9–1.1×", upTo: 3.2),
    Claim("outline: collapse 10k, integer ids", "2.6–3.2× and 0.9–1.1×", upTo: 1.1),
    Claim("request: chain over memory / JSONDecoder+filter+map", "about 1.03–1.06×", upTo: 1.06),
    Claim(
      "request: JSONValue(parsing:) / JSONDecoder", "about 1/18–1/20 of the time", upTo: 1.0 / 18),
    Claim("request: memory cache hit / JSONDecoder", "runs at 1.02–1.06× decoding", upTo: 1.06),
  ]
}
