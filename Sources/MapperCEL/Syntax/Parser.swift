/// Parses CEL's grammar (precedence climbing over `?:`, `||`, `&&`, relations, `+ -`, `* / %`,
/// unary `! -`, member access) into an `Expr` tree; macros become comprehension nodes.
struct Parser {
    /// Nesting deeper than this is refused, so that neither parsing nor evaluation can exhaust the stack.
    static let maximumDepth = 250

    private let tokens: [Token]
    private var position = 0
    private var depth = 0

    static func parse(_ source: String) throws(CELError) -> Expr {
        var parser = Parser(tokens: try Lexer.tokens(of: source))
        let expr = try parser.expression()
        let last = parser.current
        guard last.kind == .end else {
            throw CELError(.syntax, "unexpected \(last.described) after the end of the expression", column: last.offset + 1)
        }
        return expr
    }

    private init(tokens: [Token]) {
        self.tokens = tokens
    }

    var current: Token { tokens[position] }

    private mutating func advance() -> Token {
        let token = tokens[position]
        if token.kind != .end { position += 1 }
        return token
    }

    private mutating func accept(_ text: String) -> Token? {
        current.isPunctuation(text) ? advance() : nil
    }

    @discardableResult
    private mutating func expect(_ text: String, _ context: String) throws(CELError) -> Token {
        guard let token = accept(text) else {
            throw CELError(.syntax, "expected '\(text)' \(context), found \(current.described)", column: current.offset + 1)
        }
        return token
    }

