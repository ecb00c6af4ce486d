public import CatenaRequest
public import Foundation

/// A request that no route of a ``FixtureTransport`` matches: what it was, and the route that
/// came nearest, so a test that sent to the wrong path says which.
///
/// ```swift
/// // "no fixture route matches DELETE /v1/products/2; the nearest route is DELETE products"
/// ```
public struct UnmatchedRequest: Error, CustomStringConvertible, Sendable {
  /// The request's method.
  public var method: HTTPMethod
  /// The request's URL.
  public var url: URL
  /// The route nearest to the request ("GET products/{id}"); nil when the transport has none.
  public var nearestRoute: String?

  /// A request of `method` for `url`, with the route nearest to it.
  package init(method: HTTPMethod, url: URL, nearestRoute: String?) {
    self.method = method
    self.url = url
    self.nearestRoute = nearestRoute
  }

  /// "no fixture route matches GET /v1/x; the nearest route is GET y".
  public var description: String {
    let nearest = nearestRoute.map { "the nearest route is \($0)" } ?? "the transport has no route"
    return "no fixture route matches \(method) \(url.path); \(nearest)"
  }
}
