public import CatenaDiff

extension SectionedDataSource {
  /// The height the bound table is told for the row at `path` (nil: the table's own), as a
  /// table asks it while laying out. Only for the speed check, which measures these per-row
  /// answers against the same lookups on a plain `Snapshot`; not API.
  @_spi(Measurement)
  public func rowHeightAnswer(at path: ItemPath) -> Double? {
    answers.heightForRow(at: path)
  }
}
