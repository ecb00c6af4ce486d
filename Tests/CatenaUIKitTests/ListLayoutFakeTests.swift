#if os(Linux)
  import Foundation
  import Testing
  import UIKitFakes

  /// A section header view.
  final class HeaderTitleView: UICollectionReusableView {
    var title = ""
  }

  /// A collection data source of named items in sections, with headers dequeued as the test
  /// says: registered, of another kind, not dequeued at all, or through a registration.
  @MainActor
  final class SectionedNames: NSObject, UICollectionViewDataSource {
    enum Headers { case registered, wrongKind, undequeued, registration, registrationInProvider }
    var sections: [[String]]
    var headers: Headers
    let cells = UICollectionView.CellRegistration<NameCell, String> { cell, _, name in
      cell.name = name
    }
    let headerRegistration = UICollectionView.SupplementaryRegistration<HeaderTitleView>(
      elementKind: UICollectionView.elementKindSectionHeader
    ) { view, _, path in view.title = "section \(path.section)" }
    var asked: [String] = []

    init(_ sections: [[String]], headers: Headers) {
      self.sections = sections
      self.headers = headers
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }

    func collectionView(
      _ collectionView: UICollectionView, numberOfItemsInSection section: Int
    ) -> Int { sections[section].count }

    func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      collectionView.dequeueConfiguredReusableCell(
        using: cells, for: indexPath, item: sections[indexPath.section][indexPath.item])
    }

    func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
      at indexPath: IndexPath
    ) -> UICollectionReusableView {
      asked.append(
        "\(kind == UICollectionView.elementKindSectionHeader ? "header" : kind) \(indexPath.section)"
      )
      switch headers {
      case .registered:
        let view = collectionView.dequeueReusableSupplementaryView(
          ofKind: kind, withReuseIdentifier: "title", for: indexPath)
        (view as? HeaderTitleView)?.title = "section \(indexPath.section)"
        return view
      case .wrongKind:
        return collectionView.dequeueReusableSupplementaryView(
          ofKind: UICollectionView.elementKindSectionFooter, withReuseIdentifier: "title",
          for: indexPath)
      case .undequeued:
        return HeaderTitleView(frame: .zero)
      case .registration:
        return collectionView.dequeueConfiguredReusableSupplementary(
          using: headerRegistration, for: indexPath)
      case .registrationInProvider:
        let made = UICollectionView.SupplementaryRegistration<HeaderTitleView>(
          elementKind: kind
        ) { _, _, _ in }
        return collectionView.dequeueConfiguredReusableSupplementary(using: made, for: indexPath)
      }
    }
  }

  @MainActor
  @Suite(
    "The fake list layout: a configuration copied when the layout is made, headers as supplementary views"
  )
  struct ListLayoutFakeTests {
    func list(
      _ source: SectionedNames,
      configure: (inout UICollectionLayoutListConfiguration) -> Void = {
        $0.headerMode = .supplementary
      }
    ) -> (UICollectionView, UIWindow) {
      var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
      configure(&configuration)
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
      let collection = UICollectionView(
        frame: window.frame,
        collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
      window.addSubview(collection)
      collection.register(
        HeaderTitleView.self,
        forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
        withReuseIdentifier: "title")
      collection.dataSource = source
      collection.reloadData()
      collection.layoutIfNeeded()
      return (collection, window)
    }

    func header(_ collection: UICollectionView, _ section: Int) -> String? {
      (collection.supplementaryView(
        forElementKind: UICollectionView.elementKindSectionHeader,
        at: IndexPath(item: 0, section: section)) as? HeaderTitleView)?.title
    }

    @Test func headersAreAskedForEverySectionAndTakeTheirPlace() {
      let source = SectionedNames([["a", "b"], ["c"]], headers: .registered)
      let (collection, window) = list(source)
      #expect(collection.exceptions.isEmpty)
      #expect(source.asked == ["header 0", "header 1"])
      #expect(header(collection, 0) == "section 0" && header(collection, 1) == "section 1")
      // The first item sits under its section's header.
      #expect(
        collection.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == 28)
      withExtendedLifetime(window) {}
    }

    @Test func headersAreReusedAcrossAReload() {
      let source = SectionedNames([["a"], ["b"]], headers: .registered)
      let (collection, window) = list(source)
      let first = collection.supplementaryView(
        forElementKind: UICollectionView.elementKindSectionHeader,
        at: IndexPath(item: 0, section: 0))
      collection.reloadData()
      collection.layoutIfNeeded()
      let views = (0..<2).compactMap {
        collection.supplementaryView(
          forElementKind: UICollectionView.elementKindSectionHeader,
          at: IndexPath(item: 0, section: $0))
      }
      #expect(views.contains { $0 === first }, "a header off screen is dequeued again")
      #expect((first?.reuseCount ?? 0) >= 1)
      withExtendedLifetime(window) {}
    }

    @Test func aViewOfAnotherKindRaises() {
      let (collection, window) = list(SectionedNames([["a"]], headers: .wrongKind))
      #expect(collection.exceptions.contains { $0.contains("does not match the element kind") })
      withExtendedLifetime(window) {}
    }

    @Test func anUnregisteredKindRaises() {
      // The header's class is registered; a dequeue of the footer kind finds nothing.
      let (collection, window) = list(SectionedNames([["a"]], headers: .wrongKind))
      #expect(collection.exceptions.contains { $0.hasPrefix("could not dequeue a view of kind") })
      withExtendedLifetime(window) {}
    }

    @Test func aViewThatWasNotDequeuedRaises() {
      let (collection, window) = list(SectionedNames([["a"]], headers: .undequeued))
      #expect(collection.exceptions.count == 1)
      #expect(collection.exceptions.first?.contains("was not retrieved by calling") == true)
      withExtendedLifetime(window) {}
    }

    @Test func aDataSourceWithoutSupplementaryViewsRaisesOnlyWhenTheLayoutShowsThem() {
      let plain = SectionedNames([["a"]], headers: .registered)
      let (withoutHeaders, window) = list(plain) { $0.headerMode = .none }
      #expect(withoutHeaders.exceptions.isEmpty && plain.asked.isEmpty)
      /// A data source that gives no supplementary view at all.
      final class CellsOnly: NSObject, UICollectionViewDataSource {
        let cells = UICollectionView.CellRegistration<NameCell, String> { _, _, _ in }
        func collectionView(_ view: UICollectionView, numberOfItemsInSection section: Int) -> Int {
          1
        }
        func collectionView(
          _ view: UICollectionView, cellForItemAt indexPath: IndexPath
        ) -> UICollectionViewCell {
          view.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: "a")
        }
      }
      let cellsOnly = CellsOnly()
      withoutHeaders.dataSource = cellsOnly
      let collection = UICollectionView(
        frame: window.frame,
        collectionViewLayout: UICollectionViewCompositionalLayout.list(
          using: {
            var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
            configuration.headerMode = .supplementary
            return configuration
          }()))
      window.addSubview(collection)
      collection.dataSource = cellsOnly
      collection.reloadData()
      collection.layoutIfNeeded()
      #expect(collection.exceptions.count == 1)
      #expect(collection.exceptions.first?.contains("does not implement") == true)
    }

    @Test func aSupplementaryRegistrationConfiguresItsViewAndIsRefusedWhenMadeInTheProvider() {
      let (registered, window) = list(SectionedNames([["a"], ["b"]], headers: .registration))
      #expect(registered.exceptions.isEmpty)
      #expect(header(registered, 1) == "section 1")
      let (inProvider, other) = list(SectionedNames([["a"]], headers: .registrationInProvider))
      #expect(
        inProvider.exceptions.first?.hasPrefix(
          "Attempted to dequeue a supplementary view using a registration that was created inside")
          == true)
      withExtendedLifetime((window, other)) {}
    }

    @Test func theConfigurationIsCopiedWhenTheLayoutIsMade() {
      let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, done in
        done(true)
      }
      var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
      configuration.trailingSwipeActionsConfigurationProvider = { _ in
        UISwipeActionsConfiguration(actions: [delete])
      }
      let layout = UICollectionViewCompositionalLayout.list(using: configuration)
      // Set after the layout was made: the layout never sees it.
      configuration.leadingSwipeActionsConfigurationProvider = { _ in
        UISwipeActionsConfiguration(actions: [delete])
      }
      let collection = UICollectionView(frame: .zero, collectionViewLayout: layout)
      let path = IndexPath(item: 0, section: 0)
      #expect(
        collection.simulateSwipe(at: path, leading: false)?.actions.map(\.title) == ["Delete"])
      #expect(collection.simulateSwipe(at: path, leading: true) == nil)
    }
  }
#endif
