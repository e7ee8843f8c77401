/// Splits an expression into tokens, following CEL's lexical grammar.
struct Lexer {
    private let scalars: [Unicode.Scalar]
    var index = 0
    private var previous: Token.Kind = .end

    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    /// All tokens, the last one `.end`.
    static func tokens(of source: String) throws(CELError) -> [Token] {
        var lexer = Lexer(source)
        var tokens: [Token] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        index + ahead < scalars.count ? scalars[index + ahead] : nil
    }

    func error(_ message: String, at offset: Int) -> CELError {
        CELError(.syntax, message, column: offset + 1)
    }

    mutating func next() throws(CELError) -> Token {
        skipSpaceAndComments()
        let start = index
        guard let c = peek() else { return Token(kind: .end, offset: start) }
        let kind: Token.Kind
        if c.isDigit || (c == "." && peek(1)?.isDigit == true && !previousEndsOperand) {
            kind = try number()
        } else if c == "\"" || c == "'" {
            kind = .string(try quoted(raw: false, bytes: false).string)
        } else if c == "`" {
            index += 1
            var name = ""
            while let s = peek(), s != "`" { name.unicodeScalars.append(s); index += 1 }
            guard peek() == "`" else { throw error("the quoted field name starting here is not closed with '`'", at: start) }
            guard !name.isEmpty else { throw error("a quoted field name cannot be empty", at: start) }
            index += 1
            kind = .identifier(name)
        } else if c.isIdentifierStart {
            if let prefixed = try prefixedString() {
                kind = prefixed
            } else {
                var name = ""
                while let s = peek(), s.isIdentifierPart { name.unicodeScalars.append(s); index += 1 }
                kind = .identifier(name)
            }
        } else {
            kind = try punctuation()
        }
        previous = kind
        return Token(kind: kind, offset: start)
    }

    /// Whether the previous token ends an operand, so a `.` after it selects a field (`a.0` is not `a .0`).
    private var previousEndsOperand: Bool {
        switch previous {
        case .identifier, .int, .uint, .double, .string, .bytes, .intMinMagnitude: true
        case .punctuation(let p): p == ")" || p == "]" || p == "}"
        case .end: false
        }
    }

    private mutating func skipSpaceAndComments() {
        while let c = peek() {
            if c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" {
                index += 1
            } else if c == "/" && peek(1) == "/" {
                while let s = peek(), s != "\n" { index += 1 }
            } else {
                return
            }
        }
    }

    private static let punctuations = [
        "==", "!=", "<=", ">=", "&&", "||", "<", ">", "!", "+", "-", "*", "/", "%",
        "?", ":", ".", ",", "[", "]", "{", "}", "(", ")", "=",
    ]

    private mutating func punctuation() throws(CELError) -> Token.Kind {
        for text in Self.punctuations {
            let parts = Array(text.unicodeScalars)
            if parts.indices.allSatisfy({ peek($0) == parts[$0] }) {
                if text == "=" { break }
                index += parts.count
                return .punctuation(text)
            }
        }
        if scalars[index] == "=" {
            throw error("'=' is not an operator: compare with '=='", at: index)
        }
        if scalars[index] == "&" || scalars[index] == "|" {
            throw error("unexpected character '\(scalars[index])': the logical operators are '&&' and '||'", at: index)
        }
        throw error("unexpected character '\(scalars[index].escapedDescription)'", at: index)
    }

    private mutating func number() throws(CELError) -> Token.Kind {
        let start = index
        if peek() == "0", peek(1) == "x" || peek(1) == "X" {
            index += 2
            var digits = ""
            while let s = peek(), s.properties.isASCIIHexDigit { digits.unicodeScalars.append(s); index += 1 }
            guard !digits.isEmpty else { throw error("a hexadecimal literal needs digits after '0x'", at: start) }
            return try integer(digits, radix: 16, start: start)
        }
        var text = ""
        var isDouble = false
        while let s = peek(), s.isDigit { text.unicodeScalars.append(s); index += 1 }
        if peek() == ".", peek(1)?.isDigit == true {
            isDouble = true
            text += "."
            index += 1
            while let s = peek(), s.isDigit { text.unicodeScalars.append(s); index += 1 }
        }
        if peek() == "e" || peek() == "E" {
            var ahead = 1
            if peek(1) == "+" || peek(1) == "-" { ahead = 2 }
            if peek(ahead)?.isDigit == true {
                isDouble = true
                text += "e"
                if ahead == 2 { text.unicodeScalars.append(peek(1)!) }
                index += ahead
                while let s = peek(), s.isDigit { text.unicodeScalars.append(s); index += 1 }
            }
        }
        if isDouble {
            guard let value = Double(text.hasPrefix(".") ? "0" + text : text) else {
                throw error("malformed number '\(text)'", at: start)
            }
            return .double(value)
        }
        return try integer(text, radix: 10, start: start)
    }

    private mutating func integer(_ digits: String, radix: Int, start: Int) throws(CELError) -> Token.Kind {
        if peek() == "u" || peek() == "U" {
            index += 1
            guard let value = UInt64(digits, radix: radix) else {
                throw error("the unsigned integer literal '\(digits)' is larger than 18446744073709551615", at: start)
            }
            return .uint(value)
        }
        if let value = Int64(digits, radix: radix) { return .int(value) }
        if radix == 10, digits == "9223372036854775808" { return .intMinMagnitude }
        throw error("the integer literal '\(digits)' is larger than 9223372036854775807", at: start)
    }

    /// A string or bytes literal with an `r`, `b`, `rb` or `br` prefix (any case), or nil.
    private mutating func prefixedString() throws(CELError) -> Token.Kind? {
        var raw = false
        var bytes = false
        var ahead = 0
        while ahead < 2, let s = peek(ahead) {
            if (s == "r" || s == "R") && !raw { raw = true } else if (s == "b" || s == "B") && !bytes { bytes = true } else { break }
            ahead += 1
        }
        guard ahead > 0, let quote = peek(ahead), quote == "\"" || quote == "'" else { return nil }
        index += ahead
        let literal = try quoted(raw: raw, bytes: bytes)
        return bytes ? .bytes(literal.bytes) : .string(literal.string)
    }
}

extension Unicode.Scalar {
    var isDigit: Bool { ("0"..."9").contains(self) }
    var isIdentifierStart: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) || self == "_" }
    var isIdentifierPart: Bool { isIdentifierStart || isDigit }
    var escapedDescription: String { escaped(asASCII: true) }
}
