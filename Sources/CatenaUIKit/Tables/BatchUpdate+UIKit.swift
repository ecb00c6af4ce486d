#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  import CatenaDataSource
  import CatenaDiff

  extension BatchUpdate {
    /// Checks the batch against the counts the view shows (its own cached counts, which UIKit
    /// compares with) and the counts the data source reports after the model changed; in
    /// release builds too, because UIKit stops the app on an invalid batch.
    ///
    /// - Throws: `DataSourceError` of kind `invalidBatchUpdate` with UIKit's message.
    @MainActor
    func checkedForUIKit(
      shown before: [Int], after: [Int]
    ) throws(DataSourceError) -> BatchValidator {
      var validator = BatchValidator(update: self, before: before, after: after)
      do {
        try validator.run()
      } catch {
        throw DataSourceError(kind: .invalidBatchUpdate, id: "", batchError: error)
      }
      return validator
    }
  }

  extension TableContentProviding {
    /// The rows per section the provider reports now.
    var rowCounts: [Int] {
      (0..<max(numberOfSections(), 0)).map { numberOfRows(inSection: $0) }
    }
  }
#endif
