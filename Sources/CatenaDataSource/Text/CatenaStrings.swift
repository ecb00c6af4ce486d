public import Foundation

/// The words Catena shows and announces itself: status rows and the load-more footer (the
/// same words), VoiceOver announcements. English and Simplified Chinese are built in
/// (`<lang>.lproj/Localizable.strings`); any other language gets English.
///
/// ```swift
/// CatenaStrings.string(.loading, locale: Locale(identifier: "zh-Hans"))  // "加载中…"
/// ```
///
/// An app overrides any of them, in every language it wants, two ways: its own
/// `Catena.strings` table in its main bundle, with the keys of ``Key`` (the usual way, translated
/// with the rest of the app), or ``override(_:)`` in code.
public enum CatenaStrings {
  /// One built-in string; its raw value is its key in `Localizable.strings`.
  public enum Key: String, CaseIterable, Sendable {
    /// "Loading…": a page loading (status row, footer, loading mask).
    case loading = "catena.loading"
    /// "Couldn't load: %@. Tap to retry.": a failed page, with the error's message.
    case loadFailed = "catena.loadFailed"
    /// "End of list": a status row or the load-more footer after the last page.
    case endOfList = "catena.endOfList"
    /// "Loaded": announced when a page that failed loads on retry.
    case retrySucceeded = "catena.retrySucceeded"
    /// "Offline": a status row while the network is unreachable (the list shows what it
    /// has, and loads when the network is back).
    case offline = "catena.offline"
    /// "Delete": the swipe button that deletes a row of a collection list (a table's is
    /// UIKit's own).
    case delete = "catena.delete"
    /// "Expand": VoiceOver's action that opens a collapsed outline row.
    case expand = "catena.expand"
    /// "Collapse": VoiceOver's action that closes an expanded outline row.
    case collapse = "catena.collapse"
    /// "expanded": what VoiceOver reads as the state of an open outline row.
    case expanded = "catena.expanded"
    /// "collapsed": what VoiceOver reads as the state of a closed outline row.
    case collapsed = "catena.collapsed"
  }

  /// The string for `key` in `locale`'s language (the app's language unless given), with
  /// `arguments` in its `%@` placeholders: the app's override if it has one, else Catena's.
  public static func string(
    _ key: Key, _ arguments: String..., locale: Locale = .current
  ) -> String {
    let format = overridden(key, locale) ?? builtIn(key, locale)
    return arguments.isEmpty ? format : fill(format, arguments)
  }

  /// Makes `strings` answer first, for every key and locale; nil answers fall through to the
  /// app's `Catena.strings` table, then to Catena's own. Nil removes the override.
  ///
  /// ```swift
  /// CatenaStrings.override { key, _ in key == .endOfList ? "That's everything" : nil }
  /// ```
  public static func override(_ strings: (@Sendable (Key, Locale) -> String?)?) {
    Overrides.shared.set(strings)
  }

  /// The language of Catena's own strings for `locale`: `zh-Hans` for Chinese written in
  /// simplified characters (a `Hans` script, or no script and mainland China or Singapore),
  /// else `en`.
  static func language(for locale: Locale) -> String {
    let identifier = locale.identifier.replacingOccurrences(of: "_", with: "-").lowercased()
    guard identifier == "zh" || identifier.hasPrefix("zh-") else { return "en" }
    if identifier.contains("-hant") { return "en" }
    if identifier.contains("-hans") { return "zh-Hans" }
    let traditional = ["-tw", "-hk", "-mo"].contains { identifier.hasSuffix($0) }
    return traditional ? "en" : "zh-Hans"
  }

  private static func overridden(_ key: Key, _ locale: Locale) -> String? {
    if let string = Overrides.shared.get()?(key, locale) { return string }
    #if canImport(Darwin)
      // The app's own table, translated with the rest of the app.
      let missing = "\u{0}"
      let string = Bundle.main.localizedString(
        forKey: key.rawValue, value: missing, table: "Catena")
      if string != missing { return string }
    #endif
    return nil
  }

  private static func builtIn(_ key: Key, _ locale: Locale) -> String {
    Tables.shared.table(language(for: locale))[key.rawValue]
      ?? Tables.shared.table("en")[key.rawValue] ?? key.rawValue
  }

  /// `format` with each `%@` replaced by the next argument (and `%%` by `%`).
  private static func fill(_ format: String, _ arguments: [String]) -> String {
    var result = ""
    var remaining = arguments[...]
    var index = format.startIndex
    while index < format.endIndex {
      let character = format[index]
      let next = format.index(after: index)
      if character == "%", next < format.endIndex {
        if format[next] == "@", let argument = remaining.popFirst() {
          result += argument
          index = format.index(after: next)
          continue
        }
        if format[next] == "%" {
          result += "%"
          index = format.index(after: next)
          continue
        }
      }
      result.append(character)
      index = next
    }
    return result
  }
}

/// Catena's `Localizable.strings` tables, read once per language from its resources.
private final class Tables: @unchecked Sendable {
  static let shared = Tables()
  // NB: `lock` guards `loaded`.
  private let lock = NSLock()
  private var loaded: [String: [String: String]] = [:]

  func table(_ language: String) -> [String: String] {
    lock.withLock {
      if let table = loaded[language] { return table }
      let table = Self.read(language)
      loaded[language] = table
      return table
    }
  }

  private static func read(_ language: String) -> [String: String] {
    // SwiftPM keeps the folder's name on Apple systems and lowercases it on Linux.
    guard
      let folder = Bundle.module.url(forResource: language, withExtension: "lproj")
        ?? Bundle.module.url(forResource: language.lowercased(), withExtension: "lproj"),
      let data = try? Data(contentsOf: folder.appendingPathComponent("Localizable.strings")),
      let table = try? PropertyListSerialization.propertyList(from: data, format: nil)
    else { return [:] }
    return table as? [String: String] ?? [:]
  }
}

/// The app's override, set from any thread.
private final class Overrides: @unchecked Sendable {
  static let shared = Overrides()
  // NB: `lock` guards `strings`.
  private let lock = NSLock()
  private var strings: (@Sendable (CatenaStrings.Key, Locale) -> String?)?

  func set(_ strings: (@Sendable (CatenaStrings.Key, Locale) -> String?)?) {
    lock.withLock { self.strings = strings }
  }

  func get() -> (@Sendable (CatenaStrings.Key, Locale) -> String?)? { lock.withLock { strings } }
}

extension String {
  /// The text without its final full stop (`.` or `。`), for a message that a sentence of
  /// Catena's ends: "Couldn't load: The server cannot be reached. Tap to retry.", not "…reached..".
  package var droppingFinalPeriod: String {
    last == "." || last == "。" ? String(dropLast()) : self
  }
}
