/// A JSON number kept as its literal text, so that no digit is ever lost.
///
/// Two numbers are equal when their values are equal (`1`, `1.0` and `10e-1` are one number),
/// whatever their spelling; `text` keeps the spelling.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The literal as it appears in JSON (`-12.50`, `1e3`, `18446744073709551616`).
    public let text: String

    /// Wraps a literal; nil when `text` is not a valid JSON number.
    public init?(_ text: String) {
        guard JSONNumber.isValid(text) else { return nil }
        self.text = text
    }

    package init(unchecked text: String) {
        self.text = text
    }

    /// The number of an integer, spelled in plain decimal digits.
    public init(_ value: Int64) {
        self.text = String(value)
    }

    /// The number spelled as it was read (`text`), not reformatted.
    public var description: String { text }

    /// The value when it is an integer that fits in `Int64` (`5`, `5.0`, `5e2`), exactly.
    public var int64: Int64? {
        let value = normalized
        if value.digits.isEmpty { return 0 }
        guard value.exponent >= 0, value.digits.count + value.exponent <= 19 else { return nil }
        var magnitude: UInt64 = 0
        for digit in value.digits.utf8 {
            magnitude = magnitude * 10 + UInt64(digit - 0x30)
        }
        for _ in 0..<value.exponent {
            let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            magnitude = product
        }
        if value.negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }

    /// The nearest double (may round; infinite for huge exponents).
    public var double: Double { Double(text) ?? .nan }

    /// Whether the value has no fractional part (`5`, `5.0`, `5e2`; not `5.5`).
    public var isInteger: Bool { normalized.exponent >= 0 }

    /// Sign, significant digits (no leading or trailing zeros) and decimal exponent:
    /// value = ±digits × 10^exponent. Zero has empty digits and is never negative.
    package struct Normalized: Hashable {
        package var negative: Bool
        package var digits: String
        package var exponent: Int
    }

    package var normalized: Normalized {
        var negative = false
        var integer: Substring = ""
        var fraction: Substring = ""
        var exponent = 0
        var rest = Substring(text)
        if rest.first == "-" {
            negative = true
            rest = rest.dropFirst()
        }
        let mantissaEnd = rest.firstIndex { $0 == "e" || $0 == "E" } ?? rest.endIndex
        let mantissa = rest[..<mantissaEnd]
        if mantissaEnd < rest.endIndex {
            var digits = rest[rest.index(after: mantissaEnd)...]
            let negativeExponent = digits.first == "-"
            if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
            digits = digits.drop { $0 == "0" }
            // Exponents this large are far beyond any digit count; clamping keeps comparisons right.
            let magnitude = digits.count > 15 ? Int(Int32.max) : (Int(digits) ?? 0)
            exponent = negativeExponent ? -magnitude : magnitude
        }
        if let dot = mantissa.firstIndex(of: ".") {
            integer = mantissa[..<dot]
            fraction = mantissa[mantissa.index(after: dot)...]
        } else {
            integer = mantissa
        }
        var digits = String(integer) + fraction
        exponent -= fraction.count
        let leading = digits.prefix { $0 == "0" }.count
        digits.removeFirst(leading)
        let trailing = digits.reversed().prefix { $0 == "0" }.count
        digits.removeLast(trailing)
        exponent += trailing
        if digits.isEmpty { return Normalized(negative: false, digits: "", exponent: 0) }
        return Normalized(negative: negative, digits: digits, exponent: exponent)
    }

    /// Equal when the values are equal, however they are spelled: `1 == 1.0 == 10e-1`, exactly, at
    /// any length.
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        lhs.text == rhs.text || lhs.normalized == rhs.normalized
    }

    /// Hashes the value, not the spelling, to agree with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(normalized)
    }

    /// RFC 8259 number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }

    /// Compares values exactly (no rounding): -1, 0 or 1.
    package static func compare(_ lhs: JSONNumber, _ rhs: JSONNumber) -> Int {
        let a = lhs.normalized
        let b = rhs.normalized
        if a == b { return 0 }
        let aSign = a.digits.isEmpty ? 0 : (a.negative ? -1 : 1)
        let bSign = b.digits.isEmpty ? 0 : (b.negative ? -1 : 1)
        if aSign != bSign { return aSign < bSign ? -1 : 1 }
        // Same sign, both non-zero: compare magnitudes by order of magnitude, then digits.
        let aMagnitude = a.digits.count + a.exponent
        let bMagnitude = b.digits.count + b.exponent
        var magnitudeOrder: Int
        if aMagnitude != bMagnitude {
            magnitudeOrder = aMagnitude < bMagnitude ? -1 : 1
        } else {
            let width = max(a.digits.count, b.digits.count)
            let aPadded = a.digits.padding(toLength: width, withPad: "0")
            let bPadded = b.digits.padding(toLength: width, withPad: "0")
            magnitudeOrder = aPadded < bPadded ? -1 : (aPadded == bPadded ? 0 : 1)
        }
        return aSign < 0 ? -magnitudeOrder : magnitudeOrder
    }
}

extension String {
    fileprivate func padding(toLength length: Int, withPad pad: Character) -> String {
        count >= length ? self : self + String(repeating: pad, count: length - count)
    }
}
