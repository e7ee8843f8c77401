/// A point in time with millisecond precision, counted from 1970-01-01T00:00:00Z.
///
/// ```swift
/// let published = Instant(seconds: 1443164400)   // 2015-09-25T07:00:00Z
/// published.description                          // "2015-09-25T07:00:00Z"
/// ```
public struct Instant: Sendable, Hashable, Comparable {
    /// Milliseconds since 1970-01-01T00:00:00Z; negative before it.
    public var milliseconds: Int64

    /// The instant `milliseconds` after 1970-01-01T00:00:00Z.
    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// The instant `seconds` after 1970-01-01T00:00:00Z.
    ///
    /// Seconds beyond what `Int64` milliseconds can hold (about ±292 million years) saturate at
    /// the ends of that range rather than trap.
    public init(seconds: Int64) {
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        milliseconds = overflow ? (seconds < 0 ? .min : .max) : product
    }

    /// Earlier instants sort first.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.milliseconds < rhs.milliseconds
    }
}

extension Instant: CustomStringConvertible {
    /// The canonical form: `2015-09-25T07:00:00Z`, with `.sss` only when non-zero.
    public var description: String {
        ISO8601.format(self)
    }
}

extension Instant {
    /// The instants every parser accepts: 0000-01-01T00:00:00.000Z through 9999-12-31T23:59:59.999Z,
    /// the years an RFC 3339 timestamp can write. Anything a parser would produce outside this range
    /// is a parse failure, so canonical JSON always holds a four-digit year.
    package static let supportedRange: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

    /// The range in words, for messages and documentation.
    package static let rangeDescription = "0000-01-01T00:00:00Z … 9999-12-31T23:59:59.999Z"

    var isSupported: Bool {
        Instant.supportedRange.contains(milliseconds)
    }
}
