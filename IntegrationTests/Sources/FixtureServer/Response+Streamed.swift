import HTTPTypes
import Hummingbird
import NIOCore

extension Response {
  /// A 200 of `contentType` whose body `write` sends piece by piece (through the function it
  /// is given), then ends.
  static func streamed(
    _ contentType: String,
    _ write: @escaping @Sendable (_ send: (ByteBuffer) async throws -> Void) async throws -> Void
  ) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = contentType
    return Response(
      status: .ok, headers: headers,
      body: ResponseBody { writer in
        try await write { try await writer.write($0) }
        try await writer.finish(nil)
      })
  }
}
