import Dispatch

/// Where a ``Call``'s callbacks run when they are not isolated to an actor.
///
/// A callback takes the isolation of the code that attaches it (its closure is
/// `@isolated(any)`): written in main-actor code (a view controller, a view model) it runs on
/// the main actor and may touch the UI; written in an actor it runs on that actor. Only callbacks written in nonisolated
/// code — a command-line tool, a server handler, a test helper — follow the delivery:
///
/// ```swift
/// // A headless client: nonisolated callbacks run as soon as the request finishes, without
/// // waiting for the main actor (which a blocked or absent main run loop never services).
/// let api = Client(baseURL: base, transport: URLSessionTransport(), delivery: .globalExecutor)
/// ```
///
/// Whatever the delivery, callbacks of one call run one after another, in order: progress,
/// then the outcome's callbacks, then `always`.
public struct Delivery: Sendable, CustomStringConvertible {
  enum Target: Sendable {
    case mainQueue
    case pool
    // Holds an `any TaskExecutor`, which older Apple systems cannot name in a stored type.
    case executor(any Sendable)
  }

  let target: Target

  /// On the main queue, as the main actor's work is (the default).
  ///
  /// On Apple systems before macOS 15 / iOS 18, where Swift cannot prefer an executor for
  /// nonisolated code, nonisolated callbacks run on the concurrency pool instead; callbacks
  /// written in main-actor code are on the main actor everywhere.
  public static let mainActor = Delivery(target: .mainQueue)

  /// On the concurrency pool, right after the request finishes: for headless code (servers,
  /// command-line tools, tests) with no main run loop.
  public static let globalExecutor = Delivery(target: .pool)

  /// On `executor`, e.g. a serial queue of your own.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  public static func executor(_ executor: any TaskExecutor) -> Delivery {
    Delivery(target: .executor(executor))
  }

  /// `mainActor`, `globalExecutor` or `executor`.
  public var description: String {
    switch target {
    case .mainQueue: "mainActor"
    case .pool: "globalExecutor"
    case .executor: "executor"
    }
  }

  /// Runs `body` with this delivery's executor preferred for its nonisolated code.
  func run(_ body: () async -> Void) async {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
      return await body()
    }
    switch target {
    case .pool:
      await body()
    case .mainQueue:
      await withTaskExecutorPreference(MainQueueExecutor.shared) { await body() }
    case .executor(let executor):
      await withTaskExecutorPreference(executor as? any TaskExecutor) { await body() }
    }
  }
}

/// Runs jobs on the main dispatch queue, which is where the main actor's jobs run too.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class MainQueueExecutor: TaskExecutor {
  static let shared = MainQueueExecutor()

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    DispatchQueue.main.async { job.runSynchronously(on: executor) }
  }
}
