import Testing

@testable import MapperFormats
@testable import MapperJSON

struct DatePatternRoundTripProblemTests {
    @Test(arguments: [
        "MMMM d, yyyy", "EEE MMM dd HH:mm:ss Z yyyy", "yyyy-MM-dd'T'HH:mm:ss'Z'", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
        "dd/MM/yy", "EEEE, d MMMM y G", "h:mm a", "yyyyMMddHHmmss", "D yyyy HH:mm:ss.S", "MMMM", "HH:mm",
        "yyyy-MM-dd HH:mm zzzz", "MMM d y h:mm:ss a v",
    ])
    func patternsThatReadBackWhatTheyWrite(pattern: String) throws {
        #expect(
            try DatePattern(pattern: pattern, locale: "en_US", timeZone: "America/Los_Angeles").roundTripProblem()
                == nil)
    }

    @Test func aWeekdayWithoutAYearCannotBeReadBack() throws {
        let problem = try DatePattern(pattern: "EEEE").roundTripProblem()
        #expect(problem == "date pattern \"EEEE\" writes 2007-06-29T16:41:00Z as \"Friday\" but cannot parse that back")
        #expect(try DatePattern(pattern: "EEEE, MMMM d").roundTripProblem() != nil)
    }

    @Test func aDaylightTimeNameWithoutADateIsReported() throws {
        // Read on the default date, 1970-01-01, "09:41 Pacific Daylight Time" is 08:41 in standard time.
        let problem = try DatePattern(pattern: "HH:mm zzzz", locale: "en_US", timeZone: "America/Los_Angeles")
            .roundTripProblem()
        #expect(
            problem == "date pattern \"HH:mm zzzz\" writes 2007-06-29T16:41:00Z as \"09:41 Pacific Daylight Time\" "
                + "but parses that back as 1970-01-01T16:41:00Z, which it writes as \"08:41 Pacific Standard Time\"")
        #expect(try DatePattern(pattern: "HH:mm zzzz", locale: "en_US").roundTripProblem() == nil)
    }

    @Test func aTwelveHourClockWithoutAMPMLosesTheAfternoon() throws {
        let problem = try DatePattern(pattern: "yyyy-MM-dd hh:mm:ss").roundTripProblem()
        #expect(
            problem == "date pattern \"yyyy-MM-dd hh:mm:ss\" writes 2007-06-29T16:41:00Z as \"2007-06-29 04:41:00\" "
                + "but parses that back as 2007-06-29T04:41:00Z")
    }

    @Test func singleDigitFieldsInAnAdjacentRunCannotBeReadBack() throws {
        // `yyyyMd` writes 2007629 for June 29, 2007; read by width, the month would be 62.
        let problem = try #require(try DatePattern(pattern: "yyyyMd").roundTripProblem())
        #expect(
            problem == "date pattern \"yyyyMd\" writes 2007-06-29T16:41:00Z as \"2007629\" but cannot parse that back")
    }
}
