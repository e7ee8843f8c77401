@testable import MapperFormats
@testable import MapperJSON
import MapperTestSupport

extension Instant {
    /// Test shorthand: an instant from a canonical ISO 8601 string (traps on a typo in a test).
    init(_ iso: String) {
        guard let instant = ISO8601.parse(iso) else { fatalError("bad test timestamp \(iso)") }
        self = instant
    }

    /// Random instants within the supported years: whole minutes, whole seconds, and fractions of
    /// every precision from 1 to 9 digits.
    static func random(using generator: inout SplitMix64) -> Instant {
        let seconds = Int64.random(in: Instant.supportedSeconds, using: &generator)
        let precision = Int(generator.next() % 11)
        if precision == 10 { return Instant(seconds: seconds - ((seconds % 60) + 60) % 60) }
        return random(seconds: seconds, fractionDigits: precision, using: &generator)
    }

    /// An instant at `seconds` with a random fraction of exactly `fractionDigits` digits (0–9).
    static func random(seconds: Int64, fractionDigits: Int, using generator: inout SplitMix64) -> Instant {
        guard fractionDigits > 0 else { return Instant(seconds: seconds) }
        let unit = Instant.powersOfTen[9 - fractionDigits]
        var fraction = Int64.random(in: 0..<Instant.powersOfTen[fractionDigits], using: &generator)
        if fraction % 10 == 0 { fraction += 1 }  // the last digit is significant
        return Instant(seconds: seconds, nanosecond: min(fraction, Instant.powersOfTen[fractionDigits] - 1) * unit)
    }
}
