import Foundation

/// An HTTP date (RFC 9110 §5.6.7), as `Retry-After`, `Date` and `Expires` carry it.
///
/// Reads the preferred form (`Sun, 06 Nov 1994 08:49:37 GMT`) and the two obsolete ones a
/// recipient must still accept (`Sunday, 06-Nov-94 08:49:37 GMT`, `Sun Nov  6 08:49:37 1994`),
/// without a formatter or locale.
enum HTTPDate {
  private static let months = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]

  /// The instant `text` names, or nil when it is not an HTTP date in one of the three forms
  /// exactly (RFC 9110 §5.6.7: a missing comma, a two-digit year in the preferred form, an
  /// extra space or a one-digit hour make it invalid, and an invalid `Expires` means stale).
  /// Names are read in any case.
  static func parse(_ text: String, now: Date = Date()) -> Date? {
    let parts = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    // IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`.
    if parts.count == 6, parts[0].count == 4, parts[0].hasSuffix(","),
      shortDays.contains(parts[0].dropLast().lowercased()), parts[1].count == 2,
      parts[3].count == 4, parts[5].uppercased() == "GMT"
    {
      return instant(day: parts[1], month: parts[2], year: Int(digits: parts[3]), time: parts[4])
    }
    // RFC 850: `Sunday, 06-Nov-94 08:49:37 GMT`.
    if parts.count == 4, parts[0].hasSuffix(","),
      longDays.contains(parts[0].dropLast().lowercased()), parts[3].uppercased() == "GMT"
    {
      let date = parts[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
      guard date.count == 3, date[0].count == 2, date[2].count == 2,
        let short = Int(digits: date[2])
      else { return nil }
      return instant(
        day: date[0], month: date[1], year: fullYear(short, now: now), time: parts[2])
    }
    // asctime: `Sun Nov  6 08:49:37 1994` (a one-digit day after two spaces).
    var asctime = parts
    if asctime.count == 6, asctime[2].isEmpty, asctime[3].count == 1 {
      asctime.remove(at: 2)
      asctime[2] = "0" + asctime[2]
    }
    if asctime.count == 5, shortDays.contains(asctime[0].lowercased()), asctime[2].count == 2,
      asctime[4].count == 4
    {
      return instant(
        day: asctime[2], month: asctime[1], year: Int(digits: asctime[4]), time: asctime[3])
    }
    return nil
  }

  private static let shortDays: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
  private static let longDays: Set<String> = [
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
  ]

  /// The instant of `day` (two digits), `month` (its three letters), `year` and `time`
  /// (`hh:mm:ss`, two digits each); nil when one is not.
  private static func instant(day: String, month: String, year: Int?, time: String) -> Date? {
    let clock = time.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
      let day = Int(digits: day), let month = months.firstIndex(of: month.lowercased()),
      let year, let hour = Int(digits: clock[0]), let minute = Int(digits: clock[1]),
      let second = Int(digits: clock[2]), (1...31).contains(day), (0...23).contains(hour),
      (0...59).contains(minute), (0...60).contains(second), (1...9999).contains(year)
    else { return nil }
    let days = daysSinceEpoch(year: year, month: month + 1, day: day)
    return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second))
  }

  /// A two-digit year: the one that is not more than 50 years in the future (RFC 9110).
  private static func fullYear(_ short: Int, now: Date) -> Int {
    let current = 1970 + Int(now.timeIntervalSince1970 / 31_556_952)
    var year = current - current % 100 + short
    if year > current + 50 { year -= 100 }
    return year
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
  private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

extension Int {
  /// The value of `text` when it is ASCII digits only (no sign, no space).
  fileprivate init?(digits text: String) {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text)
    else { return nil }
    self = value
  }
}
