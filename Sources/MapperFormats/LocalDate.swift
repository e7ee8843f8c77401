import MapperSupport

/// A day on the calendar with no time of day and no time zone (`2019-09-15`): OpenAPI's and JSON
/// Schema's `format: date`, RFC 3339's `full-date`, in the years 0000–9999 canonical JSON writes.
///
/// ```swift
/// LocalDate(year: 2019, month: 9, day: 15)?.description  // "2019-09-15"
/// LocalDate(iso8601: "2019-02-30")                        // nil: February has no 30th
/// ```
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public let days: Int64

    /// The date of a day number (days since 1970-01-01).
    public init(days: Int64) {
        self.days = days
    }

    /// The date of a year (0–9999), month (1–12) and day of the month; nil for an impossible day.
    public init?(year: Int64, month: Int64, day: Int64) {
        guard (0...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= CivilCalendar.daysInMonth(month, year: year)
        else { return nil }
        days = CivilCalendar.days(year: year, month: month, day: day)
    }

    /// The date written `YYYY-MM-DD`; nil for any other text or an impossible day.
    public init?(iso8601 text: String) {
        guard let date = UTF8Buffer.withBytes(of: text, { LocalDate.parse($0) }) else { return nil }
        self = date
    }

    /// The date of `YYYY-MM-DD` bytes exactly (the canonical form); nil otherwise.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> LocalDate? {
        guard bytes.count == 10, let p = bytes.baseAddress, p[4] == UInt8(ascii: "-"), p[7] == UInt8(ascii: "-") else {
            return nil
        }
        let year = ISO8601.digits(p, 4)
        let month = ISO8601.digits(p + 5, 2)
        let day = ISO8601.digits(p + 8, 2)
        guard year >= 0, month >= 0, day >= 0 else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    /// The day an instant falls on in UTC.
    package init(_ instant: Instant) {
        let days = instant.seconds / 86400
        self.days = instant.seconds % 86400 < 0 ? days - 1 : days
    }

    /// Midnight UTC of the day: what a day-only date pattern (compiled in UTC) writes.
    package var midnight: Instant {
        Instant(seconds: days * 86400)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let date = CivilCalendar.date(days: days)
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))"
    }

    /// Earlier days sort first.
    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        lhs.days < rhs.days
    }
}
