import CatenaRequest
import CatenaTesting
import Dispatch
import Foundation
import Testing

/// Names the dispatch queue a callback runs on ("pool" when it is none of ours).
let placeKey: DispatchSpecificKey<String> = {
  let key = DispatchSpecificKey<String>()
  DispatchQueue.main.setSpecific(key: key, value: "main")
  return key
}()

func currentPlace() -> String { DispatchQueue.getSpecific(key: placeKey) ?? "pool" }

/// A serial queue usable as an actor's executor and as a delivery executor.
final class NamedQueue: TaskExecutor, SerialExecutor {
  let queue: DispatchQueue

  init(_ name: String) {
    queue = DispatchQueue(label: name)
    queue.setSpecific(key: placeKey, value: name)
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    let taskExecutor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(isolatedTo: executor, taskExecutor: taskExecutor) }
  }
}

/// What nonisolated callbacks saw: each entry is "callback@place".
final class PlaceLog: @unchecked Sendable {
  // NB: `lock` guards `stored`.
  private let lock = NSLock()
  private var stored: [String] = []

  func add(_ entry: String) { lock.withLock { stored.append(entry) } }
  var entries: [String] { lock.withLock { stored } }
}

/// An actor on its own queue: callbacks written in it run on it.
actor Screen {
  let executor = NamedQueue("screen")
  var seen: [String] = []

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  func load(_ request: Request<JSONValue>, on client: Client) async {
    // `seen` is actor state: this compiles only because the callbacks are isolated to `self`.
    await request
      .then { _ in self.seen.append("then@\(currentPlace())") }
      .always { self.seen.append("always@\(currentPlace())") }
      .start(on: client).finished()
  }
}

@MainActor
final class MainLog {
  var entries: [String] = []
}

func fixtureClient(delivery: Delivery = .mainActor) -> Client {
  let fixtures = FixtureTransport().route(.get, "item", json: #"{"id": 1}"#)
    .route(.post, "upload", json: "{}")
  return Client(
    baseURL: URL(string: "https://api.example.com/"), transport: fixtures, delivery: delivery)
}

/// Sends a request whose nonisolated callbacks log where they ran.
func logPlaces(
  _ request: Request<JSONValue>, on client: Client, delivering delivery: Delivery? = nil
) async -> [String] {
  let log = PlaceLog()
  let call =
    request
    .progress { update in log.add("progress(\(update.direction))@\(currentPlace())") }
    .then { _ in log.add("then@\(currentPlace())") }
    .always { log.add("always@\(currentPlace())") }
  await (delivery.map { call.delivering($0) } ?? call).start(on: client).finished()
  return log.entries
}

@Suite("Where callbacks run")
struct DeliveryTests {
  @MainActor
  @Test func callbacksWrittenOnTheMainActorRunThere() async {
    let log = MainLog()
    // Appending to main-actor state compiles only because the callbacks are main-actor isolated.
    await Get("item").json()
      .then { _ in log.entries.append("then@\(currentPlace())") }
      .always { log.entries.append("always@\(currentPlace())") }
      .start(on: fixtureClient(delivery: .globalExecutor)).finished()
    #expect(log.entries == ["then@main", "always@main"])
  }

  @Test func callbacksWrittenInAnActorRunOnIt() async {
    let screen = Screen()
    await screen.load(Get("item").json(), on: fixtureClient(delivery: .globalExecutor))
    #expect(await screen.seen == ["then@screen", "always@screen"])
  }

  @Test func nonisolatedCallbacksFollowTheClientsDelivery() async {
    let onMain = await logPlaces(Post("upload", ["name": "a"]).json(), on: fixtureClient())
    #expect(
      onMain == ["progress(upload)@main", "progress(download)@main", "then@main", "always@main"])

    let immediate = await logPlaces(
      Get("item").json(), on: fixtureClient(delivery: .globalExecutor))
    #expect(immediate == ["progress(download)@pool", "then@pool", "always@pool"])

    let queue = NamedQueue("delivery")
    let onQueue = await logPlaces(
      Get("item").json(), on: fixtureClient(delivery: .executor(queue)))
    #expect(onQueue == ["progress(download)@delivery", "then@delivery", "always@delivery"])
  }

  @Test func aCallCanOverrideTheClientsDelivery() async {
    let places = await logPlaces(
      Get("item").json(), on: fixtureClient(delivery: .mainActor), delivering: .globalExecutor)
    #expect(places == ["progress(download)@pool", "then@pool", "always@pool"])
    #expect(Client(transport: FixtureTransport()).delivery.description == "mainActor")
  }

  @Test func globalExecutorDeliveryNeedsNoMainActor() async {
    // The main actor is held, blocked, from before the call starts until its callbacks ran:
    // a delivery that waited for the main actor could never finish. Nothing here waits on a
    // clock; the long timeout only turns that deadlock into a failure instead of a hang.
    let delivered = DispatchSemaphore(value: 0)
    let (held, holding) = AsyncStream.makeStream(of: Void.self)
    let blocker = Task { @MainActor in
      holding.finish()
      return delivered.wait(timeout: .now() + 600)
    }
    for await _ in held {}
    let log = PlaceLog()
    await Get("item").json()
      .then { _ in log.add("then") }
      .always { delivered.signal() }
      .start(on: fixtureClient(delivery: .globalExecutor)).finished()
    #expect(await blocker.value == .success)
    #expect(log.entries == ["then"])
  }
}
