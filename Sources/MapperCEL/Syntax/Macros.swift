/// CEL's macros: calls whose arguments are not all evaluated first (`has`, the comprehensions).
enum Macros {
    /// The macro `name` with these arguments stands for, or nil for an ordinary call.
    static func expand(_ name: String, target: Expr?, arguments: [Expr], at offset: Int) throws(CELError) -> Expr? {
        guard let target else {
            guard name == "has", arguments.count == 1 else { return nil }
            guard case .select(let operand, let field, testOnly: false) = arguments[0].kind else {
                throw CELError(.syntax, "has() needs a field selection, such as has(a.b)", column: arguments[0].offset + 1)
            }
            return Expr(.select(operand, field, testOnly: true), at: offset, fieldAt: arguments[0].fieldOffset)
        }
        let macro: Expr.Macro
        let variables: Int
        switch (name, arguments.count) {
        case ("all", 2): (macro, variables) = (.all, 1)
        case ("all", 3): (macro, variables) = (.all, 2)
        case ("exists", 2): (macro, variables) = (.exists, 1)
        case ("exists", 3): (macro, variables) = (.exists, 2)
        case ("exists_one", 2), ("existsOne", 2): (macro, variables) = (.existsOne, 1)
        case ("exists_one", 3), ("existsOne", 3): (macro, variables) = (.existsOne, 2)
        case ("map", 2), ("map", 3): (macro, variables) = (.map, 1)
        case ("filter", 2): (macro, variables) = (.filter, 1)
        case ("transformList", 3), ("transformList", 4): (macro, variables) = (.transformList, 2)
        case ("transformMap", 3), ("transformMap", 4): (macro, variables) = (.transformMap, 2)
        case ("transformMapEntry", 3), ("transformMapEntry", 4): (macro, variables) = (.transformMapEntry, 2)
        default: return nil
        }
        var names: [String] = []
        for argument in arguments.prefix(variables) {
            guard case .identifier(let variable, rooted: false) = argument.kind else {
                throw CELError(.syntax, "the argument of \(name)() must be a simple variable name", column: argument.offset + 1)
            }
            names.append(variable)
        }
        if variables == 2, names[0] == names[1] {
            throw CELError(
                .syntax, "\(name)() needs two different variable names, found '\(names[0])' twice", column: arguments[1].offset + 1)
        }
        return Expr(
            .comprehension(
                macro, range: target, variable: names[0], variable2: variables == 2 ? names[1] : nil,
                arguments: Array(arguments.dropFirst(variables))),
            at: offset)
    }
}
