import CatenaPaging
import CatenaRequest
import CatenaTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the callbacks of one call saw, recorded on the main actor.
@MainActor
final class Outcome {
  var values: [String] = []
  var errors: [RequestError.Kind] = []
  var cancellations = 0
  var always = 0
}

func api(_ fixtures: FixtureTransport) -> Client {
  Client(
    baseURL: URL(string: "https://api.example.com/v1/"),
    defaultHeaders: ["Accept": "application/json"], transport: fixtures)
}

@MainActor
func record(
  _ request: Request<User>, on client: Client, into outcome: Outcome, failedOnCancel: Bool = false
) -> RequestHandle {
  let call =
    request
    // The callbacks mutate main-actor state synchronously: they compile only because they
    // are main-actor isolated.
    .then { user in outcome.values.append(user.name) }
    .failed { error in outcome.errors.append(error.kind) }
    .cancelled { outcome.cancellations += 1 }
    .always { outcome.always += 1 }
  return (failedOnCancel ? call.failedOnCancel() : call).start(on: client)
}

@MainActor
@Suite("Sending requests")
struct CallTests {
  let userJSON = #"{"data": {"user": {"id": 7, "name": "Ada"}}}"#

  @Test func valueSendsThroughTheClientAndShapes() async throws {
    let fixtures = FixtureTransport().route(.get, "user/getUserInfo", json: userJSON)
    let user = try await Get("user/getUserInfo", ["id": 7]).decode(User.self, at: "data.user")
      .value(on: api(fixtures))
    #expect(user == User(id: 7, name: "Ada"))
    let sent = try #require(fixtures.requests.first)
    #expect(sent.url.absoluteString == "https://api.example.com/v1/user/getUserInfo?id=7")
    #expect(sent.headers["accept"] == "application/json")
  }

  @Test func awaitingAValueReportsTheTransferWhenAsked() async throws {
    let fixtures = FixtureTransport().route(.post, "houses", status: 201, json: #"{"id": 9}"#)
    let heard = PlaceLog()
    let id = try await Post("houses").body(.json(["title": "Sea view"])).json(at: "id")
      .value(on: api(fixtures)) { heard.add("\($0)") }
    #expect(id == 9)
    let size = try #require(fixtures.requests.first?.body?.count)
    #expect(size > 0)
    #expect(heard.entries == ["upload \(size)/\(size)", "download 9/9"], "each way, once, whole")
    let (_, response) = try await Post("houses").json(at: "id")
      .response(on: api(fixtures)) { heard.add("again \($0)") }
    #expect(response.status == 201)
    #expect(heard.entries.filter { $0.hasPrefix("again download") } == ["again download 9/9"])
  }

  @Test func responseGivesStatusAndHeadersWithTheValue() async throws {
    let fixtures = FixtureTransport()
      .route(.post, "houses", status: 201, json: #"{"id": 9}"#, headers: ["Location": "/houses/9"])
    let (id, response) = try await Post("houses").json(at: "id").response(on: api(fixtures))
    #expect(id == 9)
    #expect(response.status == 201)
    #expect(response.headers["location"] == "/houses/9")
  }

  @Test func successCallsThenAndAlwaysOnceOnTheMainActor() async {
    let fixtures = FixtureTransport().route(.get, "user", json: userJSON)
    let outcome = Outcome()
    let handle = record(
      Get("user").decode(User.self, at: "data.user"), on: api(fixtures), into: outcome)
    await handle.finished()
    #expect(outcome.values == ["Ada"])
    #expect(outcome.errors.isEmpty && outcome.cancellations == 0)
    #expect(outcome.always == 1)
  }

  @Test func failureCallsFailedAndAlwaysOnceAndKeepsTheBody() async throws {
    let fixtures = FixtureTransport().route(.get, "user", status: 500, json: #"{"error": "boom"}"#)
    let outcome = Outcome()
    await record(Get("user").decode(User.self), on: api(fixtures), into: outcome).finished()
    #expect(outcome.errors == [.status])
    #expect(outcome.values.isEmpty && outcome.always == 1)
    let error = await #expect(throws: RequestError.self) {
      _ = try await Get("user").decode(User.self).value(on: api(fixtures))
    }
    #expect(error?.bodyText == #"{"error": "boom"}"#)
  }

  @Test func cancellingIsNotAFailure() async {
    let fixtures = FixtureTransport().route(.get, "slow", json: "{}", delay: .seconds(30))
    let outcome = Outcome()
    let handle = record(Get("slow").decode(User.self), on: api(fixtures), into: outcome)
    handle.cancel()
    await handle.finished()
    #expect(outcome.cancellations == 1)
    #expect(outcome.errors.isEmpty)
    #expect(outcome.always == 1)
    #expect(handle.isCancelled)
  }

  @Test func cancellationCanBeReportedAsAFailure() async {
    let fixtures = FixtureTransport().route(.get, "slow", json: "{}", delay: .seconds(30))
    let outcome = Outcome()
    let handle = record(
      Get("slow").decode(User.self), on: api(fixtures), into: outcome, failedOnCancel: true)
    handle.cancel()
    await handle.finished()
    #expect(outcome.errors == [.cancelled])
    #expect(outcome.cancellations == 1 && outcome.always == 1)
  }

  @Test func transportErrorsAreMappedToKinds() async {
    let fixtures = FixtureTransport()
      .fail(.get, "offline", with: URLError(.notConnectedToInternet))
      .fail(.get, "late", with: URLError(.timedOut))
      .fail(.get, "gone", with: URLError(.cancelled))
    for (path, kind) in [
      ("offline", RequestError.Kind.transport), ("late", .timeout), ("gone", .cancelled),
    ] {
      let error = await #expect(throws: RequestError.self) {
        _ = try await Get(path).value(on: api(fixtures))
      }
      #expect(error?.kind == kind, "\(path)")
      #expect(error?.underlyingError is URLError)
    }
  }

  @Test func invalidRequestsFailBeforeSending() async {
    let fixtures = FixtureTransport()
    let error = await #expect(throws: RequestError.self) {
      _ = try await Get("//evil.example/steal").value(on: api(fixtures))
    }
    #expect(error?.kind == .invalidURL)
    #expect(fixtures.requests.isEmpty)
  }

