#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #endif
  public import CatenaDiff
  public import Foundation

  extension ItemPath {
    /// The `IndexPath` UIKit uses for this path.
    public var indexPath: IndexPath { IndexPath(item: item, section: section) }

    /// The path of a UIKit `IndexPath` (section and row or item).
    public init(_ indexPath: IndexPath) {
      self.init(item: indexPath.item, section: indexPath.section)
    }
  }
#endif
