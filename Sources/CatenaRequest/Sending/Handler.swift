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
    let held = Unchecked(body)
    let gate = SerialGate()
    run = { value in
      let body = held.value
      await gate.pass(unless: body.isolation != nil) { await body(value) }
    }
  }

  /// `body` with `owner` held weakly, called while the owner lives.
  init<Owner: AnyObject>(owner: Owner, _ body: @escaping @isolated(any) (Owner, Value) -> Void) {
    let held = Unchecked(body)
    let owner = Weak(owner)
    let gate = SerialGate()
    run = { value in
      // The owner lives in the isolation the callback was written in, where it is handed back.
      guard let found = owner.value else { return }
      nonisolated(unsafe) let owner = found
      let body = held.value
      await gate.pass(unless: body.isolation != nil) { await body(owner, value) }
    }
  }
}

extension Handler where Value == Void {
  /// A callback without a value (`cancelled`, `always`).
  init(action body: @escaping @isolated(any) () -> Void) {
    let held = Unchecked(body)
    let gate = SerialGate()
    run = { _ in
      let body = held.value
      await gate.pass(unless: body.isolation != nil) { await body() }
    }
  }

  /// `body` with `owner` held weakly, called while the owner lives.
  init<Owner: AnyObject>(owner: Owner, action body: @escaping @isolated(any) (Owner) -> Void) {
    let held = Unchecked(body)
    let owner = Weak(owner)
    let gate = SerialGate()
    run = { _ in
      // The owner lives in the isolation the callback was written in, where it is handed back.
      guard let found = owner.value else { return }
      nonisolated(unsafe) let owner = found
      let body = held.value
      await gate.pass(unless: body.isolation != nil) { await body(owner) }
    }
  }
}

/// A value handed between isolations by ``Handler`` only: a callback closure, which runs only
/// in its own isolation (or, with none, inside its ``SerialGate``).
private final class Unchecked<Wrapped>: @unchecked Sendable {
  let value: Wrapped
  init(_ value: Wrapped) { self.value = value }
}

/// An `owner:` form's owner, held weakly and only handed to its callback.
private final class Weak<Owner: AnyObject>: @unchecked Sendable {
  weak var value: Owner?
  init(_ value: Owner) { self.value = value }
}
