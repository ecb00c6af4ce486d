import CatenaDiff
import Testing

@testable import CatenaDataSource
@testable import CatenaHeadless

/// The section index down a table's edge: titles from a chain closure, a tap scrolls to the
/// section it names, and both follow the sections as snapshots change.
@MainActor
@Suite("Section index titles")
struct SectionIndexTests {
  func letters(_ table: HeadlessTable) -> SectionedDataSource<String, Article> {
    SectionedDataSource<String, Article>()
      .bind(table)
      .configureCell(ArticleCell.self, reuseIdentifier: "article") { cell, _, article in
        cell.title = article.title
      }
      .headerTitle { _, id in id == "misc" ? "Misc" : id }
      .sectionIndexTitle { _, id in id == "misc" ? nil : id }
  }

  @Test func titlesComeFromTheSectionsAndSkipNil() throws {
    let table = HeadlessTable(viewportHeight: 100)
    let dataSource = letters(table)
    try dataSource.apply(
      try snapshot([("A", [1, 2, 3]), ("misc", [4]), ("C", [5, 6])]))
    #expect(table.sectionIndexTitles == ["A", "C"])
    #expect(table.render().hasSuffix("\nindex: A C"))
  }

  @Test func aTapScrollsToTheSectionTheTitleNames() throws {
    let table = HeadlessTable(viewportHeight: 100)
    let dataSource = letters(table)
    try dataSource.apply(
      try snapshot([("A", [1, 2, 3]), ("misc", [4]), ("C", [5, 6])]))
    table.tapSectionIndex(at: 1)
    // A: header 28 + 3 rows of 44; misc: header 28 + 1 row. C starts at 160 + 72 = 232.
    #expect(table.contentOffset == 232)
    #expect(table.indexPathsForVisibleRows.first == ItemPath(item: 0, section: 2))
    table.tapSectionIndex(at: 0)
    #expect(table.contentOffset == 0)
    // Out of range: nothing moves.
    table.tapSectionIndex(at: 2)
    table.tapSectionIndex(at: -1)
    #expect(table.contentOffset == 0)
  }

  @Test func theIndexFollowsTheSectionsThroughAnAnimatedApply() throws {
    let table = HeadlessTable(viewportHeight: 40)
    let dataSource = letters(table)
    try dataSource.apply(try snapshot([("A", [1]), ("C", [5])]))
    try dataSource.apply(try snapshot([("B", [2]), ("C", [5])]))
    #expect(table.sectionIndexTitles == ["B", "C"])
    table.tapSectionIndex(at: 1)
    #expect(table.indexPathsForVisibleRows.first == ItemPath(item: 0, section: 1))
  }

  @Test func withoutTheClosureThereIsNoIndex() throws {
    let table = HeadlessTable()
    let dataSource = SectionedDataSource<String, Article>()
      .bind(table).configureCell(ArticleCell.self, reuseIdentifier: "article") { _, _ in }
    try dataSource.apply(try snapshot([("A", [1])]))
    #expect(table.sectionIndexTitles.isEmpty)
    #expect(dataSource.sectionIndexTitles() == nil)
    #expect(!table.render().contains("index:"))
    table.tapSectionIndex(at: 0)
    #expect(table.contentOffset == 0)
  }

  @Test func countModeTitlesSectionsByIndex() {
    let table = HeadlessTable(viewportHeight: 40)
    let dataSource = SectionedDataSource<Int, Article>()
      .bind(table).configureCell(ArticleCell.self, reuseIdentifier: "article") { _, _ in }
      .sectionsNumber { 3 }
      .rowsNumber { _ in 2 }
      .sectionIndexTitle { section, _ in "\(section + 1)" }
    dataSource.reload()
    #expect(table.sectionIndexTitles == ["1", "2", "3"])
    table.tapSectionIndex(at: 2)
    #expect(table.contentOffset == 176)
  }
}
