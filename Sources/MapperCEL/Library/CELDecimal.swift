import MapperSupport

/// An exact decimal number (mapper's extension to CEL, for money): a sign, the digits of its
/// coefficient and how many of them follow the point. `decimal("19.90")` keeps both places;
/// `+`, `-` and `*` are exact, and equal values compare equal whatever their places
/// (`decimal("1.0") == decimal("1")`).
///
/// Sizes are bounded so that no expression can build a number that takes long to compute with:
/// at most `maxDigits` digits, and at most `maxDigits` of them after the point.
public struct CELDecimal: Sendable, Hashable, CustomStringConvertible {
    /// The coefficient's digits (0…9), most significant first, without leading zeros (empty for 0).
    let digits: [UInt8]
    /// How many of the digits follow the point (the value is coefficient × 10^-scale).
    let scale: Int
    let negative: Bool

    public static let maxDigits = 1_000

    init(digits: [UInt8], scale: Int, negative: Bool) throws(CELError) {
        let first = digits.firstIndex { $0 != 0 } ?? digits.endIndex
        let trimmed = Array(digits[first...])
        guard trimmed.count <= Self.maxDigits, scale <= Self.maxDigits, scale >= 0 else {
            throw CELError(.invalidArgument, "the decimal has more than \(Self.maxDigits) digits", column: 0)
        }
        self.digits = trimmed
        self.scale = scale
        self.negative = negative && !trimmed.isEmpty
    }

    /// The integer, exactly.
    public init(_ value: Int64) {
        digits = value == 0 ? [] : String(value.magnitude).utf8.map { $0 - UInt8(ascii: "0") }
        scale = 0
        negative = value < 0
    }

    /// The unsigned integer, exactly.
    public init(_ value: UInt64) {
        digits = value == 0 ? [] : String(value).utf8.map { $0 - UInt8(ascii: "0") }
        scale = 0
        negative = false
    }

