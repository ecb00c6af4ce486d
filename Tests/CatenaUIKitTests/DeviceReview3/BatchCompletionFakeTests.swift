#if os(Linux)
  import CatenaTesting
  import Testing
  import UIKitFakes

  /// A batch's completion runs when "all of the operations are finished" (Apple,
  /// `performBatchUpdates(_:completion:)`): after the animations, never inside the call.
  @MainActor
  @Suite("Batch completions come after the batch call, as UIKit's animations end")
  struct BatchCompletionFakeTests {
    @Test func aCompletionRunsOnALaterTurnOrWhenTheTestEndsTheAnimations() async throws {
      let (table, window) = tableInWindow()
      let source = ReorderFakeTests.Moves()
      table.register(UITableViewCell.self, forCellReuseIdentifier: "c")
      table.dataSource = source
      table.layoutIfNeeded()
      var finished: [Int] = []
      table.performBatchUpdates({}, completion: { _ in finished.append(1) })
      table.performBatchUpdates({}, completion: { _ in finished.append(2) })
      #expect(finished.isEmpty, "not inside the call")
      table.finishBatchAnimations()
      #expect(finished == [1, 2], "oldest first")
      table.performBatchUpdates({}, completion: { _ in finished.append(3) })
      #expect(finished == [1, 2])
      try await turns("the animation to end") { finished == [1, 2, 3] }
      table.finishBatchAnimations()
      #expect(finished == [1, 2, 3], "each runs once")
      var interrupted: [Bool] = []
      table.performBatchUpdates({}, completion: { interrupted.append($0) })
      table.reloadData()
      #expect(interrupted.isEmpty)
      table.finishBatchAnimations()
      #expect(interrupted == [false], "a reload cuts the animation short")
      withExtendedLifetime((window, source)) {}
    }
  }
#endif
