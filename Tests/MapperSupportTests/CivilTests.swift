import Testing

@testable import MapperSupport

/// Day numbers against dates known independently (1970-01-01 is day 0; weekdays from a
/// calendar), and a walk over whole ranges checking that each day follows the previous one.
struct CivilTests {
    @Test(arguments: [
        (1970, 1, 1, Int64(0)), (2000, 1, 1, 10957), (1900, 3, 1, -25508), (2016, 2, 29, 16860),
        (1969, 12, 31, -1), (1, 1, 1, -719_162), (9999, 12, 31, 2_932_896), (0, 1, 1, -719_528),
    ])
    func civilDays(year: Int, month: Int, day: Int, days: Int64) {
        #expect(CivilCalendar.days(year: Int64(year), month: Int64(month), day: Int64(day)) == days)
        let date = CivilCalendar.date(days: days)
        #expect(date.year == Int64(year) && date.month == Int64(month) && date.day == Int64(day))
    }

    /// Every day of the years 0000–0400, 1570–2370 and 9600–9999 follows the one before it.
    @Test(arguments: [Int64(-719_528)...(-573_430), -146_097...146_097, 2_786_798...2_932_896])
    func civilConversionAdvancesOneDayAtATime(range: ClosedRange<Int64>) {
        var mismatches = 0
        var previous = CivilCalendar.date(days: range.lowerBound - 1)
        for days in range {
            let date = CivilCalendar.date(days: days)
            let expected =
                previous.day < CivilCalendar.daysInMonth(previous.month, year: previous.year)
                ? (previous.year, previous.month, previous.day + 1)
                : previous.month < 12 ? (previous.year, previous.month + 1, 1) : (previous.year + 1, 1, 1)
            if date != expected || CivilCalendar.days(year: date.year, month: date.month, day: date.day) != days {
                mismatches += 1
            }
            previous = date
        }
        #expect(mismatches == 0)
    }

    @Test func leapYears() {
        #expect(CivilCalendar.isLeapYear(2016))
        #expect(!CivilCalendar.isLeapYear(2015))
        #expect(!CivilCalendar.isLeapYear(1900))
        #expect(CivilCalendar.isLeapYear(2000))
        #expect(CivilCalendar.daysInMonth(2, year: 2016) == 29)
        #expect(CivilCalendar.daysInMonth(2, year: 2015) == 28)
        #expect(CivilCalendar.daysInYear(2016) == 366)
    }

    @Test func weekdays() {
        #expect(CivilCalendar.weekday(days: 0) == 4)  // 1970-01-01 was a Thursday
        #expect(CivilCalendar.weekday(days: -1) == 3)
        #expect(CivilCalendar.weekday(days: CivilCalendar.days(year: 2014, month: 8, day: 31)) == 0)  // Sunday
        #expect(CivilCalendar.weekday(days: CivilCalendar.days(year: 2015, month: 9, day: 25)) == 5)  // Friday
    }
}
