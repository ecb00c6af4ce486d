import Foundation
public import Observation

/// Identifies one started request to a ``LoadingIndicator``.
public struct RequestID: Hashable, Sendable, CustomStringConvertible {
  let value: UUID

  /// A new, unique id.
  public init() { value = UUID() }

  /// A short form for logs.
  public var description: String { String(value.uuidString.prefix(8)) }
}

/// Shows that requests are running: a spinner, a mask over a view, a refresh control.
///
/// `begin` is called when a request starts and `end` exactly once when it finishes, whether it
/// succeeded, failed or was cancelled; both on the main actor.
@MainActor
public protocol LoadingIndicator: AnyObject, Sendable {
  /// A request started.
  func begin(_ request: RequestID)
  /// A request finished.
  func end(_ request: RequestID)
}

/// Loading masks that stack, as in the original article: every running request has one, only
/// the newest is visible, and each request removes its own.
///
/// ```swift
/// let masks = LoadingStack { visible in maskView.isHidden = (visible == nil) }
/// Get("houses").showing(masks).then { response in show(response) }.start(on: api)
/// ```
///
/// The stack is `Observable`: a SwiftUI view that reads ``visible`` or ``isLoading`` updates
/// when requests begin and end.
@MainActor
@Observable
public final class LoadingStack: LoadingIndicator {
  /// The running requests, oldest first.
  public private(set) var running: [RequestID] = []
  /// Called whenever the visible mask changes (nil: none).
  @ObservationIgnored public var didChange: (RequestID?) -> Void

  /// A stack that reports the visible mask to `didChange`.
  public init(didChange: @escaping (RequestID?) -> Void = { _ in }) {
    self.didChange = didChange
  }

  /// The mask shown: the newest running request's.
  public var visible: RequestID? { running.last }

  /// Whether any request is running.
  public var isLoading: Bool { !running.isEmpty }

  /// Pushes the request's mask.
  public func begin(_ request: RequestID) {
    guard !running.contains(request) else { return }
    running.append(request)
    didChange(visible)
  }

  /// Removes the request's mask (wherever it is in the stack); a second call does nothing.
  public func end(_ request: RequestID) {
    guard let index = running.firstIndex(of: request) else { return }
    let wasVisible = visible
    running.remove(at: index)
    if visible != wasVisible { didChange(visible) }
  }
}
