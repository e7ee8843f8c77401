import Testing

import MapperTestSupport
@testable import MapperFormats
@testable import MapperJSON

struct UnixTimeTests {
    @Test(arguments: [
        ("1443164400", Int64(1_443_164_400_000)),
        ("1443164400.5", 1_443_164_400_500),
        ("1443164400.123", 1_443_164_400_123),
        ("1.4e9", 1_400_000_000_000),
        ("1.4E+9", 1_400_000_000_000),
        ("14e8", 1_400_000_000_000),
        ("1443164400123e-3", 1_443_164_400_123),
        ("0", 0),
        ("-0", 0),
        ("-12", -12000),
        ("-1.5", -1500),
        ("0e999999999999", 0),
        ("253402300799.999", 253_402_300_799_999),
        ("-62167219200", -62_167_219_200_000),
    ])
    func parsesSeconds(literal: String, milliseconds: Int64) {
        #expect(UnixTime.parseSeconds(literal) == Instant(milliseconds: milliseconds))
    }

    /// Fractions are kept exactly, to the nanosecond.
    @Test(arguments: [
        ("1443164400.1239", Int128(1_443_164_400_123_900_000)),
        ("1443164400.123456", 1_443_164_400_123_456_000),
        ("1443164400.123456789", 1_443_164_400_123_456_789),
        ("1443164400.1234567890000", 1_443_164_400_123_456_789),
        ("0.0005", 500_000),
        ("-0.0005", -500_000),
        ("-1.0001", -1_000_100_000),
        ("1e-9", 1),
        ("-1e-9", -1),
        ("253402300799.999999999", 253_402_300_799_999_999_999),
    ])
    func parsesSecondsToTheNanosecond(literal: String, nanoseconds: Int128) {
        #expect(UnixTime.parseSeconds(literal) == Instant(nanoseconds: nanoseconds))
    }

    /// Finer than a nanosecond is no date: nothing is rounded.
    @Test(arguments: ["1443164400.0000000001", "1e-10", "-1e-99999999999999999999", "0.1234567891"])
    func rejectsSecondsFinerThanANanosecond(literal: String) {
        #expect(UnixTime.parseSeconds(literal) == nil)
        #expect(UnixTime.rangeProblem(literal, .seconds) == "more than 9 fraction digits (finer than a nanosecond)")
    }

    @Test func parsesAndFormatsMicrosecondsAndNanoseconds() {
        let instant = Instant(seconds: 1_700_000_000, nanosecond: 123_456_000)
        #expect(UnixTime.parse("1700000000123456", .microseconds) == instant)
        #expect(UnixTime.parse("1700000000123456000", .nanoseconds) == instant)
        #expect(UnixTime.parse("1.700000000123456e15", .microseconds) == instant)
        #expect(UnixTime.parse("1700000000123456.5", .microseconds) == nil)
        #expect(UnixTime.format(instant, .microseconds) == "1700000000123456")
        #expect(UnixTime.format(instant, .nanoseconds) == "1700000000123456000")
        #expect(UnixTime.format(Instant(nanoseconds: -1), .nanoseconds) == "-1")
        #expect(UnixTime.format(Instant.latest, .nanoseconds) == "253402300799999999999")
        #expect(UnixTime.format(Instant.earliest, .nanoseconds) == "-62167219200000000000")
        #expect(UnixTime.parse("253402300799999999999", .nanoseconds) == Instant.latest)
        #expect(UnixTime.parse("253402300800000000000", .nanoseconds) == nil)
        #expect(UnixTime.formatSeconds(Instant(nanoseconds: -1)) == "-0.000000001")
        #expect(UnixTime.formatSeconds(instant) == "1700000000.123456")
    }

    @Test(arguments: [
        "", "-", "1.", ".5", "01", "+1", "1e", "1e+", "0x10", "1 ", " 1", "NaN", "Infinity", "1,5", "１",
        "253402300800", "-62167219200.001", "1e400", "99999999999999999999999", "1e99999999999999999999999",
    ])
    func rejectsSeconds(literal: String) {
        #expect(UnixTime.parseSeconds(literal) == nil)
    }

    @Test(arguments: [
        ("1443164400500", Int64(1_443_164_400_500)),
        ("-1", -1),
        ("1.4e12", 1_400_000_000_000),
        ("1443164400500.0", 1_443_164_400_500),
        ("14431644005e2", 1_443_164_400_500),
    ])
    func parsesMilliseconds(literal: String, milliseconds: Int64) {
        #expect(UnixTime.parseMilliseconds(literal) == Instant(milliseconds: milliseconds))
    }

    @Test(arguments: ["1.5", "1443164400500.01", "1e-1", "abc", "9223372036854775808", "253402300800000"])
    func rejectsMilliseconds(literal: String) {
        #expect(UnixTime.parseMilliseconds(literal) == nil)
    }

    @Test(arguments: [
        (Int64(1_443_164_400_000), "1443164400"),
        (1_443_164_400_500, "1443164400.5"),
        (1_443_164_400_120, "1443164400.12"),
        (1_443_164_400_007, "1443164400.007"),
        (0, "0"),
        (-1, "-0.001"),
        (-1500, "-1.5"),
        (-62_167_219_200_000, "-62167219200"),
        (Int64.min, "-9223372036854775.808"),
    ])
    func formatsSeconds(milliseconds: Int64, text: String) {
        #expect(UnixTime.formatSeconds(Instant(milliseconds: milliseconds)) == text)
        var bytes: [UInt8] = []
        UnixTime.formatSeconds(Instant(milliseconds: milliseconds), into: &bytes)
        #expect(bytes == Array(text.utf8))
    }

    @Test func formatsMilliseconds() {
        #expect(UnixTime.formatMilliseconds(Instant(milliseconds: 1_443_164_400_500)) == "1443164400500")
        #expect(UnixTime.formatMilliseconds(Instant(milliseconds: .min)) == "-9223372036854775808")
        var bytes = Array("[".utf8)
        UnixTime.formatMilliseconds(Instant(milliseconds: -7), into: &bytes)
        #expect(bytes == Array("[-7".utf8))
    }

    @Test func parsesRawBytes() {
        let bytes = Array("1443164400.5".utf8)
        #expect(bytes.withUnsafeBufferPointer(UnixTime.parseSeconds) == Instant(milliseconds: 1_443_164_400_500))
        #expect(bytes.withUnsafeBufferPointer(UnixTime.parseMilliseconds) == nil)
    }

    @Test func roundTripsRandomInstants() {
        var generator = SplitMix64(seed: 1970)
        var failures: [Instant] = []
        for _ in 0..<5000 {
            let instant = Instant.random(using: &generator)
            if UnixTime.parseSeconds(UnixTime.formatSeconds(instant)) != instant { failures.append(instant) }
            // Each integer unit round-trips what it holds.
            for unit in [UnixTime.Unit.milliseconds, .microseconds, .nanoseconds]
            where instant.fits(fractionDigits: unit.digits) && UnixTime.parse(UnixTime.format(instant, unit), unit) != instant {
                failures.append(instant)
            }
        }
        #expect(failures.isEmpty)
    }
}
