#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  public import CatenaDataSource
  import CatenaDiff
  import CatenaPaging

  extension SectionedDataSource {
    /// A list layout for a collection view, made from the chain: the modern list screen, with
    /// the same chain words as a table.
    ///
    /// ```swift
    /// let dataSource = SectionedDataSource<String, Mail>()
    ///   .configureCell(MailCell.self) { cell, _, mail in cell.subject = mail.subject }
    ///   .headerTitle { _, folder in folder }
    ///   .swipeActions(.trailing) { _, mail in
    ///     [SwipeAction("Archive") { done in archive(mail); done(true) }]
    ///   }
    /// collectionView.collectionViewLayout = dataSource.listLayout(appearance: .insetGrouped)
    /// dataSource.bind(collectionView)
    /// ```
    ///
    /// - Section headers and footers are supplementary views when the chain gives them
    ///   (`headerView`/`headerTitle`, `footerView`/`footerTitle`) at the time the layout is
    ///   made: UIKit copies the list configuration into the layout, so give them first. A
    ///   section the chain gives no view or title has none (no empty band); titles show in
    ///   list cells with the appearance's header or footer style, sized to their text.
    ///   These two kinds are the supplementary views Catena serves; a layout of the app's own
    ///   with other kinds (a badge, a pinned bar) gets empty views for them from Catena (on
    ///   Apple platforms, the views of the collection view's own data source set before
    ///   `bind`), with a message in debug builds.
    /// - Leading and trailing swipe actions are the chain's `swipeActions`, read when the
    ///   user swipes (so they may be given later); a full swipe performs the first.
    /// - `configure` changes the configuration last (separators, background, a header's top
    ///   padding).
    public func listLayout(
      appearance: UICollectionLayoutListConfiguration.Appearance = .insetGrouped,
      _ configure: (inout UICollectionLayoutListConfiguration) -> Void = { _ in }
    ) -> UICollectionViewCompositionalLayout {
      var configuration = UICollectionLayoutListConfiguration(appearance: appearance)
      configuration.headerMode = showsSectionView(.header) ? .supplementary : .none
      configuration.footerMode = showsSectionView(.footer) ? .supplementary : .none
      configuration.leadingSwipeActionsConfigurationProvider = { [weak self] indexPath in
        self?.swipeConfiguration(.leading, at: indexPath)
      }
      configuration.trailingSwipeActionsConfigurationProvider = { [weak self] indexPath in
        self?.swipeConfiguration(.trailing, at: indexPath)
      }
      configure(&configuration)
      // A plain list pins each section's header while its rows scroll under it.
      pinsSectionHeaders =
        configuration.appearance == .plain && configuration.headerMode == .supplementary
      // Each section has a header (a footer) only when the chain gives it one now: no empty
      // band above a section without a title. UIKit asks again whenever the layout is
      // computed (after a batch, a reload).
      let base = configuration
      return UICollectionViewCompositionalLayout { [weak self] section, environment in
        MainActor.assumeIsolated {
          var list = base
          if let self {
            if list.headerMode == .supplementary, !self.hasSectionView(.header, section) {
              list.headerMode = .none
            }
            if list.footerMode == .supplementary, !self.hasSectionView(.footer, section) {
              list.footerMode = .none
            }
          }
          return NSCollectionLayoutSection.list(using: list, layoutEnvironment: environment)
        }
      }
    }

    /// Whether `section` shows a header (footer) view or title now.
    private func hasSectionView(_ kind: SectionViewKind, _ section: Int) -> Bool {
      hasView(kind, inSection: section)
        || (kind == .header
          ? titleForHeader(inSection: section) : titleForFooter(inSection: section)) != nil
    }

    /// UIKit's buttons for the chain's swipe actions of the item at `indexPath` on `edge`;
    /// without any on the trailing edge, Delete for an item the chain lets be deleted
    /// (`didDelete`), as a table offers it. Delete deletes the item that was swiped, wherever
    /// an apply made while its button showed has moved it, and nothing once it is gone.
    func swipeConfiguration(
      _ edge: SwipeEdge, at indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
      let path = ItemPath(indexPath)
      if let actions = answers.swipeActions(edge, forRowAt: path) {
        return TableProxy.configuration(actions)
      }
      guard edge == .trailing, answers.canDeleteRow(at: path) else { return nil }
      let swiped = snapshot?.item(at: path)?.id
      let delete = SwipeAction(CatenaStrings.string(.delete), style: .destructive) {
        [weak self] done in
        guard let self else { return done(false) }
        // Where the swiped item is now (count closures have no ids: the row stays the row).
        let now = swiped == nil ? path : swiped.flatMap { self.snapshot?.path(of: $0) }
        guard let now, self.answers.canDeleteRow(at: now) else { return done(false) }
        do {
          try self.answers.commitDelete(at: now)
          done(true)
        } catch {
          done(false)
        }
      }
      return TableProxy.configuration([delete])
    }
  }
#endif
