import MapperJSON

/// The built-in `unix`, `unix_ms`, `unix_us` and `unix_ns` formats: an instant as a JSON number
/// of seconds, or an integer of milliseconds, microseconds or nanoseconds since
/// 1970-01-01T00:00:00Z.
///
/// ```swift
/// UnixTime.parseSeconds("1443164400.5")        // Instant(milliseconds: 1443164400500)
/// UnixTime.formatSeconds(Instant(seconds: 1))  // "1"
/// UnixTime.parseMilliseconds("1.4e12")         // Instant(milliseconds: 1400000000000)
/// UnixTime.parse("1700000000123456", .microseconds)  // 2023-11-14T22:13:20.123456Z
/// ```
///
/// Parsing reads the JSON number's literal text digit by digit, never through `Double`, so
/// `1443164400.123456` is exactly that many seconds. Seconds keep up to 9 fraction digits (a
/// nanosecond); a value finer than that is no date (nothing is rounded). The integer formats
/// accept only integral values (`5`, `5.0`, `5e2`, as `int` does). Out-of-range values (outside
/// years 0000–9999) are failures.
package enum UnixTime {
    static let maximumLength = 48

    /// What a JSON number counts.
    package enum Unit: Sendable {
        case seconds, milliseconds, microseconds, nanoseconds

        /// The fraction digits of a second one unit stands for (0 for seconds, 9 for nanoseconds).
        package var digits: Int {
            switch self {
            case .seconds: 0
            case .milliseconds: 3
            case .microseconds: 6
            case .nanoseconds: 9
            }
        }

        /// How many fraction digits of a second the format writes exactly.
        package var fractionDigits: Int { self == .seconds ? 9 : digits }
    }

    package static func parseSeconds(_ literal: some StringProtocol) -> Instant? {
        parse(literal, .seconds)
    }

    package static func parseSeconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Instant? {
        parse(bytes, .seconds)
    }

    package static func parseMilliseconds(_ literal: some StringProtocol) -> Instant? {
        parse(literal, .milliseconds)
    }

    package static func parseMilliseconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Instant? {
        parse(bytes, .milliseconds)
    }

    package static func parse(_ literal: some StringProtocol, _ unit: Unit) -> Instant? {
        UTF8Buffer.withBytes(of: literal) { parse($0, unit) }
    }

    /// The instant a JSON number literal counts in `unit`; nil when it is not exact to the unit
    /// (a fraction of a millisecond for `unix_ms`, of a nanosecond for `unix`) or out of range.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ unit: Unit) -> Instant? {
        let scale = unit == .seconds ? 9 : 0
        guard let (value, exact) = scaledInteger(bytes, scale: scale), exact else { return nil }
        // Seconds were scaled to nanoseconds above; the integer units count 10^(9 − digits) each.
        let perUnit = unit == .seconds ? 1 : Int128(Instant.powersOfTen[9 - unit.digits])
        let (nanoseconds, overflow) = value.multipliedReportingOverflow(by: perUnit)
        guard !overflow else { return nil }
        let instant = Instant(nanoseconds: nanoseconds)
        return instant.isSupported ? instant : nil
    }

    /// Why a JSON number (a valid literal) is no date in `unit`: finer than the unit, or out of
    /// the supported range — with, for seconds, what the number would be as milliseconds, the
    /// usual mistake. Nil when the literal is not the problem's cause.
    package static func rangeProblem(_ literal: String, _ unit: Unit) -> String? {
        let scaled = UTF8Buffer.withBytes(of: literal) { scaledInteger($0, scale: unit == .seconds ? 9 : 0) }
        if let (_, exact) = scaled, !exact {
            return unit == .seconds ? "more than 9 fraction digits (finer than a nanosecond)" : nil
        }
        var problem = "out of range (\(Instant.rangeDescription))"
        // A number of seconds a thousand times too large is a timestamp in milliseconds.
        if unit == .seconds, let (scaled, _) = scaled, scaled.magnitude >= 100_000_000_000_000_000_000,
            let instant = parseMilliseconds(literal)
        {
            problem += "; as milliseconds it is \(ISO8601.format(instant)), format unix_ms"
        }
        return problem
    }

    /// Seconds as a JSON number: `1443164400` when whole, else with the needed fraction digits
    /// (`1443164400.5`, `-0.001`, `1.000000001`).
    package static func formatSeconds(_ instant: Instant) -> String {
        UTF8Buffer.string(capacity: maximumLength) { writeSeconds(instant, to: &$0) }
    }

    package static func formatSeconds(_ instant: Instant, into bytes: inout [UInt8]) {
        UTF8Buffer.append(to: &bytes, capacity: maximumLength) { writeSeconds(instant, to: &$0) }
    }

    /// Milliseconds as a JSON integer (rounded down: check `Instant.fits` first).
    package static func formatMilliseconds(_ instant: Instant) -> String {
        UTF8Buffer.string(capacity: maximumLength) { write(instant, .milliseconds, to: &$0) }
    }

    package static func formatMilliseconds(_ instant: Instant, into bytes: inout [UInt8]) {
        UTF8Buffer.append(to: &bytes, capacity: maximumLength) { write(instant, .milliseconds, to: &$0) }
    }

    /// The instant in `unit`: a number of seconds, or an integer of the smaller units rounded
    /// down (the encoder reports an instant the unit cannot hold before it gets here).
    package static func format(_ instant: Instant, _ unit: Unit) -> String {
        UTF8Buffer.string(capacity: maximumLength) { write(instant, unit, to: &$0) }
    }

    static func write(_ instant: Instant, _ unit: Unit, to out: inout ByteCursor) {
        switch unit {
        case .seconds: writeSeconds(instant, to: &out)
        case .milliseconds: out.appendNumber(instant.milliseconds)
        case .microseconds, .nanoseconds:
            let divisor = Int128(Instant.powersOfTen[9 - unit.digits])
            let (quotient, remainder) = instant.nanoseconds.quotientAndRemainder(dividingBy: divisor)
            out.appendNumber(remainder < 0 ? quotient - 1 : quotient)
        }
    }

    static func writeSeconds(_ instant: Instant, to out: inout ByteCursor) {
        let nanoseconds = instant.nanoseconds
        if nanoseconds < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = nanoseconds.magnitude
        out.appendNumber(Int128(magnitude / 1_000_000_000))
        var fraction = Int64(magnitude % 1_000_000_000)
        guard fraction != 0 else { return }
        out.append(UInt8(ascii: "."))
        var digits = 9
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        out.appendNumber(fraction, minimumDigits: digits)
    }

    /// ⌊value × 10^scale⌋ of a JSON number literal, and whether that was exact; nil when the text
    /// is not a JSON number or the result does not fit in `Int128`.
    static func scaledInteger(_ bytes: UnsafeBufferPointer<UInt8>, scale: Int) -> (Int128, exact: Bool)? {
        guard let number = JSONNumberSyntax(bytes) else { return nil }
        let digitCount = number.integerDigits.count + number.fractionDigits.count
        @inline(__always) func digit(_ k: Int) -> Int128 {
            let byte =
                k < number.integerDigits.count
                ? bytes[number.integerDigits.lowerBound + k]
                : bytes[number.fractionDigits.lowerBound + k - number.integerDigits.count]
            return Int128(byte &- 48)
        }
        // value = digits × 10^shift
        let shift = number.exponent - number.fractionDigits.count + scale
        let kept = min(digitCount, max(0, digitCount + shift))
        var value: Int128 = 0
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
