#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  public import CatenaDataSource
  public import CatenaDiff

  extension SectionedDataSource {
    /// Shows items as content configurations in cells the list picks: a `UITableViewCell`
    /// in a table, a `UICollectionViewListCell` in a collection list, a `TextCell` (the
    /// configuration's texts) in a `HeadlessTable`. The same chain serves a table and a
    /// collection list; no cell class and no reuse identifier to name.
    ///
    /// ```swift
    /// dataSource.configureCell { _, mail in
    ///   var content = UIListContentConfiguration.subtitleCell()
    ///   content.text = mail.sender
    ///   content.secondaryText = mail.subject
    ///   return content
    /// }
    /// ```
    ///
    /// Any content configuration works: a SwiftUI row is `UIHostingConfiguration { MailRow(mail) }`,
    /// and a list layout sizes each row to fit it. `content` runs when the row's cell is made
    /// and when its item changes (as `configureCell`'s `configure`); give a cell class to set
    /// what a cell does after every apply (`behaviors`) or its accessories.
    ///
    /// - Parameters:
    ///   - accepts: which items the kind shows; nil: every item no other kind accepts.
    ///   - content: the configuration of an item's row.
    @discardableResult
    public func configureCell(
      when accepts: ((Item) -> Bool)? = nil,
      _ content: @escaping (ItemPath, Item) -> any UIContentConfiguration
    ) -> Self {
      configureContentCell(when: accepts) { cell, path, item in
        let configuration = content(path, item)
        switch cell {
        case let cell as UICollectionViewCell: cell.contentConfiguration = configuration
        case let cell as UITableViewCell: cell.contentConfiguration = configuration
        case let cell as any ContentTextShowing:
          let list = configuration as? UIListContentConfiguration
          cell.text = list?.text ?? String(describing: type(of: configuration))
          cell.detailText = list?.secondaryText
        default: break
        }
      }
    }
  }
#endif
