#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// The row features of a list screen, through the UIKit adapter.
  @MainActor
  @Suite("Row features through UIKit")
  struct RowFeatureTests {
    @Test("the section index shows the data source's titles; a tap scrolls to the section")
    func sectionIndex() throws {
      let (table, window) = tableInWindow(height: 88)
      let dataSource = rowSource(table).sectionIndexTitle { _, id in id == "m" ? nil : id }
      var content = Snapshot<String, Row>()
      for (id, rows) in [("A", 1...3), ("m", 4...4), ("C", 5...7)] {
        try content.appendSection(id)
        try content.appendItems(rows.map { Row($0) })
      }
      try dataSource.apply(content)
      table.layoutIfNeeded()
      #expect(table.shownSectionIndexTitles == ["A", "C"])
      table.simulateSectionIndexTap(at: 1)
      #expect(table.calls.contains("sectionIndex C -> section 2"))
      #expect(table.shownTitles.first == "r5")
      withExtendedLifetime(window) {}
    }
  }
#endif
