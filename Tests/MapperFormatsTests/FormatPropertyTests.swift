import Testing

import MapperTestSupport
@testable import MapperFormats
@testable import MapperJSON

/// Round trips over deterministic pseudo-random inputs.
struct FormatPropertyTests {
    /// Instants from 0001-01-02 to 9999-12-30, so that no zone moves the wall clock out of 0001–9999.
    private static func randomInstant(_ generator: inout SplitMix64) -> Instant {
        let ms = Int64.random(in: -62_135_510_400_000...253_402_128_000_000, using: &generator)
        switch generator.next() % 3 {
        case 0: return Instant(milliseconds: ms - ((ms % 60000) + 60000) % 60000)
        case 1: return Instant(milliseconds: ms - ((ms % 1000) + 1000) % 1000)
        default: return Instant(milliseconds: ms)
        }
    }

    /// Patterns that name the instant completely: parse(format(x)) == x.
    @Test(arguments: [
        ("yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "en_US_POSIX", "America/Los_Angeles"),
        ("EEEE, d MMMM y G h:mm:ss.SSS a zzzz", "en_US", "America/Los_Angeles"),
        ("yyyyMMddHHmmssSSS", "en_US_POSIX", "UTC"),
        ("EEE, dd MMM yyyy HH:mm:ss.SSS Z", "en_US_POSIX", "UTC"),
        ("d. MMMM y HH:mm:ss,SSS", "de_DE", "+05:30"),
        ("cccc d LLLL y G HH:mm:ss.SSS O", "ru_RU", "Europe/Moscow"),
        ("D/yyyy kk:mm:ss.SSSSSS xxxxx", "fr_FR", "Australia/Sydney"),
    ])
    func exactRoundTrips(pattern: String, locale: String, zone: String) throws {
        let format = try DatePattern(pattern: pattern, locale: locale, timeZone: zone)
        var generator = SplitMix64(seed: UInt64(pattern.utf8.count) &* 2015)
        var failures: [String] = []
        for _ in 0..<2000 {
            let instant = Self.randomInstant(&generator)
            let text = format.format(instant)
            if format.parse(text) != instant { failures.append("\(instant) → \(text)") }
        }
        #expect(failures.count == 0, "\(failures.prefix(5))")
        #expect(format.roundTripProblem() == nil)
    }

    /// Wall-clock patterns without an offset: the text survives a round trip even where a wall-clock
    /// time happens twice, and the instant does in fixed zones.
    @Test(arguments: [
        ("yyyy-MM-dd HH:mm:ss", "en_US", "America/Los_Angeles"),
        ("MMM d, yyyy h:mm:ss.SSS a", "en_US", "Europe/Paris"),
        ("dd.MM.yyyy HH:mm", "de_DE", "-03:30"),
    ])
    func textRoundTrips(pattern: String, locale: String, zone: String) throws {
        let format = try DatePattern(pattern: pattern, locale: locale, timeZone: zone)
        var generator = SplitMix64(seed: 2007)
        var failures: [String] = []
        for _ in 0..<2000 {
            let instant = Self.randomInstant(&generator)
            let text = format.format(instant)
            guard let parsed = format.parse(text), format.format(parsed) == text else {
                failures.append("\(instant) → \(text)")
                continue
            }
            if zone.hasPrefix("-"),
                parsed.milliseconds != instant.milliseconds - ((instant.milliseconds % 60000) + 60000) % 60000
            {
                failures.append("\(instant) → \(text) → \(parsed)")
            }
        }
        #expect(failures.count == 0, "\(failures.prefix(5))")
    }

    /// `S` × 1–9 writes the fraction's leading digits and reads back every instant it has room for.
    @Test(arguments: 1...9)
    func fractionFieldsRoundTripEveryPrecision(digits: Int) throws {
        let pattern = "yyyy-MM-dd'T'HH:mm:ss." + String(repeating: "S", count: digits) + "XXX"
        let format = try DatePattern(pattern: pattern, timeZone: "America/New_York")
        #expect(format.fractionDigits == digits)
        var generator = SplitMix64(seed: UInt64(digits) &* 1_000_003)
        var failures: [String] = []
        for _ in 0..<500 {
            // Years 1900–9999, after New York's local mean time, whose offset `XXX` cannot write.
            let seconds = Int64.random(in: -2_208_988_800...253_402_128_000, using: &generator)
            let precision = Int(generator.next() % UInt64(digits + 1))
            let instant = Instant.random(seconds: seconds, fractionDigits: precision, using: &generator)
            let text = format.format(instant)
            let nine = String(instant.nanosecond)
            let expected = String((String(repeating: "0", count: 9 - nine.count) + nine).prefix(digits))
            let written = text.split(separator: ".")[1].prefix(digits)
            if format.parse(text) != instant || written != expected { failures.append("\(instant) → \(text)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test func twoDigitYearsRoundTripWithinTheirWindow() throws {
        let format = try DatePattern(pattern: "dd/MM/yy HH:mm:ss.SSS")
        var generator = SplitMix64(seed: 1950)
        for _ in 0..<2000 {
            let instant = Instant(milliseconds: .random(in: -631_152_000_000...2_524_607_999_999, using: &generator))
            #expect(format.parse(format.format(instant)) == instant)
        }
    }

    @Test func byteAndStringVariantsAgree() throws {
        let format = try DatePattern(
            pattern: "EEE MMM dd HH:mm:ss Z yyyy", locale: "en_US", timeZone: "America/New_York")
        var generator = SplitMix64(seed: 42)
        for _ in 0..<500 {
            // Years 1900–9999, after New York's local mean time, whose offset `Z` cannot write.
            let milliseconds = Int64.random(in: -2_208_988_800_000...253_402_128_000_000, using: &generator)
            let instant = Instant(milliseconds: milliseconds)
            let second = Instant(milliseconds: milliseconds - (milliseconds % 1000 + 1000) % 1000)
            var bytes = Array("<".utf8)
            format.format(instant, into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "<" + format.format(instant))
            #expect(bytes.dropFirst().withUnsafeBufferPointer { format.parse($0) } == second)
            #expect(format.parse(format.format(instant)) == second)
        }
    }

    /// A random JSON number literal: sign, up to 25 integer digits, fraction, exponent.
    private static func randomLiteral(_ generator: inout SplitMix64) -> String {
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(generator.next() % 10)) })
        }
        var text = generator.next() % 3 == 0 ? "-" : ""
        let integerDigits = Int(generator.next() % 26)
        if integerDigits == 0 {
            text += "0"
        } else {
            text += String(1 + generator.next() % 9) + digits(integerDigits - 1)
        }
        if generator.next() % 2 == 0 { text += "." + digits(1 + Int(generator.next() % 12)) }
        if generator.next() % 4 == 0 {
            text += "e" + (generator.next() % 2 == 0 ? "-" : "") + String(generator.next() % 30)
        }
        return text
    }

