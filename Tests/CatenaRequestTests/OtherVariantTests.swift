import CatenaRequest
import CatenaTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A request whose `Vary` variant is not kept asks with the `ETag`s of the variants that are
/// (RFC 9111 §4.3.1), and a `304` naming one answers with it (§4.3.4): only strong tags (the
/// same bytes), never another credential's response, never for a request that reads nothing.
@Suite("HTTPCache: other variants' ETags (RFC 9111 §4.3.1)")
struct OtherVariantTests {
  let clock = TestClock()
  let events = EventLog()

  func client(_ transport: any Transport) -> Client {
    cachingClient(transport, clock: clock, events: events)
  }

  /// A server whose `fr` and `en` are one representation (`same`), `de` another (`other`),
  /// with the tags `tag` writes: it answers a request that names the tag of what it would
  /// send with a `304` naming it (`tagless`: with no `ETag`).
  func languages(
    tagless: Bool = false, tag write: @escaping @Sendable (String) -> String = { "\"\($0)\"" }
  ) -> ScriptedTransport {
    ScriptedTransport { request, number in
      let language = request.headers["Accept-Language"] ?? "-"
      let tag = write(language == "de" ? "other" : "same")
      let asked = (request.headers["If-None-Match"] ?? "").split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      if asked.contains(tag) {
        return HTTPResponse(status: 304, headers: tagless ? [:] : ["ETag": tag])
      }
      return HTTPResponse(
        status: 200,
        headers: ["Cache-Control": "max-age=60", "ETag": tag, "Vary": "Accept-Language"],
        body: Data("v\(number) \(language)".utf8))
    }
  }

  func get(_ path: String, in language: String, _ api: Client) async throws -> String {
    try await Get(path).header("Accept-Language", language).value(on: api).text
  }

  @Test func aRequestForAVariantNotKeptNamesTheOthersAndA304SelectsOne() async throws {
    let server = languages()
    let api = client(server)
    #expect(try await get("doc", in: "en", api) == "v1 en")
    #expect(try await get("doc", in: "de", api) == "v2 de")
    #expect(try await get("doc", in: "fr", api) == "v1 en", "the server said: en's")
    let asked = server.requests.last?.headers["If-None-Match"] ?? ""
    #expect(
      Set(asked.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        == ["\"same\"", "\"other\""], "the tags of both variants kept")
    #expect(events.count(.revalidated) == 1)
    #expect(try await get("doc", in: "fr", api) == "v1 en", "kept for fr now: a hit")
    #expect(try await get("doc", in: "de", api) == "v2 de", "de's own stays")
    #expect(server.requests.count == 3)
    #expect(server.requests.first?.headers["If-None-Match"] == nil, "nothing kept: none asked")
  }

  @Test func a304ThatNamesNoVariantKeptIsAskedAgainWithoutValidators() async throws {
    let server = languages(tagless: true)
    let api = client(server)
    #expect(try await get("doc", in: "en", api) == "v1 en")
    #expect(try await get("doc", in: "fr", api) == "v3 fr", "asked again, answered whole")
    #expect(server.requests.count == 3)
    #expect(server.requests[1].headers["If-None-Match"] == "\"same\"")
    #expect(server.requests[2].headers["If-None-Match"] == nil)
    #expect(try await get("doc", in: "fr", api) == "v3 fr", "kept for fr")
  }

  @Test func noOtherVariantIsAskedAboutWithoutTheCacheOrForNetworkOnly() async throws {
    let server = languages()
    let api = client(server)
    _ = try await get("doc", in: "en", api)
    let fresh = try await Get("doc").header("Accept-Language", "fr").cache(.networkOnly)
      .value(on: api)
    #expect(fresh.text == "v2 fr")
    #expect(server.requests.last?.headers["If-None-Match"] == nil)
  }

  @Test func aRequestThatReadsNothingNamesNoOtherVariant() async throws {
    let server = languages()
    let api = client(server)
    _ = try await get("doc", in: "en", api)
    let unstored = try await Get("doc").header("Accept-Language", "fr")
      .header("Cache-Control", "no-store").value(on: api)
    #expect(unstored.text == "v2 fr")
    #expect(server.requests.last?.headers["If-None-Match"] == nil)
  }

  @Test(arguments: ["W/\"same\"", "same"])
  func onlyAStrongWellFormedTagIsOffered(tag: String) async throws {
    // A weak tag may be shared by representations that differ; a bare one is not a tag.
    let server = languages(tag: { $0 == "same" ? tag : "\"\($0)\"" })
    let api = client(server)
    #expect(try await get("doc", in: "en", api) == "v1 en")
    #expect(try await get("doc", in: "fr", api) == "v2 fr")
    #expect(server.requests.last?.headers["If-None-Match"] == nil)
  }

  @Test func a304WithAWeakTagSelectsTheStrongOneItNames() async throws {
    let server = ScriptedTransport { request, number in
      request.headers["If-None-Match"] == "\"x\""
        ? HTTPResponse(status: 304, headers: ["ETag": "W/\"x\""])
        : HTTPResponse(
          status: 200, headers: ["Cache-Control": "max-age=1", "ETag": "\"x\""],
          body: Data("v\(number)".utf8))
    }
    let api = client(server)
    _ = try await Get("doc").value(on: api)
    clock.advance(2)
    #expect(try await Get("doc").value(on: api).text == "v1", "W/\"x\" names \"x\" (§4.3.4)")
    #expect(server.requests.count == 2)
    #expect(events.count(.revalidated) == 1)
  }

  @Test func anotherCredentialsVariantIsNeverOffered() async throws {
    // One partition for a tenant's users; the server varies on the token and tags by version.
    let server = ScriptedTransport { request, number in
      let user = request.headers["Authorization"] ?? "-"
      if request.headers["If-None-Match"] == "\"v1\"" {
        return HTTPResponse(status: 304, headers: ["ETag": "\"v1\""])
      }
      return HTTPResponse(
        status: 200,
        headers: ["Cache-Control": "max-age=60", "ETag": "\"v1\"", "Vary": "Authorization"],
        body: Data("\(user) #\(number)".utf8))
    }
    let token = Box("Bearer A")
    var api = client(server)
    api.authentication = Authentication(Tenant(token: token))
    #expect(try await Get("doc").value(on: api).text == "Bearer A #1")
    token.value = "Bearer B"
    #expect(try await Get("doc").value(on: api).text == "Bearer B #2", "B's own")
    #expect(server.requests.last?.headers["If-None-Match"] == nil, "A's tag never goes with B")
  }
}

/// Signs with `token` and names one partition for every user (a tenant).
private struct Tenant: CredentialProvider {
  let token: Box<String>
  func authorize(_ request: HTTPRequest) async throws -> HTTPRequest {
    var signed = request
    try signed.headers.set("Authorization", token.value)
    return signed
  }
  func refresh() async throws {}
  func cachePartition() async -> String? { "tenant" }
}
