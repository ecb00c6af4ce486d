/// One kind of row in a data source that shows several: a pager's rows in one section and an
/// outline's in another, say. It turns a row of the kind into the data source's row, and
/// reads it back (nil for a row of another kind). A binding given a kind fills its section
/// with rows of that kind and answers only for them.
///
/// The data source's rows are an enum the app writes, with a case for each kind:
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
///   static let messages = RowKind(LibraryRow.message) {
///     if case .message(let row) = $0 { row } else { nil }
///   }
///   static let files = RowKind(LibraryRow.file) {
///     if case .file(let row) = $0 { row } else { nil }
///   }
/// }
///
/// @MainActor func showLibrary(
///   inbox: Pager<Message>, folders: Outline<File>
/// ) -> SectionedDataSource<String, LibraryRow> {
///   let dataSource = SectionedDataSource<String, LibraryRow>()
///   inbox.bind(dataSource, section: "messages", as: LibraryRow.messages)
///   folders.bind(dataSource, section: "files", as: LibraryRow.files)
///   return dataSource
/// }
/// ```
public struct RowKind<Row, Part>: Sendable {
  /// The data source's row for a row of the kind.
  @usableFromInline package let embed: @Sendable (Part) -> Row
  /// The row of the kind a data source's row holds; nil for another kind.
  @usableFromInline package let extract: @Sendable (Row) -> Part?

  /// A kind whose rows become the data source's through `embed` (an enum case) and are read
  /// back by `extract`.
  public init(
    _ embed: @escaping @Sendable (Part) -> Row, extract: @escaping @Sendable (Row) -> Part?
  ) {
    self.embed = embed
    self.extract = extract
  }
}
