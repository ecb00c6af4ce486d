#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
  // snippet: uikit-mail-list
  import Catena
  import CatenaUIKit
  import UIKit

  struct Mail: Identifiable, Equatable, Sendable {
    var id: Int
    var sender: String
    var subject: String
    var isFlagged = false
  }

  final class MailListViewController: UICollectionViewController {
    let dataSource = SectionedDataSource<String, Mail>()
    var flagged: Set<Mail.ID> = []

    override func viewDidLoad() {
      super.viewDidLoad()
      dataSource
        .configureCell(UICollectionViewListCell.self) {
          cell, _, mail in
          var content = cell.defaultContentConfiguration()
          content.text = mail.sender
          content.secondaryText = mail.subject
          cell.contentConfiguration = content
          cell.accessories = [.disclosureIndicator()]
        } behaviors: { [weak self] cell, _, mail in
          // What the cell does is set again after every apply, even when the mail is equal.
          cell.configurationUpdateHandler = { cell, state in
            cell.backgroundConfiguration?.backgroundColor =
              self?.flagged.contains(mail.id) == true ? .systemYellow : nil
          }
        }
        .headerTitle { _, folder in folder }
        .sectionIndexTitle { _, folder in folder.map { String($0.prefix(1)) } }
        .swipeActions(.leading) { [weak self] _, mail in
          [
            SwipeAction("Flag") { done in
              self?.flagged.insert(mail.id)
              done(true)
            }
          ]
        }
        .swipeActions(.trailing) { [weak self] _, mail in
          [
            SwipeAction("Archive", style: .destructive) { done in
              self?.archive(mail)
              done(true)
            }
          ]
        }
      // The layout is made from the chain: give headers before it is made.
      collectionView.collectionViewLayout = dataSource.listLayout(appearance: .insetGrouped)
      dataSource.bind(collectionView)
    }

    func show(_ folders: [(String, [Mail])]) throws {
      var snapshot = Snapshot<String, Mail>()
      for (folder, mails) in folders {
        try snapshot.appendSection(folder)
        try snapshot.appendItems(mails, toSection: folder)
      }
      try dataSource.apply(snapshot)
    }

    func archive(_ mail: Mail) {
      guard var snapshot = dataSource.snapshot else { return }
      try? snapshot.deleteItems([mail.id])
      try? dataSource.apply(snapshot)
    }
  }
// end snippet
#endif
