import CatenaRequest
import Foundation
import Testing

let base = URL(string: "https://api.example.com/v1/")

func built<R: RequestConvertible>(
  _ request: R, allowsAbsoluteURLs: Bool = false, defaults: HTTPHeaders = [:]
) throws -> HTTPRequest {
  try request.definition.httpRequest(
    baseURL: base, defaultHeaders: defaults, allowsAbsoluteURLs: allowsAbsoluteURLs)
}

func bodyText(_ request: HTTPRequest) -> String? {
  request.body.flatMap { String(data: $0, encoding: .utf8) }
}

@Suite("Building requests")
struct RequestBuildingTests {
  @Test func getPutsParametersInTheQueryUnderTheBaseURL() throws {
    let request = try built(Get("user/getUserInfo", ["id": 7, "lang": "zh"]))
    #expect(request.method == .get)
    #expect(
      request.url.absoluteString == "https://api.example.com/v1/user/getUserInfo?id=7&lang=zh")
    #expect(request.body == nil)
  }

  @Test func pathComponentsAndQueryValuesArePercentEncoded() throws {
    let request = try built(Get("users/a b?x#y").query("q", "a&b=c d"))
    #expect(
      request.url.absoluteString == "https://api.example.com/v1/users/a%20b%3Fx%23y?q=a%26b%3Dc%20d"
    )
    #expect(request.url.host == "api.example.com")
  }

  @Test func nonASCIIAndDelimitersAreEncodedAsUTF8Bytes() throws {
    let request = try built(Get("城市/é&+;:@!").query("名", "ü=1+2"))
    #expect(
      request.url.absoluteString
        == "https://api.example.com/v1/%E5%9F%8E%E5%B8%82/%C3%A9&+;:@!"
        + "?%E5%90%8D=%C3%BC%3D1%2B2")
  }

  @Test func whatAPathSegmentAllowsIsKeptAsWritten() throws {
    // RFC 3986 §3.3: pchar = unreserved / pct-encoded / sub-delims / ":" / "@".
    #expect(try built(Get("tags/c++")).url.absoluteString == "https://api.example.com/v1/tags/c++")
    #expect(
      try built(Get("items;v=2/a&b/$1,(x)*'y'")).url.absoluteString
        == "https://api.example.com/v1/items;v=2/a&b/$1,(x)*'y'")
    #expect(try built(Get("tags/c++")).url.path == "/v1/tags/c++")
    // Still refused: what would leave the base path.
    for path in ["..", "a/../../x", "+/../../x", "c++/../../x"] {
      let error = #expect(throws: RequestError.self, "\(path)") { try built(Get(path)) }
      #expect(error?.kind == .invalidURL, "\(path)")
    }
  }

  @Test func aPathCannotLeaveTheClientsHost() throws {
    for path in ["//other.example/x", "http://other.example", "https://other.example/v1"] {
      #expect(throws: RequestError.self, "\(path)") { try built(Get(path)) }
      let error = #expect(throws: RequestError.self) { try built(Get(path)) }
      #expect(error?.kind == .invalidURL)
    }
    let allowed = try built(Get("https://cdn.example/file"), allowsAbsoluteURLs: true)
    #expect(allowed.url.host == "cdn.example")
  }

  @Test func headersWithLineBreaksAreRejected() throws {
    let error = #expect(throws: RequestError.self) {
      try built(Get("x").header("X-Evil", "a\r\nSet-Cookie: b"))
    }
    #expect(error?.kind == .invalidHeader)
    #expect(throws: RequestError.self) { try built(Get("x").header("Bad Name", "v")) }
    #expect(throws: RequestError.self) { try built(Get("x").header("Bad:Name", "v")) }
    #expect(throws: RequestError.self) { try built(Get("x").header("Nämé", "v")) }
    #expect(throws: RequestError.self) { try built(Get("x").header("", "v")) }
    #expect(throws: RequestError.self) { try built(Get("x").header("X-Nul", "a\0b")) }
    let tokens = try built(Get("x").header("X-!#$%&'*+-.^_`|~9", "v"))
    #expect(tokens.headers["x-!#$%&'*+-.^_`|~9"] == "v")
  }

  @Test func headerNamesMatchIgnoringASCIICaseOnly() throws {
    var headers: HTTPHeaders = ["Content-Type": "a", "X-K": "b"]
    #expect(headers["CONTENT-type"] == "a")
    #expect(headers["Content-Typf"] == nil)
    #expect(headers["X-\u{212A}"] == nil, "the Kelvin sign is not a K")
    #expect(headers == ["content-TYPE": "a", "x-k": "b"])
    #expect(headers.hashValue == (["content-TYPE": "a", "x-k": "b"] as HTTPHeaders).hashValue)
    #expect(headers != ["Content-Type": "a", "X-K": "c"])
    try headers.set("x-k", "c")
    #expect(headers.fields.map(\.name) == ["Content-Type", "x-k"])
  }

  @Test func requestHeadersGoOverDefaultsCaseInsensitively() throws {
    let request = try built(
      Get("x").header("accept", "text/plain"),
      defaults: ["Accept": "application/json", "User-Agent": "Catena"])
    #expect(request.headers["Accept"] == "text/plain")
    #expect(request.headers["user-agent"] == "Catena")
    #expect(request.headers.fields.count == 2)
  }

  @Test func postSendsParametersAsAJSONBodyWithoutNulls() throws {
    let request = try built(Post("houses", ["title": "Sea view", "rooms": 3, "note": nil]))
    #expect(request.headers["Content-Type"] == "application/json")
    #expect(bodyText(request) == #"{"rooms":3,"title":"Sea view"}"#)
    #expect(request.url.query == nil)
  }

  @Test func arraysRepeatAndObjectsUseBracketsInTheQuery() throws {
    let request = try built(Get("search", ["ids": [1, 2], "filter": ["city": "Hangzhou"]]))
    #expect(request.url.query == "filter%5Bcity%5D=Hangzhou&ids=1&ids=2")
  }

  @Test func encodableModelsBecomeParametersWithNilLeftOut() throws {
    struct Search: Encodable, Sendable {
      var city: String
      var page: Int?
      var rooms: [Int]
    }
    let request = try built(
      Get("houses").parameters(Search(city: "Hangzhou", page: nil, rooms: [2])))
    #expect(request.url.query == "city=Hangzhou&rooms=2")
    let post = try built(Put("houses/3").parameters(Search(city: "X", page: 1, rooms: [])))
    #expect(bodyText(post) == #"{"city":"X","page":1,"rooms":[]}"#)
  }

  @Test func aModelThatIsNotAnObjectIsAnEncodingError() {
    let error = #expect(throws: RequestError.self) { try built(Post("x").parameters([1, 2])) }
    #expect(error?.kind == .encoding)
  }

  @Test func formAndRawBodiesCarryTheirContentType() throws {
    let form = try built(
      Post("login").body(.form([QueryItem("user", "a b"), QueryItem("pw", "&")])))
    #expect(form.headers["Content-Type"] == "application/x-www-form-urlencoded")
    #expect(bodyText(form) == "user=a%20b&pw=%26")
    let raw = try built(
      Put("blob").body(.data(Data([1, 2]), contentType: "application/octet-stream")))
    #expect(raw.body == Data([1, 2]))
    #expect(raw.headers["content-type"] == "application/octet-stream")
  }

  @Test func timeoutsAndMethodsAreKept() throws {
    let request = try built(Delete("houses/3").timeout(.seconds(5)))
    #expect(request.method == .delete)
    #expect(request.timeout == .seconds(5))
    #expect(!HTTPMethod.post.isIdempotent && HTTPMethod.put.isIdempotent)
  }
}
