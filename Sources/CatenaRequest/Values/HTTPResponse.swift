public import Foundation

/// A response as a transport received it: status, headers and the whole body.
public struct HTTPResponse: Hashable, Sendable {
  /// The HTTP status code.
  public var status: Int
  /// The response headers.
  public var headers: HTTPHeaders
  /// The body (empty for none).
  public var body: Data
  /// The URL that answered (after redirects), if known.
  public var url: URL?

  /// Creates a response.
  public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data(), url: URL? = nil) {
    self.status = status
    self.headers = headers
    self.body = body
    self.url = url
  }

  /// Whether the status is in 200..<300.
  public var isSuccess: Bool { (200..<300).contains(status) }
}

/// The value of an empty body (204, 205, `HEAD`, `Content-Length: 0`), for requests that expect
/// none: `.decode(Empty.self)` succeeds on an empty body where JSON decoding would fail.
public struct Empty: Hashable, Sendable, Decodable {
  /// The empty value.
  public init() {}

  /// Decodes from anything (an empty body never reaches the decoder).
  public init(from decoder: any Decoder) throws {}
}
