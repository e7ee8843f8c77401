import Testing

@testable import MapperFormats
@testable import MapperJSON

/// Time zones: IANA rules with daylight saving time, fixed offsets, parsed offsets and zone names.
struct DatePatternZoneTests {
    static let losAngeles = "America/Los_Angeles"

    // 2015 in Los Angeles: clocks went 02:00 → 03:00 on March 8 and 02:00 → 01:00 on November 1.
    @Test(arguments: [
        ("2015-03-08 01:59", Int64(1_425_808_740)), ("2015-03-08 03:00", 1_425_808_800),
        ("2015-11-01 00:59", 1_446_364_740), ("2015-11-01 01:30", 1_446_370_200), ("2015-11-01 02:00", 1_446_372_000),
        ("2015-06-15 13:45", 1_434_401_100), ("2016-02-29 12:00", 1_456_776_000),
    ])
    func wallClockTimesAcrossDaylightSavingChanges(text: String, seconds: Int64) throws {
        let pattern = try DatePattern(pattern: "yyyy-MM-dd HH:mm", timeZone: Self.losAngeles)
        #expect(pattern.parse(text) == Instant(seconds: seconds))
    }

    @Test func aSkippedWallClockTimeIsAFailure() throws {
        let pattern = try DatePattern(pattern: "yyyy-MM-dd HH:mm", timeZone: Self.losAngeles)
        #expect(pattern.parse("2015-03-08 02:00") == nil)
        #expect(pattern.parse("2015-03-08 02:30") == nil)
        #expect(pattern.parse("2015-03-08 02:59") == nil)
    }

    @Test func aRepeatedWallClockTimeIsTheLaterUnlessTheZoneNameSays() throws {
        let pattern = try DatePattern(pattern: "yyyy-MM-dd HH:mm z", locale: "en_US", timeZone: Self.losAngeles)
        #expect(pattern.parse("2015-11-01 01:30 PDT") == Instant(seconds: 1_446_366_600))
        #expect(pattern.parse("2015-11-01 01:30 PST") == Instant(seconds: 1_446_370_200))
        #expect(pattern.format(Instant(seconds: 1_446_366_600)) == "2015-11-01 01:30 PDT")
        #expect(pattern.format(Instant(seconds: 1_446_370_200)) == "2015-11-01 01:30 PST")
        let long = try DatePattern(pattern: "yyyy-MM-dd HH:mm zzzz", locale: "en_US", timeZone: Self.losAngeles)
        #expect(long.format(Instant(seconds: 1_446_366_600)) == "2015-11-01 01:30 Pacific Daylight Time")
        #expect(long.parse("2015-11-01 01:30 Pacific Daylight Time") == Instant(seconds: 1_446_366_600))
        #expect(long.parse("2015-11-01 01:30 pacific standard time") == Instant(seconds: 1_446_370_200))
    }

    @Test func zoneNamesMustBelongToTheZoneAndStandForTheirOffset() throws {
        let pattern = try DatePattern(pattern: "yyyy-MM-dd HH:mm z", locale: "en_US", timeZone: Self.losAngeles)
        #expect(pattern.parse("2015-01-05 10:00 PST") == Instant("2015-01-05T18:00:00Z"))
        #expect(pattern.parse("2015-01-05 10:00 PDT") == Instant("2015-01-05T17:00:00Z"))
        #expect(pattern.parse("2015-07-05 10:00 PST") == Instant("2015-07-05T18:00:00Z"))
        #expect(pattern.parse("2015-03-08 02:30 PDT") == Instant("2015-03-08T09:30:00Z"))
        #expect(pattern.parse("2015-03-08 02:30 PT") == nil)
        #expect(pattern.parse("2015-01-05 10:00 EST") == nil)
        #expect(pattern.parse("2015-01-05 10:00 UTC") == Instant("2015-01-05T10:00:00Z"))
        #expect(pattern.parse("2015-01-05 10:00 GMT") == Instant("2015-01-05T10:00:00Z"))
        #expect(pattern.parse("2015-01-05 10:00 GMT+1") == Instant("2015-01-05T09:00:00Z"))
        #expect(pattern.parse("2015-01-05 10:00 GMT-08:00") == Instant("2015-01-05T18:00:00Z"))
        let generic = try DatePattern(pattern: "yyyy-MM-dd HH:mm v", locale: "en_US", timeZone: Self.losAngeles)
        #expect(generic.format(Instant("2015-01-05T18:00:00Z")) == "2015-01-05 10:00 PT")
        #expect(generic.parse("2015-07-05 10:00 PT") == Instant("2015-07-05T17:00:00Z"))
    }

