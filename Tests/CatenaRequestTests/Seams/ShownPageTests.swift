import CatenaRequest
import Foundation
import Testing

/// C6: the server's answer is compared with the response a list showed, not with a second
/// read of the cache, which another request may have changed in between.
@Suite("The server's answer against what was shown")
struct ShownPageTests {
  @Test func anAnswerLikeANewerKeptOneStillReplacesTheOneShown() async throws {
    let version = Box(1)
    let server = SeamTransport { request in
      let etag = "\"v\(version.value)\""
      if request.headers["If-None-Match"] == etag {
        return HTTPResponse(status: 304, headers: ["ETag": etag], url: request.url)
      }
      return HTTPResponse(
        status: 200, headers: ["ETag": etag], body: Data("v\(version.value)".utf8),
        url: request.url)
    }
    var api = Client(baseURL: URL(string: "https://api.example.com/"), transport: server)
    api.cache = HTTPCache()
    _ = try await Get("feed").value(on: api)
    // A list shows the kept v1 in this turn.
    let kept = try #require(api.keptValue(of: Get("feed")))
    #expect(kept.answer.value.text == "v1")
    // Another screen stores v2 before the list's own request goes out.
    version.value = 2
    _ = try await Get("feed").value(on: api)
    var answers: [String] = []
    for try await answer in Get("feed").answers(on: api, shown: kept.response, { $0.value.text }) {
      answers.append(answer)
    }
    #expect(answers == ["v2"], "the list showed v1: the server's v2 replaces it")
  }
}
