import CatenaDataSource
import CatenaDiff
import CatenaHeadless
import Testing

@MainActor
@Suite("Applying while keeping the row on screen in place")
struct KeepingPositionTests {
  func bound(_ ids: [Int]) throws -> (
    HeadlessTable, SectionedDataSource<String, Article>
  ) {
    let table = HeadlessTable(viewportHeight: 440)
    let dataSource = SectionedDataSource<String, Article>()
      .bind(table)
      .configureCell(ArticleCell.self, reuseIdentifier: "a") { cell, _, article in
        cell.title = article.title
      }
    try dataSource.apply(snapshot([("s", ids)]))
    return (table, dataSource)
  }

  @Test func rowsInsertedAboveDoNotMoveTheRowBeingRead() throws {
    let (table, dataSource) = try bound(Array(100..<150))
    table.scroll(toOffset: 20 * 44 + 10)  // a bit into row 120
    #expect(
      table.scrollAnchors.first == TableAnchor(path: ItemPath(item: 20, section: 0), offset: 10))
    try dataSource.applyKeepingPosition(snapshot([("s", Array(95..<150))]))
    #expect(
      table.scrollAnchors.first == TableAnchor(path: ItemPath(item: 25, section: 0), offset: 10))
    #expect(dataSource.item(at: table.visibleItemPaths[0])?.id == 120)
  }

  @Test func aPlainApplyKeepsTheOffsetAsUIKitDoes() throws {
    let (table, dataSource) = try bound(Array(100..<150))
    table.scroll(toOffset: 20 * 44)
    try dataSource.apply(snapshot([("s", Array(95..<150))]))
    #expect(dataSource.item(at: table.visibleItemPaths[0])?.id == 115, "the rows moved down")
  }

  @Test func whenTheRowIsGoneTheNextOneOnScreenIsKept() throws {
    let (table, dataSource) = try bound(Array(100..<150))
    table.scroll(toOffset: 20 * 44)
    try dataSource.applyKeepingPosition(
      snapshot([("s", Array(90..<120) + Array(121..<150))]))
    #expect(dataSource.item(at: table.visibleItemPaths[0])?.id == 119, "row 120 went")
    #expect(dataSource.item(at: table.visibleItemPaths[1])?.id == 121, "121 is where it was")
  }

  @Test func whenNoRowOnScreenStaysTheTableStaysWhereItIs() throws {
    let (table, dataSource) = try bound(Array(100..<150))
    table.scroll(toOffset: 20 * 44)
    try dataSource.applyKeepingPosition(snapshot([("s", Array(0..<100))]))
    #expect(table.contentOffset == 20 * 44)
  }

  @Test func anApplyAskedForDuringAnotherKeepsThePositionToo() async throws {
    let (table, dataSource) = try bound(Array(100..<150))
    table.scroll(toOffset: 20 * 44)
    var asked = false
    dataSource.willDisplay { _, _ in
      guard !asked else { return }
      asked = true
      // Runs after the apply being performed, which inserted five rows above.
      try? dataSource.applyKeepingPosition(snapshot([("s", Array(90..<150))]))
    }
    try dataSource.applyKeepingPosition(snapshot([("s", Array(95..<150))]))
    await dataSource.afterLayoutDone()  // `willDisplay` hears after the layout pass
    #expect(asked)
    #expect(dataSource.item(at: table.visibleItemPaths[0])?.id == 120)
  }
}