    @Test func aParsedOffsetOverridesThePatternsZone() throws {
        let pattern = try DatePattern(pattern: "yyyy-MM-dd HH:mm Z", timeZone: Self.losAngeles)
        #expect(pattern.parse("2015-01-05 10:00 +0000") == Instant("2015-01-05T10:00:00Z"))
        #expect(pattern.parse("2015-03-08 02:30 +0000") == Instant("2015-03-08T02:30:00Z"))
        #expect(pattern.parse("2015-01-05 10:00 -0800") == Instant("2015-01-05T18:00:00Z"))
        #expect(pattern.format(Instant("2015-07-05T17:00:00Z")) == "2015-07-05 10:00 -0700")
    }

    @Test(arguments: [
        ("X", "Z", 0), ("X", "+05", 18000), ("X", "+0530", 19800), ("XX", "-0800", -28800), ("XXX", "+05:30", 19800),
        ("XXX", "Z", 0), ("XXXX", "+053015", 19815), ("XXXXX", "-08:00:30", -28830), ("x", "+00", 0),
        ("xx", "+0000", 0), ("xxx", "-08:00", -28800), ("ZZZZZ", "Z", 0), ("ZZZZZ", "+05:30", 19800),
        ("Z", "-0800", -28800), ("ZZZZ", "GMT-08:00", -28800), ("ZZZZ", "GMT", 0), ("ZZZZ", "UTC+5:30", 19800),
        ("O", "GMT-8", -28800), ("OOOO", "GMT+05:30", 19800), ("O", "GMT\u{2212}8", -28800),
        ("O", "GMT+2:30:17", 9017), ("OOOO", "GMT-07:52:58", -28378),
    ])
    func readsOffsets(field: String, text: String, offsetSeconds: Int64) throws {
        let pattern = try DatePattern(pattern: "yyyy-MM-dd HH:mm " + field, timeZone: Self.losAngeles)
        let expected = Instant(milliseconds: Instant("2015-01-05T10:00:00Z").milliseconds - offsetSeconds * 1000)
        #expect(pattern.parse("2015-01-05 10:00 " + text) == expected)
    }

    @Test(arguments: [
        ("X", "+05:30"), ("X", "z"), ("XX", "+05"), ("XXX", "+0530"), ("XXX", "+05"), ("x", "Z"), ("xxx", "Z"),
        ("Z", "+05:30"), ("Z", "Z"), ("XXX", "+24:00"), ("XXX", "+05:60"), ("ZZZZ", "GMT+24"), ("XXX", "05:30"),
    ])
    func rejectsMalformedOffsets(field: String, text: String) throws {
        let pattern = try DatePattern(pattern: "yyyy-MM-dd HH:mm " + field)
        #expect(pattern.parse("2015-01-05 10:00 " + text) == nil)
    }

