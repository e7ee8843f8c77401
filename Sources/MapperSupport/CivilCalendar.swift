/// Proleptic Gregorian calendar arithmetic on day numbers (days since 1970-01-01), after Howard
/// Hinnant's `days_from_civil` / `civil_from_days`. Everything is `Int64`; callers keep the inputs
/// within ±2^40 days or years, where no step can overflow.
package enum CivilCalendar {
    package static let millisecondsPerDay: Int64 = 86_400_000

    package static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    package static func daysInMonth(_ month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    package static func daysInYear(_ year: Int64) -> Int64 {
        isLeapYear(year) ? 366 : 365
    }

    /// Day number of a valid date.
    package static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = (month + 9) % 12  // March = 0
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day number.
    package static func date(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// 0 = Sunday … 6 = Saturday, the order of Foundation's weekday symbols.
    package static func weekday(days: Int64) -> Int {
        Int(((days + 4) % 7 + 7) % 7)
    }

    /// 1-based day of the year.
    package static func dayOfYear(year: Int64, month: Int64, day: Int64) -> Int64 {
        days(year: year, month: month, day: day) - days(year: year, month: 1, day: 1) + 1
    }

    /// Splits milliseconds since the epoch into a day number and the milliseconds into that day
    /// (floor division, so times before 1970 still have a non-negative time of day).
    package static func split(milliseconds: Int64) -> (days: Int64, millisecondOfDay: Int64) {
        var days = milliseconds / millisecondsPerDay
        var rest = milliseconds % millisecondsPerDay
        if rest < 0 {
            days -= 1
            rest += millisecondsPerDay
        }
        return (days, rest)
    }
}