    /// Reads decimal text: an optional sign, digits with an optional point, an optional exponent
    /// (`-12.50`, `1e3`, `2.5E-2`). Nil when the text is not such a number.
    public init?(parsing text: String) {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let whole = bytes.prefix(while: isDigit)
        bytes = bytes.dropFirst(whole.count)
        var fraction: ArraySlice<UInt8> = []
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fraction = bytes.prefix(while: isDigit)
            bytes = bytes.dropFirst(fraction.count)
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return nil }
        var exponent = 0
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            var exponentNegative = false
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                exponentNegative = sign == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            let exponentDigits = bytes.prefix(while: isDigit)
            guard !exponentDigits.isEmpty, exponentDigits.count <= 6 else { return nil }
            bytes = bytes.dropFirst(exponentDigits.count)
            exponent = exponentDigits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            if exponentNegative { exponent = -exponent }
        }
        guard bytes.isEmpty else { return nil }
        var digits = (whole + fraction).map { $0 - UInt8(ascii: "0") }
        var scale = fraction.count - exponent
        if scale < 0 {
            guard -scale <= Self.maxDigits else { return nil }
            digits += repeatElement(0, count: -scale)
            scale = 0
        }
        guard let value = try? CELDecimal(digits: digits, scale: scale, negative: negative) else { return nil }
        self = value
    }

    /// The number as text, with exactly `scale` digits after the point and no exponent.
    public var description: String {
        var text = digits.map { Character(Unicode.Scalar($0 + UInt8(ascii: "0"))) }
        if text.count <= scale { text.insert(contentsOf: repeatElement("0", count: scale + 1 - text.count), at: 0) }
        if scale > 0 { text.insert(".", at: text.count - scale) }
        return (negative ? "-" : "") + String(text)
    }

    var isZero: Bool { digits.isEmpty }

    /// Whether no digit after the point is other than 0.
    var isWhole: Bool { digits.suffix(scale).allSatisfy { $0 == 0 } }

    // MARK: Arithmetic

    /// The coefficient with `places` zeros appended (the same value at a larger scale).
    private func digits(atScale target: Int) -> [UInt8] {
        digits + repeatElement(0, count: target - scale)
    }

    public static func + (a: CELDecimal, b: CELDecimal) throws(CELError) -> CELDecimal {
        let scale = max(a.scale, b.scale)
        let (x, y) = (a.digits(atScale: scale), b.digits(atScale: scale))
        let sum = DecimalDigits.sum(x, negative: a.negative, y, negative: b.negative)
        return try CELDecimal(digits: sum.digits, scale: scale, negative: sum.negative)
    }

    public static prefix func - (a: CELDecimal) -> CELDecimal {
        // Same digits and scale: within bounds already.
        (try? CELDecimal(digits: a.digits, scale: a.scale, negative: !a.negative)) ?? a
    }

    public static func - (a: CELDecimal, b: CELDecimal) throws(CELError) -> CELDecimal { try a + -b }

    public static func * (a: CELDecimal, b: CELDecimal) throws(CELError) -> CELDecimal {
        guard a.digits.count + b.digits.count <= maxDigits + 1, a.scale + b.scale <= maxDigits else {
            throw CELError(.invalidArgument, "the product has more than \(maxDigits) digits", column: 0)
        }
        var product = [Int](repeating: 0, count: a.digits.count + b.digits.count)
        for (i, x) in a.digits.reversed().enumerated() where x != 0 {
            for (j, y) in b.digits.reversed().enumerated() { product[i + j] += Int(x) * Int(y) }
        }
        var carry = 0
        for index in product.indices {
            let total = product[index] + carry
            product[index] = total % 10
            carry = total / 10
        }
        return try CELDecimal(digits: product.reversed().map(UInt8.init), scale: a.scale + b.scale, negative: a.negative != b.negative)
    }

    /// The value times 10^places: `scale(2)` turns units into cents, `scale(-2)` cents into units.
    public func scaled(by places: Int64) throws(CELError) -> CELDecimal {
        guard places.magnitude <= UInt64(Self.maxDigits) else {
            throw CELError(.invalidArgument, "scale(\(places)) moves the point more than \(Self.maxDigits) places", column: 0)
        }
        let target = scale - Int(places)
        if target >= 0 { return try CELDecimal(digits: digits, scale: target, negative: negative) }
        return try CELDecimal(digits: digits + repeatElement(0, count: -target), scale: 0, negative: negative)
    }

    /// The value rounded to `places` digits after the point, half to even (2.345 → 2.34, 2.355 →
    /// 2.36), with exactly `places` digits after the point (`round(2)` of 5 is 5.00).
    public func rounded(places: Int64) throws(CELError) -> CELDecimal {
        guard places >= 0, places <= Self.maxDigits else {
            throw CELError(.invalidArgument, "round(\(places)): the places must be between 0 and \(Self.maxDigits)", column: 0)
        }
        let places = Int(places)
        if places >= scale { return try CELDecimal(digits: digits(atScale: places), scale: places, negative: negative) }
        let dropped = scale - places
        let padded = [UInt8](repeating: 0, count: max(0, dropped + 1 - digits.count)) + digits
        var kept = Array(padded.dropLast(dropped))
        let rest = padded.suffix(dropped)
        let first = rest.first ?? 0
        let beyondHalf = rest.dropFirst().contains { $0 != 0 }
        let up = first > 5 || (first == 5 && (beyondHalf || (kept.last ?? 0) % 2 == 1))
        if up { kept = DecimalDigits.add(kept, [1]) }
        return try CELDecimal(digits: kept, scale: places, negative: negative)
    }

    /// The integer, when the value is whole and fits `Int64`.
    public var int64: Int64? {
        guard isWhole else { return nil }
        let whole = digits.dropLast(scale)
        guard whole.count <= 19 else { return nil }
        let magnitude = whole.reduce(UInt64(0)) { $0 * 10 + UInt64($1) }
        if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// The nearest double.
    public var double: Double { Double(description) ?? .nan }

    /// -1, 0 or 1.
    public static func order(_ a: CELDecimal, _ b: CELDecimal) -> Int {
        if a.isZero && b.isZero { return 0 }
        if a.negative != b.negative { return a.negative ? -1 : 1 }
        let scale = max(a.scale, b.scale)
        let magnitude = DecimalDigits.compare(a.digits(atScale: scale), b.digits(atScale: scale))
        return a.negative ? -magnitude : magnitude
    }

    public static func == (a: CELDecimal, b: CELDecimal) -> Bool { order(a, b) == 0 }

    public func hash(into hasher: inout Hasher) {
        // Equal values hash alike: without the trailing zeros after the point.
        let zeros = min(scale, digits.reversed().prefix { $0 == 0 }.count)
        hasher.combine(negative)
        hasher.combine(digits.dropLast(zeros))
        hasher.combine(scale - zeros)
    }
}