    @Test(arguments: [
        ("UTC", "2015-07-14 12:00 +0000 UTC"), ("GMT", "2015-07-14 12:00 +0000 GMT"),
        ("+05:30", "2015-07-14 17:30 +0530 GMT+5:30"), ("-08:00", "2015-07-14 04:00 -0800 GMT-8"),
        ("GMT+02:00", "2015-07-14 14:00 +0200 GMT+2"), ("Asia/Kolkata", "2015-07-14 17:30 +0530 GMT+5:30"),
        ("Europe/Paris", "2015-07-14 14:00 +0200 GMT+2"), ("America/Los_Angeles", "2015-07-14 05:00 -0700 PDT"),
    ])
    func writesInTheZone(zone: String, text: String) throws {
        let pattern = try DatePattern(pattern: "yyyy-MM-dd HH:mm Z z", locale: "en_US", timeZone: zone)
        let instant = Instant("2015-07-14T12:00:00Z")
        #expect(pattern.format(instant) == text)
        #expect(pattern.parse(text) == instant)
        #expect(pattern.roundTripProblem() == nil)
    }

    @Test func fixedOffsetZonesNeedNoOffsetInTheText() throws {
        #expect(
            try DatePattern(pattern: "yyyy-MM-dd HH:mm", timeZone: "+05:30").parse("2015-07-14 17:30")
                == Instant(seconds: 1_436_875_200))
        #expect(
            try DatePattern(pattern: "yyyy-MM-dd HH:mm", timeZone: "Asia/Kolkata").parse("2015-07-14 12:00")
                == Instant(seconds: 1_436_855_400))
        #expect(
            try DatePattern(pattern: "yyyy-MM-dd HH:mm", timeZone: "Europe/Paris").parse("2015-07-14 12:00")
                == Instant(seconds: 1_436_868_000))
    }

    @Test func zoneNamesComeFromTheLocale() throws {
        let summer = Instant("2015-07-14T12:00:00Z")
        let german = try DatePattern(pattern: "d. MMMM yyyy HH:mm z", locale: "de_DE", timeZone: "Europe/Paris")
        #expect(german.format(summer) == "14. Juli 2015 14:00 MESZ")
        #expect(german.parse("14. Juli 2015 14:00 MESZ") == summer)
        // ICU lists MEZ as both the standard and the generic German name, so it may stand for summer too.
        #expect(german.parse("14. Juli 2015 14:00 MEZ") == summer)
        #expect(german.parse("14. Juli 2015 14:00 PDT") == nil)
        let french = try DatePattern(pattern: "HH:mm ZZZZ", locale: "fr_FR", timeZone: Self.losAngeles)
        #expect(french.format(summer) == "05:00 UTC\u{2212}07:00")
        #expect(french.parse("05:00 UTC\u{2212}07:00") == Instant("1970-01-01T12:00:00Z"))
        #expect(french.parse("05:00 GMT-07:00") == Instant("1970-01-01T12:00:00Z"))
    }

    @Test func londonsGMTMeansAZeroOffsetAllYear() throws {
        let pattern = try DatePattern(pattern: "yyyy-MM-dd HH:mm z", locale: "en_US", timeZone: "Europe/London")
        #expect(pattern.format(Instant("2015-01-05T12:00:00Z")) == "2015-01-05 12:00 GMT")
        #expect(pattern.format(Instant("2015-07-05T12:00:00Z")) == "2015-07-05 13:00 GMT+1")
        #expect(pattern.parse("2015-07-05 12:00 GMT") == Instant("2015-07-05T12:00:00Z"))
        #expect(pattern.parse("2015-07-05 13:00 GMT+1") == Instant("2015-07-05T12:00:00Z"))
    }

    @Test func localMeanTimeOffsetsKeepTheirSeconds() throws {
        // Before 1883 Los Angeles kept local mean time, UTC−07:52:58.
        let instant = Instant("1850-06-01T12:00:00Z")
        let pattern = try DatePattern(pattern: "yyyy-MM-dd HH:mm:ss XXXXX", timeZone: Self.losAngeles)
        #expect(pattern.format(instant) == "1850-06-01 04:07:02 -07:52:58")
        #expect(pattern.parse("1850-06-01 04:07:02 -07:52:58") == instant)
        #expect(
            try DatePattern(pattern: "yyyy-MM-dd HH:mm:ss", timeZone: Self.losAngeles).parse("1850-06-01 04:07:02")
                == instant)
    }
}
