import CatenaRequest
import CatenaTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A server in a closure that can hold requests until the test lets them go, and a cookie jar
/// whose cookie it sends with every request (as `URLSessionTransport` sends its storage's).
final class SeamTransport: Transport, @unchecked Sendable {
  // NB: `lock` guards every stored property.
  private let lock = NSLock()
  private let answer: @Sendable (HTTPRequest) -> HTTPResponse
  private var holding: (@Sendable (HTTPRequest) -> Bool)?
  private var held: [(HTTPRequest, CheckedContinuation<HTTPResponse, any Error>)] = []
  private var jar: String?
  private var beforeSending: (@Sendable () -> Void)?
  private(set) var sent: [HTTPRequest] = []

  /// A server that answers each request (as sent: with the jar's cookie) with `answer`.
  init(_ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) { self.answer = answer }

  /// The cookie the jar sends (`sid=A`), or nil for none.
  var cookie: String? {
    get { lock.withLock { jar } }
    set { lock.withLock { jar = newValue } }
  }

  /// Runs once when the next request is sent, before the jar is read: what lands between the
  /// cache's lookup and the transport reading its storage (another exchange's sign-in).
  func beforeNextSend(_ action: @escaping @Sendable () -> Void) {
    lock.withLock { beforeSending = action }
  }

  /// From now on, requests for which `hold` is true wait for ``release(_:)``.
  func hold(_ hold: @escaping @Sendable (HTTPRequest) -> Bool) { lock.withLock { holding = hold } }

  /// How many requests wait.
  var waiting: Int { lock.withLock { held.count } }

  /// The requests sent so far, as sent.
  var requests: [HTTPRequest] { lock.withLock { sent } }

  /// Lets the requests that wait go, each answered as it is now.
  func release() {
    let waiting = lock.withLock {
      defer { held = [] }
      return held
    }
    for (request, continuation) in waiting { continuation.resume(returning: answer(request)) }
  }

  func requestAsSent(_ request: HTTPRequest) -> HTTPRequest {
    guard let cookie else { return request }
    var sent = request
    try? sent.headers.set("Cookie", cookie)
    return sent
  }

  func send(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
    let before = lock.withLock {
      defer { beforeSending = nil }
      return beforeSending
    }
    before?()
    let request = requestAsSent(request)
    let holds = lock.withLock { () -> Bool in
      sent.append(request)
      return holding?(request) ?? false
    }
    guard holds else { return answer(request) }
    return try await withCheckedThrowingContinuation { continuation in
      lock.withLock { held.append((request, continuation)) }
    }
  }
}

/// A credential provider that names its partition in the same call as it signs.
actor Account: CredentialProvider {
  var user: String? = "A"
  /// Whether it names the user as the partition.
  let partitioned: Bool

  init(partitioned: Bool = true) { self.partitioned = partitioned }

  func authorized(_ request: HTTPRequest) async throws -> AuthorizedRequest {
    guard let user else { return AuthorizedRequest(request, cachePartition: nil) }
    var signed = request
    try signed.headers.set("Authorization", "Bearer \(user)")
    return AuthorizedRequest(signed, cachePartition: partitioned ? user : nil)
  }

  func authorize(_ request: HTTPRequest) async throws -> HTTPRequest {
    try await authorized(request).request
  }

  func refresh() async throws {}
  func signIn(_ user: String?) { self.user = user }
}

/// An interceptor that sets `header` to whatever the box holds now.
struct SettingHeader: Interceptor {
  let header: String
  let value: Box<String>

  func adapt(_ request: HTTPRequest) async throws -> HTTPRequest {
    var adapted = request
    try adapted.headers.set(header, value.value)
    return adapted
  }
}

/// A value shared between a test and what it drives.
final class Box<Value: Sendable>: @unchecked Sendable {
  // NB: `lock` guards `stored`.
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

/// A scenario name no test knows.
struct UnknownScenario: Error {
  let name: String
}

/// Runs `scenario` with its rule switched off: it must fail by an expectation, or by a wait
/// that never ends (`StillWaiting`); any other error (an unknown scenario) fails the test.
func withoutItsRule(
  _ scenario: String, _ rule: CacheRule, _ body: () async throws -> Void
) async throws {
  let expected: KnownIssueMatcher = { issue in
    switch issue.kind {
    case .expectationFailed: true
    case .errorCaught(let error): error is StillWaiting
    default: false
    }
  }
  try await withKnownIssue("\(scenario) without \(rule)", isIntermittent: false) {
    try await body()
  } matching: { issue in
    expected(issue)
  }
}
