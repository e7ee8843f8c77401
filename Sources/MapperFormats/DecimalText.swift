/// An exact decimal as its digits and the position of the decimal point: the value of `digits`
/// (ASCII) with the point after `point` digits; `point` may be negative or beyond the digits
/// (`digits` "15", `point` 4 is 1500; `point` -1 is 0.015).
package struct DecimalText {
    var negative: Bool
    private(set) var digits: [UInt8]
    private(set) var point: Int

    init(negative: Bool, digits: [UInt8], point: Int) {
        self.negative = negative
        var digits = digits.isEmpty ? [UInt8(ascii: "0")] : digits
        var point = point
        // Leading zeros say nothing; dropping them keeps `padding` honest.
        let leadingZeros = digits.prefix(while: { $0 == UInt8(ascii: "0") }).count
        let dropped = min(leadingZeros, digits.count - 1)
        digits.removeFirst(dropped)
        point -= dropped
        if digits == [UInt8(ascii: "0")], point > 1 { point = 1 }
        self.digits = digits
        self.point = point
    }

    /// Zeros the plain form needs beyond the digits themselves.
    var padding: Int {
        point < 0 ? -point : max(0, point - digits.count)
    }

    /// Integer and fraction digits of the plain form; the integer part is at least `0`.
    var plainParts: (integer: [UInt8], fraction: [UInt8]) {
        let zero = UInt8(ascii: "0")
        if point <= 0 {
            return ([zero], Array(repeating: zero, count: -point) + digits)
        }
        if point >= digits.count {
            return (digits + Array(repeating: zero, count: point - digits.count), [])
        }
        return (Array(digits[..<point]), Array(digits[point...]))
    }

    /// `mantissa` digits (one before the point) and the power of ten. Zeros that end the integer
    /// part are dropped (`12300` is 1.23E4); zeros in the fraction are kept (`1.50` is 1.50E0).
    var scientificParts: (mantissa: [UInt8], exponent: Int) {
        guard digits != [UInt8(ascii: "0")] else { return (digits, 0) }
        var end = digits.count
        while end > 1, digits[end - 1] == UInt8(ascii: "0"), end - 1 < point { end -= 1 }
        return (Array(digits[..<end]), point - 1)
    }

    /// A JSON number literal: plain (`-0.120`), or with an exponent (`1.5e5000`) when the plain
    /// form would need more than `NumberPattern.maximumPadding` zeros.
    var jsonLiteral: String {
        var text = negative ? "-" : ""
        if padding > NumberPattern.maximumPadding {
            let (mantissa, exponent) = scientificParts
            text += String(decoding: mantissa.prefix(1), as: UTF8.self)
            if mantissa.count > 1 { text += "." + String(decoding: mantissa.dropFirst(), as: UTF8.self) }
            return text + "e\(exponent)"
        }
        let (integer, fraction) = plainParts
        text += String(decoding: integer, as: UTF8.self)
        if !fraction.isEmpty { text += "." + String(decoding: fraction, as: UTF8.self) }
        return text
    }
}
