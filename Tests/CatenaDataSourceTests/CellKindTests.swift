import CatenaDiff
import Testing

@testable import CatenaDataSource
@testable import CatenaHeadless

/// Cell kinds are given by `configureCell`, with or without `when`, and the table's questions
/// are answered by `answers`, apart from the chain.
@MainActor
@Suite("Cell kinds and the data source's answers")
struct CellKindTests {
  @Test func kindsWithWhenComeFirstInTheOrderGivenWhateverTheChainOrder() throws {
    let table = HeadlessTable()
    let dataSource = SectionedDataSource<String, Article>()
      .configureCell(ArticleCell.self, reuseIdentifier: "article") { cell, _, article in
        cell.title = article.title
      }
      .configureCell(AdCell.self, reuseIdentifier: "even", when: { $0.id.isMultiple(of: 2) }) {
        cell, _, article in cell.banner = "even \(article.id)"
      }
      .configureCell(AdCell.self, reuseIdentifier: "four", when: { $0.id.isMultiple(of: 4) }) {
        cell, _, article in cell.banner = "four \(article.id)"
      }
      .bind(table)  // bound after the kinds: it registers all of them
    try dataSource.apply(try snapshot([("s", [1, 2, 4])]))
    #expect(
      table.render() == """
          0-0  a1
          0-1  AD even 2
          0-2  AD even 4
        """)
  }

  @Test func aKindWithoutWhenGivenAgainReplacesTheFirst() throws {
    let table = HeadlessTable()
    let dataSource = SectionedDataSource<String, Article>().bind(table)
      .configureCell(ArticleCell.self, reuseIdentifier: "article") { cell, _, _ in
        cell.title = "first"
      }
      .configureCell(TextCell.self, reuseIdentifier: "text") { cell, _, article in
        cell.text = "second \(article.id)"
      }
    try dataSource.apply(try snapshot([("s", [1])]))
    #expect(table.render() == "  0-0  second 1")
  }

  @Test func anItemNoKindShowsIsATypedErrorNotACrash() throws {
    let table = HeadlessTable()
    let dataSource = SectionedDataSource<String, Article>().bind(table)
      .configureCell(AdCell.self, reuseIdentifier: "ad", when: { $0.id > 100 }) { _, _, _ in }
    var content = Snapshot<String, Article>()
    try content.appendSection("s")
    try content.appendItems([Article(id: 1, title: "a1")])
    try dataSource.apply(content)
    let error = #expect(throws: DataSourceError.self) {
      _ = try dataSource.answers.cell(forRowAt: ItemPath(item: 0, section: 0))
    }
    #expect(error?.kind == .unregisteredCell)
    #expect(error?.id.contains("no configureCell") == true)
  }

  @Test func theAnswersReadTheDataSourceAndGoQuietWhenItIsGone() throws {
    let table = HeadlessTable()
    var dataSource: SectionedDataSource<String, Article>? = SectionedDataSource<String, Article>()
      .bind(table)
      .configureCell(ArticleCell.self, reuseIdentifier: "article") { _, _, _ in }
      .headerTitle { _, id in id?.uppercased() }
    try dataSource?.apply(try snapshot([("news", [1, 2])]))
    let answers = try #require(dataSource?.answers)
    #expect(answers.numberOfSections() == 1)
    #expect(answers.numberOfRows(inSection: 0) == 2)
    #expect(dataSource?.snapshot?.item(at: ItemPath(item: 1, section: 0))?.id == 2)
    #expect(answers.titleForHeader(inSection: 0) == "NEWS")
    _ = SectionedDataSource<String, Article>().bind(table)  // the table lets the first go
    dataSource = nil
    #expect(answers.numberOfSections() == 0)
    #expect(answers.numberOfRows(inSection: 0) == 0)
    #expect(throws: DataSourceError.self) {
      _ = try answers.cell(forRowAt: ItemPath(item: 0, section: 0))
    }
  }
}