    private mutating func nest() throws(CELError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw CELError(.syntax, "the expression is nested more than \(Self.maximumDepth) levels deep", column: current.offset + 1)
        }
    }

    mutating func expression() throws(CELError) -> Expr {
        let saved = depth
        defer { depth = saved }
        try nest()
        let condition = try binary(level: 0)
        guard let question = accept("?") else { return condition }
        let then = try binary(level: 0)
        try expect(":", "after the first branch of '?'")
        let otherwise = try expression()
        return Expr(.call("_?_:_", target: nil, arguments: [condition, then, otherwise]), at: question.offset)
    }

    private static let levels: [[String]] = [["||"], ["&&"], ["<", "<=", ">", ">=", "==", "!=", "in"], ["+", "-"], ["*", "/", "%"]]

    private func binaryOperator(level: Int) -> String? {
        switch current.kind {
        case .punctuation(let text) where Self.levels[level].contains(text): text
        case .identifier("in") where level == 2: "in"
        default: nil
        }
    }

    private mutating func binary(level: Int) throws(CELError) -> Expr {
        guard level < Self.levels.count else { return try unary() }
        let saved = depth
        defer { depth = saved }
        var left = try binary(level: level + 1)
        while let op = binaryOperator(level: level) {
            let token = advance()
            try nest()
            let right = try binary(level: level + 1)
            let name = op == "in" ? "@in" : "_\(op)_"
            left = Expr(.call(name, target: nil, arguments: [left, right]), at: token.offset)
        }
        return left
    }

    private mutating func unary() throws(CELError) -> Expr {
        let saved = depth
        defer { depth = saved }
        if current.isPunctuation("!") {
            let token = advance()
            try nest()
            return Expr(.call("!_", target: nil, arguments: [try unary()]), at: token.offset)
        }
        if current.isPunctuation("-") {
            let token = advance()
            try nest()
            // A literal right after the minus is a negative literal, so -9223372036854775808 is an int.
            let next = current
            let followedByMember =
                tokens[min(position + 1, tokens.count - 1)].isPunctuation(".")
                || tokens[min(position + 1, tokens.count - 1)].isPunctuation("[")
            if !followedByMember {
                switch next.kind {
                case .int(let value):
                    _ = advance()
                    return Expr(.literal(.int(-value)), at: token.offset)
                case .intMinMagnitude:
                    _ = advance()
                    return Expr(.literal(.int(.min)), at: token.offset)
                case .double(let value):
                    _ = advance()
                    return Expr(.literal(.double(-value)), at: token.offset)
                default: break
                }
            }
            return Expr(.call("-_", target: nil, arguments: [try unary()]), at: token.offset)
        }
        return try member()
    }

    private mutating func member() throws(CELError) -> Expr {
        var expr = try primary()
        while true {
            if let dot = accept(".") {
                let nameToken = advance()
                guard case .identifier(let name) = nameToken.kind else {
                    throw CELError(
                        .syntax, "expected a field or method name after '.', found \(nameToken.described)", column: nameToken.offset + 1)
                }
                if accept("(") != nil {
                    let arguments = try list(closing: ")", "to close the argument list")
                    expr =
                        try Macros.expand(name, target: expr, arguments: arguments, at: dot.offset)
                        ?? Expr(.call(name, target: expr, arguments: arguments), at: dot.offset)
                } else {
                    expr = Expr(.select(expr, name, testOnly: false), at: dot.offset, fieldAt: nameToken.offset)
                }
            } else if let bracket = accept("[") {
                let index = try expression()
                try expect("]", "to close the index")
                expr = Expr(.call("_[_]", target: nil, arguments: [expr, index]), at: bracket.offset)
            } else if current.isPunctuation("{"), let name = expr.qualifiedName {
                throw CELError(
                    .syntax, "message construction ('\(name.name){…}') is not supported: protocol buffer messages are out of scope",
                    column: current.offset + 1)
            } else {
                return expr
            }
        }
    }

    private static let reserved: Set<String> = [
        "as", "break", "const", "continue", "else", "for", "function", "if", "import", "let", "loop", "package",
        "namespace", "return", "var", "void", "while", "in",
    ]

    private mutating func primary() throws(CELError) -> Expr {
        let token = advance()
        switch token.kind {
        case .int(let value): return Expr(.literal(.int(value)), at: token.offset)
        case .uint(let value): return Expr(.literal(.uint(value)), at: token.offset)
        case .double(let value): return Expr(.literal(.double(value)), at: token.offset)
        case .string(let value): return Expr(.literal(.string(value)), at: token.offset)
        case .bytes(let value): return Expr(.literal(.bytes(value)), at: token.offset)
        case .intMinMagnitude:
            throw CELError(
                .syntax, "the integer literal '9223372036854775808' is larger than 9223372036854775807", column: token.offset + 1)
        case .identifier(let name):
            return try identifier(name, at: token.offset, rooted: false)
        case .punctuation("."):
            let nameToken = advance()
            guard case .identifier(let name) = nameToken.kind else {
                throw CELError(.syntax, "expected a name after the leading '.', found \(nameToken.described)", column: nameToken.offset + 1)
            }
            return try identifier(name, at: token.offset, rooted: true)
        case .punctuation("("):
            let inner = try expression()
            try expect(")", "to close the parenthesis")
            return inner
        case .punctuation("["):
            return Expr(.list(try list(closing: "]", "to close the list")), at: token.offset)
        case .punctuation("{"):
            return Expr(.map(try mapEntries()), at: token.offset)
        default:
            throw CELError(.syntax, "expected an expression, found \(token.described)", column: token.offset + 1)
        }
    }

    private mutating func identifier(_ name: String, at offset: Int, rooted: Bool) throws(CELError) -> Expr {
        switch name {
        case "true" where !rooted: return Expr(.literal(.bool(true)), at: offset)
        case "false" where !rooted: return Expr(.literal(.bool(false)), at: offset)
        case "null" where !rooted: return Expr(.literal(.null), at: offset)
        default: break
        }
        if Self.reserved.contains(name) {
            throw CELError(.syntax, "'\(name)' is a reserved word and cannot name a variable or function", column: offset + 1)
        }
        if accept("(") != nil {
            let arguments = try list(closing: ")", "to close the argument list")
            if !rooted, let macro = try Macros.expand(name, target: nil, arguments: arguments, at: offset) { return macro }
            return Expr(.call(rooted ? "." + name : name, target: nil, arguments: arguments), at: offset)
        }
        return Expr(.identifier(name, rooted: rooted), at: offset)
    }

    /// Comma-separated expressions up to `closing` (a trailing comma is allowed).
    private mutating func list(closing: String, _ context: String) throws(CELError) -> [Expr] {
        var items: [Expr] = []
        while accept(closing) == nil {
            items.append(try expression())
            if accept(",") == nil {
                try expect(closing, context)
                break
            }
        }
        return items
    }

    private mutating func mapEntries() throws(CELError) -> [(key: Expr, value: Expr)] {
        var entries: [(key: Expr, value: Expr)] = []
        while accept("}") == nil {
            let key = try expression()
            try expect(":", "between a map key and its value")
            let value = try expression()
            entries.append((key, value))
            if accept(",") == nil {
                try expect("}", "to close the map")
                break
            }
        }
        return entries
    }
}
