import Catena
import Foundation
import Testing

/// A `401` with a `WWW-Authenticate` challenge reaches Catena at once, on Linux as on Apple
/// platforms: FoundationNetworking waits for an answer to the challenge, and the client gives
/// one, so the response is delivered instead of hanging until the deadline.
@Suite("Authentication challenges over real HTTP")
struct ChallengeTests {
  /// Each is given a 60 s deadline: a hang shows as a timeout error, not as a stuck suite.
  static let schemes = ["Basic", "Digest", "Bearer"]

  @Test(arguments: schemes)
  func aChallengedRequestFailsWithItsStatusAndBody(scheme: String) async throws {
    try await TestServer.run { port in
      let error = await #expect(throws: RequestError.self) {
        _ = try await Get("challenge/\(scheme)").timeout(.seconds(60)).json()
          .value(on: client(port))
      }
      #expect(error?.kind == .status, "\(error.map { "\($0)" } ?? "")")
      #expect(error?.status == 401)
      #expect(error?.bodyText == #"{"error": "who are you?"}"#)
    }
  }

  @Test(arguments: schemes)
  func aChallengedStreamAndDownloadFailWithTheirStatus(scheme: String) async throws {
    try await TestServer.run { port in
      let streamed = await #expect(throws: RequestError.self) {
        _ = try await Get("challenge/\(scheme)").timeout(.seconds(60)).stream(on: client(port))
      }
      #expect(streamed?.status == 401, "\(streamed.map { "\($0)" } ?? "")")
      let destination = try scratchFolder().appendingPathComponent("challenged.bin")
      let downloaded = await #expect(throws: RequestError.self) {
        _ = try await Download("challenge/\(scheme)", to: destination).timeout(.seconds(60))
          .value(on: client(port))
      }
      #expect(downloaded?.status == 401, "\(downloaded.map { "\($0)" } ?? "")")
      #expect(!FileManager.default.fileExists(atPath: destination.path))
    }
  }

  @Test(arguments: schemes)
  func theAuthenticationPolicySeesTheChallengeAndRefreshesOnce(scheme: String) async throws {
    try await TestServer.run { port in
      let key = UUID().uuidString
      let api = clientWithStaleCredentials(port, key: key)
      let ok = try await Get("challenge/\(scheme)", ["key": .string(key)]).timeout(.seconds(60))
        .json(at: "ok").value(on: api)
      #expect(ok == true)
      #expect(await Attempts.shared.count("token-\(key)") == 1)
      #expect(await Attempts.shared.count("challenge-\(key)") == 2, "refused once, then sent again")
      let streamed = try await Get("challenge/\(scheme)").timeout(.seconds(60)).stream(on: api)
      #expect(try await streamed.body.collect(upTo: 1 << 10) == Data(#"{"ok": true}"#.utf8))
    }
  }
}
