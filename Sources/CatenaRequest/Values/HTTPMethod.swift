/// An HTTP method.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The method's name, as it goes on the wire.
  public var rawValue: String

  /// Creates a method from its name.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// `GET`.
  public static let get = HTTPMethod(rawValue: "GET")
  /// `POST`.
  public static let post = HTTPMethod(rawValue: "POST")
  /// `PUT`.
  public static let put = HTTPMethod(rawValue: "PUT")
  /// `PATCH`.
  public static let patch = HTTPMethod(rawValue: "PATCH")
  /// `DELETE`.
  public static let delete = HTTPMethod(rawValue: "DELETE")
  /// `HEAD`.
  public static let head = HTTPMethod(rawValue: "HEAD")

  /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2):
  /// PUT, DELETE and the safe methods (GET, HEAD, OPTIONS, TRACE). An unknown method is not:
  /// a request of one that failed as the network went away is not sent again when it comes
  /// back.
  public var isIdempotent: Bool { isSafe || rawValue == "PUT" || rawValue == "DELETE" }

  /// Whether the method only reads (RFC 9110 §9.2.1): GET, HEAD, OPTIONS, TRACE. Any other,
  /// unknown ones included, may write: its success drops what a cache keeps for its URL.
  package var isSafe: Bool { ["GET", "HEAD", "OPTIONS", "TRACE"].contains(rawValue) }

  /// Whether parameters go into the query (GET, HEAD, DELETE) rather than the body.
  package var sendsParametersInQuery: Bool { self == .get || self == .head || self == .delete }

  /// The method's name.
  public var description: String { rawValue }
}
