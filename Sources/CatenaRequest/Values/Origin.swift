package import Foundation

/// Where a credential may go: a URL's scheme, host and port, as browsers compare them.
///
/// `https://api.example.com/v1` and `https://API.example.com:443/v2` are one origin;
/// `http://api.example.com` and `https://api.example.com:8443` are two others.
package struct Origin: Hashable, Sendable, CustomStringConvertible {
  /// The scheme, lowercased.
  package var scheme: String
  /// The host, lowercased.
  package var host: String
  /// The port, the scheme's default when the URL names none.
  package var port: Int?

  /// The origin of `url`, or nil when it has no scheme or host.
  package init?(_ url: URL) {
    guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else {
      return nil
    }
    self.scheme = scheme
    self.host = host
    let defaultPort: Int? =
      switch scheme {
      case "http": 80
      case "https": 443
      default: nil
      }
    port = url.port ?? defaultPort
  }

  /// `https://api.example.com:443`.
  package var description: String {
    "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
  }
}

extension URL {
  /// Whether the URL is an absolute `http` or `https` URL with a host: the only kind a
  /// request is built for or a redirect followed to.
  var isHTTP: Bool {
    guard let scheme = scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      return false
    }
    return host?.isEmpty == false
  }
}
