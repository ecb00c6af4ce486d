/// A row of the check: an integer id and a content value (16 bytes), as in `DiffWorkloads`
/// (not imported, so that the check builds only the two modules it times).
struct Item: Identifiable, Equatable, Sendable {
  var id: Int
  var content: Int
}

/// A section model of the check: an id and a title.
struct Group: Identifiable, Equatable, Sendable {
  var id: Int
  var title: Int
}
