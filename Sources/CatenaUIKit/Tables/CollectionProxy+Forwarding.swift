#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaDiff

  // The delegate calls a collection's proxy shares with the app's own delegate: Catena's
  // handler first, then the app's (see `TableProxy+Forwarding.swift` for the pairs).
  extension CollectionProxy {
    // As a table's (`TableProxy+Forwarding.swift`): the first question makes the reorder live.
    func collectionView(
      _ collectionView: UICollectionView,
      targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
      atCurrentIndexPath currentIndexPath: IndexPath,
      toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
      let target =
        provider?.targetForMove(
          from: ItemPath(originalIndexPath), proposed: ItemPath(proposedIndexPath)
        ).indexPath ?? proposedIndexPath
      // The app's rule: its iOS 15 method, else the one it replaced (UIKit asks only the newer
      // of the proxy, which implements it).
      #if os(Linux)
        let narrowed =
          app?.collectionView(
            collectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath: originalIndexPath,
            atCurrentIndexPath: currentIndexPath, toProposedIndexPath: target) ?? target
        return app?.collectionView(
          collectionView, targetIndexPathForMoveFromItemAt: currentIndexPath,
          toProposedIndexPath: narrowed) ?? narrowed
      #else
        if let app, implements(app, Self.targetForMove) {
          return app.collectionView?(
            collectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath: originalIndexPath,
            atCurrentIndexPath: currentIndexPath, toProposedIndexPath: target) ?? target
        }
        guard let older = appTarget(for: Self.olderTargetForMove) else { return target }
        return unsafeBitCast(older, to: (any OlderCollectionDelegate).self).collectionView(
          collectionView, targetIndexPathForMoveFromItemAt: currentIndexPath,
          toProposedIndexPath: target)
      #endif
    }

    func collectionView(
      _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      provider?.willDisplayRow(at: ItemPath(indexPath), cell: cell)
      #if os(Linux)
        app?.collectionView(collectionView, willDisplay: cell, forItemAt: indexPath)
      #else
        app?.collectionView?(collectionView, willDisplay: cell, forItemAt: indexPath)
      #endif
    }

    // Rows that stand for state ("Loading…", "End of list") do not flash when touched; the
    // app's delegate may refuse others.
    func collectionView(
      _ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath
    ) -> Bool {
      guard provider?.highlightsRow(at: ItemPath(indexPath)) ?? true else { return false }
      #if os(Linux)
        return app?.collectionView(collectionView, shouldHighlightItemAt: indexPath) ?? true
      #else
        return app?.collectionView?(collectionView, shouldHighlightItemAt: indexPath) ?? true
      #endif
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
      provider?.didSelectRow(at: ItemPath(indexPath))
      #if os(Linux)
        app?.collectionView(collectionView, didSelectItemAt: indexPath)
      #else
        app?.collectionView?(collectionView, didSelectItemAt: indexPath)
      #endif
    }

    func collectionView(
      _ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath
    ) {
      provider?.didDeselectRow(at: ItemPath(indexPath))
      #if os(Linux)
        app?.collectionView(collectionView, didDeselectItemAt: indexPath)
      #else
        app?.collectionView?(collectionView, didDeselectItemAt: indexPath)
      #endif
    }

    // An item left the screen: what shows changed (the list got smaller, or scrolled).
    func collectionView(
      _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      if watchesScrolling { provider?.didScroll() }
      #if os(Linux)
        app?.collectionView(collectionView, didEndDisplaying: cell, forItemAt: indexPath)
      #else
        app?.collectionView?(collectionView, didEndDisplaying: cell, forItemAt: indexPath)
      #endif
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
      provider?.didScroll()
      #if os(Linux)
        app?.scrollViewDidScroll(scrollView)
      #else
        app?.scrollViewDidScroll?(scrollView)
      #endif
    }
  }

  extension CollectionProxy {
    /// The Objective-C names of the iOS 15 target-for-move method and the one it replaced.
    nonisolated static let targetForMove =
      "collectionView:targetIndexPathForMoveOfItemFromOriginalIndexPath:atCurrentIndexPath:"
      + "toProposedIndexPath:"
    nonisolated static let olderTargetForMove =
      "collectionView:targetIndexPathForMoveFromItemAtIndexPath:toProposedIndexPath:"
  }

  extension SectionViewKind {
    /// The collection view's supplementary kind of a section header or footer.
    @MainActor var elementKind: String {
      self == .header
        ? UICollectionView.elementKindSectionHeader : UICollectionView.elementKindSectionFooter
    }
  }

  // A collection's section headers and footers: supplementary views its layout asks for (a
  // list with `headerMode` or `footerMode` `.supplementary`).
  extension CollectionProxy {
    /// The reuse identifier of the view showing a section's title (`headerTitle`).
    static let titleView = "catena.title"

    /// The chain's view for the section (`headerView`/`footerView`), else a view showing its
    /// title (`headerTitle`/`footerTitle`), else the app's own data source's view, else an
    /// empty one: the layout asked, and a collection view accepts only dequeued views.
    func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
      at indexPath: IndexPath
    ) -> UICollectionReusableView {
      let sectionKind: SectionViewKind? =
        kind == UICollectionView.elementKindSectionHeader
        ? .header : kind == UICollectionView.elementKindSectionFooter ? .footer : nil
      let section = indexPath.section
      if let sectionKind, let provider {
        if provider.hasView(sectionKind, inSection: section) {
          do {
            if let view = try provider.view(sectionKind, inSection: section)
              as? UICollectionReusableView
            {
              return view
            }
          } catch {
            assertionFailure("Catena: no \(sectionKind) view for section \(section): \(error)")
          }
        }
        let title =
          sectionKind == .header
          ? provider.titleForHeader(inSection: section)
          : provider.titleForFooter(inSection: section)
        if let title {
          let view = collectionView.dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: Self.titleView, for: indexPath)
          (view as? SectionTitleView)?.title = title
          return view
        }
      }
      #if !os(Linux)
        if let app = appDataSource as? any UICollectionViewDataSource,
          implements(app, "collectionView:viewForSupplementaryElementOfKind:atIndexPath:"),
          let view = app.collectionView?(
            collectionView, viewForSupplementaryElementOfKind: kind, at: indexPath)
        {
          return view
        }
      #endif
      if sectionKind == nil {
        // A kind of the app's own layout the chain does not serve (a badge, a pinned bar):
        // an empty view, registered for that kind now (registering a class while the view
        // asks is allowed; dequeuing an unregistered kind raises).
        collectionView.register(
          UICollectionReusableView.self, forSupplementaryViewOfKind: kind,
          withReuseIdentifier: Self.placeholder)
        Self.warnOnce(aboutKind: kind)
      }
      return collectionView.dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: Self.placeholder, for: indexPath)
    }

    /// The kinds warned about.
    private static var warnedKinds: Set<String> = []

    /// Says once per kind, in debug builds, that the layout asks for a kind the chain does
    /// not serve.
    static func warnOnce(aboutKind kind: String) {
      #if DEBUG
        guard warnedKinds.insert(kind).inserted else { return }
        print(
          "Catena: the layout asks for supplementary views of kind \"\(kind)\", which the chain "
            + "does not serve (it serves section headers and footers); they show empty. Give "
            + "them from the collection view's own data source, set before binding.")
      #endif
    }
  }

  // The index down a list's edge: the chain's `sectionIndexTitle`, each title leading to the
  // top of its section.
  extension CollectionProxy {
    func indexTitles(for collectionView: UICollectionView) -> [String]? {
      let titles = provider?.sectionIndexTitles() ?? []
      readIndexTitles = titles
      // No item to lead to: no index (UIKit would scroll to an item that does not exist).
      let hasItems = (0..<(provider?.numberOfSections() ?? 0)).contains {
        (provider?.numberOfRows(inSection: $0) ?? 0) > 0
      }
      return titles.isEmpty || !hasItems ? nil : titles
    }

    /// The first item of the title's section, or of the nearest section after it (else
    /// before it) that has items: UIKit wants an item's index path and scrolls to it.
    func collectionView(
      _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
    ) -> IndexPath {
      let section = provider?.section(forSectionIndexTitle: title, at: index) ?? index
      let counts = (0..<collectionView.numberOfSections).map {
        collectionView.numberOfItems(inSection: $0)
      }
      let order = Array(section..<counts.count) + Array((0..<min(section, counts.count)).reversed())
      let target = order.first { counts.indices.contains($0) && counts[$0] > 0 } ?? 0
      return IndexPath(item: 0, section: target)
    }
  }
#endif