  @Test func manyConcurrentCallsEachCompleteOnce() async {
    let fixtures = FixtureTransport().route(.get, "user", json: userJSON, delay: .milliseconds(1))
    let outcome = Outcome()
    let handles = (0..<200).map { _ in
      record(Get("user").decode(User.self, at: "data.user"), on: api(fixtures), into: outcome)
    }
    for handle in handles { await handle.finished() }
    #expect(outcome.values.count == 200)
    #expect(outcome.always == 200)
    #expect(fixtures.requests.count == 200)
  }
}

@MainActor
@Suite("The article's chain through the default client", .serialized)
struct DefaultClientTests {
  @Test func getThenFailedStartGoesThroughClientDefault() async throws {
    // One of the two tests (one after the other) that set the default client.
    let fixtures = FixtureTransport()
      .route(.get, "user/getUserInfo", json: #"{"data": {"name": "Ada"}}"#)
    Client.default = Client(baseURL: URL(string: "https://api.example.com/"), transport: fixtures)
    let outcome = Outcome()
    let handle = Get("user/getUserInfo", ["id": 7]).json()
      .then { json in outcome.values.append(json["data"]["name"].string ?? "?") }
      .failed { error in outcome.errors.append(error.kind) }
      .start()
    await handle.finished()
    #expect(outcome.values == ["Ada"])
    #expect(try await Get("user/getUserInfo").json(at: "data.name").value() == "Ada")
    #expect(
      fixtures.requests.map(\.url.absoluteString).first
        == "https://api.example.com/user/getUserInfo?id=7")
  }

  @Test func aPageSourceBuiltBeforeTheDefaultClientIsSetLoadsThroughTheNewOne() async throws {
    let source = PageSource<Int>.request(PageFormat(list: "items")) { page, _ in
      Get("items", ["page": .int(page)])
    } transform: {
      $0.int
    }
    let fixtures = FixtureTransport().route(.get, "items", json: #"{"items": [1, 2]}"#)
    Client.default = Client(baseURL: URL(string: "https://api.example.com/"), transport: fixtures)
    let page = try await source.fetch(.index(1), 20)
    #expect(page.items == [1, 2])
    #expect(fixtures.requests.map(\.url.absoluteString) == ["https://api.example.com/items?page=1"])
  }
}

extension DefaultClientTests {
  @Test func aChainBuiltBeforeTheDefaultClientIsSetGoesThroughTheNewOne() async throws {
    let outcome = Outcome()
    let call = Get("user/getUserInfo").json(at: "data.name")
      .then { name in outcome.values.append(name.string ?? "?") }
      .failed { error in outcome.errors.append(error.kind) }
    let request = Get("user/getUserInfo").json(at: "data.name")
    let fixtures = FixtureTransport()
      .route(.get, "user/getUserInfo", json: #"{"data": {"name": "Grace"}}"#)
    Client.default = Client(baseURL: URL(string: "https://api.example.com/"), transport: fixtures)
    await call.start().finished()
    #expect(outcome.values == ["Grace"])
    #expect(outcome.errors.isEmpty)
    #expect(try await request.value() == "Grace")
    #expect(try await request.response().response.status == 200)
    let streamed = try await request.stream()
    #expect(streamed.head.status == 200)
    #expect(fixtures.requests.count == 4)
  }
}

/// A screen that receives a request's outcome in callbacks that capture it weakly.
@MainActor
final class OwnerScreen {
  var shown: [String] = []
}

@MainActor
@Suite("A request's callbacks and the screen they work on")
struct OwnerCallTests {
  let userJSON = #"{"data": {"user": {"id": 7, "name": "Ada"}}}"#

  @Test func everyCallbackReachesTheScreenWhileItLives() async {
    let fixtures = FixtureTransport().route(.get, "user", json: userJSON)
    let screen = OwnerScreen()
    await Get("user").decode(User.self, at: "data.user")
      .progress { [weak screen] _ in
        if screen?.shown.isEmpty == true { screen?.shown.append("progress") }
      }
      .then { [weak screen] user in screen?.shown.append(user.name) }
      .always { [weak screen] in screen?.shown.append("always") }
      .start(on: api(fixtures)).finished()
    #expect(screen.shown == ["progress", "Ada", "always"])
  }

  @Test func aScreenGoneBeforeTheAnswerIsNotKeptNorCalled() async {
    let fixtures = FixtureTransport().route(.get, "user", json: userJSON)
    weak var weakScreen: OwnerScreen?
    var calls = 0
    var screen: OwnerScreen? = OwnerScreen()
    weakScreen = screen
    let handle = Get("user").decode(User.self, at: "data.user")
      .then { [weak screen] _ in if screen != nil { calls += 1 } }
      .failed { [weak screen] _ in if screen != nil { calls += 1 } }
      .always { [weak screen] in if screen != nil { calls += 1 } }
      .start(on: api(fixtures))
    // Released before the answer can land: the callbacks run on this (main) actor later.
    screen = nil
    #expect(weakScreen == nil, "the call holds the screen only as its closures do: weakly")
    await handle.finished()
    #expect(calls == 0)
  }
}
