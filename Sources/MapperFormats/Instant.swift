/// A point in time with nanosecond precision, counted from 1970-01-01T00:00:00Z.
///
/// ```swift
/// let published = Instant(seconds: 1443164400)   // 2015-09-25T07:00:00Z
/// published.description                          // "2015-09-25T07:00:00Z"
/// Instant(seconds: 0, nanosecond: 1_500).description  // "1970-01-01T00:00:00.000001500Z"
/// ```
public struct Instant: Sendable, Hashable, Comparable {
    /// Whole seconds since 1970-01-01T00:00:00Z (floor: negative before it).
    public private(set) var seconds: Int64
    /// Nanoseconds into that second, 0 through 999,999,999.
    public private(set) var nanosecond: Int32

    /// The instant `seconds` and `nanosecond` nanoseconds after 1970-01-01T00:00:00Z;
    /// `nanosecond` outside 0…999,999,999 carries into the seconds.
    public init(seconds: Int64, nanosecond: Int64 = 0) {
        let carry = nanosecond >= 0 ? nanosecond / 1_000_000_000 : (nanosecond + 1) / 1_000_000_000 - 1
        self.seconds = seconds &+ carry
        self.nanosecond = Int32(nanosecond - carry * 1_000_000_000)
    }

    /// The instant `milliseconds` after 1970-01-01T00:00:00Z.
    public init(milliseconds: Int64) {
        let remainder = milliseconds % 1000
        let (seconds, millisecond) = remainder < 0 ? (milliseconds / 1000 - 1, remainder + 1000) : (milliseconds / 1000, remainder)
        self.seconds = seconds
        self.nanosecond = Int32(millisecond * 1_000_000)
    }

    /// The instant `nanoseconds` after 1970-01-01T00:00:00Z (seconds beyond `Int64` saturate).
    public init(nanoseconds: Int128) {
        let (quotient, remainder) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        let floor = remainder < 0 ? quotient - 1 : quotient
        seconds = Int64(clamping: floor)
        nanosecond = Int32(remainder < 0 ? remainder + 1_000_000_000 : remainder)
    }

    /// Milliseconds since 1970-01-01T00:00:00Z, rounded down (towards the past); instants beyond
    /// what `Int64` milliseconds can hold (about ±292 million years) saturate at its ends.
    public var milliseconds: Int64 {
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (sum, overflow2) = product.addingReportingOverflow(Int64(nanosecond / 1_000_000))
        return overflow2 ? .max : sum
    }

    /// Nanoseconds since 1970-01-01T00:00:00Z.
    public var nanoseconds: Int128 {
        Int128(seconds) * 1_000_000_000 + Int128(nanosecond)
    }

    /// How many fraction digits the instant needs: 0 for whole seconds, else 3, 6 or 9 (the groups
    /// canonical JSON writes).
    public var fractionDigits: Int {
        if nanosecond == 0 { return 0 }
        if nanosecond % 1_000_000 == 0 { return 3 }
        return nanosecond % 1000 == 0 ? 6 : 9
    }

    /// Whether `digits` fraction digits (0…9) write the instant exactly.
    package func fits(fractionDigits digits: Int) -> Bool {
        digits >= 9 || Int64(nanosecond) % Instant.powersOfTen[9 - digits] == 0
    }

    /// 10^0 … 10^9.
    package static let powersOfTen: [Int64] = [
        1, 10, 100, 1000, 10000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
    ]

    /// Earlier instants sort first.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
        (lhs.seconds, lhs.nanosecond) < (rhs.seconds, rhs.nanosecond)
    }
}

extension Instant: CustomStringConvertible {
    /// The canonical form: `2015-09-25T07:00:00Z`, with `.sss`, `.ssssss` or `.sssssssss` only
    /// when the fraction is not zero.
    public var description: String {
        ISO8601.format(self)
    }
}

extension Instant {
    /// The seconds every parser accepts: 0000-01-01T00:00:00Z through 9999-12-31T23:59:59Z (and
    /// any fraction of that last second), the years an RFC 3339 timestamp can write. Anything a
    /// parser would produce outside this range is a parse failure, so canonical JSON always holds a
    /// four-digit year.
    package static let supportedSeconds: ClosedRange<Int64> = -62_167_219_200...253_402_300_799

    /// The first and the last supported instant.
    package static let earliest = Instant(seconds: supportedSeconds.lowerBound)
    package static let latest = Instant(seconds: supportedSeconds.upperBound, nanosecond: 999_999_999)

    /// The range in words, for messages and documentation.
    package static let rangeDescription = "0000-01-01T00:00:00Z … 9999-12-31T23:59:59.999999999Z"

    var isSupported: Bool {
        Instant.supportedSeconds.contains(seconds)
    }
}
