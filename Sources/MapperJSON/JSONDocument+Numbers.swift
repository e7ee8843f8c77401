/// Number accessors: exact integers straight from the digits (never through `Double`), doubles
/// correctly rounded.
extension JSONDocument {
    /// The number's literal as written: `-12.50`, `1e3`, `18446744073709551616`.
    package func numberText(at index: Int) -> String {
        let entry = entries[index]
        return String(decoding: UnsafeRawBufferPointer(start: start(of: entry), count: Int(entry.length)), as: UTF8.self)
    }

    /// The value of an integer literal (no fraction, no exponent) that fits in `Int64`; nil otherwise
    /// (`5.0`, `5e2`, `9223372036854775808`, or not a number).
    package func int64(at index: Int) -> Int64? {
        let entry = entries[index]
        guard entry.kind == .number, entry.flags & JSONTape.isInteger != 0 else { return nil }
        let negative = entry.flags & JSONTape.isNegative != 0
        let digits = UnsafeRawBufferPointer(
            start: start(of: entry) + (negative ? 1 : 0), count: Int(entry.length) - (negative ? 1 : 0))
        guard digits.count <= 19 else { return nil }
        var magnitude: UInt64 = 0
        for digit in digits { magnitude = magnitude &* 10 &+ UInt64(digit &- 0x30) }
        return Self.signed(magnitude, negative: negative)
    }

    /// The value of any number without a fractional part that fits in `Int64`, exactly: `5`, `5.0`,
    /// `5e2`, `1.5e1`, `-0.0`; nil for `5.5`, `1e19` or not a number (what `int` accepts).
    package func integralInt64(at index: Int) -> Int64? {
        let entry = entries[index]
        guard entry.kind == .number else { return nil }
        if entry.flags & JSONTape.isInteger != 0 { return int64(at: index) }
        let parts = Decimal(UnsafeRawBufferPointer(start: start(of: entry), count: Int(entry.length)))
        // Significant digits without leading zeros, and how far the decimal point moves right of them.
        var digits = parts.integer.count + parts.fraction.count
        var exponent = parts.exponent - parts.fraction.count
        var leading = 0
        while leading < digits && parts.digit(leading) == 0 { leading += 1 }
        if leading == digits { return 0 }
        while parts.digit(digits - 1) == 0 {
            digits -= 1
            exponent += 1
        }
        guard exponent >= 0, digits - leading + exponent <= 19 else { return nil }
        var magnitude: UInt64 = 0
        for position in leading..<digits { magnitude = magnitude * 10 + UInt64(parts.digit(position)) }
        for _ in 0..<exponent {
            let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            magnitude = product
        }
        return Self.signed(magnitude, negative: parts.negative)
    }

    /// The nearest double, correctly rounded; ±infinity beyond the double range (`1e400`).
    package func double(at index: Int) -> Double {
        let entry = entries[index]
        let negative = entry.flags & JSONTape.isNegative != 0
        // Int64 → Double conversion rounds correctly.
        if entry.flags & JSONTape.isInteger != 0, let value = int64(at: index) {
            return value == 0 && negative ? -0.0 : Double(value)
        }
        let text = UnsafeRawBufferPointer(start: start(of: entry), count: Int(entry.length))
        if let value = Self.fastDouble(Decimal(text)) { return value }
        if let value = Double(String(decoding: text, as: UTF8.self)) { return value }
        return negative ? -.infinity : .infinity
    }

    /// `double(at:)` when it is finite; nil for numbers beyond the double range.
    package func finiteDouble(at index: Int) -> Double? {
        let value = double(at: index)
        return value.isFinite ? value : nil
    }

    private static func signed(_ magnitude: UInt64, negative: Bool) -> Int64? {
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }

    /// Clinger's fast path: a mantissa below 2^53 and a power of ten below 10^23 are both exact
    /// doubles, so one IEEE multiplication or division rounds correctly.
    private static func fastDouble(_ parts: Decimal) -> Double? {
        let digits = parts.integer.count + parts.fraction.count
        var leading = 0
        while leading < digits && parts.digit(leading) == 0 { leading += 1 }
        if leading == digits { return parts.negative ? -0.0 : 0.0 }
        guard digits - leading <= 15 else { return nil }
        var mantissa: UInt64 = 0
        for position in leading..<digits { mantissa = mantissa * 10 + UInt64(parts.digit(position)) }
        let exponent = parts.exponent - parts.fraction.count
        guard exponent >= -22 && exponent <= 22 else { return nil }
        let value = exponent >= 0 ? Double(mantissa) * powersOfTen[exponent] : Double(mantissa) / powersOfTen[-exponent]
        return parts.negative ? -value : value
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
        1e21, 1e22,
    ]

    /// A valid JSON number literal split into its parts (the exponent saturates far beyond any
    /// digit count, so arithmetic on it cannot overflow).
    struct Decimal {
        var negative = false
        var integer = UnsafeRawBufferPointer(start: nil, count: 0)
        var fraction = UnsafeRawBufferPointer(start: nil, count: 0)
        var exponent = 0

        init(_ text: UnsafeRawBufferPointer) {
            var index = 0
            if text.first == UInt8(ascii: "-") {
                negative = true
                index = 1
            }
            let integerStart = index
            while index < text.count && text[index] &- 0x30 < 10 { index += 1 }
            integer = UnsafeRawBufferPointer(rebasing: text[integerStart..<index])
            if index < text.count && text[index] == UInt8(ascii: ".") {
                index += 1
                let fractionStart = index
                while index < text.count && text[index] &- 0x30 < 10 { index += 1 }
                fraction = UnsafeRawBufferPointer(rebasing: text[fractionStart..<index])
            }
            if index < text.count {  // `e` or `E`
                index += 1
                var exponentNegative = false
                if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                    exponentNegative = text[index] == UInt8(ascii: "-")
                    index += 1
                }
                var magnitude = 0
                while index < text.count {
                    magnitude = min(magnitude * 10 + Int(text[index] &- 0x30), 1 << 40)
                    index += 1
                }
                exponent = exponentNegative ? -magnitude : magnitude
            }
        }

        /// Digit `position` of the integer digits followed by the fraction digits.
        func digit(_ position: Int) -> UInt8 {
            position < integer.count ? integer[position] &- 0x30 : fraction[position - integer.count] &- 0x30
        }
    }
}
