import Testing

@testable import MapperFormats
@testable import MapperJSON

/// The behaviours SPEC §6 names.
struct DatePatternSpecTests {
    @Test func longUSDateInLosAngeles() throws {
        let pattern = try DatePattern(pattern: "MMMM d, yyyy", locale: "en_US", timeZone: "America/Los_Angeles")
        #expect(pattern.parse("September 25, 2015") == Instant(seconds: 1_443_164_400))
        #expect(pattern.format(Instant(seconds: 1_183_135_260)) == "June 29, 2007")
        #expect(pattern.parse("September 37, 2015") == nil)
        #expect(pattern.roundTripProblem() == nil)
    }

    @Test func twitterTimestamps() throws {
        let pattern = try DatePattern(pattern: "EEE MMM dd HH:mm:ss Z yyyy")
        #expect(pattern.parse("Sun Aug 31 00:29:15 +0000 2014") == Instant("2014-08-31T00:29:15Z"))
        #expect(pattern.format(Instant("2014-08-31T00:29:15Z")) == "Sun Aug 31 00:29:15 +0000 2014")
        #expect(pattern.parse("Mon Aug 31 00:29:15 +0000 2014") == nil)
        #expect(pattern.parse("Sun Aug 31 02:29:15 +0200 2014") == Instant("2014-08-31T00:29:15Z"))
        #expect(pattern.roundTripProblem() == nil)
    }

    @Test func gitHubTimestamps() throws {
        let pattern = try DatePattern(pattern: "yyyy-MM-dd'T'HH:mm:ss'Z'", timeZone: "UTC")
        #expect(pattern.parse("2017-10-10T16:00:00Z") == Instant(seconds: 1_507_651_200))
        #expect(pattern.format(Instant(seconds: 1_507_651_200)) == "2017-10-10T16:00:00Z")
        #expect(pattern.parse("2017-10-10T16:00:00+00:00") == nil)
        #expect(pattern.parse("2012-13-45T16:00:00Z") == nil)
        #expect(pattern.roundTripProblem() == nil)
    }

    @Test func defaultsAreEnUSPOSIXAndUTC() throws {
        let pattern = try DatePattern(pattern: "yyyy-MM-dd HH:mm")
        #expect(pattern.parse("2015-09-25 07:00") == Instant(seconds: 1_443_164_400))
    }

    @Test func leapDays() throws {
        let pattern = try DatePattern(pattern: "yyyy-MM-dd")
        #expect(pattern.parse("2016-02-29") == Instant("2016-02-29T00:00:00Z"))
        #expect(pattern.parse("2015-02-29") == nil)
        #expect(pattern.parse("2000-02-29") != nil)
        #expect(pattern.parse("1900-02-29") == nil)
    }

    @Test func byteVariantsMatchTheStringOnes() throws {
        let pattern = try DatePattern(pattern: "MMMM d, yyyy", locale: "en_US", timeZone: "America/Los_Angeles")
        let input = Array("September 25, 2015".utf8)
        #expect(input.withUnsafeBufferPointer { pattern.parse($0) } == Instant(seconds: 1_443_164_400))
        var output = Array("date: ".utf8)
        pattern.format(Instant(seconds: 1_183_135_260), into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "date: June 29, 2007")
    }
}
