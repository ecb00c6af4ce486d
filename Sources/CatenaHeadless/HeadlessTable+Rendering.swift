import CatenaDataSource
import CatenaDiff

extension HeadlessTable {
  /// What the viewport shows, as text: one line per visible header, row and footer.
  ///
  /// ```text
  /// [News]
  ///   0-0  Typed throws
  /// * 0-1  Macros
  /// (2 articles)
  /// index: N O
  /// ```
  /// Selected rows start with `*`; an outline's rows are indented two spaces a level, after
  /// their disclosure (`▸` collapsed, `▾` expanded). A section's header and footer (its view's text, else its
  /// title) show when its rows do; the section index, when there is one, is the last line.
  public func render() -> String {
    var lines: [String] = []
    let visible = indexPathsForVisibleRows
    var shownSections: [Int] = []
    for path in visible where shownSections.last != path.section {
      shownSections.append(path.section)
    }
    for section in shownSections {
      if let header = headerView(forSection: section)?.renderedText
        ?? (section < headerTitles.count ? headerTitles[section] : nil)
      {
        lines.append("[\(header)]")
      }
      for path in visible where path.section == section {
        let marker = selection.contains(path) ? "*" : " "
        let text = visibleCells[path]?.renderedText ?? ""
        lines.append("\(marker) \(path.section)-\(path.item)  \(outlinePrefix(path))\(text)")
      }
      if let footer = footerView(forSection: section)?.renderedText
        ?? (section < footerTitles.count ? footerTitles[section] : nil)
      {
        lines.append("(\(footer))")
      }
    }
    if lines.isEmpty { lines.append(emptyStateText.map { "(\($0))" } ?? "(empty)") }
    let index = sectionIndexTitles
    if !index.isEmpty { lines.append("index: " + index.joined(separator: " ")) }
    return lines.joined(separator: "\n")
  }

  /// An outline row's indentation (two spaces a level) and disclosure (▸ collapsed,
  /// ▾ expanded); empty for a flat list's row.
  func outlinePrefix(_ path: ItemPath) -> String {
    guard let outline = providerAdapter?.provider?.outline(forRowAt: path) else { return "" }
    let disclosure = outline.isExpanded.map { $0 ? "▾ " : "▸ " } ?? "  "
    return String(repeating: "  ", count: outline.depth) + disclosure
  }
}
