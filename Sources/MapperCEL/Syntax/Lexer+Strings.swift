extension Lexer {
    struct Literal {
        var bytes: [UInt8] = []
        var string: String { String(decoding: bytes, as: UTF8.self) }

        mutating func append(_ scalar: Unicode.Scalar) {
            bytes.append(contentsOf: Array(String(scalar).utf8))
        }
    }

    /// A quoted literal starting at the current quote: `'…'`, `"…"`, `'''…'''` or `"""…"""`.
    mutating func quoted(raw: Bool, bytes: Bool) throws(CELError) -> Literal {
        let start = index
        let quote = peek()!
        let triple = peek(1) == quote && peek(2) == quote
        index += triple ? 3 : 1
        var literal = Literal()
        while true {
            guard let c = peek() else {
                throw error("the string literal starting here is not closed", at: start)
            }
            if c == quote && (!triple || (peek(1) == quote && peek(2) == quote)) {
                index += triple ? 3 : 1
                return literal
            }
            if !triple && (c == "\n" || c == "\r") {
                throw error("a line break inside a single-quoted string literal; use ''' or \"\"\" for several lines", at: index)
            }
            if c == "\\" && !raw {
                try escape(into: &literal, bytes: bytes)
            } else if c == "\\" && raw {
                // A raw string keeps the backslash, but an escaped quote does not end it.
                literal.append(c)
                index += 1
                if let next = peek(), next == quote || next == "\\" { literal.append(next); index += 1 }
            } else {
                literal.append(c)
                index += 1
            }
        }
    }

    private mutating func escape(into literal: inout Literal, bytes: Bool) throws(CELError) {
        let start = index
        index += 1
        guard let c = peek() else { throw error("a backslash ends the expression", at: start) }
        index += 1
        let simple: [Unicode.Scalar: Unicode.Scalar] = [
            "a": "\u{07}", "b": "\u{08}", "f": "\u{0C}", "n": "\n", "r": "\r", "t": "\t", "v": "\u{0B}",
            "\\": "\\", "'": "'", "\"": "\"", "`": "`", "?": "?",
        ]
        if let scalar = simple[c] {
            literal.append(scalar)
            return
        }
        switch c {
        case "x", "X":
            let value = try hexDigits(2, start: start)
            if bytes { literal.bytes.append(UInt8(value)) } else { try appendCodePoint(value, to: &literal, start: start) }
        case "u":
            try appendCodePoint(try hexDigits(4, start: start), to: &literal, start: start)
        case "U":
            try appendCodePoint(try hexDigits(8, start: start), to: &literal, start: start)
        case "0"..."3":
            var value = UInt32(c.value - 48)
            for _ in 0..<2 {
                guard let d = peek(), ("0"..."7").contains(d) else {
                    throw error("an octal escape needs three digits", at: start)
                }
                value = value * 8 + (d.value - 48)
                index += 1
            }
            if bytes { literal.bytes.append(UInt8(value)) } else { try appendCodePoint(value, to: &literal, start: start) }
        default:
            throw error("unknown escape sequence '\\\(c.escapedDescription)'", at: start)
        }
    }

    private mutating func hexDigits(_ count: Int, start: Int) throws(CELError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let d = peek(), let digit = UInt32(String(d), radix: 16) else {
                throw error("the escape needs \(count) hexadecimal digits", at: start)
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private func appendCodePoint(_ value: UInt32, to literal: inout Literal, start: Int) throws(CELError) {
        guard let scalar = Unicode.Scalar(value) else {
            throw error("the escape names no Unicode character (a surrogate or beyond U+10FFFF)", at: start)
        }
        literal.append(scalar)
    }
}
