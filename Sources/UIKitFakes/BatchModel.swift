#if os(Linux)
  import CatenaDiff

  /// UIKit's batch update played on a model, not checked by rules: every section and row the
  /// view showed when the batch opened is given one fate (stays, deleted, reloaded, moved),
  /// the new sections and rows are laid out slot by slot (inserts and move targets where they
  /// were asked for, a reload's insert at its index shifted by the batch's deletes and
  /// inserts, what stays in the free slots in order), and what does not fit is UIKit's
  /// exception. Written apart from Catena's `BatchValidator`, so that the two can disagree;
  /// a differential test makes sure they do not.
  struct BatchModel {
    /// What happens to one old section or row.
    enum Fate: Equatable {
      case stays
      case deleted
      case reloaded
      case moved(to: Int)
      /// A row moved to another path (rows only).
      case movedRow(to: ItemPath)
      /// A row reconfigured in place (rows only).
      case reconfigured
    }

    /// UIKit's exception, with its message.
    struct Refusal: Error, Equatable {
      let message: String
    }

    let before: [Int]
    let after: [Int]
    /// The new index of each old section (-1: deleted), reloaded ones at their insert.
    var sectionMap: [Int] = []
    /// Whether each new section is new (inserted, or the insert half of a reload).
    var freshSections: [Bool] = []
    /// The fate of each old section and of each old row.
    var sectionFates: [Fate] = []
    var rowFates: [[Fate]] = []
    /// Where each old row is after the batch, by its path before (nil: gone).
    var rowTargets: [[ItemPath?]] = []
    /// The paths of the rows reloaded, after the batch.
    var reloadTargets: [ItemPath: ItemPath] = [:]
    /// Reloaded rows per old section whose insert falls past the section's new end.
    var unplacedReloads: [Int: Int] = [:]

    /// Plays `batch` on sections of `before` rows, the data source answering `after`.
    ///
    /// - Throws: ``Refusal`` with UIKit's message when UIKit would raise.
    init(_ batch: BatchUpdate, before: [Int], after: [Int]) throws(Refusal) {
      self.before = before
      self.after = after
      try playSections(batch)
      try playRows(batch)
    }

    static func refuse(_ message: String) -> Refusal { Refusal(message: message) }

    // MARK: Sections

    private mutating func playSections(_ batch: BatchUpdate) throws(Refusal) {
      let old = before.count
      let new = after.count
      sectionFates = Array(repeating: .stays, count: old)
      func existing(_ section: Int, _ verb: String) throws(Refusal) {
        guard section >= 0, section < old else {
          throw Self.refuse(
            "attempt to \(verb) section \(section), but there are only \(old) sections before "
              + "the update")
        }
      }
      for section in batch.sectionDeletes {
        try existing(section, "delete")
        guard sectionFates[section] == .stays else {
          throw Self.refuse("attempt to delete section \(section) twice in one update")
        }
        sectionFates[section] = .deleted
      }
      for section in batch.sectionReloads {
        try existing(section, "reload")
        switch sectionFates[section] {
        case .stays: sectionFates[section] = .reloaded
        case .deleted:
          throw Self.refuse("attempt to delete and reload the same section (\(section))")
        default: throw Self.refuse("attempt to reload section \(section) twice in one update")
        }
      }
      for move in batch.sectionMoves {
        try existing(move.source, "move")
        switch sectionFates[move.source] {
        case .stays: sectionFates[move.source] = .moved(to: move.target)
        case .moved(let target) where target == move.target: continue  // UIKit drops a copy
        case .moved(let target):
          throw Self.refuse(
            "attempt to move section \(move.source) to both section \(target) and section "
              + "\(move.target)")
        default:
          throw Self.refuse(
            "attempt to perform a delete and a move from the same section (\(move.source))")
        }
      }
      // The new sections, slot by slot.
      var slots: [Int?] = Array(repeating: nil, count: new)  // the old section, or -1: inserted
      func take(_ slot: Int, _ source: Int, _ what: String) throws(Refusal) {
        guard slot >= 0, slot < new else {
          throw Self.refuse(
            "attempt to \(what) section \(slot) but there are only \(new) sections after the "
              + "update")
        }
        switch slots[slot] {
        case nil: slots[slot] = source
        case -1 where source == -1:
          throw Self.refuse("attempt to insert section \(slot) twice in one update")
        case let other?:
          if other >= 0, source >= 0, sectionFates[other] != .reloaded,
            sectionFates[source] != .reloaded
          {
            throw Self.refuse(
              "attempt to move both section \(other) and section \(source) to section \(slot)")
          }
          throw Self.refuse(
            "attempt to perform an insert and a move to the same section (\(slot))")
        }
      }
      for section in batch.sectionInserts { try take(section, -1, "insert") }
      let inserts = Set(batch.sectionInserts.filter { $0 >= 0 }).sorted()
      let deletes = batch.sectionDeletes.sorted()
      for section in 0..<old {
        if case .moved(let target) = sectionFates[section] { try take(target, section, "move") }
      }
      for section in 0..<old where sectionFates[section] == .reloaded {
        try take(Self.shifted(section, deletes: deletes, inserts: inserts), section, "insert")
      }
      sectionMap = Array(repeating: -1, count: old)
      var free = slots.indices.filter { slots[$0] == nil }[...]
      let staying = (0..<old).filter { sectionFates[$0] == .stays }
      guard staying.count == free.count else {
        throw Self.refuse(
          "Invalid update: invalid number of sections. The number of sections contained in the "
            + "table view after the update (\(new)) must be equal to the number of sections "
            + "contained in the table view before the update (\(old)), plus or minus the number "
            + "of sections inserted or deleted (\(inserts.count) inserted, \(deletes.count) "
            + "deleted).")
      }
      for section in staying { slots[free.removeFirst()] = section }
      freshSections = Array(repeating: false, count: new)
      for (slot, source) in slots.enumerated() {
        guard let source, source >= 0 else {
          freshSections[slot] = true
          continue
        }
        sectionMap[source] = slot
        if sectionFates[source] == .reloaded { freshSections[slot] = true }
      }
    }

    /// `index` less the sorted `deletes` below it, then moved past each of the sorted
    /// `inserts` at or before where it lands: where UIKit inserts the new half of a reload.
    static func shifted(_ index: Int, deletes: [Int], inserts: [Int]) -> Int {
      var result = index - deletes.filter { $0 < index }.count
      for insert in inserts where insert <= result { result += 1 }
      return result
    }
  }
#endif
