import Foundation

/// When and how often a failed request is sent again.
///
/// ```swift
/// let api = Client(baseURL: base, transport: URLSessionTransport(), retry: .standard)
/// ```
///
/// A failure is retried when the method is retryable (idempotent ones by default), the attempt
/// budget is not spent, and the failure is a retryable status (408, 429, 500, 502, 503, 504 by
/// default), a timeout or a transport error. The wait grows exponentially with full jitter, up
/// to a cap, and a `Retry-After` header (seconds or an HTTP date) is honoured when present.
public struct RetryPolicy: Sendable {
  /// Attempts in all, the first included.
  package var maxAttempts: Int
  /// The wait before the second attempt, doubled for each later one.
  package var baseDelay: Duration
  /// The longest wait.
  package var maxDelay: Duration
  /// Whether each wait is drawn uniformly from zero to the exponential delay ("full jitter").
  package var jitter: Bool
  /// The methods that may be retried.
  package var methods: Set<HTTPMethod>
  /// The statuses that are retried.
  package var statuses: Set<Int>
  /// Whether timeouts and transport errors are retried.
  package var retriesTransportErrors: Bool
  /// Whether a `Retry-After` header sets the wait: a number of seconds, or an HTTP date
  /// (RFC 9110 §10.2.3), counted from the response's `Date` when it has one (the server's
  /// clock), else from now; a date already past means no wait.
  package var honoursRetryAfter: Bool
  /// Waits: `Task.sleep`, or a test's own (`baseDelay: .zero` waits for nothing).
  package var sleep: @Sendable (Duration) async throws -> Void

  /// A policy; what it says is read by the client only, so it is given here, once
  /// (``standard`` is this with every default).
  ///
  /// - Parameters:
  ///   - maxAttempts: attempts in all, the first included.
  ///   - baseDelay: the wait before the second attempt, doubled for each later one.
  ///   - maxDelay: the longest wait.
  ///   - jitter: whether each wait is drawn uniformly from zero to the exponential delay
  ///     ("full jitter").
  ///   - methods: the methods that may be retried.
  ///   - statuses: the statuses that are retried.
  ///   - retriesTransportErrors: whether timeouts and transport errors are retried.
  ///   - honoursRetryAfter: whether a `Retry-After` header sets the wait: a number of
  ///     seconds, or an HTTP date (RFC 9110 §10.2.3), counted from the response's `Date` when
  ///     it has one (the server's clock), else from now; a date already past means no wait.
  public init(
    maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(200),
    maxDelay: Duration = .seconds(10), jitter: Bool = true,
    methods: Set<HTTPMethod> = [.get, .head, .put, .delete],
    statuses: Set<Int> = [408, 429, 500, 502, 503, 504], retriesTransportErrors: Bool = true,
    honoursRetryAfter: Bool = true
  ) {
    self.init(
      maxAttempts: maxAttempts, baseDelay: baseDelay, maxDelay: maxDelay, jitter: jitter,
      methods: methods, statuses: statuses, retriesTransportErrors: retriesTransportErrors,
      honoursRetryAfter: honoursRetryAfter, sleep: { try await Task.sleep(for: $0) })
  }

  /// A policy as above that waits with `sleep` (a test's).
  package init(
    maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(200),
    maxDelay: Duration = .seconds(10), jitter: Bool = true,
    methods: Set<HTTPMethod> = [.get, .head, .put, .delete],
    statuses: Set<Int> = [408, 429, 500, 502, 503, 504], retriesTransportErrors: Bool = true,
    honoursRetryAfter: Bool = true, sleep: @escaping @Sendable (Duration) async throws -> Void
  ) {
    self.maxAttempts = maxAttempts
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
    self.jitter = jitter
    self.methods = methods
    self.statuses = statuses
    self.retriesTransportErrors = retriesTransportErrors
    self.honoursRetryAfter = honoursRetryAfter
    self.sleep = sleep
  }

  /// Three attempts, 200 ms doubling with jitter, idempotent methods, the usual statuses.
  public static var standard: RetryPolicy { RetryPolicy() }

  /// No retries.
  public static var never: RetryPolicy { RetryPolicy(maxAttempts: 1) }

  /// The wait before attempt `attempt + 1` after `response` (nil after a transport error), or
  /// nil when the failure is not retried.
  func delay(
    after attempt: Int, method: HTTPMethod, response: HTTPResponse?, error: RequestError?
  ) -> Duration? {
    guard attempt < maxAttempts, methods.contains(method) else { return nil }
    if let response {
      guard statuses.contains(response.status) else { return nil }
      if honoursRetryAfter, let wait = Self.retryAfter(response) { return min(wait, maxDelay) }
    } else if let error {
      guard retriesTransportErrors, error.kind == .transport || error.kind == .timeout else {
        return nil
      }
    }
    let exponential = baseDelay * (1 << min(attempt - 1, 20))
    let capped = min(exponential, maxDelay)
    guard jitter else { return capped }
    return capped * Double.random(in: 0...1)
  }

  /// The wait `response`'s `Retry-After` asks for, or nil when it has none or it is neither
  /// seconds nor an HTTP date.
  static func retryAfter(_ response: HTTPResponse, now: Date = Date()) -> Duration? {
    guard let header = response.headers["Retry-After"]?.trimmingCharacters(in: .whitespaces)
    else { return nil }
    if let seconds = Double(header) {
      return seconds >= 0 && seconds.isFinite ? .milliseconds(Int(min(seconds, 1e9) * 1000)) : nil
    }
    guard let date = HTTPDate.parse(header, now: now) else { return nil }
    let sent = response.headers["Date"].flatMap { HTTPDate.parse($0, now: now) } ?? now
    let seconds = max(0, date.timeIntervalSince(sent))
    return .milliseconds(Int(min(seconds, 1e9) * 1000))
  }
}
