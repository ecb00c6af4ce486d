#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
  /// A mail of the inbox example, as the server sends it.
  struct InboxMail: Identifiable, Equatable, Sendable {
    var id: Int
    var sender: String
    var subject: String

    init?(json: JSONValue) {
      guard let id = json["id"].int, let sender = json["sender"].string,
        let subject = json["subject"].string
      else { return nil }
      (self.id, self.sender, self.subject) = (id, sender, subject)
    }
  }

  // snippet: uikit-mail-inbox
  import Catena
  import CatenaUIKit
  import SwiftUI
  import UIKit

  /// A mail's row, in SwiftUI.
  struct MailRow: View {
    let mail: InboxMail
    var body: some View {
      VStack(alignment: .leading) {
        Text(mail.sender).font(.headline)
        Text(mail.subject).foregroundStyle(.secondary)
      }
    }
  }

  final class MailInboxViewController: UIViewController {
    let inbox = Pager(
      source: .request(PageFormat(list: "mails")) { page, size in
        Get("inbox", ["page": .int(page), "size": .int(size)])
      } transform: { json in
        InboxMail(json: json)
      })
    let dataSource = SectionedDataSource<String, PagerRow<InboxMail>>()
    var seen: Set<InboxMail.ID> = []

    override func viewDidLoad() {
      super.viewDidLoad()
      dataSource
        // SwiftUI rows in list cells, each as tall as its content.
        .configureCell { _, row in
          UIHostingConfiguration { if let mail = row.item { MailRow(mail: mail) } }
        }
        // The first load, a page loading, a failure (tap to retry), the end.
        .statusCell(PagerStatusListCell.self)
        .swipeActions(.trailing) { [weak self] _, row in
          guard let mail = row.item else { return [] }
          return [
            SwipeAction("Archive", style: .destructive) { done in
              self?.inbox.edit(.delete(mail.id))
              done(true)
            }
          ]
        }
        .contextMenu { [weak self] _, row in
          guard let mail = row.item else { return nil }
          return ContextMenu(
            mail.subject,
            actions: [
              MenuAction("Delete", systemImage: "trash", style: .destructive) {
                self?.inbox.edit(.delete(mail.id))
              }
            ], didTapPreview: { self?.open(mail) }
          )
          .preview { UIHostingController(rootView: MailRow(mail: mail)) }
        }
        .impressions(after: .seconds(1)) { [weak self] impression in
          if case .appeared(.item(let id)) = impression { self?.seen.insert(id) }
        }
      let list = UICollectionView(
        frame: view.bounds, collectionViewLayout: dataSource.listLayout(appearance: .plain))
      list.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      view.addSubview(list)
      dataSource.bind(list)
      inbox.bind(dataSource, section: "inbox")
      inbox.refresh()
    }

    /// Shows `id` in the middle of the list, once it is loaded (even before the first layout).
    func reveal(_ id: InboxMail.ID) {
      try? dataSource.scroll(to: .item(id), at: .middle, animated: false)
    }

    func open(_ mail: InboxMail) {
      show(UIHostingController(rootView: MailRow(mail: mail)), sender: nil)
    }
  }
// end snippet
#endif
