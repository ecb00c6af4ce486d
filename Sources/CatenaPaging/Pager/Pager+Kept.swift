extension Pager {
  /// How old the row of the item `id` is when it shows a page a cache kept (its
  /// ``Page/keptAge`` then, plus the time since) that the server has not answered for yet; nil
  /// when the row shows the server's page, or the item is not loaded.
  ///
  /// A list opening on kept pages shows them at once, and its load asks the server at once:
  /// its rows say they are kept until the server's page replaces them, or the server confirms
  /// them (the load ends: ``loadStates`` changes). A screen marks the rows older than the
  /// list's `PagerConfiguration(refetchAfter:)`:
  ///
  /// ```swift
  /// .configureCell(TextCell.self) { cell, _, row in
  ///   guard case .item(let house) = row else { return }
  ///   cell.text = house.title
  ///   if let age = houses.keptAge(of: house.id), age > .seconds(60) {  // the stale time
  ///     cell.detailText = "as of \(age.components.seconds / 60) min ago"
  ///   }
  /// }
  /// ```
  public func keptAge(of id: Item.ID) -> Duration? {
    // Observed through the items and the load states: a kept page is answered for by a new
    // page, or by its load ending.
    _ = (items, loadStates)
    guard let page = pages.first(where: { $0.isKept && $0.items.contains { $0.id == id } }),
      let asOf = page.asOf
    else { return nil }
    return now() - asOf
  }

  /// How many kept pages wait for their server's answer, held back (see ``isAtLeastAsNew(_:)``).
  package var keptPagesHeldBack: Int { heldBack.count }

  /// When `page` was the server's (now, or now less its age when a cache kept it), and
  /// whether a cache kept it.
  func asOf(_ page: Page<Item>) -> (ContinuousClock.Instant, Bool) {
    guard let age = page.keptAge else { return (now(), false) }
    return (now() - age, true)
  }

  /// Whether a page that was the server's at `instant` is at least as new as every page
  /// shown: an append or a prepend shows a kept page only then (an older one waits for the
  /// server's answer, so no row goes back in time).
  func isAtLeastAsNew(_ instant: ContinuousClock.Instant) -> Bool {
    pages.allSatisfy { page in page.asOf.map { instant >= $0 } ?? true }
  }

  /// The answers of the load of `request` ended on a kept page: the server confirmed it (a
  /// `304`, or the same bytes), so it is the server's as of now.
  func confirmKept(_ request: PageRequest) {
    guard let index = pages.firstIndex(where: { $0.request == request }), pages[index].isKept
    else { return }
    pages[index].isKept = false
    pages[index].asOf = now()
  }
}
