import Testing

@testable import MapperFormats
@testable import MapperJSON

/// Parsing accepts exactly what the pattern describes: no rollover, no leftovers, no disagreement.
struct DatePatternStrictnessTests {
    @Test(arguments: [
        ("MMMM d, yyyy", "September 37, 2015"), ("MMMM d, yyyy", "September 31, 2015"),
        ("MMMM d, yyyy", "February 29, 2015"), ("MMMM d, yyyy", "Septembre 25, 2015"),
        ("MMMM d, yyyy", "September 25, 2015 "), ("MMMM d, yyyy", " September 25, 2015"),
        ("MMMM d, yyyy", "September 25 2015"), ("MMMM d, yyyy", "September 25, "), ("MMMM d, yyyy", ""),
        ("MMM d, yyyy", "September 25, 2015"), ("MMMM d, yyyy", "Sep 25, 2015"),
        ("hh:mm a", "13:00 PM"), ("hh:mm a", "00:30 AM"), ("hh:mm", "13:00"), ("KK:mm a", "12:00 AM"),
        ("HH:mm", "24:00"), ("HH:mm", "23:60"), ("HH:mm:ss", "23:59:60"), ("kk:mm", "00:00"),
        ("HH:mm a", "13:00 AM"), ("HH:mm a", "01:00 PM"),
        ("yyyy-MM-dd", "2015-13-01"), ("yyyy-MM-dd", "2015-00-01"), ("yyyy-MM-dd", "2015-01-00"),
        ("yyyy-MM-dd", "2015-009-05"), ("yyyy-MM-dd", "2015/09/25"), ("yyyy-MM-dd", "2015-09-"),
        ("yyyy-MM-dd", "10000-01-01"), ("yyyy-MM-dd", "0000-01-01x"), ("y-MM-dd", "0-01-01"),
        ("yyyy yyyy", "2015 2016"), ("MM MMMM", "09 October"), ("yyyy-MM-dd D", "2015-09-25 267"),
        ("yyyy D", "2015 366"), ("yyyy D", "2015 0"), ("y G", "2 BC"), ("EEE yyyy-MM-dd", "Fri 2015-09-26"),
        ("EEEE", "Friday"), ("EEEE, MMMM d", "Friday, June 29"), ("yyyy-MM-dd'T'HH", "2015-09-25t07"),
        ("yyyy-MM-dd e", "2015-09-25 8"), ("ss.SSS", "05."), ("ss.SSS", "05.1234567890"),
        ("yyyy-MM-dd", "２０１５-09-25"), ("yyyy-MM-dd Z", "2015-09-25 +2400"), ("yyyy-MM-dd Z", "2015-09-25 +0060"),
    ])
    func rejects(pattern: String, text: String) throws {
        #expect(try DatePattern(pattern: pattern, locale: "en_US").parse(text) == nil)
    }

    @Test(arguments: ["september 25, 2015", "SEPTEMBER 25, 2015", "SePtEmBeR 25, 2015", "September 25, 2015"])
    func namesIgnoreCase(text: String) throws {
        let pattern = try DatePattern(pattern: "MMMM d, yyyy", locale: "en_US")
        #expect(pattern.parse(text) == Instant("2015-09-25T00:00:00Z"))
    }

    @Test func numericFieldsReadOneDigitOrTheirWidthLikeICU() throws {
        let pattern = try DatePattern(pattern: "yyyy-MM-dd HH:mm")
        #expect(pattern.parse("2015-9-5 7:05") == Instant("2015-09-05T07:05:00Z"))
        #expect(pattern.parse("2015-09-05 07:05") == Instant("2015-09-05T07:05:00Z"))
        #expect(pattern.parse("2015-09-005 07:05") == nil)
    }

    @Test func fieldsMissingFromThePatternDefaultToTheEpochInTheZone() throws {
        #expect(try DatePattern(pattern: "HH:mm").parse("10:30") == Instant("1970-01-01T10:30:00Z"))
        #expect(
            try DatePattern(pattern: "HH:mm", timeZone: "America/Los_Angeles").parse("10:30")
                == Instant("1970-01-01T18:30:00Z"))
        #expect(try DatePattern(pattern: "yyyy").parse("2015") == Instant("2015-01-01T00:00:00Z"))
        #expect(try DatePattern(pattern: "'static'").parse("static") == Instant(milliseconds: 0))
    }

    @Test func aFieldGivenTwiceMustAgree() throws {
        let pattern = try DatePattern(pattern: "yyyy-MM-dd (MMM) HH:mm (h a)")
        #expect(pattern.parse("2015-09-25 (Sep) 19:00 (7 PM)") == Instant("2015-09-25T19:00:00Z"))
        #expect(pattern.parse("2015-09-25 (Oct) 19:00 (7 PM)") == nil)
        #expect(pattern.parse("2015-09-25 (Sep) 19:00 (7 AM)") == nil)
        #expect(pattern.parse("2015-09-25 (Sep) 19:00 (8 PM)") == nil)
    }

    @Test func quotedLettersAndQuotesAreLiterals() throws {
        let pattern = try DatePattern(pattern: "'Day' d 'of' MMMM',' yyyy 'at' h 'o''clock' a")
        let instant = Instant("2015-09-25T19:00:00Z")
        #expect(pattern.format(instant) == "Day 25 of September, 2015 at 7 o'clock PM")
        #expect(pattern.parse("Day 25 of September, 2015 at 7 o'clock PM") == instant)
        #expect(pattern.parse("day 25 of September, 2015 at 7 o'clock PM") == nil)
    }
}
