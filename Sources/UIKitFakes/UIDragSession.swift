#if os(Linux)
  // Drag sessions from a list (iOS 11), as far as the adapter's tests need them: a local drag
  // that reorders the list and ends with or without a drop.
  import CatenaDiff
  public import Foundation

  /// A drag in progress (UIKit-iOS18.6.swift:10940; the fake carries nothing).
  @MainActor public protocol UIDragSession: NSObjectProtocol {}

  /// The fake's session.
  final class ListDragSession: NSObject, UIDragSession {}

  /// What a table tells about drags from it (only the call the adapter's tests make;
  /// UIKit-iOS18.6.swift:23317).
  @MainActor public protocol UITableViewDragDelegate: NSObjectProtocol {
    func tableView(_ tableView: UITableView, dragSessionDidEnd session: any UIDragSession)
  }

  extension UITableViewDragDelegate {
    public func tableView(_ tableView: UITableView, dragSessionDidEnd session: any UIDragSession) {}
  }

  /// What a collection view tells about drags from it (only the call the adapter's tests make;
  /// UIKit-iOS18.6.swift:7740).
  @MainActor public protocol UICollectionViewDragDelegate: NSObjectProtocol {
    func collectionView(
      _ collectionView: UICollectionView, dragSessionDidEnd session: any UIDragSession)
  }

  extension UICollectionViewDragDelegate {
    public func collectionView(
      _ collectionView: UICollectionView, dragSessionDidEnd session: any UIDragSession
    ) {}
  }

  extension ListEngine {
    /// A local drag lifts the row at `source` over its own list (a drag and a drop active),
    /// reordering it as the reorder control does until the session ends.
    func beginDragSession(at source: ItemPath, canMove: Bool) -> Bool {
      guard !hasActiveDrag, beginReorder(at: source, canMove: canMove) else { return false }
      hasActiveDrag = true
      hasActiveDrop = true
      return true
    }

    /// The session ends without a drop on the list (dropped elsewhere, or refused): the row
    /// goes back, the data source is told nothing, the drag delegate hears `dragSessionDidEnd`.
    func endDragSession(tell: () -> Void) -> Bool {
      guard hasActiveDrag else { return false }
      _ = cancelReorder()
      hasActiveDrag = false
      hasActiveDrop = false
      tell()
      return true
    }
  }

  // MARK: Not UIKit: the drags a user makes.

  extension UITableView {
    /// The user drags the row at `source` within the table (a drag session, not the reorder
    /// control): `hasActiveDrag` and `hasActiveDrop` are true, and the row moves with the
    /// finger (``simulateDragOver(_:)`` asks where it may go) until
    /// ``simulateEndDragSessionWithoutDrop()``.
    @discardableResult
    public func simulateBeginDragSession(at source: IndexPath) -> Bool {
      let canMove = dataSource?.tableView(self, canMoveRowAt: source) ?? false
      return engine.beginDragSession(at: ItemPath(source), canMove: canMove)
    }

    /// The drag session ends away from the table, or its drop is refused: the row goes back,
    /// the data source is told nothing, and the drag delegate hears `dragSessionDidEnd`.
    @discardableResult
    public func simulateEndDragSessionWithoutDrop() -> Bool {
      engine.endDragSession {
        dragDelegate?.tableView(self, dragSessionDidEnd: ListDragSession())
      }
    }
  }

  extension UICollectionView {
    /// The user drags the item at `source` within the collection view (a drag session, not
    /// the reorder accessory): `hasActiveDrag`, `hasActiveDrop` and `hasUncommittedUpdates`
    /// are true, and the item moves with the finger (``simulateDragOver(_:)``) until
    /// ``simulateEndDragSessionWithoutDrop()``.
    @discardableResult
    public func simulateBeginDragSession(at source: IndexPath) -> Bool {
      let canMove = dataSource?.collectionView(self, canMoveItemAt: source) ?? false
      return engine.beginDragSession(at: ItemPath(source), canMove: canMove)
    }

    /// The drag session ends away from the list, or its drop is refused: the item goes back,
    /// the data source is told nothing, and the drag delegate hears `dragSessionDidEnd`.
    @discardableResult
    public func simulateEndDragSessionWithoutDrop() -> Bool {
      engine.endDragSession {
        dragDelegate?.collectionView(self, dragSessionDidEnd: ListDragSession())
      }
    }
  }
#endif