    /// The value of a JSON number literal in one spelling: sign, significant digits, and power of ten.
    private static func value(_ literal: String) -> String {
        var text = Substring(literal)
        let negative = text.first == "-"
        if negative { text = text.dropFirst() }
        let parts = text.split(separator: "e", maxSplits: 1)
        let exponent = parts.count > 1 ? Int(parts[1])! : 0
        let mantissa = parts[0].split(separator: ".", maxSplits: 1)
        let integer = String(mantissa[0])
        var digits = integer + (mantissa.count > 1 ? String(mantissa[1]) : "")
        var point = integer.count + exponent
        while digits.first == "0" {
            digits.removeFirst()
            point -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        return digits.isEmpty ? (negative ? "-0" : "0") : "\(negative ? "-" : "")0.\(digits)e\(point)"
    }

    @Test(arguments: ["decimal", "percent", "scientific"])
    func numbersRoundTripInEveryLocale(style: String) throws {
        var generator = SplitMix64(seed: 12345)
        var failures: [String] = []
        for locale in [
            "en_US", "en_US_POSIX", "de_DE", "fr_FR", "de_CH", "ar_EG", "fa_IR", "tr_TR", "hi_IN", "es_ES", "ja_JP",
        ] {
            let format = try NumberPattern(style: style, locale: locale)
            for _ in 0..<300 {
                let literal = Self.randomLiteral(&generator)
                let text = format.format(literal)
                guard let parsed = format.parse(text) else {
                    failures.append("\(locale): \(literal) → \(text) → nil")
                    continue
                }
                if Self.value(parsed) != Self.value(literal) || format.format(parsed) != text {
                    failures.append("\(locale): \(literal) → \(text) → \(parsed)")
                }
            }
        }
        #expect(failures.count == 0, "\(failures.prefix(5))")
    }

    @Test func parsedNumbersAreValidJSONLiterals() throws {
        var generator = SplitMix64(seed: 99)
        let format = try NumberPattern(style: "percent", locale: "en_US")
        for _ in 0..<1000 {
            let parsed = try #require(format.parse(format.format(Self.randomLiteral(&generator))))
            let valid = parsed.utf8.withContiguousStorageIfAvailable { JSONNumberSyntax($0) != nil } ?? false
            #expect(valid, "\(parsed)")
        }
    }
}
