/// A case of a data source's row enum, for a data source whose rows are of several kinds: a
/// pager's rows in one section and an outline's in another, say. It turns a row of the case's
/// kind into the data source's row, and reads it back (nil for a row of another case). A
/// binding given a case fills its section with rows of that case and answers only for them.
///
/// The data source's rows are an enum the app writes, with a case for each kind. Its `id`
/// must differ between cases: the example's `AnyHashable` of each row's id does while the
/// cases wrap different types; two cases of one type (two pagers of messages) tag the id with
/// the case. For the status cells (`statusCell(_:)`), the enum also says which status each row
/// shows (`StatusRow`).
///
/// ```swift
/// enum LibraryRow: Identifiable, Equatable {
///   case message(PagerRow<Message>)
///   case file(OutlineRow<File>)
///
///   var id: AnyHashable {
///     switch self {
///     case .message(let row): row.id
///     case .file(let row): row.id
///     }
///   }
///
///   static let messages = RowCase(LibraryRow.message) {
///     if case .message(let row) = $0 { row } else { nil }
///   }
///   static let files = RowCase(LibraryRow.file) {
///     if case .file(let row) = $0 { row } else { nil }
///   }
/// }
///
/// @MainActor func showLibrary(
///   inbox: Pager<Message>, folders: Outline<File>
/// ) throws -> SectionedDataSource<String, LibraryRow> {
///   let dataSource = SectionedDataSource<String, LibraryRow>()
///   // The sections in their order: each binding fills its own when it has rows.
///   var sections = Snapshot<String, LibraryRow>()
///   try sections.appendSections(["messages", "files"])
///   try dataSource.apply(sections)
///   inbox.bind(dataSource, section: "messages", as: LibraryRow.messages)
///   folders.bind(dataSource, section: "files", as: LibraryRow.files)
///   return dataSource
/// }
/// ```
public struct RowCase<Row, Part>: Sendable {
  /// The data source's row for a row of the kind.
  @usableFromInline package let embed: @Sendable (Part) -> Row
  /// The row of the kind a data source's row holds; nil for another kind.
  @usableFromInline package let extract: @Sendable (Row) -> Part?
  /// Whether the case is the rows themselves (the plain binds' case): they go into the
  /// data source as they are, with no copy.
  @usableFromInline package let isIdentity: Bool

  /// The case whose rows become the data source's through `embed` (the case itself) and are
  /// read back by `extract`.
  public init(
    _ embed: @escaping @Sendable (Part) -> Row, extract: @escaping @Sendable (Row) -> Part?
  ) {
    self.embed = embed
    self.extract = extract
    isIdentity = false
  }

  @usableFromInline
  init(
    identity embed: @escaping @Sendable (Part) -> Row, extract: @escaping @Sendable (Row) -> Part?
  ) {
    self.embed = embed
    self.extract = extract
    isIdentity = true
  }
}

extension RowCase where Row == Part {
  /// The rows themselves: what a plain `bind` (a data source of the binding's own rows) uses.
  @inlinable package static var identity: RowCase { RowCase(identity: { $0 }, extract: { $0 }) }
}
