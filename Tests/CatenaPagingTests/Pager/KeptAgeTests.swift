import CatenaPaging
import CatenaTesting
import Foundation
import Testing

/// A pager of pages of 2 answered by hand, on a clock moved by hand.
@MainActor
final class KeptList {
  let answers = AnsweringSource()
  let pager: Pager<Row>
  var clock = ContinuousClock.now

  init(refetchAfter: Duration? = nil) {
    pager = Pager(
      PagerConfiguration(pageSize: 2, refetchAfter: refetchAfter), source: answers.source)
    pager.now = { [unowned self] in self.clock }
  }

  var ids: [Int] { pager.items.map(\.id) }

  /// Waits until page `number` was asked for.
  func asked(_ number: Int) async throws {
    try await turns("page \(number) to be asked") { answers.requests.contains(number) }
  }

  /// Waits until no load runs.
  func settle() async throws {
    try await turns("the loads to end") { !pager.loadStates.isLoading }
  }

  /// Opens on page 1 (rows 0 and 1), the server's, and waits for its load to end.
  func openOnTheServersPage() async throws {
    pager.refresh()
    try await asked(1)
    answers.answer(1, rows(0..<2))
    answers.end(1)
    try await settle()
  }

  /// After `wait`, loads page 2 and answers it with rows 2 and 3 a cache kept `age` ago.
  func appendKept(after wait: Duration = .zero, age: Duration) async throws {
    clock += wait
    pager.loadNext()
    try await asked(2)
    answers.answer(2, rows(2..<4), keptAge: age)
  }
}

@MainActor
@Suite("Kept pages: never older than the rows shown, and marked with their age")
struct KeptAgeTests {
  @Test func anAppendHoldsBackAKeptPageOlderThanTheRowsUntilTheServerConfirmsIt() async throws {
    let list = KeptList()
    try await list.openOnTheServersPage()
    // Kept 60 s ago: older than page 1, which the server gave 10 s ago.
    try await list.appendKept(after: .seconds(10), age: .seconds(60))
    try await turns("the kept page held back") { list.pager.keptPagesHeldBack == 1 }
    #expect(list.ids == [0, 1], "an older kept page is not shown past newer rows")
    #expect(list.pager.loadStates.append == .loading, "the server is asked")
    list.answers.end(2)  // a 304: the server confirms the kept page
    try await list.settle()
    #expect(list.ids == [0, 1, 2, 3])
    #expect(list.pager.keptAge(of: 2) == nil, "confirmed: the server's as of now")
  }

  @Test func anOlderKeptPageGivesWayToTheServersPage() async throws {
    let list = KeptList()
    try await list.openOnTheServersPage()
    try await list.appendKept(age: .seconds(60))
    try await turns("the kept page held back") { list.pager.keptPagesHeldBack == 1 }
    list.answers.answer(2, [Row(2), Row(5)])
    list.answers.end(2)
    try await list.settle()
    #expect(list.ids == [0, 1, 2, 5], "only the server's page was shown")
  }

  @Test func anOlderKeptPageIsNeverShownWhenTheServerFails() async throws {
    let list = KeptList()
    try await list.openOnTheServersPage()
    try await list.appendKept(age: .seconds(60))
    try await turns("the kept page held back") { list.pager.keptPagesHeldBack == 1 }
    list.answers.fail(2)
    try await list.settle()
    #expect(list.ids == [0, 1])
    #expect(list.pager.loadStates.append.error != nil)
    #expect(list.pager.keptPagesHeldBack == 0)
    // The next attempt starts clean: nothing held from the failed one comes back.
    list.pager.retry()
    try await turns("page 2 asked again") { list.answers.requests.filter { $0 == 2 }.count == 2 }
    list.answers.answer(2, [Row(2), Row(6)])
    list.answers.end(2)
    try await list.settle()
    #expect(list.ids == [0, 1, 2, 6])
  }

  @Test func aKeptPageAtLeastAsNewAsTheRowsShowsAtOnceMarkedWithItsAge() async throws {
    let list = KeptList()
    try await list.openOnTheServersPage()
    // Kept 40 s ago: newer than page 1, which the server gave 100 s ago.
    try await list.appendKept(after: .seconds(100), age: .seconds(40))
    try await turns("the kept page shown") { list.ids == [0, 1, 2, 3] }
    #expect(list.pager.loadStates.append == .loading, "and the server is asked")
    #expect(list.pager.keptAge(of: 2) == .seconds(40))
    #expect(list.pager.keptAge(of: 0) == nil, "page 1 is the server's")
    list.clock += .seconds(5)
    #expect(list.pager.keptAge(of: 3) == .seconds(45), "its age grows while it is shown")
    list.answers.answer(2, [Row(2), Row(3, "Row 3, edited")])
    list.answers.end(2)
    try await list.settle()
    #expect(list.pager.items.last?.title == "Row 3, edited")
    #expect(list.pager.keptAge(of: 3) == nil, "the server's page replaced it")
  }

  @Test func aListOpeningOnAnOldKeptPageMarksItsRowsUntilTheServerAnswers() async throws {
    let list = KeptList(refetchAfter: .seconds(60))
    list.pager.appeared()
    try await list.asked(1)
    // Older than the list's stale time: shown, marked, and its load asks the server at once.
    list.answers.answer(1, rows(0..<2), keptAge: .seconds(3600))
    try await turns("the kept rows shown") { list.ids == [0, 1] }
    #expect(list.pager.keptAge(of: 0) == .seconds(3600))
    #expect(list.pager.loadStates.refresh == .loading)
    list.clock += .seconds(1)
    list.answers.end(1)  // the server confirms the page
    try await list.settle()
    #expect(list.pager.keptAge(of: 0) == nil && list.pager.keptAge(of: 1) == nil)
  }

  @Test func keptRowsStayMarkedWhenTheServerCannotBeReached() async throws {
    let list = KeptList(refetchAfter: .seconds(60))
    list.pager.appeared()
    try await list.asked(1)
    list.answers.answer(1, rows(0..<2), keptAge: .seconds(3600))
    list.answers.fail(1)
    try await list.settle()
    #expect(list.ids == [0, 1], "the kept rows stay shown")
    #expect(list.pager.keptAge(of: 1) == .seconds(3600), "and say how old they are")
    #expect(list.pager.loadStates.refresh.error != nil)
  }
}
