/// Walks an `Expr` tree with one set of variable values, counting steps against the cost limit.
struct Evaluator {
    /// The variables by name; a program declares few, so they are found by comparing names.
    let variables: [(String, CELValue)]
    let program: CELProgram
    /// The record's fields by position, for selections bound to them (`Expr.Binding.slot`).
    let fields: UnsafeBufferPointer<CELValue?>
    var steps = 0
    /// The most steps this evaluation may take: the program's cost limit, or for the body of a
    /// function written in CEL, what its caller's evaluation has.
    var limit: Int
    /// Comprehension variables, innermost last.
    var locals: [(name: String, value: CELValue)] = []

    init(_ program: CELProgram, variables: [(String, CELValue)], fields: UnsafeBufferPointer<CELValue?> = .init(start: nil, count: 0)) {
        self.program = program
        self.variables = variables
        self.fields = fields
        self.limit = program.costLimit
    }

    /// Counts `cost` steps; fails once the total passes the limit.
    @inline(__always)
    mutating func charge(_ cost: Int, at expr: Expr) throws(CELError) {
        steps += cost
        if steps > limit { throw costLimitError(at: expr) }
    }

    @inline(never)
    private func costLimitError(at expr: Expr) -> CELError {
        CELError(.costLimit, "the evaluation exceeds its cost limit of \(limit) steps", column: expr.offset + 1)
    }

    mutating func evaluate(_ expr: Expr) throws(CELError) -> CELValue {
        try charge(1, at: expr)
        switch expr.kind {
        case .literal(let value):
            return value
        case .identifier(let name, let rooted):
            if case .variable(let variable) = expr.binding, let value = self.variable(variable) { return value }
            if !rooted, let local = locals.last(where: { $0.name == name }) { return local.value }
            if let value = resolve(name, rooted: rooted) { return value }
            throw CELError(.unknownVariable, "no variable named '\(name)'", column: expr.offset + 1)
        case .select(let operand, let field, let testOnly):
            if case .slot(let position) = expr.binding, position < fields.count {
                try charge(1, at: operand)  // as evaluating the variable would
                if testOnly { return .bool(fields[position] != nil) }
                guard let value = fields[position] else { throw CELError(.noSuchKey, "no such key: '\(field)'", column: expr.offset + 1) }
                return value
            }
            if case .variable(let variable) = expr.binding, let value = self.variable(variable) { return value }
            if expr.binding == .dynamic, !testOnly, let (name, rooted) = expr.qualifiedName, !isLocal(name, rooted: rooted),
                let value = resolve(name, rooted: rooted)
            {
                return value
            }
            let value = try evaluate(operand)
            return try located(expr) { () throws(CELError) in try Self.select(field, of: value, testOnly: testOnly) }
        case .call(let name, let target, let arguments):
            return try call(name, target: target, arguments: arguments, at: expr)
        case .list(let items):
            var values: [CELValue] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try evaluate(item)) }
            return .list(values)
        case .map(let entries):
            var map = CELMap()
            for entry in entries {
                let key = try evaluate(entry.key)
                try located(entry.key) { () throws(CELError) in try Self.checkKey(key) }
                if map.contains(key) {
                    throw CELError(.invalidArgument, "the map literal repeats the key \(key)", column: entry.key.offset + 1)
                }
                map[key] = try evaluate(entry.value)
            }
            return .map(map)
        case .comprehension(let macro, let range, let variable, let variable2, let arguments):
            return try comprehension(macro, range: range, variable: variable, variable2: variable2, arguments: arguments, at: expr)
        }
    }

    /// The value of the variable named exactly `name`.
    @inline(__always)
    func variable(_ name: String) -> CELValue? {
        for (candidate, value) in variables where candidate == name { return value }
        return program.constants.isEmpty ? nil : program.constants[name]
    }

    /// A variable or a type named `name` (qualified names included), tried against the container.
    private func resolve(_ name: String, rooted: Bool) -> CELValue? {
        for candidate in Names.candidates(name, container: program.container, rooted: rooted) {
            if let value = variable(candidate) { return value }
        }
        if let type = CELType.named[name] { return .type(type) }
        return nil
    }

    /// Runs `body`, giving an error without a column the column of `expr`.
    func located<T>(_ expr: Expr, _ body: () throws(CELError) -> T) throws(CELError) -> T {
        do throws(CELError) {
            return try body()
        } catch {
            var located = error
            if located.column == 0 { located.column = expr.offset + 1 }
            throw located
        }
    }

    static func checkKey(_ key: CELValue) throws(CELError) {
        switch key {
        case .int, .uint, .bool, .string: return
        default: throw CELError(.invalidArgument, text: "a map key must be an int, uint, bool or string, not \(key.type)", column: 0)
        }
    }

    static func select(_ field: String, of value: CELValue, testOnly: Bool) throws(CELError) -> CELValue {
        guard case .map(let map) = value else {
            throw CELError(.noSuchOverload, text: "cannot select the field '\(field)' of a value of type \(value.type)", column: 0)
        }
        if testOnly { return .bool(map.value(forField: field) != nil) }
        guard let found = map.value(forField: field) else {
            throw CELError(.noSuchKey, "no such key: '\(field)'", column: 0)
        }
        return found
    }

    /// Binds comprehension variables while `body` runs.
    mutating func with<T>(_ bindings: [(String, CELValue)], _ body: (inout Evaluator) throws(CELError) -> T) throws(CELError) -> T {
        let count = locals.count
        locals.append(contentsOf: bindings.map { (name: $0.0, value: $0.1) })
        defer { locals.removeLast(locals.count - count) }
        return try body(&self)
    }
}
