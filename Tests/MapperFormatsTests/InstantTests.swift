import Testing

@testable import MapperFormats
@testable import MapperJSON

struct InstantTests {
    @Test func secondsAndMilliseconds() {
        #expect(Instant(seconds: 1_443_164_400).milliseconds == 1_443_164_400_000)
        #expect(Instant(seconds: -1).milliseconds == -1000)
        #expect(Instant(milliseconds: 5) < Instant(milliseconds: 6))
        #expect(Instant(seconds: 2) == Instant(milliseconds: 2000))
    }

    @Test func secondsBeyondMillisecondRangeSaturateInsteadOfTrapping() {
        #expect(Instant(seconds: .max).milliseconds == .max)
        #expect(Instant(seconds: .min).milliseconds == .min)
        #expect(Instant(seconds: Int64.max / 1000 + 1).milliseconds == .max)
    }

    @Test func descriptionIsCanonicalISO8601() {
        #expect(Instant(seconds: 1_507_651_200).description == "2017-10-10T16:00:00Z")
        #expect(Instant(milliseconds: 1_507_651_200_120).description == "2017-10-10T16:00:00.120Z")
    }

    /// The fraction in groups of three digits, as many as the value needs.
    @Test(arguments: [
        (Int64(0), "2017-10-10T16:00:00Z"),
        (120_000_000, "2017-10-10T16:00:00.120Z"),
        (123_400_000, "2017-10-10T16:00:00.123400Z"),
        (123_456_000, "2017-10-10T16:00:00.123456Z"),
        (123_456_700, "2017-10-10T16:00:00.123456700Z"),
        (1, "2017-10-10T16:00:00.000000001Z"),
        (999_999_999, "2017-10-10T16:00:00.999999999Z"),
    ])
    func fractionsAreWrittenInGroupsOfThree(nanosecond: Int64, text: String) {
        let instant = Instant(seconds: 1_507_651_200, nanosecond: nanosecond)
        #expect(instant.description == text)
        #expect(ISO8601.parse(text) == instant)
        // The digits between "." and "Z".
        let written = text.split(separator: ".").dropFirst().first.map { $0.count - 1 } ?? 0
        #expect(instant.fractionDigits == written)
    }

    @Test func nanosecondsOrderAndConvert() {
        let early = Instant(seconds: 10, nanosecond: 999_999_999)
        let late = Instant(seconds: 11)
        #expect(early < late)
        #expect(Instant(seconds: 0, nanosecond: -1) == Instant(seconds: -1, nanosecond: 999_999_999))
        #expect(Instant(nanoseconds: -1) == Instant(seconds: -1, nanosecond: 999_999_999))
        #expect(Instant(nanoseconds: -1).milliseconds == -1)
        #expect(Instant(milliseconds: -1).nanoseconds == -1_000_000)
        #expect(Instant(nanoseconds: 1_700_000_000_123_456_789).nanoseconds == 1_700_000_000_123_456_789)
        #expect(Instant(seconds: 1, nanosecond: 123_000_000).fits(fractionDigits: 3))
        #expect(!Instant(seconds: 1, nanosecond: 123_400_000).fits(fractionDigits: 3))
        #expect(Instant(seconds: 1, nanosecond: 123_400_000).fits(fractionDigits: 4))
    }

    @Test func civilTimeOfExtremeInstantsDoesNotTrap() {
        let low = CivilTime(milliseconds: .min, offsetSeconds: -50_000)
        let high = CivilTime(milliseconds: .max, offsetSeconds: 50_000)
        #expect(low.year < -290_000_000)
        #expect(high.year > 290_000_000)
        #expect(ISO8601.format(Instant(milliseconds: .max)).hasPrefix("+292278994-"))
        #expect(ISO8601.format(Instant(milliseconds: .min)).hasPrefix("-292275055-"))
    }
}
