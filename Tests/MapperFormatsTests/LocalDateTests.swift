import Foundation
import Testing

import MapperTestSupport
@testable import MapperFormats

struct LocalDateTests {
    @Test(arguments: [
        ("1970-01-01", Int64(0)), ("2019-09-15", 18154), ("1969-12-31", -1), ("2016-02-29", 16860),
        ("0000-01-01", -719_528), ("9999-12-31", 2_932_896),
    ])
    func readsAndWritesCalendarDates(text: String, days: Int64) {
        #expect(LocalDate(iso8601: text) == LocalDate(days: days))
        #expect(LocalDate(days: days).description == text)
    }

    @Test(arguments: [
        "2019-02-29", "2019-02-30", "2019-04-31", "2019-13-01", "2019-00-10", "2019-01-00", "2019-9-15",
        "2019-09-15T00:00:00Z", "20190915", "2019/09/15", "+2019-09-15", "2019-09-1５", "", "-001-01-01",
    ])
    func rejectsAnythingElse(text: String) {
        #expect(LocalDate(iso8601: text) == nil)
    }

    /// Day numbers against Foundation's calendar (Gregorian from 1583 on), for every day of a
    /// random sample of years: the text and the order agree.
    @Test func agreesWithFoundationsCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var generator = SplitMix64(seed: 2019)
        for _ in 0..<2000 {
            let days = Int64.random(in: -141_427...2_932_896, using: &generator)
            let date = Date(timeIntervalSince1970: Double(days) * 86400)
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let expected = LocalDate(year: Int64(parts.year!), month: Int64(parts.month!), day: Int64(parts.day!))
            #expect(expected == LocalDate(days: days))
            #expect(LocalDate(days: days) < LocalDate(days: days + 1))
            #expect(LocalDate(Instant(seconds: days * 86400 + 86399)) == LocalDate(days: days))
        }
    }
}
