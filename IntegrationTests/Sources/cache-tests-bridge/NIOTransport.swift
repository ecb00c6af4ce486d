import AsyncHTTPClient
import CatenaRequest
import Foundation
import NIOCore
import NIOHTTP1

/// A transport over AsyncHTTPClient, for the conformance run only: it passes every response
/// as the server sent it (no content coding decoded), so the suite's tests of unknown
/// `Content-Encoding` and `Transfer-Encoding` reach the cache, as they do through Apple's
/// URLSession, where Linux's libcurl refuses them.
struct NIOTransport: Transport {
  func send(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
    var asked = HTTPClientRequest(url: request.url.absoluteString)
    asked.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
    for field in request.headers { asked.headers.add(name: field.name, value: field.value) }
    if let body = request.body { asked.body = .bytes(ByteBuffer(bytes: body)) }
    let response = try await HTTPClient.shared.execute(asked, timeout: .seconds(30))
    // Fields sent on several lines are one field, their values joined (RFC 9110 §5.3).
    var headers = CatenaRequest.HTTPHeaders()
    for name in Set(response.headers.map { $0.name.lowercased() }) {
      try headers.set(name, response.headers[name].joined(separator: ", "))
    }
    let body = try await response.body.collect(upTo: 16 << 20)
    return HTTPResponse(
      status: Int(response.status.code), headers: headers, body: Data(buffer: body),
      url: response.url ?? request.url)
  }
}
