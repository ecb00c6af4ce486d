import CatenaRequest
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SampleAPI

/// The samples' API over HTTP: every request goes to `SampleAPI.respond(to:)`, the function the
/// samples' embedded fixtures answer with, so both serve the same API.
public enum FixtureServer {
  /// A router that answers every path through the sample API.
  public static func router() -> Router<BasicRequestContext> {
    let router = Router()
    for method in [HTTPRequest.Method.get, .post] {
      router.on("**", method: method) { request, context in
        try await answer(request, context: context)
      }
    }
    return router
  }

  /// The application, listening on `host`:`port` (0 for a free port).
  public static func application(
    host: String = "127.0.0.1", port: Int = 8080,
    onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    Application(
      router: router(), configuration: .init(address: .hostname(host, port: port)),
      onServerRunning: onServerRunning)
  }

  static func answer(
    _ request: Request, context: BasicRequestContext
  ) async throws -> Response {
    let body = try await request.body.collect(upTo: 64 << 20)
    guard let url = URL(string: "http://fixture.local\(request.uri.description)") else {
      return Response(status: .badRequest)
    }
    var headers = HTTPHeaders()
    for field in request.headers { try? headers.set(field.name.rawName, field.value) }
    let method = CatenaRequest.HTTPMethod(rawValue: request.method.rawValue)
    let answer = try await SampleAPI.respond(
      to: CatenaRequest.HTTPRequest(
        method: method, url: url, headers: headers,
        body: body.readableBytes > 0 ? Data(buffer: body) : nil))
    var fields = HTTPFields()
    for field in answer.headers where field.name.lowercased() != "content-length" {
      if field.name == SampleAPI.cutHeader { continue }
      if let name = HTTPField.Name(field.name) { fields[name] = field.value }
    }
    // A body to cut off: the whole length announced, the connection closed after the part.
    if answer.headers[SampleAPI.cutHeader] != nil,
      let length = answer.headers["Content-Length"].flatMap({ Int($0) })
    {
      let part = ByteBuffer(bytes: answer.body)
      return Response(
        status: .init(code: answer.status), headers: fields,
        body: ResponseBody(contentLength: length) { writer in
          try await writer.write(part)
          throw CutOff()
        })
    }
    return Response(
      status: .init(code: answer.status), headers: fields,
      body: .init(byteBuffer: ByteBuffer(bytes: answer.body)))
  }
}

/// Closes a connection on purpose, after part of a body.
struct CutOff: Error {}
