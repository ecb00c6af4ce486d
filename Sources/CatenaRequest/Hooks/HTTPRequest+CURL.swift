import Foundation

extension HTTPRequest {
  /// Header names whose values are credentials, lowercased: redacted in logs, and sent only to
  /// the origin they were set for.
  package static let credentialHeaders: Set<String> = [
    "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key",
    "x-auth-token",
  ]

  /// Query names whose values are credentials.
  package static let credentialQueryNames: Set<String> = [
    "token", "access_token", "refresh_token", "api_key", "apikey", "key", "password", "secret",
    "signature", "sig",
  ]

  /// The request as a `curl` command, with credentials replaced by `***`: credential headers,
  /// credential query values, and a user and password in the URL.
  ///
  /// ```text
  /// curl -X POST 'https://api.example.com/login?token=***' -H 'Authorization: ***' --data-binary '{"user":"ada"}'
  /// ```
  public var cURLDescription: String {
    var parts = ["curl", "-X", method.rawValue, Self.shellQuoted(redactedURL)]
    for field in headers {
      let value =
        isSensitive(field.name) ? "***" : field.value
      parts += ["-H", Self.shellQuoted("\(field.name): \(value)")]
    }
    if let body, !body.isEmpty {
      if let text = String(data: body, encoding: .utf8), body.count <= 4_096 {
        parts += ["--data-binary", Self.shellQuoted(text)]
      } else {
        parts += ["--data-binary", "'<\(body.count) bytes>'"]
      }
    }
    return parts.joined(separator: " ")
  }

  /// The URL with credentials in its user info and query replaced by `***`.
  package var redactedURL: String {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      return url.absoluteString
    }
    if components.user != nil { components.user = "***" }
    if components.password != nil { components.password = "***" }
    components.queryItems = components.queryItems?.map { item in
      Self.credentialQueryNames.contains(item.name.lowercased())
        ? URLQueryItem(name: item.name, value: "***") : item
    }
    return components.string ?? url.absoluteString
  }

  private static func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

/// Logs every request as a redacted `curl` command and every response's status.
///
/// ```swift
/// Client(baseURL: base, transport: URLSessionTransport(),
///        interceptors: [LoggingInterceptor { print($0) }])
/// ```
public struct LoggingInterceptor: Interceptor {
  let log: @Sendable (String) -> Void

  /// Logs to `log`.
  public init(_ log: @escaping @Sendable (String) -> Void) { self.log = log }

  /// Logs the request.
  public func adapt(_ request: HTTPRequest) async throws -> HTTPRequest {
    log(request.cURLDescription)
    return request
  }

  /// Logs the response's status and size.
  public func inspect(_ response: HTTPResponse, for request: HTTPRequest) async {
    log(
      "\(response.status) \(request.method) \(request.redactedURL) (\(response.body.count) bytes)")
  }
}
