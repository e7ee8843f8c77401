import Testing

import MapperTestSupport
@testable import MapperFormats
@testable import MapperJSON

struct ISO8601Tests {
    @Test(arguments: [
        ("2017-10-10T16:00:00Z", Int64(1_507_651_200_000)),
        ("2017-10-10t16:00:00z", 1_507_651_200_000),
        ("2017-10-10T18:00:00+02:00", 1_507_651_200_000),
        ("2017-10-10T08:30:00-07:30", 1_507_651_200_000),
        ("2017-10-10T16:00:00-00:00", 1_507_651_200_000),
        ("2017-10-10T16:00:00.12Z", 1_507_651_200_120),
        ("2017-10-10T16:00:00.1Z", 1_507_651_200_100),
        ("1970-01-01T00:00:00Z", 0),
        ("1969-12-31T23:59:59.999Z", -1),
        ("2016-02-29T00:00:00Z", 1_456_704_000_000),
        ("0001-01-01T00:00:00Z", -62_135_596_800_000),
        ("0000-01-01T00:00:00Z", -62_167_219_200_000),
        ("9999-12-31T23:59:59.999Z", 253_402_300_799_999),
        ("2000-01-01T00:00:00+23:59", 946_598_460_000),
    ])
    func parsesRFC3339(text: String, milliseconds: Int64) {
        #expect(ISO8601.parse(text) == Instant(milliseconds: milliseconds))
        #expect(
            ISO8601.parse(Substring("[" + text + "]").dropFirst().dropLast()) == Instant(milliseconds: milliseconds))
    }

    /// Fractions of 1 to 9 digits are kept exactly.
    @Test(arguments: [
        ("2017-10-10T16:00:00.123456789Z", Int64(123_456_789)),
        ("2017-10-10T16:00:00.999999999+00:00", 999_999_999),
        ("2017-10-10T16:00:00.1234Z", 123_400_000),
        ("2017-10-10T16:00:00.000001Z", 1000),
        ("2017-10-10T18:00:00.00000001+02:00", 10),
    ])
    func keepsEveryFractionDigit(text: String, nanosecond: Int64) {
        #expect(ISO8601.parse(text) == Instant(seconds: 1_507_651_200, nanosecond: nanosecond))
    }

    @Test(arguments: [
        "", "2017-10-10", "2017-10-10T16:00:00", "2017-10-10T16:00Z", "2017-10-10 16:00:00Z",
        "2017-13-10T16:00:00Z", "2017-00-10T16:00:00Z", "2017-10-00T16:00:00Z", "2017-10-32T16:00:00Z",
        "2015-02-29T00:00:00Z", "2016-04-31T00:00:00Z", "2017-10-10T24:00:00Z", "2017-10-10T16:60:00Z",
        "2017-10-10T16:00:60Z", "2017-10-10T16:00:00.Z", "2017-10-10T16:00:00.1234567890Z",
        "2017-10-10T16:00:00+0200", "2017-10-10T16:00:00+02", "2017-10-10T16:00:00+24:00",
        "2017-10-10T16:00:00+02:60", "2017-10-10T16:00:00Z ", " 2017-10-10T16:00:00Z", "2017-10-10T16:00:00ZZ",
        "+2017-10-10T16:00:00Z", "20171-10-10T16:00:00Z", "2017-1-10T16:00:00Z", "２017-10-10T16:00:00Z",
        "2017-10-10T16:00:00,5Z", "2017/10/10T16:00:00Z", "0000-01-01T00:00:00+00:01",
        "2017-10-10T16:00:00.5", "abcd-ef-ghTij:kl:mnZ",
    ])
    func rejects(text: String) {
        #expect(ISO8601.parse(text) == nil)
    }

    @Test func parsesRawBytes() {
        let bytes = Array("2014-08-31T00:29:15Z".utf8)
        #expect(bytes.withUnsafeBufferPointer(ISO8601.parse) == Instant(seconds: 1_409_444_955))
        #expect([UInt8]().withUnsafeBufferPointer(ISO8601.parse) == nil)
    }

    @Test(arguments: [
        (Int64(1_507_651_200_000), "2017-10-10T16:00:00Z"),
        (1_507_651_200_120, "2017-10-10T16:00:00.120Z"),
        (1_507_651_200_001, "2017-10-10T16:00:00.001Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (0, "1970-01-01T00:00:00Z"),
        (-62_167_219_200_000, "0000-01-01T00:00:00Z"),
        (253_402_300_800_000, "+10000-01-01T00:00:00Z"),
        (-62_167_219_200_001, "-0001-12-31T23:59:59.999Z"),
    ])
    func formatsCanonically(milliseconds: Int64, text: String) {
        #expect(ISO8601.format(Instant(milliseconds: milliseconds)) == text)
        var bytes = Array("x".utf8)
        ISO8601.format(Instant(milliseconds: milliseconds), into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "x" + text)
    }

    @Test func roundTripsRandomInstants() {
        var generator = SplitMix64(seed: 8601)
        var failures: [Instant] = []
        for _ in 0..<5000 {
            let instant = Instant.random(using: &generator)
            let text = ISO8601.format(instant)
            if ISO8601.parse(text) != instant || text.utf8.count > 30 { failures.append(instant) }
        }
        #expect(failures.isEmpty)
    }

    @Test func parsesEveryOffsetToTheSameInstant() {
        // The same instant written in each whole-hour offset from -23:00 to +23:00.
        let instant = Instant("2020-02-29T12:34:56.789Z")
        for hours in -23...23 {
            let time = CivilTime(milliseconds: instant.milliseconds, offsetSeconds: hours * 3600)
            let sign = hours < 0 ? "-" : "+"
            let text =
                "\(pad(time.year, 4))-\(pad(time.month))-\(pad(time.day))T\(pad(time.hour)):\(pad(time.minute)):"
                + "\(pad(time.second)).789\(sign)\(pad(Int64(abs(hours)))):00"
            #expect(ISO8601.parse(text) == instant, "\(text)")
        }
    }

    private func pad(_ value: Int64, _ width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
