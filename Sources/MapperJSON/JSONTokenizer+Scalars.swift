extension JSONTokenizer.Parser {
    // MARK: - Strings

    /// Scans string content from `start` (just after the opening quote) to the closing quote, checking
    /// escapes, control characters and UTF-8; returns the quote's offset and the string flags.
    @inline(always) mutating func scanString(from start: Int) throws(JSONSyntaxError) -> (end: Int, flags: UInt8) {
        var i = start
        var flags: UInt8 = 0
        while true {
            if i + 16 <= count {
                // Two words per step: one branch per 16 bytes. (SWAR matches SIMD16 here in release
                // builds and is far faster in debug ones, where SIMD types are not lowered.)
                let low = JSONTokenizer.specialMask(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                let high = JSONTokenizer.specialMask(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)))
                if low | high == 0 {
                    i += 16
                    continue
                }
                i += low != 0 ? low.trailingZeroBitCount >> 3 : 8 + high.trailingZeroBitCount >> 3
            } else if i + 8 <= count {
                let mask = JSONTokenizer.specialMask(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                if mask == 0 {
                    i += 8
                    continue
                }
                i += mask.trailingZeroBitCount >> 3
            } else {
                guard i < count else { throw endOfInput() }
                let c = byte(i)
                if c >= 0x20 && c < 0x80 && c != UInt8(ascii: "\"") && c != UInt8(ascii: "\\") {
                    i += 1
                    continue
                }
            }
            let c = byte(i)
            if c == UInt8(ascii: "\"") { return (i, flags) }
            if c == UInt8(ascii: "\\") {
                flags |= JSONTape.hasEscapes
                i = try scanEscape(at: i)
            } else if c < 0x20 {
                throw fail("control character \(JSONTokenizer.unicodeName(UInt32(c))) must be escaped in strings", at: i, inChild: true)
            } else {
                flags |= JSONTape.hasNonASCII
                i = try scanUTF8(at: i)
            }
        }
    }

    /// Checks the escape starting with the backslash at `i`; returns the offset after it.
    mutating func scanEscape(at i: Int) throws(JSONSyntaxError) -> Int {
        guard i + 1 < count else { throw endOfInput() }
        switch byte(i + 1) {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return i + 2
        case UInt8(ascii: "u"):
            let unit = try hexEscape(at: i)
            switch unit {
            case 0xD800...0xDBFF:
                if i + 7 < count, byte(i + 6) == UInt8(ascii: "\\"), byte(i + 7) == UInt8(ascii: "u"),
                    case 0xDC00...0xDFFF = try hexEscape(at: i + 6)
                {
                    return i + 12
                }
                throw fail("lone surrogate \(JSONTokenizer.escapeText(unit))", at: i, inChild: true)
            case 0xDC00...0xDFFF:
                throw fail("lone surrogate \(JSONTokenizer.escapeText(unit))", at: i, inChild: true)
            default:
                return i + 6
            }
        default:
            let c = byte(i + 1)
            if c >= 0x20 && c < 0x7F {
                throw fail("invalid escape sequence '\\\(Character(Unicode.Scalar(c)))' in string", at: i, inChild: true)
            }
            throw fail("invalid escape sequence: '\\' followed by \(describeByte(at: i + 1))", at: i, inChild: true)
        }
    }

    /// The code unit of the `\uXXXX` escape whose backslash is at `i`.
    func hexEscape(at i: Int) throws(JSONSyntaxError) -> UInt32 {
        var unit: UInt32 = 0
        for offset in 2..<6 {
            guard i + offset < count else { throw endOfInput() }
            guard let digit = JSONTokenizer.hexDigit(byte(i + offset)) else {
                throw fail("invalid \\u escape: expected 4 hexadecimal digits", at: i, inChild: true)
            }
            unit = unit << 4 | digit
        }
        return unit
    }

    /// Checks the UTF-8 sequence whose lead byte (≥ 0x80) is at `i` (Unicode Table 3-7: no
    /// overlongs, no surrogates, nothing above U+10FFFF); returns the offset after it.
    mutating func scanUTF8(at i: Int) throws(JSONSyntaxError) -> Int {
        let lead = byte(i)
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw invalidUTF8(at: i)
        }
        for offset in 1..<length {
            guard i + offset < count else { throw endOfInput() }
            let c = byte(i + offset)
            guard c & 0xC0 == 0x80 else { throw invalidUTF8(at: i) }
            if offset == 1 && (c < low || c > high) { throw invalidUTF8(at: i) }
        }
        return i + length
    }

    // MARK: - Numbers

    /// Checks the number starting at `i` (a `-` or digit) against the RFC 8259 grammar and emits it;
    /// returns the offset after it.
    @inline(always) mutating func scanNumber(at start: Int) throws(JSONSyntaxError) -> Int {
        var i = start
        var flags = JSONTape.isInteger
        if byte(i) == UInt8(ascii: "-") {
            flags |= JSONTape.isNegative
            i += 1
            guard i < count else { throw endOfInput() }
            guard byte(i) &- 0x30 < 10 else {
                if nonNumberName(at: start) != nil { throw badValue(at: start) }
                throw fail("expected a digit after '-', found \(describeByte(at: i))", at: i, inChild: true)
            }
        }
        if byte(i) == UInt8(ascii: "0") {
            i += 1
            if i < count {
                let c = byte(i)
                if c &- 0x30 < 10 { throw fail("leading zeros are not allowed in numbers", at: start, inChild: true) }
                if c == UInt8(ascii: "x") || c == UInt8(ascii: "X") {
                    throw fail("hexadecimal numbers are not allowed in JSON", at: start, inChild: true)
                }
            }
        } else {
            i += 1
            while i < count && byte(i) &- 0x30 < 10 { i += 1 }
        }
        if i < count && byte(i) == UInt8(ascii: ".") {
            flags = flags & ~JSONTape.isInteger
            i += 1
            guard i < count else { throw endOfInput() }
            guard byte(i) &- 0x30 < 10 else {
                throw fail("expected a digit after the decimal point, found \(describeByte(at: i))", at: i, inChild: true)
            }
            while i < count && byte(i) &- 0x30 < 10 { i += 1 }
        }
        if i < count && byte(i) | 0x20 == UInt8(ascii: "e") {
            flags = flags & ~JSONTape.isInteger
            i += 1
            if i < count && (byte(i) == UInt8(ascii: "+") || byte(i) == UInt8(ascii: "-")) { i += 1 }
            guard i < count else { throw endOfInput() }
            guard byte(i) &- 0x30 < 10 else {
                throw fail("expected a digit in the exponent, found \(describeByte(at: i))", at: i, inChild: true)
            }
            while i < count && byte(i) &- 0x30 < 10 { i += 1 }
        }
        emit(.number, flags: flags, start: start, length: i - start)
        return i
    }
}

extension JSONTokenizer {
    /// High bit set in every byte of `word` that is `"`, `\`, below 0x20 or (with `nonASCII`)
    /// ≥ 0x80. Bytes after the first flagged one may be flagged wrongly (borrows), so only the
    /// lowest flag is meaningful.
    @inline(__always) static func specialMask(_ word: UInt64, nonASCII: Bool = true) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote
        let hasBackslash = (backslash &- ones) & ~backslash
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl | (nonASCII ? word : 0)) & (ones &* 0x80)
    }

    @inline(__always) static func hexDigit(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(c &- 0x30)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(c &- 0x57)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(c &- 0x37)
        default: return nil
        }
    }

    /// `U+001F`
    static func unicodeName(_ value: UInt32) -> String {
        "U+" + hex(value, width: 4)
    }

    /// `\uD800`
    static func escapeText(_ unit: UInt32) -> String {
        "\\u" + hex(unit, width: 4)
    }

    static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
