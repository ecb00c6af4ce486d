#if os(Linux)
  import CatenaDiff
  import Foundation

  // Supplementary views (section headers and footers), transcribed from UIKit (iOS 18.6): the
  // layout says which kinds it shows, the collection view asks its data source for each, and
  // the data source must dequeue a view registered for that kind. Each mistake UIKit stops the
  // app for is recorded in `exceptions`.

  extension UICollectionView {
    /// The kind of a section header.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of a section footer.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// Registers a view class for supplementary views of `elementKind` and `identifier`; nil
    /// unregisters.
    public func register(
      _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String,
      withReuseIdentifier identifier: String
    ) {
      supplementaryClasses[elementKind, default: [:]][identifier] =
        viewClass as? UICollectionReusableView.Type
      supplementaryPool["\(elementKind)|\(identifier)"] = nil
    }

    /// A supplementary view of `elementKind` registered for `identifier`, reused when one is
    /// free.
    public func dequeueReusableSupplementaryView(
      ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) -> UICollectionReusableView {
      engine.calls.append(
        "dequeueSupplementary(\(elementKind), \(identifier), \(ItemPath(indexPath)))")
      supplementaryDequeued = true
      if let asked = askedSupplementaryKind, asked != elementKind {
        engine.raise(
          "the view returned from -collectionView:viewForSupplementaryElementOfKind:"
            + "atIndexPath: does not match the element kind it is being used for. When asked "
            + "for a view of element kind '\(asked)' the data source dequeued a view "
            + "registered for the element kind '\(elementKind)'.")
      }
      let key = "\(elementKind)|\(identifier)"
      if let view = supplementaryPool[key]?.popLast() {
        view.prepareForReuse()
        return view
      }
      guard let viewClass = supplementaryClasses[elementKind]?[identifier] else {
        engine.raise(
          "could not dequeue a view of kind: \(elementKind) with identifier \(identifier) - "
            + "must register a nib or a class for the identifier or connect a prototype cell "
            + "in a storyboard")
        return UICollectionReusableView(frame: .zero)
      }
      let view = viewClass.init(frame: .zero)
      view.reuseIdentifier = identifier
      return view
    }

    /// The supplementary view of `elementKind` shown at `indexPath` (item 0 of its section);
    /// nil while it is off screen (a plain list's header shows, pinned, while any of its
    /// section does): UIKit puts a view that scrolls off back in its reuse queue.
    public func supplementaryView(
      forElementKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView? {
      supplementaryViews[elementKind]?[indexPath.section]
    }

    /// A registration's supplementary view (see ``SupplementaryRegistration``).
    public struct SupplementaryRegistration<Supplementary>
    where Supplementary: UICollectionReusableView {
      /// Configures a dequeued view for its element kind and index path.
      public typealias Handler = (
        _ supplementaryView: Supplementary, _ elementKind: String, _ indexPath: IndexPath
      ) -> Void

      let elementKind: String
      let handler: Handler
      let identifier = "SupplementaryRegistration-" + UUID().uuidString
      let madeInProvider = UICollectionView.providerDepth > 0

      /// A registration of `Supplementary` views of `elementKind`, configured by `handler`.
      public init(elementKind: String, handler: @escaping Handler) {
        self.elementKind = elementKind
        self.handler = handler
      }
    }

    /// A supplementary view of `registration`'s class and kind, reused when one is free,
    /// configured by its handler.
    public func dequeueConfiguredReusableSupplementary<Supplementary>(
      using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
    ) -> Supplementary where Supplementary: UICollectionReusableView {
      if registration.madeInProvider {
        engine.raise(
          "Attempted to dequeue a supplementary view using a registration that was created "
            + "inside -collectionView:viewForSupplementaryElementOfKind:atIndexPath: or inside "
            + "a UICollectionViewDiffableDataSource supplementary view provider. Creating a new "
            + "registration each time a supplementary view is requested will prevent reuse and "
            + "cause created supplementary views to remain inaccessible in memory for the "
            + "lifetime of the collection view. Registrations should be created up front and "
            + "reused.")
      }
      if supplementaryClasses[registration.elementKind]?[registration.identifier] == nil {
        register(
          Supplementary.self, forSupplementaryViewOfKind: registration.elementKind,
          withReuseIdentifier: registration.identifier)
      }
      let dequeued = dequeueReusableSupplementaryView(
        ofKind: registration.elementKind, withReuseIdentifier: registration.identifier,
        for: indexPath)
      let view = dequeued as? Supplementary ?? Supplementary(frame: .zero)
      registration.handler(view, registration.elementKind, indexPath)
      return view
    }

    /// The supplementary kinds the layout shows in `section`: a list's header and footer when
    /// that section's configuration makes them supplementary views.
    func supplementaryKinds(inSection section: Int) -> [String] {
      guard let layout = collectionViewLayout as? UICollectionViewCompositionalLayout else {
        return []
      }
      let list = layout.listConfiguration(forSection: section)
      var kinds: [String] = []
      if list.headerMode == .supplementary { kinds.append(Self.elementKindSectionHeader) }
      if list.footerMode == .supplementary { kinds.append(Self.elementKindSectionFooter) }
      return kinds + layout.fakeOtherSupplementaryKinds
    }

    /// The height of the supplementary view of `kind` in `section`: a view that sizes itself
    /// (a list cell showing a content configuration) its size, else the layout's estimate
    /// (`fakeSupplementaryHeight`); none when the section has no such view.
    func supplementaryHeight(_ kind: String, inSection section: Int) -> CGFloat {
      guard supplementaryKinds(inSection: section).contains(kind) else { return 0 }
      if let cell = supplementaryViews[kind]?[section] as? UICollectionViewCell,
        cell.contentConfiguration != nil
      {
        let size = cell.systemLayoutSizeFitting(CGSize(width: bounds.width, height: 0)).height
        if size > 0 { return size }
      }
      // A view measured once keeps its size after it goes back to its pool, as the layout
      // keeps the sizes of elements it has measured.
      return measuredSupplementaryHeights[kind]?[section] ?? fakeSupplementaryHeight
    }

    /// Asks the data source again for the supplementary views on screen (a reload); the views
    /// shown before go back to their pools.
    func refreshSupplementaryViews() {
      recycleSupplementaryViews { _ in true }
      measuredSupplementaryHeights = [:]
      showSupplementaryViewsOnScreen()
    }

    /// Keeps a supplementary view only while it is on screen, as UIKit does with cells: a view
    /// that scrolls off goes back to its pool (`supplementaryView(forElementKind:at:)` is nil
    /// for it then), and one that comes on screen is asked for (R3 review #8).
    func showSupplementaryViewsOnScreen() {
      let sections = engine.loadedCounts().indices
      for (kind, views) in supplementaryViews {
        for (section, view) in views
        where !sections.contains(section) || !isOnScreen(kind, inSection: section) {
          if sections.contains(section) {
            measuredSupplementaryHeights[kind, default: [:]][section] = supplementaryHeight(
              kind, inSection: section)
          }
          supplementaryViews[kind]?[section] = nil
          if let identifier = view.reuseIdentifier {
            supplementaryPool["\(kind)|\(identifier)", default: []].append(view)
          }
        }
      }
      askSupplementaryViews(
        forSections: sections.filter { section in
          supplementaryKinds(inSection: section).contains { isOnScreen($0, inSection: section) }
        }, missingOnly: true, onScreenOnly: true)
    }

    /// Whether the supplementary view of `kind` in `section` shows in the viewport.
    private func isOnScreen(_ kind: String, inSection section: Int) -> Bool {
      let (offset, height) = viewport
      let layout = collectionViewLayout as? UICollectionViewCompositionalLayout
      let pinned =
        kind == Self.elementKindSectionHeader
        && layout?.listConfiguration(forSection: section).appearance == .plain
      guard
        !pinned,
        let frame = layoutAttributesForSupplementaryElement(
          ofKind: kind, at: IndexPath(item: 0, section: section))?.frame
      else {
        // A kind the fake does not place (a badge), or a plain list's header, pinned at the
        // top while its rows scroll under it: on screen with its section.
        let counts = engine.loadedCounts()
        let geometry = geometry(counts: counts, measured: engine.measured)
        let top = geometry.sectionTops[section]
        let bottom =
          section + 1 < counts.count ? geometry.sectionTops[section + 1] : geometry.contentHeight
        return top < offset + height && max(bottom, top + 1) > offset
      }
      let (start, length) = isHorizontal ? (frame.minX, frame.width) : (frame.minY, frame.height)
      return start < offset + height && start + max(length, 1) > offset
    }

    /// After a batch: supplementary views follow their sections and keep what they show, as
    /// UIKit keeps them on screen (it asks for a view when it appears: at a reload, for an
    /// inserted or reloaded section); inserted and reloaded sections get new ones.
    func carrySupplementaryViews(through batch: BatchUpdate, sectionMap: [Int]) {
      let reloaded = Set(batch.sectionReloads)
      func kept(_ old: Int) -> Bool {
        sectionMap.indices.contains(old) && sectionMap[old] >= 0 && !reloaded.contains(old)
      }
      var carried: [String: [Int: UICollectionReusableView]] = [:]
      for (kind, views) in supplementaryViews {
        for (old, view) in views where kept(old) {
          carried[kind, default: [:]][sectionMap[old]] = view
        }
      }
      recycleSupplementaryViews { !kept($0) }
      supplementaryViews = carried
      var measured: [String: [Int: CGFloat]] = [:]
      for (kind, heights) in measuredSupplementaryHeights {
        for (old, height) in heights where kept(old) {
          measured[kind, default: [:]][sectionMap[old]] = height
        }
      }
      measuredSupplementaryHeights = measured
      // Views that appear (new sections, or kinds a kept section's layout has now) are asked
      // for; those a section's layout no longer has go back to their pools.
      for (kind, views) in supplementaryViews {
        for (section, view) in views where !supplementaryKinds(inSection: section).contains(kind) {
          supplementaryViews[kind]?[section] = nil
          if let identifier = view.reuseIdentifier {
            supplementaryPool["\(kind)|\(identifier)", default: []].append(view)
          }
        }
      }
      showSupplementaryViewsOnScreen()
    }

    /// Puts the shown views of the sections `leaving` names back in their pools, and forgets
    /// every shown view.
    private func recycleSupplementaryViews(leaving: (Int) -> Bool) {
      for (kind, views) in supplementaryViews {
        for (section, view) in views where leaving(section) {
          guard let identifier = view.reuseIdentifier else { continue }
          supplementaryPool["\(kind)|\(identifier)", default: []].append(view)
        }
      }
      supplementaryViews = [:]
    }

    /// Asks the data source for the supplementary views of `sections`.
    private func askSupplementaryViews(
      forSections sections: [Int], missingOnly: Bool = false, onScreenOnly: Bool = false
    ) {
      guard let dataSource else { return }
      for section in sections {
        for kind in supplementaryKinds(inSection: section)
        where (!missingOnly || supplementaryViews[kind]?[section] == nil)
          && (!onScreenOnly || isOnScreen(kind, inSection: section))
        {
          let path = IndexPath(item: 0, section: section)
          askedSupplementaryKind = kind
          supplementaryDequeued = false
          Self.providerDepth += 1
          let view = dataSource.collectionView(
            self, viewForSupplementaryElementOfKind: kind, at: path)
          Self.providerDepth -= 1
          askedSupplementaryKind = nil
          if !supplementaryDequeued {
            engine.raise(
              "the view returned from -collectionView:viewForSupplementaryElementOfKind:"
                + "atIndexPath (\(kind),\(ItemPath(path))) was not retrieved by calling "
                + "-dequeueReusableSupplementaryViewOfKind:withReuseIdentifier:forIndexPath:")
          }
          supplementaryViews[kind, default: [:]][section] = view
        }
      }
    }
  }
#endif

#if os(Linux)
  // MARK: Not UIKit: the user's gestures on a list.

  extension UICollectionView {
    /// The user swipes the item at `indexPath` from its leading or trailing edge: the buttons
    /// the list layout's swipe provider gives (as its configuration was when the layout was
    /// made). A test taps one with ``simulateTap(on:)``.
    public func simulateSwipe(at indexPath: IndexPath, leading: Bool)
      -> UISwipeActionsConfiguration?
    {
      engine.calls.append("swipe \(leading ? "leading" : "trailing") \(ItemPath(indexPath))")
      guard
        let list = (collectionViewLayout as? UICollectionViewCompositionalLayout)?
          .listConfiguration(forSection: indexPath.section)
      else { return nil }
      let provider =
        leading
        ? list.leadingSwipeActionsConfigurationProvider
        : list.trailingSwipeActionsConfigurationProvider
      return provider?(indexPath)
    }

    /// The user swipes the item at `indexPath` all the way across: the first action runs when
    /// the configuration performs it on a full swipe (UIKit's default). Returns its title.
    @discardableResult
    public func simulateFullSwipe(at indexPath: IndexPath, leading: Bool) -> String? {
      guard let configuration = simulateSwipe(at: indexPath, leading: leading),
        configuration.performsFirstActionWithFullSwipe, let first = configuration.actions.first
      else { return nil }
      simulateTap(on: first)
      return first.title
    }

    /// The user taps `action` of an item swiped open: its handler runs (its completion is
    /// heard once; UIKit ignores later calls).
    public func simulateTap(on action: UIContextualAction) {
      var completed = false
      action.handler(action, UIView()) { _ in
        guard !completed else { return }
        completed = true
      }
    }
  }
#endif

#if os(Linux)
  import CatenaDiff

  // MARK: Not UIKit: the index down a list's edge.

  extension UICollectionView {
    /// The index titles the collection view shows: what its data source gave at the last
    /// reload (empty without an index).
    public var shownIndexTitles: [String] { indexTitles }

    /// The user taps the index title at `index`: the collection view asks its data source
    /// where the title leads and scrolls there (an index path of one index: the top of that
    /// section). A place the collection view does not have raises, as UIKit's scroll does.
    public func simulateIndexTitleTap(at index: Int) {
      settleReload()
      guard let dataSource, indexTitles.indices.contains(index) else { return }
      let target = dataSource.collectionView(
        self, indexPathForIndexTitle: indexTitles[index], at: index)
      engine.calls.append("indexTitle \(indexTitles[index]) -> \(target)")
      let counts = engine.loadedCounts()
      // "The index path of a collection view item" (Apple): UIKit reads `.item`, which a
      // one-index path does not have (NSNotFound), and scrolls to it.
      guard target.count == 2 else {
        engine.raise(
          "Attempted to scroll the collection view to an out-of-bounds item "
            + "(9223372036854775807) when there are only \(counts.first ?? 0) items in section "
            + "\(target.first ?? 0): \(target) is not an item's index path.")
        return
      }
      let section = target[0]
      let item = target[1]
      guard counts.indices.contains(section), item < counts[section] else {
        engine.raise(
          "Attempted to scroll the collection view to an out-of-bounds index path (\(target)) "
            + "when there are only \(counts.count) sections.")
        return
      }
      let geometry = geometry(counts: counts, measured: [:])
      // A section's first item shows with its header above it, as the index leads to the
      // section.
      let top =
        item == 0
        ? geometry.sectionTops[section]
        : geometry.frame(of: ItemPath(item: item, section: section), width: 0).minY
      contentOffset = isHorizontal ? CGPoint(x: top, y: 0) : CGPoint(x: 0, y: top)
      layoutIfNeeded()
    }
  }
#endif
