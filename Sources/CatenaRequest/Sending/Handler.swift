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

}

extension Handler where Value == Void {
  /// A callback without a value (`cancelled`, `always`).
  init(action body: @escaping @isolated(any) () -> Void) {
    let held = ActionBody(body)
    run = { _ in await held.run() }
  }
}

// The closures below are held as fields, not as generic arguments: older Apple systems have no
// runtime metadata for `@isolated(any)` function types. Each runs only in its own isolation or,
// with none, inside its gate.

private final class ValueBody<Value: Sendable>: @unchecked Sendable {
  let body: @isolated(any) (Value) -> Void
  let gate = SerialGate()
  init(_ body: @escaping @isolated(any) (Value) -> Void) { self.body = body }

  func run(_ value: Value) async {
    await gate.pass(unless: body.isolation != nil) { await body(value) }
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
