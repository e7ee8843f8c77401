import MapperJSON

/// The built-in `unix` and `unix_ms` formats: an instant as a JSON number of seconds or
/// of milliseconds since 1970-01-01T00:00:00Z.
///
/// ```swift
/// UnixTime.parseSeconds("1443164400.5")        // Instant(milliseconds: 1443164400500)
/// UnixTime.formatSeconds(Instant(seconds: 1))  // "1"
/// UnixTime.parseMilliseconds("1.4e12")         // Instant(milliseconds: 1400000000000)
/// ```
///
/// Parsing reads the JSON number's literal text digit by digit, never through `Double`, so
/// `1443164400.123` is exactly 1443164400123 ms. Seconds with more than three fraction digits are
/// rounded down (towards the past) to the millisecond, as ISO 8601 fractions are truncated;
/// `unix_ms` accepts only integral values (`5`, `5.0`, `5e2`, as `int` does). Out-of-range values
/// (outside years 0000–9999) are failures.
package enum UnixTime {
    static let maximumLength = 24

    package static func parseSeconds(_ literal: some StringProtocol) -> Instant? {
        UTF8Buffer.withBytes(of: literal) { parseSeconds($0) }
    }

    package static func parseSeconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Instant? {
        guard let (value, _) = scaledInteger(bytes, scale: 3) else { return nil }
        let instant = Instant(milliseconds: value)
        return instant.isSupported ? instant : nil
    }

    package static func parseMilliseconds(_ literal: some StringProtocol) -> Instant? {
        UTF8Buffer.withBytes(of: literal) { parseMilliseconds($0) }
    }

    package static func parseMilliseconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Instant? {
        guard let (value, exact) = scaledInteger(bytes, scale: 0), exact else { return nil }
        let instant = Instant(milliseconds: value)
        return instant.isSupported ? instant : nil
    }

    /// Why a JSON number (a valid literal) is no date in `unix` (`milliseconds: false`) or
    /// `unix_ms`: out of the supported range — with, for seconds, what the number would be as
    /// milliseconds, the usual mistake. Nil when the literal is not the problem's cause (a
    /// fraction of a millisecond for `unix_ms`).
    package static func rangeProblem(_ literal: String, milliseconds: Bool) -> String? {
        let scaled = UTF8Buffer.withBytes(of: literal) { scaledInteger($0, scale: milliseconds ? 0 : 3) }
        if milliseconds, let (_, exact) = scaled, !exact { return nil }
        var problem = "out of range (\(Instant.rangeDescription))"
        // A number of seconds a thousand times too large is a timestamp in milliseconds.
        if !milliseconds, let (scaled, _) = scaled, scaled.magnitude >= 100_000_000_000_000, let instant = parseMilliseconds(literal) {
            problem += "; as milliseconds it is \(ISO8601.format(instant)), format unix_ms"
        }
        return problem
    }

    /// Seconds as a JSON number: `1443164400` when whole, else with the needed millisecond digits
    /// (`1443164400.5`, `-0.001`).
    package static func formatSeconds(_ instant: Instant) -> String {
        UTF8Buffer.string(capacity: maximumLength) { writeSeconds(instant, to: &$0) }
    }

    package static func formatSeconds(_ instant: Instant, into bytes: inout [UInt8]) {
        UTF8Buffer.append(to: &bytes, capacity: maximumLength) { writeSeconds(instant, to: &$0) }
    }

    /// Milliseconds as a JSON integer.
    package static func formatMilliseconds(_ instant: Instant) -> String {
        UTF8Buffer.string(capacity: maximumLength) { $0.appendNumber(instant.milliseconds) }
    }

    package static func formatMilliseconds(_ instant: Instant, into bytes: inout [UInt8]) {
        UTF8Buffer.append(to: &bytes, capacity: maximumLength) { $0.appendNumber(instant.milliseconds) }
    }

    static func writeSeconds(_ instant: Instant, to out: inout ByteCursor) {
        let magnitude = instant.milliseconds.magnitude
        if instant.milliseconds < 0 { out.append(UInt8(ascii: "-")) }
        out.appendNumber(Int64(magnitude / 1000))
        var fraction = Int64(magnitude % 1000)
        guard fraction != 0 else { return }
        out.append(UInt8(ascii: "."))
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        out.appendNumber(fraction, minimumDigits: digits)
    }

    /// ⌊value × 10^scale⌋ of a JSON number literal, and whether that was exact; nil when the text
    /// is not a JSON number or the result does not fit in `Int64`.
    static func scaledInteger(_ bytes: UnsafeBufferPointer<UInt8>, scale: Int) -> (Int64, exact: Bool)? {
        guard let number = JSONNumberSyntax(bytes) else { return nil }
        let digitCount = number.integerDigits.count + number.fractionDigits.count
        @inline(__always) func digit(_ k: Int) -> Int64 {
            let byte =
                k < number.integerDigits.count
                ? bytes[number.integerDigits.lowerBound + k]
                : bytes[number.fractionDigits.lowerBound + k - number.integerDigits.count]
            return Int64(byte &- 48)
        }
        // value = digits × 10^shift
        let shift = number.exponent - number.fractionDigits.count + scale
        let kept = min(digitCount, max(0, digitCount + shift))
        var value: Int64 = 0
        for k in 0..<kept {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(digit(k))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
        }
        var exact = true
        for k in kept..<digitCount where digit(k) != 0 {
            exact = false
            break
        }
        if value != 0, shift > 0 {
            for _ in 0..<shift {
                let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                value = times10
            }
        }
        if number.negative {
            value = -value
            if !exact { value -= 1 }
        }
        return (value, exact)
    }
}

/// The parts of a JSON number literal (RFC 8259, section 6): `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
package struct JSONNumberSyntax {
    var negative = false
    var integerDigits: Range<Int> = 0..<0
    var fractionDigits: Range<Int> = 0..<0
    /// The exponent, clamped to ±1_000_000_000 so later arithmetic cannot overflow; any exponent
    /// that large already puts a non-zero value out of every range we handle.
    var exponent = 0

    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        var index = 0
        func isDigit(_ i: Int) -> Bool { i < count && bytes[i] &- 48 < 10 }
        if index < count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let integerStart = index
        guard isDigit(index) else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while isDigit(index) { index += 1 }
        }
        integerDigits = integerStart..<index
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while isDigit(index) { index += 1 }
            guard index > start else { return nil }
            fractionDigits = start..<index
        } else {
            fractionDigits = index..<index
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard isDigit(index) else { return nil }
            var value = 0
            while isDigit(index) {
                value = min(value * 10 + Int(bytes[index] &- 48), 1_000_000_000)
                index += 1
            }
            exponent = exponentNegative ? -value : value
        }
        guard index == count else { return nil }
    }
}
