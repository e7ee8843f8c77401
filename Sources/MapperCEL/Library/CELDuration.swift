/// A CEL duration (`google.protobuf.Duration`): a signed span of nanoseconds that fits in an int64
/// (about ±292 years), as CEL's reference implementation bounds it.
///
/// ```swift
/// try CELDuration(parsing: "1h30m").nanoseconds   // 5_400_000_000_000
/// ```
public struct CELDuration: Sendable, Hashable {
    /// The span in nanoseconds.
    public let nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// Parses Go's duration syntax: an optional sign, then numbers with units `h`, `m`, `s`, `ms`,
    /// `us` (or `µs`), `ns` (`"1.5h"`, `"-2m3s"`, `"0"`).
    public init(parsing text: String) throws(CELError) {
        func invalid() -> CELError {
            CELError(
                .invalidArgument, "invalid duration '\(text)': expected numbers with units h, m, s, ms, us, ns such as '1h30m' or '2.5s'",
                column: 0)
        }
        var scalars = Substring(text).unicodeScalars[...]
        var negative = false
        if let first = scalars.first, first == "-" || first == "+" {
            negative = first == "-"
            scalars = scalars.dropFirst()
        }
        if String(scalars) == "0" {
            self.init(nanoseconds: 0)
            return
        }
        guard !scalars.isEmpty else { throw invalid() }
        var total: Double = 0
        var exact: Int128 = 0
        while !scalars.isEmpty {
            let whole = scalars.prefix { $0.isDigit }
            scalars = scalars.dropFirst(whole.count)
            var fraction = Substring.UnicodeScalarView()
            if scalars.first == "." {
                scalars = scalars.dropFirst()
                fraction = scalars.prefix { $0.isDigit }
                scalars = scalars.dropFirst(fraction.count)
            }
            guard !whole.isEmpty || !fraction.isEmpty else { throw invalid() }
            let unit = scalars.prefix { !$0.isDigit && $0 != "." }
            scalars = scalars.dropFirst(unit.count)
            let scales: [String: Int128] = [
                "h": 3_600_000_000_000, "m": 60_000_000_000, "s": 1_000_000_000, "ms": 1_000_000,
                "us": 1_000, "µs": 1_000, "μs": 1_000, "ns": 1,
            ]
            guard let scale = scales[String(unit)] else { throw invalid() }
            guard let wholeValue = Int128(String(whole).isEmpty ? "0" : String(whole)) else { throw Self.rangeError(text) }
            guard wholeValue <= Int128(Int64.max) else { throw Self.rangeError(text) }
            exact += wholeValue * scale
            if !fraction.isEmpty, let f = Double("0." + String(fraction)) {
                total += f * Double(scale)
            }
            guard exact < Int128(Int64.max) * 2 else { throw Self.rangeError(text) }
        }
        let value = exact + Int128(total.rounded(.towardZero))
        let signed = negative ? -value : value
        guard let nanoseconds = Int64(exactly: signed) else { throw Self.rangeError(text) }
        self.init(nanoseconds: nanoseconds)
    }

    static func rangeError(_ what: String) -> CELError {
        CELError(.overflow, "the duration \(what) is out of range (about ±292 years)", column: 0)
    }

    /// The duration in seconds with a trailing `s`, as CEL's `string(duration)` writes it (`"1.5s"`).
    public var formatted: String {
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = nanoseconds.magnitude
        let seconds = magnitude / 1_000_000_000
        let nanos = magnitude % 1_000_000_000
        guard nanos != 0 else { return "\(sign)\(seconds)s" }
        var fraction = String(nanos)
        fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(sign)\(seconds).\(fraction)s"
    }
}
