extension CELProgram {
    /// The field paths the expression reads from `variable`: `input.user.login` gives
    /// `["user", "login"]`, `has(input.email)` and `input["first name"]` give `["email"]` and
    /// `["first name"]`. A name a comprehension binds hides the variable inside it. `whole` is
    /// true when the expression also uses the variable another way (passes it to a function,
    /// indexes it with a computed key), so that any of its fields may be read.
    public func fieldPaths(of variable: String) -> (paths: [[String]], whole: Bool) {
        let found = selections(of: variable)
        return (found.selections.map(\.path), found.whole)
    }

    /// Each selection of `variable`'s fields (as `fieldPaths`), with the 1-based column (in
    /// characters) where it starts in the source, for diagnostics.
    public func selections(of variable: String) -> (selections: [(path: [String], column: Int)], whole: Bool) {
        var paths: [(path: [String], column: Int)] = []
        var whole = false
        func visit(_ expr: Expr, hidden: Bool) {
            if !hidden, let found = expr.fieldPath(of: variable) {
                if found.isEmpty { whole = true } else { paths.append((found, expr.nameOffset + 1)) }
                return
            }
            switch expr.kind {
            case .literal, .identifier: break
            case .select(let operand, _, _): visit(operand, hidden: hidden)
            case .call(_, let target, let arguments):
                if let target { visit(target, hidden: hidden) }
                for argument in arguments { visit(argument, hidden: hidden) }
            case .list(let elements):
                for element in elements { visit(element, hidden: hidden) }
            case .map(let entries):
                for entry in entries {
                    visit(entry.key, hidden: hidden)
                    visit(entry.value, hidden: hidden)
                }
            case .comprehension(_, let range, let name, let name2, let arguments):
                visit(range, hidden: hidden)
                let inner = hidden || name == variable || name2 == variable
                for argument in arguments { visit(argument, hidden: inner) }
            }
        }
        visit(root, hidden: false)
        return (paths, whole)
    }
}

extension CELProgram {
    /// Whether evaluating may read `variable`'s value itself, rather than only the fields
    /// `binding(fieldsOf:to:)` gave positions: a caller that passes those fields need not build
    /// the variable's value when this is false.
    public func uses(_ variable: String) -> Bool {
        func visit(_ expr: Expr, _ locals: Set<String>) -> Bool {
            switch expr.kind {
            case .literal: return false
            case .identifier(let name, _):
                if case .variable(let bound) = expr.binding { return bound == variable }
                return name == variable && !locals.contains(name)
            case .select(let operand, _, _):
                if case .slot = expr.binding { return false }
                if case .variable(let bound) = expr.binding { return bound == variable }
                return visit(operand, locals)
            case .call(_, let target, let arguments):
                return target.map { visit($0, locals) } == true || arguments.contains { visit($0, locals) }
            case .list(let elements):
                return elements.contains { visit($0, locals) }
            case .map(let entries):
                return entries.contains { visit($0.key, locals) || visit($0.value, locals) }
            case .comprehension(_, let range, let local, let local2, let arguments):
                let inner = locals.union([local] + (local2.map { [$0] } ?? []))
                return visit(range, locals) || arguments.contains { visit($0, inner) }
            }
        }
        return visit(bound, [])
    }
}

extension Expr {
    /// The path this expression selects from `variable`, when it is only selections (`has()`'s
    /// too) and literal string indexes on it: `self.owner["first name"]` is `["owner", "first name"]`.
    func fieldPath(of variable: String) -> [String]? {
        switch kind {
        case .identifier(let name, _):
            return name == variable ? [] : nil
        case .select(let operand, let field, _):
            return operand.fieldPath(of: variable).map { $0 + [field] }
        case .call("_[_]", nil, let arguments) where arguments.count == 2:
            guard case .literal(.string(let key)) = arguments[1].kind else { return nil }
            return arguments[0].fieldPath(of: variable).map { $0 + [key] }
        default:
            return nil
        }
    }
}
