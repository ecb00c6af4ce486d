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

  /// The instant `text` names, or nil when it is not an HTTP date.
  static func parse(_ text: String, now: Date = Date()) -> Date? {
    let fields = text.split(whereSeparator: { " ,-:".contains($0) }).map(String.init)
    guard fields.count == 7 || fields.count == 8 else { return nil }
    let day: Int?
    let month: Int?
    var year: Int?
    let time: ArraySlice<String>
    if fields.count == 8 {  // IMF-fixdate or RFC 850: weekday day month year h m s GMT
      guard fields[7] == "GMT" else { return nil }
      day = Int(fields[1])
      month = months.firstIndex(of: fields[2].lowercased())
      year = Int(fields[3])
      if fields[3].count == 2, let short = year { year = fullYear(short, now: now) }
      time = fields[4..<7]
    } else {  // asctime: weekday month day h m s year
      month = months.firstIndex(of: fields[1].lowercased())
      day = Int(fields[2])
      time = fields[3..<6]
      year = Int(fields[6])
    }
    let clock = time.map { Int($0) }
    guard let day, let month, let year, let hour = clock[0], let minute = clock[1],
      let second = clock[2], (1...31).contains(day), (0...23).contains(hour),
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
