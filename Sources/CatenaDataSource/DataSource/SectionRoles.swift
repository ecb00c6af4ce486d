public import CatenaDiff

/// What a binding (a pager's, an outline's) says of the rows of the section it fills. Each
/// bound section has its own, so a pager and an outline (or two pagers) share a data source
/// without one's answers replacing the other's; a section no binding fills is all content.
@MainActor @usableFromInline
package struct SectionRoles<Item> {
  /// Whether a row is content the user may edit (false for a pager's status, separator and
  /// placeholder rows, an outline's loading rows).
  @usableFromInline package var isContent: (Item?) -> Bool
  /// Whether a row that is not content answers a tap (a failed status row that retries).
  @usableFromInline package var answersTap: (Item?) -> Bool
  /// Whether the empty-state text may show now (false while a bound pager loads).
  @usableFromInline package var showsEmptyState: () -> Bool = { true }
  /// Where a row sits in an outline; nil: a flat list.
  package var outline: ((Item) -> RowOutline?)?
  /// Whether a row moves (an outline with a placement rule).
  package var canMove: ((Item) -> Bool)?
  /// Where a row dragged from `source` may go when held over `proposed`.
  package var moveTarget: ((_ source: ItemPath, _ proposed: ItemPath) -> ItemPath)?
  /// Tells the binding that a row moved (after the data source moved it in its snapshot).
  package var moved: ((_ source: ItemPath, _ destination: ItemPath, _ item: Item) -> Void)?
  /// Hears a tap on a row of the section, before the chain's `didSelect` (a failed status row
  /// retries, a folder opens). One per section: binding the section again replaces it.
  @usableFromInline package var selected: ((ItemPath) -> Void)?
  /// Hears that a row of the section comes on screen (a pager loads the pages past it).
  @usableFromInline package var displayed: ((ItemPath) -> Void)?
  /// Hears that the table prefetches rows of the section.
  @usableFromInline package var prefetched: (([ItemPath]) -> Void)?

  /// Who filled the section (the pager or outline): binding it elsewhere takes these roles
  /// out only while they are still its own.
  @usableFromInline package let owner: ObjectIdentifier

  @usableFromInline
  package init(
    owner: ObjectIdentifier, isContent: @escaping (Item?) -> Bool,
    answersTap: @escaping (Item?) -> Bool
  ) {
    self.owner = owner
    self.isContent = isContent
    self.answersTap = answersTap
  }
}

extension SectionedDataSource {
  /// The roles of the section that shows the row at `path`; nil when no binding fills it.
  package func roles(at path: ItemPath) -> SectionRoles<Item>? {
    guard !sectionRoles.isEmpty, let id = sectionID(at: path.section) else { return nil }
    return sectionRoles[id]
  }

  /// Whether the row at `path` is content (a row of a section no binding fills is).
  package func isContent(at path: ItemPath) -> Bool {
    roles(at: path)?.isContent(item(at: path)) ?? true
  }
}
