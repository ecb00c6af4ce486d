#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaHeadless
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  /// A mail of the test screens.
  struct Mail: Identifiable, Equatable, Sendable {
    var id: Int
    var sender: String
    var subject: String
  }

  /// A screen that shows mails in a list it makes: a table or a collection list.
  @MainActor
  final class MailScreen {
    let view = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 600))
    let dataSource = SectionedDataSource<String, Mail>()
    var archived: [Mail.ID] = []

    func archive(_ mail: Mail) {
      archived.append(mail.id)
      guard var snapshot = dataSource.snapshot else { return }
      try? snapshot.deleteItems([mail.id])
      try? dataSource.apply(snapshot)
    }

    func show(_ folders: [(String, [Mail])]) throws {
      var snapshot = Snapshot<String, Mail>()
      for (folder, mails) in folders {
        try snapshot.appendSection(folder)
        try snapshot.appendItems(mails, toSection: folder)
      }
      try dataSource.apply(snapshot)
    }
  }

  /// The mail screen on a table. Its body is the collection screen's but for one line (checked
  /// by `theTwoScreensDifferByOneLine`).
  @MainActor
  func buildOnTable(_ screen: MailScreen) {
    // screen body
    let (dataSource, bounds) = (screen.dataSource, screen.view.bounds)
    dataSource
      .configureCell { _, mail in
        var content = UIListContentConfiguration.subtitleCell()
        content.text = mail.sender
        content.secondaryText = mail.subject
        return content
      }
      .headerTitle { _, folder in folder }
      .sectionIndexTitle { _, folder in folder.map { String($0.prefix(1)) } }
      .swipeActions(.trailing) { [weak screen] _, mail in
        [
          SwipeAction("Archive", style: .destructive) { done in
            screen?.archive(mail)
            done(true)
          }
        ]
      }
    let list = UITableView(frame: bounds, style: .insetGrouped)
    screen.view.addSubview(list)
    dataSource.bind(list)
    // end screen body
  }

  /// The mail screen on a collection list.
  @MainActor
  func buildOnCollection(_ screen: MailScreen) {
    // screen body
    let (dataSource, bounds) = (screen.dataSource, screen.view.bounds)
    dataSource
      .configureCell { _, mail in
        var content = UIListContentConfiguration.subtitleCell()
        content.text = mail.sender
        content.secondaryText = mail.subject
        return content
      }
      .headerTitle { _, folder in folder }
      .sectionIndexTitle { _, folder in folder.map { String($0.prefix(1)) } }
      .swipeActions(.trailing) { [weak screen] _, mail in
        [
          SwipeAction("Archive", style: .destructive) { done in
            screen?.archive(mail)
            done(true)
          }
        ]
      }
    let list = UICollectionView(frame: bounds, collectionViewLayout: dataSource.listLayout())
    screen.view.addSubview(list)
    dataSource.bind(list)
    // end screen body
  }

  let folders = [
    (
      "Inbox",
      [
        Mail(id: 1, sender: "Ann", subject: "Lunch?"),
        Mail(id: 2, sender: "Bo", subject: "Re: plans"),
      ]
    ),
    ("Sent", [Mail(id: 3, sender: "Me", subject: "Slides")]),
  ]

  /// A content configuration as SwiftUI's `UIHostingConfiguration` is one: its own view,
  /// sized by its content (here, `lines` lines of 20 points).
  struct RowConfiguration: UIContentConfiguration {
    var lines: Int
    var madeViews: Counter

    @MainActor func makeContentView() -> any UIView & UIContentView {
      madeViews.count += 1
      return RowView(configuration: self)
    }
    func updated(for state: any UIConfigurationState) -> RowConfiguration { self }
  }

  final class Counter: @unchecked Sendable { var count = 0 }

  @MainActor
  final class RowView: UIView, UIContentView {
    var configuration: any UIContentConfiguration
    init(configuration: RowConfiguration) {
      self.configuration = configuration
      super.init(frame: .zero)
    }
    required init?(coder: NSCoder) { nil }
    override var intrinsicContentSize: CGSize {
      CGSize(width: -1, height: CGFloat((configuration as? RowConfiguration)?.lines ?? 0) * 20)
    }
  }

  @MainActor
  @Suite("Content configurations through the chain: one screen for tables and collection lists")
  struct ContentConfigurationTests {
    @Test func theTwoScreensDifferByOneLine() throws {
      let source = try String(contentsOfFile: #filePath, encoding: .utf8)
      let bodies = source.components(separatedBy: "// screen body\n").dropFirst().map {
        $0.components(separatedBy: "// end screen body")[0]
          .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      }
      try #require(bodies.count == 2)
      #expect(bodies[0].count == bodies[1].count)
      let differing = zip(bodies[0], bodies[1]).filter { $0 != $1 }
      #expect(differing.count == 1, "\(differing)")
      #expect(differing.first?.0.contains("UITableView(") == true)
      #expect(differing.first?.1.contains("UICollectionView(") == true)
    }

    /// What a screen shows: per row, its text and secondary text.
    func rows(_ screen: MailScreen) -> [String] {
      let list = screen.view.subviews.first
      if let table = list as? UITableView {
        return table.visibleCells.compactMap { cell in
          (cell.contentConfiguration as? UIListContentConfiguration).map {
            "\($0.text ?? "") / \($0.secondaryText ?? "")"
          }
        }
      }
      guard let collection = list as? UICollectionView else { return [] }
      return collection.visibleCells.compactMap { cell in
        #expect(cell is UICollectionViewListCell, "a collection list shows content in list cells")
        return (cell.contentConfiguration as? UIListContentConfiguration).map {
          "\($0.text ?? "") / \($0.secondaryText ?? "")"
        }
      }
    }

    @Test(arguments: ["table", "collection"])
    func bothScreensShowTheSameRowsHeadersIndexAndSwipeActions(_ kind: String) throws {
      let screen = MailScreen()
      if kind == "table" { buildOnTable(screen) } else { buildOnCollection(screen) }
      try screen.show(folders)
      let list = try #require(screen.view.subviews.first)
      list.layoutIfNeeded()
      #expect(rows(screen) == ["Ann / Lunch?", "Bo / Re: plans", "Me / Slides"])
      let table = list as? UITableView
      let collection = list as? UICollectionView
      #expect((table?.shownSectionIndexTitles ?? collection?.shownIndexTitles) == ["I", "S"])
      let header =
        table?.headerView(forSection: 1)?.textLabel?.text
        ?? (collection?.supplementaryView(
          forElementKind: UICollectionView.elementKindSectionHeader,
          at: IndexPath(item: 0, section: 1)) as? SectionTitleView)?.title
      #expect(header == "Sent")

      let second = IndexPath(item: 1, section: 0)
      let swipe = try #require(
        table?.simulateSwipe(at: second, leading: false)
          ?? collection?.simulateSwipe(at: second, leading: false))
      #expect(swipe.actions.map(\.title) == ["Archive"])
      if let table { table.simulateTap(on: swipe.actions[0]) }
      if let collection { collection.simulateTap(on: swipe.actions[0]) }
      list.layoutIfNeeded()
      #expect(screen.archived == [2])
      #expect(rows(screen) == ["Ann / Lunch?", "Me / Slides"])
      #expect((table?.exceptions ?? collection?.exceptions) == [])
    }

    @Test(arguments: ["table", "collection"])
    func aFullSwipeRunsTheFirstAction(_ kind: String) throws {
      let screen = MailScreen()
      if kind == "table" { buildOnTable(screen) } else { buildOnCollection(screen) }
      try screen.show(folders)
      let list = try #require(screen.view.subviews.first)
      list.layoutIfNeeded()
      let first = IndexPath(item: 0, section: 0)
      let title =
        (list as? UITableView)?.simulateFullSwipe(at: first, leading: false)
        ?? (list as? UICollectionView)?.simulateFullSwipe(at: first, leading: false)
      #expect(title == "Archive")
      #expect(screen.archived == [1])
      list.layoutIfNeeded()
      #expect(rows(screen) == ["Bo / Re: plans", "Me / Slides"])
    }

    @Test func aCollectionListSizesEachRowToItsContentAndReusesTheContentView() throws {
      let made = Counter()
      let dataSource = SectionedDataSource<String, Row>()
        .configureCell { _, row in RowConfiguration(lines: row.id, madeViews: made) }
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 600))
      let collection = UICollectionView(
        frame: window.frame, collectionViewLayout: dataSource.listLayout(appearance: .plain))
      window.addSubview(collection)
      dataSource.bind(collection)
      try dataSource.apply(snapshot([Row(1), Row(3), Row(2)]))
      collection.layoutIfNeeded()
      let frames = (0..<3).map {
        collection.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame
      }
      #expect(frames.map { $0?.height } == [20, 60, 40], "each row as tall as its content")
      #expect(frames.map { $0?.minY } == [0, 20, 80])
      #expect(made.count == 3)
      // New content of the same type goes into the view the cell has.
      try dataSource.apply(snapshot([Row(1, "changed"), Row(3), Row(2)]))
      collection.layoutIfNeeded()
      #expect(made.count == 3, "a content view that supports the new content is kept")
      #expect(collection.exceptions == [])
    }

    @Test func aHeadlessTableShowsTheConfigurationsTexts() throws {
      let table = HeadlessTable()
      let dataSource = SectionedDataSource<String, Mail>()
        .configureCell { _, mail in
          var content = UIListContentConfiguration.cell()
          content.text = mail.sender
          content.secondaryText = mail.subject
          return content
        }
        .bind(table)
      var snapshot = Snapshot<String, Mail>()
      try snapshot.appendSection("Inbox")
      try snapshot.appendItems(folders[0].1, toSection: "Inbox")
      try dataSource.apply(snapshot)
      #expect(table.render() == "  0-0  Ann — Lunch?\n  0-1  Bo — Re: plans")
    }
  }
#endif
