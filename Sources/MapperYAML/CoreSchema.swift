/// YAML 1.2 core schema resolution of plain scalars.
///
/// Unlike YAML 1.1 (and libyaml's own defaults), `yes`, `no`, `on`, `off`, `y` and `n` are strings;
/// only `true`/`false` are booleans, in any letter case.
enum CoreSchema {
    static func resolve(plain text: String) -> Scalar.Kind {
        // Most plain scalars are words; only these characters can begin a null, a boolean or a number.
        if let first = text.utf8.first {
            switch first {
            case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"),
                UInt8(ascii: "F"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
                break
            default:
                return .string
            }
        }
        if isNull(text) { return .null }
        if isBool(text) { return .bool }
        if isInteger(text) { return .int }
        if isFloat(text) { return .float }
        return .string
    }

    static func isNull(_ text: String) -> Bool {
        text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    static func isBool(_ text: String) -> Bool {
        text.utf8.count <= 5 && (text.lowercased() == "true" || text.lowercased() == "false")
    }

    static func isInteger(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(isInteger)
    }

    /// Reads the bytes in place: a plain scalar is classified as it is read, so this must not allocate.
    private static func isInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "x") { return bytes[2...].allSatisfy(isHexDigit) }
            if bytes[1] == UInt8(ascii: "o") { return bytes[2...].allSatisfy { $0 >= 0x30 && $0 <= 0x37 } }
        }
        var digits = bytes[...]
        if let first = digits.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        return !digits.isEmpty && digits.allSatisfy(isDigit)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?\.inf`, `.nan` (three spellings each).
    static func isFloat(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { whole in
            var bytes = whole[...]
            if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
                bytes = bytes.dropFirst()
                return isInfinity(bytes) || isUnsignedFloat(bytes)
            }
            return isInfinity(bytes) || isNaN(bytes) || isUnsignedFloat(bytes)
        }
    }

    /// `.inf`, `.Inf` or `.INF`.
    private static func isInfinity(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        bytes.elementsEqual(".inf".utf8) || bytes.elementsEqual(".Inf".utf8) || bytes.elementsEqual(".INF".utf8)
    }

    /// `.nan`, `.NaN` or `.NAN`.
    private static func isNaN(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        bytes.elementsEqual(".nan".utf8) || bytes.elementsEqual(".NaN".utf8) || bytes.elementsEqual(".NAN".utf8)
    }

    private static func isUnsignedFloat(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var index = bytes.startIndex
        func digits() -> Int {
            let start = index
            while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
            return index - start
        }
        let whole = digits()
        var fraction = 0
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fraction = digits()
            if whole == 0 && fraction == 0 { return false }
        } else if whole == 0 {
            return false
        }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            if digits() == 0 { return false }
        }
        return index == bytes.endIndex
    }

    /// The value of a core-schema integer (`12`, `-3`, `0x1F`, `0o17`) when it fits in `Int64`.
    static func integerValue(_ text: String) -> Int64? {
        if text.hasPrefix("0x") { return Int64(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("0o") { return Int64(text.dropFirst(2), radix: 8) }
        if text.hasPrefix("+") { return Int64(text.dropFirst()) }
        return Int64(text)
    }

    static func floatValue(_ text: String) -> Double? {
        switch text.lowercased() {
        case ".inf", "+.inf": return .infinity
        case "-.inf": return -.infinity
        case ".nan": return .nan
        default: return Double(text)
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }
}
