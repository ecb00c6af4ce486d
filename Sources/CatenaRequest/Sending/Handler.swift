/// A callback as a ``Call`` keeps it. The closure as written is not `Sendable` and carries the
/// isolation of the code that wrote it (`@isolated(any)`): written on an actor it runs only on
/// that actor. Written in nonisolated code (no actor to return to) it runs where the call's
/// ``Delivery`` says, and a ``SerialGate`` keeps two runs of it (a call started twice) from
/// overlapping.
struct Handler<Value: Sendable>: Sendable {
  private let run: @Sendable (Value) async -> Void

  /// Runs the callback with `value`, in the callback's isolation.
  func callAsFunction(_ value: Value) async { await run(value) }

  /// A callback that receives the value.
  init(_ body: @escaping @isolated(any) (Value) -> Void) {
    let held = ValueBody(body)
    run = { value in await held.run(value) }
  }

  /// `body` with `owner` held weakly, called while the owner lives.
  init<Owner: AnyObject>(owner: Owner, _ body: @escaping @isolated(any) (Owner, Value) -> Void) {
    let held = OwnedValueBody(owner, body)
    run = { value in await held.run(value) }
  }
}

extension Handler where Value == Void {
  /// A callback without a value (`cancelled`, `always`).
  init(action body: @escaping @isolated(any) () -> Void) {
    let held = ActionBody(body)
    run = { _ in await held.run() }
  }

  /// `body` with `owner` held weakly, called while the owner lives.
  init<Owner: AnyObject>(owner: Owner, action body: @escaping @isolated(any) (Owner) -> Void) {
    let held = OwnedActionBody(owner, body)
    run = { _ in await held.run() }
  }
}

// The closures below are held as fields, not as generic arguments: older Apple systems have no
// runtime metadata for `@isolated(any)` function types. Each runs only in its own isolation or,
// with none, inside its gate; an owner is only handed to its closure.

private final class ValueBody<Value: Sendable>: @unchecked Sendable {
  let body: @isolated(any) (Value) -> Void
  let gate = SerialGate()
  init(_ body: @escaping @isolated(any) (Value) -> Void) { self.body = body }

  func run(_ value: Value) async {
    await gate.pass(unless: body.isolation != nil) { await body(value) }
  }
}

private final class OwnedValueBody<Owner: AnyObject, Value: Sendable>: @unchecked Sendable {
  let body: @isolated(any) (Owner, Value) -> Void
  weak var owner: Owner?
  let gate = SerialGate()
  init(_ owner: Owner, _ body: @escaping @isolated(any) (Owner, Value) -> Void) {
    self.owner = owner
    self.body = body
  }

  func run(_ value: Value) async {
    // The owner lives in the isolation the callback was written in, where it is handed back.
    guard let found = owner else { return }
    nonisolated(unsafe) let owner = found
    await gate.pass(unless: body.isolation != nil) { await body(owner, value) }
  }
}

private final class ActionBody: @unchecked Sendable {
  let body: @isolated(any) () -> Void
  let gate = SerialGate()
  init(_ body: @escaping @isolated(any) () -> Void) { self.body = body }

  func run() async {
    await gate.pass(unless: body.isolation != nil) { await body() }
  }
}

private final class OwnedActionBody<Owner: AnyObject>: @unchecked Sendable {
  let body: @isolated(any) (Owner) -> Void
  weak var owner: Owner?
  let gate = SerialGate()
  init(_ owner: Owner, _ body: @escaping @isolated(any) (Owner) -> Void) {
    self.owner = owner
    self.body = body
  }

  func run() async {
    guard let found = owner else { return }
    nonisolated(unsafe) let owner = found
    await gate.pass(unless: body.isolation != nil) { await body(owner) }
  }
}
