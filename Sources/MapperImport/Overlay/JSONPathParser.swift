import MapperKit

/// A recursive-descent parser over the characters of an expression (RFC 9535 §2.1 grammar).
struct JSONPathParser {
    private let characters: [Character]
    private var position = 0

    init(_ text: String) {
        characters = Array(text)
    }

    private var current: Character? { position < characters.count ? characters[position] : nil }

    private func peek(_ offset: Int) -> Character? {
        position + offset < characters.count ? characters[position + offset] : nil
    }

    private func error(_ message: String, at index: Int? = nil) -> JSONPath.SyntaxError {
        JSONPath.SyntaxError(message: message, column: (index ?? position) + 1)
    }

    /// What is at the current position, for messages: `'x'` or `the end`.
    private var found: String { current.map { "'\($0)'" } ?? "the end of the expression" }

    mutating func parseQuery() throws(JSONPath.SyntaxError) -> [JSONPath.Segment] {
        guard current == "$" else { throw error("a JSONPath query starts with '$', found \(found)") }
        position += 1
        let segments = try parseSegments()
        guard current == nil else {
            throw error("unexpected \(found) after the query; a segment starts with '.', '..' or '['")
        }
        return segments
    }

    private mutating func parseSegments() throws(JSONPath.SyntaxError) -> [JSONPath.Segment] {
        var segments: [JSONPath.Segment] = []
        while let character = current {
            if character == "[" {
                segments.append(.init(descendant: false, selectors: try parseBracket()))
            } else if character == "." {
                position += 1
                let descendant = current == "."
                if descendant { position += 1 }
                if descendant, current == "[" {
                    segments.append(.init(descendant: true, selectors: try parseBracket()))
                } else if current == "*" {
                    position += 1
                    segments.append(.init(descendant: descendant, selectors: [.wildcard]))
                } else if let name = parseShorthandName() {
                    segments.append(.init(descendant: descendant, selectors: [.name(name)]))
                } else {
                    throw error("expected a name, '*' or '[' after '\(descendant ? ".." : ".")', found \(found)")
                }
            } else {
                break
            }
        }
        return segments
    }

    /// `name` in `.name`: a letter, `_` or non-ASCII first, then those, digits and `-`.
    private mutating func parseShorthandName() -> String? {
        guard let first = current, first.isLetter || first == "_" || !first.isASCII else { return nil }
        let start = position
        while let character = current,
            character.isLetter || character.isNumber || character == "_" || character == "-" || !character.isASCII
        {
            position += 1
        }
        return String(characters[start..<position])
    }

    private mutating func skipBlanks() {
        while let character = current, character == " " || character == "\t" || character == "\n" || character == "\r" {
            position += 1
        }
    }

    private mutating func parseBracket() throws(JSONPath.SyntaxError) -> [JSONPath.Selector] {
        let open = position
        position += 1
        var selectors: [JSONPath.Selector] = []
        while true {
            skipBlanks()
            selectors.append(try parseSelector())
            skipBlanks()
            if current == "," {
                position += 1
                continue
            }
            guard current == "]" else {
                if current == nil { throw error("the '[' at column \(open + 1) is never closed with ']'") }
                throw error("expected ',' or ']' in a bracket, found \(found)")
            }
            position += 1
            return selectors
        }
    }

    private mutating func parseSelector() throws(JSONPath.SyntaxError) -> JSONPath.Selector {
        switch current {
        case "'", "\"":
            return .name(try parseString())
        case "*":
            position += 1
            return .wildcard
        case "?":
            position += 1
            skipBlanks()
            return .filter(try parseOr())
        case let character? where character == "-" || character == ":" || character.isASCII && character.isNumber:
            return try parseIndexOrSlice()
        default:
            throw error("expected a selector (a quoted name, '*', an index, a slice or '?' filter), found \(found)")
        }
    }

    private mutating func parseIndexOrSlice() throws(JSONPath.SyntaxError) -> JSONPath.Selector {
        let start = current == ":" ? nil : try parseInteger()
        skipBlanks()
        guard current == ":" else {
            guard let start else { throw error("expected an index, found \(found)") }
            return .index(start)
        }
        position += 1
        skipBlanks()
        let end = current == "-" || current?.isNumber == true ? try parseInteger() : nil
        skipBlanks()
        var step = 1
        if current == ":" {
            position += 1
            skipBlanks()
            if current == "-" || current?.isNumber == true { step = try parseInteger() }
        }
        return .slice(start: start, end: end, step: step)
    }

    private mutating func parseInteger() throws(JSONPath.SyntaxError) -> Int {
        let start = position
        if current == "-" { position += 1 }
        while let character = current, character.isASCII, character.isNumber { position += 1 }
        let text = String(characters[start..<position])
        guard let value = Int(text), text != "-0", !(text.count > 1 && text.hasPrefix("0")), !text.hasPrefix("-0") else {
            throw error("'\(text)' is not an index: an integer without leading zeros", at: start)
        }
        return value
    }

