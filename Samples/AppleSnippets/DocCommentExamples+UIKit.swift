#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
  // The examples of the sources' doc comments that need UIKit's view controllers, compiled
  // for iOS against the real SDK by `.ci/apple-build` (without SwiftUI, whose `ContextMenu`
  // would make Catena's ambiguous). A region between `// snippet: doc-NAME` and
  // `// end snippet` is, word for word, a ```swift block of a `///` comment under `Sources/`.
  import Catena
  import CatenaUIKit
  import UIKit

  /// A pager that refetches when its screen appears.
  final class HousesListViewController: UITableViewController {
    let houses = Pager<House>(source: PageSource { _, _ in Page(items: []) })

    // snippet: doc-view-will-appear
    override func viewWillAppear(_ animated: Bool) {
      super.viewWillAppear(animated)
      houses.appeared()
    }
    // end snippet
  }

  /// A mail shown in full.
  final class MailViewController: UIViewController {
    let mail: Mail

    init(_ mail: Mail) {
      self.mail = mail
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }
  }

  /// A context menu whose preview opens the mail.
  final class MailMenuViewController: UIViewController {
    func menu(for mail: Mail, actions: [MenuAction]) -> ContextMenu {
      // snippet: doc-context-menu-preview
      ContextMenu(actions: actions)
        .preview {
          MailViewController(mail)
        } didTap: { [weak self] preview in
          self?.navigationController?.pushViewController(preview, animated: false)
        }
      // end snippet
    }
  }

  /// Files dropped from other apps into an outline.
  @MainActor final class FilesDropDelegate: NSObject, UICollectionViewDropDelegate {
    let files = Outline<SettingRow>()

    func collectionView(
      _ collectionView: UICollectionView,
      performDropWith coordinator: any UICollectionViewDropCoordinator
    ) {
      let nodes = [OutlineNode(SettingRow(dropped: "notes"))]
      do {
        // snippet: doc-outline-drop
        // UICollectionViewDropDelegate
        let row = coordinator.destinationIndexPath?.item ?? files.rows.count
        try files.drop(nodes, at: row)
        // end snippet
      } catch {
        print(error)
      }
    }
  }
#endif
