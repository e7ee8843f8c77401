/// CEL's gradual type checker: deduces each sub-expression's type from the variables' declared
/// types, the literals and the library's signatures (`Overloads`), failing where no overload can
/// apply, a condition cannot be a bool or an `.object` lacks a selected field. `dyn` (what an
/// undeclared variable is) fits everywhere, so whatever depends on it is checked at evaluation.
struct Checker {
    let variables: [String: CELCheckedType]
    let container: String
    let functions: [String: CELFunction]
    var substitution = Substitution()
    /// Comprehension variables, innermost last.
    var locals: [(name: String, type: CheckType)] = []

    init(variables: [String: CELCheckedType], container: String, functions: [String: CELFunction]) {
        self.variables = variables
        self.container = container
        self.functions = functions
    }

    mutating func check(_ expr: Expr) throws(CELError) -> CheckType {
        switch expr.kind {
        case .literal(let value):
            return CheckType(of: value)
        case .identifier(let name, let rooted):
            if !rooted, let local = locals.last(where: { $0.name == name }) { return local.type }
            return resolve(name, rooted: rooted) ?? .dyn
        case .select(let operand, let field, let testOnly):
            // As the evaluator: the longest dotted name that is a variable or a type wins (`a.b.c`
            // may be a variable `a.b` and a field `c`).
            if !testOnly, let (name, rooted) = expr.qualifiedName, !isLocal(name, rooted: rooted),
                let type = resolve(name, rooted: rooted)
            {
                return type
            }
            let operandType = try check(operand)
            let fieldType = try select(field, of: operandType, at: expr)
            return testOnly ? .bool : fieldType
        case .call(let name, let target, let arguments):
            return try call(name, target: target, arguments: arguments, at: expr)
        case .list(let items):
            var element: CheckType?
            for item in items {
                let type = try check(item)
                element = element.map { substitution.common($0, type) } ?? type
            }
            return .list(element ?? substitution.fresh())
        case .map(let entries):
            var key: CheckType?
            var value: CheckType?
            for entry in entries {
                let keyType = try check(entry.key)
                switch substitution.resolve(keyType) {
                case .int, .uint, .bool, .string, .dyn, .variable: break
                case let other:
                    throw CELError(
                        .typeMismatch, text: "a map key must be an int, uint, bool or string, not \(substitution.checked(other))",
                        column: entry.key.start + 1)
                }
                let valueType = try check(entry.value)
                key = key.map { substitution.common($0, keyType) } ?? keyType
                value = value.map { substitution.common($0, valueType) } ?? valueType
            }
            return .map(key ?? substitution.fresh(), value ?? substitution.fresh())
        case .comprehension(let macro, let range, let variable, let variable2, let arguments):
            return try comprehension(macro, range: range, variable: variable, variable2: variable2, arguments: arguments, at: expr)
        }
    }

    /// The type of the variable (or type name) `name`, tried against the container as the evaluator does.
    func resolve(_ name: String, rooted: Bool) -> CheckType? {
        for candidate in Names.candidates(name, container: container, rooted: rooted) {
            if let type = variables[candidate] { return CheckType(type) }
        }
        return CheckType(named: name).map { .type($0) }
    }

    /// Whether the first name of `qualified` is a comprehension variable.
    func isLocal(_ qualified: String, rooted: Bool) -> Bool {
        guard !rooted else { return false }
        let first = qualified.prefix { $0 != "." }
        return locals.contains { $0.name == first }
    }

    /// The type of `operand.field`: a map's value type, an object's field type, or dyn.
    private mutating func select(_ field: String, of operand: CheckType, at expr: Expr) throws(CELError) -> CheckType {
        switch substitution.resolve(operand) {
        case .dyn:
            return .dyn
        case .variable:
            // Nothing says what it is: from here on it is dyn.
            _ = substitution.assignable(.dyn, operand)
            return .dyn
        case .map(let key, let value):
            var trial = substitution
            guard trial.assignable(key, .string) else {
                throw CELError(
                    .typeMismatch, text: "cannot select the field '\(field)' of a map with \(substitution.checked(key)) keys",
                    column: fieldColumn(expr))
            }
            substitution = trial
            return value
        case .object(let name, let fields):
            guard let type = fields[field] else {
                throw CELError(
                    .noSuchKey, "\(name) has no field '\(field)'" + Self.suggestion(field, fields.keys), column: fieldColumn(expr))
            }
            return CheckType(type)
        case let other:
            throw CELError(
                .typeMismatch, text: "cannot select the field '\(field)' of a value of type \(substitution.checked(other))",
                column: fieldColumn(expr))
        }
    }

    /// The 1-based column of the field name in `operand.field`.
    private func fieldColumn(_ expr: Expr) -> Int { (expr.fieldOffset ?? expr.offset) + 1 }

    /// ` (did you mean 'name'?)` for the field closest to a misspelt one, or nothing.
    private static func suggestion(_ field: String, _ candidates: Dictionary<String, CELCheckedType>.Keys) -> String {
        let scored = candidates.map { (name: $0, distance: editDistance(Array(field), Array($0))) }
        guard let best = scored.min(by: { ($0.distance, $0.name) < ($1.distance, $1.name) }),
            best.distance <= max(1, field.count / 3)
        else { return "" }
        return " (did you mean '\(best.name)'?)"
    }

    /// Edits (insertions, deletions, substitutions, swaps of neighbours) from `a` to `b`.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }
}

extension Expr {
    /// Where the expression's text starts: its leftmost operand's start for an operator or a
    /// selection (whose own offsets are the operator's and the dot's).
    var start: Int {
        switch kind {
        case .select(let operand, _, testOnly: false): return operand.start
        case .call(_, let target?, _): return target.start
        case .call(_, nil, let arguments): return min(arguments.first?.start ?? offset, offset)
        case .comprehension(_, let range, _, _, _): return range.start
        default: return offset
        }
    }
}
