#if os(Linux)
  import Foundation
  import Testing
  import UIKitFakes

  /// A collection cell configured by a registration.
  final class NameCell: UICollectionViewCell {
    var name = ""
  }

  /// A collection data source whose cells come from a registration: made up front, or (the
  /// mistake UIKit refuses) inside the cell provider.
  @MainActor
  final class RegisteredSource: NSObject, UICollectionViewDataSource {
    var names: [String?]
    let upFront = UICollectionView.CellRegistration<NameCell, String> { cell, _, name in
      cell.name = name
    }
    var registersInProvider = false
    var configured = 0

    init(_ names: [String?]) { self.names = names }

    func collectionView(
      _ collectionView: UICollectionView, numberOfItemsInSection section: Int
    ) -> Int { names.count }

    func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      configured += 1
      let registration =
        registersInProvider
        ? UICollectionView.CellRegistration<NameCell, String> { cell, _, name in cell.name = name }
        : upFront
      return collectionView.dequeueConfiguredReusableCell(
        using: registration, for: indexPath, item: names[indexPath.item])
    }
  }

  @MainActor
  @Suite("Cell registrations in the fake collection view, as strict as UIKit")
  struct CellRegistrationFakeTests {
    func collection(showing source: RegisteredSource) -> (UICollectionView, UIWindow) {
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
      let collection = UICollectionView(
        frame: window.frame, collectionViewLayout: UICollectionViewFlowLayout())
      window.addSubview(collection)
      collection.dataSource = source
      collection.reloadData()
      collection.layoutIfNeeded()
      return (collection, window)
    }

    @Test func aRegistrationMadeUpFrontConfiguresAndReusesItsCells() {
      let source = RegisteredSource((0..<40).map { "n\($0)" })
      let (collection, window) = collection(showing: source)
      #expect(collection.exceptions.isEmpty)
      let first = collection.cellForItem(at: IndexPath(item: 0, section: 0)) as? NameCell
      #expect(first?.name == "n0")
      var made = Set(collection.visibleCells.map(ObjectIdentifier.init))
      // Scrolling far down and back reuses the cells that left the screen.
      collection.contentOffset = CGPoint(x: 0, y: 20 * 44)
      collection.layoutIfNeeded()
      #expect(
        (collection.cellForItem(at: IndexPath(item: 20, section: 0)) as? NameCell)?.name == "n20")
      made.formUnion(collection.visibleCells.map(ObjectIdentifier.init))
      #expect(made.count <= 2 * collection.visibleCells.count, "cells are reused, not made anew")
      #expect(collection.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test func aRegistrationMadeInsideTheCellProviderRaises() {
      let source = RegisteredSource(["a", "b"])
      source.registersInProvider = true
      let (collection, window) = collection(showing: source)
      #expect(collection.exceptions.count == 2, "one for each cell asked for")
      #expect(
        collection.exceptions.first?.hasPrefix(
          "Attempted to dequeue a cell using a registration that was created inside") == true)
      withExtendedLifetime(window) {}
    }

    @Test func aMissingItemForARegistrationIsACrash() {
      let source = RegisteredSource(["a", nil])
      let (collection, window) = collection(showing: source)
      #expect(collection.exceptions.count == 1)
      #expect(collection.exceptions.first?.contains("was given no item") == true)
      withExtendedLifetime(window) {}
    }
  }
#endif
