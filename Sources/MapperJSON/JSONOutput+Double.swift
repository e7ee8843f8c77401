/// Doubles in ECMAScript `Number::toString` form, which RFC 8785 (JCS) adopts: the shortest digits
/// that round-trip, plain notation from 1e-6 up to 1e21, `-0` as `0`: `5`, `0.1`, `1e+21`, `1e-7`.
extension JSONOutput {
    /// Appends a finite double (the canonical `double`); non-finite values have no JSON form and trap.
    package mutating func appendDouble(_ value: Double) {
        precondition(value.isFinite, "\(value) has no JSON representation")
        if value == 0 {
            append(UInt8(ascii: "0"))
            return
        }
        // Integers below 2^53 print as their digits: no need for the shortest-digits search.
        if value.magnitude < 9_007_199_254_740_992, value.rounded(.towardZero) == value {
            appendInt64(Int64(value))
            return
        }
        // Swift's description yields the shortest round-trip digits (closest to the value when
        // several are as short); only the layout differs from ECMAScript's.
        var description = value.description
        description.withUTF8 { appendShortest(UnsafeRawBufferPointer($0)) }
    }

    /// The text `appendDouble` writes.
    package static func doubleText(_ value: Double) -> String {
        var output = JSONOutput()
        output.appendDouble(value)
        return output.string
    }

    /// Re-lays out Swift's `description` (`-1.25e-07`, `0.001`, `1e+16`, `123.5`) the ECMAScript way.
    private mutating func appendShortest(_ text: UnsafeRawBufferPointer) {
        var index = 0
        if text[0] == UInt8(ascii: "-") {
            append(UInt8(ascii: "-"))
            index = 1
        }
        // Digits of the mantissa without the point: value = digits × 10^(exponent − fraction count).
        var digits: [UInt8] = []
        digits.reserveCapacity(24)
        var fractionCount = 0
        var inFraction = false
        var exponent = 0
        while index < text.count {
            let c = text[index]
            index += 1
            if c == UInt8(ascii: ".") {
                inFraction = true
            } else if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                var negative = false
                if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                    negative = text[index] == UInt8(ascii: "-")
                    index += 1
                }
                while index < text.count {
                    exponent = exponent * 10 + Int(text[index] &- 0x30)
                    index += 1
                }
                if negative { exponent = -exponent }
            } else {
                if inFraction { fractionCount += 1 }
                if c != UInt8(ascii: "0") || !digits.isEmpty { digits.append(c) }
            }
        }
        var trailing = 0
        while digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            trailing += 1
        }
        // ECMAScript's k (digit count) and n (value = 0.d₁…d_k × 10^n).
        let k = digits.count
        let n = k + exponent - fractionCount + trailing
        if k <= n && n <= 21 {
            append(contentsOf: digits)
            append(UInt8(ascii: "0"), count: n - k)
        } else if 0 < n && n <= 21 {
            digits[0..<n].withUnsafeBytes { append($0) }
            append(UInt8(ascii: "."))
            digits[n...].withUnsafeBytes { append($0) }
        } else if -6 < n && n <= 0 {
            append(UInt8(ascii: "0"))
            append(UInt8(ascii: "."))
            append(UInt8(ascii: "0"), count: -n)
            append(contentsOf: digits)
        } else {
            append(digits[0])
            if k > 1 {
                append(UInt8(ascii: "."))
                digits[1...].withUnsafeBytes { append($0) }
            }
            append(UInt8(ascii: "e"))
            append(n - 1 >= 0 ? UInt8(ascii: "+") : UInt8(ascii: "-"))
            appendInt64(Int64((n - 1).magnitude))
        }
    }
}