    /// A single- or double-quoted string with RFC 9535 escapes.
    mutating func parseString() throws(JSONPath.SyntaxError) -> String {
        let open = position
        let quote = characters[position]
        position += 1
        var text = ""
        while let character = current {
            position += 1
            if character == quote { return text }
            guard character == "\\" else {
                text.append(character)
                continue
            }
            guard let escaped = current else { break }
            position += 1
            switch escaped {
            case "b": text.append("\u{8}")
            case "f": text.append("\u{C}")
            case "n": text.append("\n")
            case "r": text.append("\r")
            case "t": text.append("\t")
            case "/", "\\", "'", "\"": text.append(escaped)
            case "u":
                let hex = String(characters[position..<min(position + 4, characters.count)])
                guard hex.count == 4, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                    throw error("'\\u' needs four hex digits naming a character", at: position - 2)
                }
                position += 4
                text.unicodeScalars.append(scalar)
            default:
                throw error("'\\\(escaped)' is not an escape; use \\\\, \\', \\\", \\n, \\t or \\uXXXX", at: position - 2)
            }
        }
        throw error("the string starting at column \(open + 1) is never closed with \(quote)", at: open)
    }

    // MARK: - Filters

    private mutating func parseOr() throws(JSONPath.SyntaxError) -> JSONPath.Filter {
        var terms = [try parseAnd()]
        while current == "|" {
            guard peek(1) == "|" else { throw error("'|' is not an operator; use '||'") }
            position += 2
            skipBlanks()
            terms.append(try parseAnd())
        }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    private mutating func parseAnd() throws(JSONPath.SyntaxError) -> JSONPath.Filter {
        var terms = [try parseBasic()]
        skipBlanks()
        while current == "&" {
            guard peek(1) == "&" else { throw error("'&' is not an operator; use '&&'") }
            position += 2
            skipBlanks()
            terms.append(try parseBasic())
            skipBlanks()
        }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    private mutating func parseBasic() throws(JSONPath.SyntaxError) -> JSONPath.Filter {
        if current == "!", peek(1) != "=" {
            position += 1
            skipBlanks()
            return .not(try parseBasic())
        }
        if current == "(" {
            let open = position
            position += 1
            skipBlanks()
            let inner = try parseOr()
            skipBlanks()
            guard current == ")" else { throw error("the '(' at column \(open + 1) is never closed with ')', found \(found)") }
            position += 1
            return inner
        }
        let start = position
        let left = try parseOperand()
        skipBlanks()
        guard let comparison = parseComparison() else {
            guard case .query(let query) = left else {
                throw error(
                    "a literal alone is not a test; compare it, as in '@.name == \(String(characters[start..<position]))'", at: start)
            }
            return .exists(query)
        }
        skipBlanks()
        let rightStart = position
        let right = try parseOperand()
        for (operand, at) in [(left, start), (right, rightStart)] {
            if case .query(let query) = operand, !query.isSingular {
                throw error("a comparison needs a query that selects at most one node (names and indexes only)", at: at)
            }
        }
        return .compare(left, comparison, right)
    }

    private mutating func parseComparison() -> JSONPath.Comparison? {
        for comparison in [JSONPath.Comparison.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater] {
            let symbol = Array(comparison.rawValue)
            if position + symbol.count <= characters.count, Array(characters[position..<position + symbol.count]) == symbol {
                position += symbol.count
                return comparison
            }
        }
        return nil
    }

    private mutating func parseOperand() throws(JSONPath.SyntaxError) -> JSONPath.Operand {
        switch current {
        case "@", "$":
            let relative = current == "@"
            position += 1
            return .query(.init(relative: relative, segments: try parseSegments()))
        case "'", "\"":
            return .literal(.string(try parseString()))
        case let character? where character == "-" || character.isASCII && character.isNumber:
            return .literal(try parseNumber())
        case let character? where character.isLetter:
            let start = position
            while let next = current, next.isLetter || next.isNumber || next == "_" { position += 1 }
            let word = String(characters[start..<position])
            switch word {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "null": return .literal(.null)
            default:
                if current == "(" { throw error("the function '\(word)()' is not supported", at: start) }
                throw error("'\(word)' is not a value; quote a string ('\(word)') or start a query with '@'", at: start)
            }
        default:
            throw error("expected '@', '$', a string, a number, true, false or null, found \(found)")
        }
    }

    private mutating func parseNumber() throws(JSONPath.SyntaxError) -> JSONValue {
        let start = position
        let allowed = Set("0123456789+-.eE")
        while let character = current, allowed.contains(character) { position += 1 }
        let text = String(characters[start..<position])
        guard let number = JSONNumber(text) else { throw error("'\(text)' is not a number", at: start) }
        return .number(number)
    }
}
