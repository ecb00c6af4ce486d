import CatenaDiff
import Testing

@testable import CatenaDataSource
@testable import CatenaHeadless

/// Header and footer views: registered classes, dequeued and reused as sections come and go,
/// configured with the section's id, with their own heights, following batch updates.
@MainActor
@Suite("Header and footer views")
struct SectionViewTests {
  /// A header showing a section's name and how many times it was configured.
  @MainActor final class Banner: HeadlessHeaderFooterView {
    let reuseIdentifier: String
    var title = ""
    var configurations = 0
    init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }
    func prepareForReuse() { title = "" }
    var renderedText: String { "== \(title) ==" }
  }

  /// Three-row sections A…E under 60-point banners (one section and a bit on screen).
  func source(_ table: HeadlessTable) -> SectionedDataSource<String, Article> {
    SectionedDataSource<String, Article>()
      .bind(table)
      .configureCell(ArticleCell.self, reuseIdentifier: "article") { cell, _, article in
        cell.title = article.title
      }
      .headerView(Banner.self, reuseIdentifier: "banner", height: 60) { view, _, id in
        view.title = id ?? "?"
        view.configurations += 1
      }
  }

  func sections(_ ids: [String]) throws -> Snapshot<String, Article> {
    try snapshot(ids.enumerated().map { index, id in (id, (0..<3).map { index * 10 + $0 }) })
  }

  @Test func sectionsOnScreenGetConfiguredViewsThatTakeTheirHeight() throws {
    let table = HeadlessTable(viewportHeight: 200)
    let dataSource = source(table)
    try dataSource.apply(try sections(["A", "B", "C"]))
    // A: 60 + 3 × 44 = 192; B's banner starts at 192, inside the 200-point viewport.
    #expect(table.contentHeight == 3 * 192)
    #expect((table.headerView(forSection: 0) as? Banner)?.title == "A")
    #expect((table.headerView(forSection: 1) as? Banner)?.title == "B")
    #expect(table.headerView(forSection: 2) == nil)
    #expect(table.render().hasPrefix("[== A ==]\n  0-0  a0"))
    #expect(
      table.events.filter { if case .dequeueHeaderFooter = $0 { true } else { false } }.count == 2)
  }

  @Test func scrollingReusesViewsWithPrepareForReuse() throws {
    let table = HeadlessTable(viewportHeight: 200)
    let dataSource = source(table)
    try dataSource.apply(try sections(["A", "B", "C", "D", "E"]))
    let first = try #require(table.headerView(forSection: 0))
    table.scroll(toOffset: 3 * 192)  // D and E on screen: A and B went to the pool first
    #expect(table.headerView(forSection: 0) == nil)
    #expect((table.headerView(forSection: 3) as? Banner)?.title == "D")
    #expect(
      [table.headerView(forSection: 3), table.headerView(forSection: 4)].contains { $0 === first })
    #expect(table.events.contains(.dequeueHeaderFooter(identifier: "banner", reused: true)))
    #expect(table.pooledHeaderFooterViewCount(forIdentifier: "banner") == 0)
    table.scroll(toOffset: 0)
    #expect(table.pooledHeaderFooterViewCount(forIdentifier: "banner") == 0)
    #expect((table.headerView(forSection: 0) as? Banner)?.title == "A")
  }

  @Test func sectionsTheViewIsNotForShowTheirTitle() throws {
    let table = HeadlessTable(viewportHeight: 1_000)
    let dataSource = SectionedDataSource<String, Article>()
      .bind(table)
      .configureCell(ArticleCell.self, reuseIdentifier: "article") { cell, _, article in
        cell.title = article.title
      }
      .headerTitle { _, id in id == "plain" ? "Plain title" : nil }
      .headerView(Banner.self, reuseIdentifier: "banner", when: { _, id in id != "plain" }) {
        view, _, id in view.title = id ?? ""
      }
      .footerView(TextHeaderFooterView.self, reuseIdentifier: "count", height: 20) {
        view, section, _ in
        view.text = "section \(section)"
      }
    try dataSource.apply(try snapshot([("fancy", [1]), ("plain", [2])]))
    #expect(
      table.render()
        == "[== fancy ==]\n  0-0  a1\n(section 0)\n[Plain title]\n  1-0  a2\n(section 1)")
    // No height given: the table's section header height; the title keeps its own.
    #expect(table.contentHeight == (28 + 44 + 20) * 2)
  }

  @Test func viewsFollowABatchAndUpdatedSectionsAreConfiguredAgain() throws {
    let table = HeadlessTable(viewportHeight: 2_000)
    let dataSource = source(table)
    try dataSource.apply(try sections(["A", "B", "C"]))
    let a = try #require(table.headerView(forSection: 0) as? Banner)
    let c = try #require(table.headerView(forSection: 2) as? Banner)
    // C moves to the top, B goes: the moved view follows its section without being asked
    // for again; B's goes back to the pool.
    var next = Snapshot<String, Article>()
    try next.appendSection("C")
    try next.appendItems((20..<23).map { Article(id: $0, title: "a\($0)") })
    try next.appendSection("A")
    try next.appendItems((0..<3).map { Article(id: $0, title: "a\($0)") })
    try dataSource.apply(next)
    #expect(table.headerView(forSection: 0) === c && table.headerView(forSection: 1) === a)
    #expect(c.configurations == 1 && a.configurations == 1)
    #expect(table.pooledHeaderFooterViewCount(forIdentifier: "banner") == 1)
    // A section whose title changes is updated: its view is configured again.
    var titleOfA = "old"
    dataSource.headerTitle { _, id in id == "A" ? titleOfA : nil }
    try dataSource.apply(next)
    titleOfA = "new"
    table.clearEvents()
    try dataSource.apply(next)
    #expect(table.events.contains(.dequeueHeaderFooter(identifier: "banner", reused: true)))
    #expect((table.headerView(forSection: 1) as? Banner)?.configurations == 2)
    #expect(table.headerView(forSection: 0) === c && c.configurations == 1)
    #expect(table.render().contains("[== A ==]"))
  }

  @Test func anUnregisteredViewIsATypedErrorAndInvalidateRemovesViews() throws {
    let table = HeadlessTable(viewportHeight: 200)
    let dataSource = source(table)
    table.register(nil, forHeaderFooterViewReuseIdentifier: "banner")
    try dataSource.apply(try sections(["A"]))
    let error = try #require(table.takeLayoutError() as? DataSourceError)
    #expect(error.kind == .unregisteredView)
    #expect(error.id == "banner" && error.incoming?.section == 0)
    #expect("\(error)".contains("unable to dequeue a header or footer view with identifier banner"))

    let other = HeadlessTable(viewportHeight: 200)
    let shown = source(other)
    try shown.apply(try sections(["A"]))
    #expect(other.headerView(forSection: 0) != nil)
    shown.invalidate()
    other.reloadData()
    #expect(other.headerView(forSection: 0) == nil)
    #expect(other.pooledHeaderFooterViewCount(forIdentifier: "banner") == 1)
  }
}
