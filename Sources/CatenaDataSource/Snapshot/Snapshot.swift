public import CatenaDiff

/// The content of a sectioned list at one moment: sections with ids, and items identified by
/// `Identifiable.id`. Section titles are the data source's (its `headerTitle` and `footerTitle` chain).
///
/// A snapshot is a value: build one, hand it to a data source, and the data source diffs it
/// against what the table shows.
///
/// ```swift
/// var snapshot = Snapshot<String, Article>()
/// try snapshot.appendSection("news")
/// try snapshot.appendItems(articles)
/// snapshot.path(of: articles[2].id)  // ItemPath(item: 2, section: 0), in O(1)
/// ```
///
/// Item ids are unique across the whole snapshot and section ids among the sections. Adding a
/// duplicate throws a ``DataSourceError`` naming both positions, unless a ``DuplicatePolicy``
/// says to keep the first or the last copy (what it dropped is in ``droppedDuplicates``).
public struct Snapshot<SectionID: Hashable, Item: Identifiable & Equatable> {
  /// The sections and their items, in the form the diff takes.
  public var sections: [DiffSection<SnapshotSection<SectionID>, Item>] { storage }
  // The stored parts are usable from inlinable code so that `appendItems` is specialised for the
  // caller's item type: unspecialised, each dictionary operation goes through witness tables.
  /// The sections, stored.
  @usableFromInline var storage: [DiffSection<SnapshotSection<SectionID>, Item>] = []
  /// Where each section id is.
  @usableFromInline var sectionIndex: [SectionID: Int] = [:]
  /// Where each item id is.
  @usableFromInline var itemIndex: [Item.ID: ItemPath] = [:]
  /// The duplicates dropped so far, as compact records; their errors are made when read.
  @usableFromInline var dropped: [DroppedItem] = []

  /// The duplicates a ``DuplicatePolicy`` other than `.fail` dropped, oldest first.
  public var droppedDuplicates: [DataSourceError] {
    dropped.map {
      DataSourceError(
        kind: .duplicateItemID, id: String(describing: $0.id), existing: $0.existing,
        incoming: $0.incoming)
    }
  }

  /// A duplicate a policy dropped: its id, where it already was, where it came again.
  @usableFromInline struct DroppedItem {
    let id: Item.ID
    let existing: ItemPath
    let incoming: ItemPath

    @usableFromInline init(id: Item.ID, existing: ItemPath, incoming: ItemPath) {
      self.id = id
      self.existing = existing
      self.incoming = incoming
    }
  }

  /// Creates an empty snapshot.
  public init() {}

  /// A snapshot of `sections`, whose ids are known to be unique (they come from a snapshot).
  init(rebuilding sections: [DiffSection<SnapshotSection<SectionID>, Item>]) {
    storage = sections
    for (index, section) in sections.enumerated() {
      sectionIndex[section.model.id] = index
      for (item, element) in section.items.enumerated() {
        itemIndex[element.id] = ItemPath(item: item, section: index)
      }
    }
  }

  /// The number of items in all sections.
  public var numberOfItems: Int { itemIndex.count }

  /// The section ids, in order.
  public var sectionIDs: [SectionID] { sections.map { $0.model.id } }

  /// All items, section by section.
  public var allItems: [Item] { sections.flatMap { $0.items } }

  /// The rows per section, as a table reports them.
  public var rowCounts: [Int] { sections.map { $0.items.count } }
}

extension Snapshot: Equatable {
  /// Two snapshots are equal when their sections, headers, footers and items are.
  public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool { lhs.storage == rhs.storage }
}

extension Snapshot: Sendable where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {}
extension Snapshot.DroppedItem: Sendable where Item.ID: Sendable {}
