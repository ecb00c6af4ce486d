#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
  /// A row of the settings example: a group, or an entry in one.
  struct SettingRow: Identifiable, Equatable, Sendable {
    var id: String
    var title: String
    var isGroup = false

    init?(json: JSONValue) {
      guard let id = json["id"].string, let title = json["title"].string else { return nil }
      (self.id, self.title, isGroup) = (id, title, json["isGroup"].bool ?? false)
    }

    init(dropped title: String) { (id, self.title) = ("dropped-\(title)", title) }
  }

  // snippet: uikit-settings-outline
  import Catena
  import CatenaUIKit
  import UIKit

  final class SettingsViewController: UIViewController, UICollectionViewDropDelegate {
    // A group made with `.lazy` loads its entries when first opened.
    let settings = Outline<SettingRow> { group in
      try await Get("settings/groups/\(group.id)")
        .list(at: "entries")
        .compactMap { SettingRow(json: $0) }
        .value()
        .map { $0.isGroup ? .lazy($0) : OutlineNode($0) }
    }
    let dataSource = SectionedDataSource<String, OutlineRow<SettingRow>>()

    override func viewDidLoad() {
      super.viewDidLoad()
      dataSource
        .configureCell(UICollectionViewListCell.self) { cell, _, row in
          var content = cell.defaultContentConfiguration()
          content.text = row.item?.title
          cell.contentConfiguration = content
          cell.accessories = [.reorder()]  // the outline adds its chevron before it
        }
        // Under a group that loads: a spinner, then a failure (tap to retry).
        .statusCell(PagerStatusListCell.self)
      settings
        // Entries stay inside groups; groups go anywhere.
        .canPlace { item, parent in parent?.isGroup ?? item.isGroup }
        .didPlace { item, place in
          Put(
            "settings/\(item.id)/place",
            ["parent": .string(place.parent ?? ""), "index": .int(place.index)]
          )
          .start()
        }
      let list = UICollectionView(
        frame: view.bounds, collectionViewLayout: dataSource.listLayout(appearance: .sidebar))
      list.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      list.isEditing = true  // shows the reorder controls
      list.dropDelegate = self  // text dropped from other apps
      view.addSubview(list)
      dataSource.bind(list)
      settings.bind(dataSource, section: "settings")
      Get("settings/groups")
        .list(at: "groups")
        .compactMap { SettingRow(json: $0) }
        .then { [weak self] groups in try? self?.settings.apply(groups.map { .lazy($0) }) }
        .start()
    }

    func collectionView(_ collectionView: UICollectionView, canHandle session: any UIDropSession)
      -> Bool
    {
      session.canLoadObjects(ofClass: NSString.self)
    }

    func collectionView(
      _ collectionView: UICollectionView, dropSessionDidUpdate session: any UIDropSession,
      withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> UICollectionViewDropProposal {
      UICollectionViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
    }

    // The drop lands where the rows around it say and the rule allows (nowhere: it is dropped).
    func collectionView(
      _ collectionView: UICollectionView,
      performDropWith coordinator: any UICollectionViewDropCoordinator
    ) {
      let row = coordinator.destinationIndexPath?.item ?? settings.rows.count
      _ = coordinator.session.loadObjects(ofClass: NSString.self) { [weak self] strings in
        let nodes = strings.compactMap {
          ($0 as? String).map { OutlineNode(SettingRow(dropped: $0)) }
        }
        _ = try? self?.settings.drop(nodes, at: row)
      }
    }
  }
// end snippet
#endif
