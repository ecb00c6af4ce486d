@_spi(Measurement) import CatenaDiff
import Testing

/// How the diff decides that an element's content changed: bit for bit the same is unchanged
/// (plain data, no call), and otherwise the element's own `==` decides, on every path.
@Suite("Content comparison: bits first, then ==")
struct ContentComparisonTests {
  struct Reading: Identifiable, Equatable {
    var id: Int
    var value: Double
  }

  /// `==` ignores `seen`: two readings that differ only there are the same content.
  struct Visit: Identifiable, Equatable {
    var id: Int
    var place: String
    var seen: Int
    static func == (a: Visit, b: Visit) -> Bool { a.id == b.id && a.place == b.place }
  }

  static func updates<Element: Identifiable & Equatable>(
    _ old: [Element], _ new: [Element], fastPaths: Bool
  ) throws -> [ItemPath] {
    try StagedChangeset(source: old, target: new, fastPaths: fastPaths)
      .flatMap { $0.batch.itemReconfigures + $0.batch.itemReloads }
  }

  @Test(arguments: [true, false])
  func aRowHoldingTheSameNaNIsUnchanged(fastPaths: Bool) throws {
    let old = (0..<50).map { Reading(id: $0, value: $0 == 7 ? .nan : Double($0)) }
    #expect(try Self.updates(old, old, fastPaths: fastPaths).isEmpty)
    var new = old
    new[7].value = 1
    new[9].value = .nan
    #expect(
      try Self.updates(old, new, fastPaths: fastPaths)
        == [ItemPath(item: 7, section: 0), ItemPath(item: 9, section: 0)])
  }

  @Test(arguments: [true, false])
  func differentBitsStillAskTheElementsEquality(fastPaths: Bool) throws {
    let old = (0..<40).map { Visit(id: $0, place: "Hall \($0) of the east wing", seen: 0) }
    var new = old.map { Visit(id: $0.id, place: String($0.place), seen: $0.id) }
    #expect(try Self.updates(old, new, fastPaths: fastPaths).isEmpty, "== ignores `seen`")
    new[3].place = "Hall 3 of the west wing"
    #expect(try Self.updates(old, new, fastPaths: fastPaths) == [ItemPath(item: 3, section: 0)])
  }

  struct Shelf: Identifiable, Equatable {
    var id: Int
  }

  @Test func sectionsSkippedAsUnchangedFollowTheSameRule() throws {
    typealias Sections = [DiffSection<Shelf, Reading>]
    let old: Sections = (0..<5).map { section in
      DiffSection(
        model: Shelf(id: section),
        items: (0..<10).map { Reading(id: section * 10 + $0, value: $0 == 2 ? .nan : 1) })
    }
    var new = old
    new[3].items[4].value = 2
    let changes = try StagedChangeset(source: old, target: new)
    let full = try StagedChangeset(source: old, target: new, fastPaths: false)
    let updated = changes.flatMap { $0.batch.itemReconfigures + $0.batch.itemReloads }
    #expect(updated == [ItemPath(item: 4, section: 3)])
    #expect(updated == full.flatMap { $0.batch.itemReconfigures + $0.batch.itemReloads })
  }
}
