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

    @Test func civilTimeOfExtremeInstantsDoesNotTrap() {
        let low = CivilTime(milliseconds: .min, offsetSeconds: -50_000)
        let high = CivilTime(milliseconds: .max, offsetSeconds: 50_000)
        #expect(low.year < -290_000_000)
        #expect(high.year > 290_000_000)
        #expect(ISO8601.format(Instant(milliseconds: .max)).hasPrefix("+292278994-"))
        #expect(ISO8601.format(Instant(milliseconds: .min)).hasPrefix("-292275055-"))
    }
}
