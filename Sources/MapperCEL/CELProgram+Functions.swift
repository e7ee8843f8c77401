extension CELProgram {
    /// The plain calls the expression makes (`units(x)`; not `x.units()`, not `json.parse(x)`),
    /// with the 1-based column of each, in the order they are written: what a program that adds
    /// functions written in CEL reads to find which call which (and so refuse recursion).
    public var plainCalls: [(name: String, column: Int)] {
        var found: [(name: String, column: Int)] = []
        Self.collectCalls(root, into: &found)
        return found
    }

    private static func collectCalls(_ expr: Expr, into found: inout [(name: String, column: Int)]) {
        switch expr.kind {
        case .literal, .identifier: return
        case .select(let operand, _, _): collectCalls(operand, into: &found)
        case .call(let name, let target, let arguments):
            if let target {
                collectCalls(target, into: &found)
            } else if !name.hasPrefix("_"), !name.hasPrefix("@"), name != "!_", name != "-_" {
                found.append((name, expr.offset + 1))
            }
            for argument in arguments { collectCalls(argument, into: &found) }
        case .list(let items):
            for item in items { collectCalls(item, into: &found) }
        case .map(let entries):
            for entry in entries {
                collectCalls(entry.key, into: &found)
                collectCalls(entry.value, into: &found)
            }
        case .comprehension(_, let range, _, _, let arguments):
            collectCalls(range, into: &found)
            for argument in arguments { collectCalls(argument, into: &found) }
        }
    }

    /// Whether CEL already gives `name` a meaning a function of the embedding program would
    /// hide: a library function, a macro (`has`, `map`, …), a type name or a reserved word.
    package static func isBuiltIn(_ name: String) -> Bool {
        Library.known.contains(name) || Overloads.functionNames.contains(name) || CELType.named[name] != nil
            || reservedNames.contains(name)
    }

    /// The macros and the words CEL reserves.
    private static let reservedNames: Set<String> = [
        "has", "all", "exists", "exists_one", "existsOne", "map", "filter", "transformList", "transformMap", "transformMapEntry",
        "true", "false", "null", "in", "as", "break", "const", "continue", "else", "for", "function", "if", "import", "let",
        "loop", "package", "namespace", "return", "var", "void", "while",
    ]
}
