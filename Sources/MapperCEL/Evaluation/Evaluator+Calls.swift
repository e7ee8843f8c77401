extension Evaluator {
    mutating func call(_ name: String, target: Expr?, arguments: [Expr], at expr: Expr) throws(CELError) -> CELValue {
        let callee: Expr.Callee
        var member = false
        let sized: Bool
        if case .call(let bound, let isMember, let isSized) = expr.binding {
            (callee, member, sized) = (bound, isMember, isSized)
        } else {
            var function = name
            if let target {
                if let namespaced = Names.namespacedFunction(
                    name, target: target, isFunction: { program.functions[$0] != nil },
                    isLocal: { name in locals.contains { $0.name == name } }, isVariable: { resolveName($0, rooted: $1) != nil })
                {
                    function = namespaced
                } else {
                    member = true
                }
            }
            callee = Expr.Callee(function, member: member, isAdded: { program.functions[$0] != nil })
            sized = !Binder.unsized.contains(function)
        }
        switch callee {
        case .library(.and): return try logical(arguments, and: true, at: expr)
        case .library(.or): return try logical(arguments, and: false, at: expr)
        case .library(.conditional):
            let condition = try evaluate(arguments[0])
            guard case .bool(let chosen) = condition else {
                throw CELError(
                    .noSuchOverload, text: "the condition of '?' must be a bool, not \(condition.type)", column: arguments[0].offset + 1)
            }
            return try evaluate(chosen ? arguments[1] : arguments[2])
        default: break
        }
        // The arguments (the receiver first) go to the library in place, in memory on the stack.
        let count = arguments.count + (member ? 1 : 0)
        let result = try withUnsafeTemporaryAllocation(of: CELValue.self, capacity: count) { buffer throws(CELError) -> CELValue in
            var initialized = 0
            // Element by element: the specialized destroy, not the runtime's generic one.
            defer { for position in 0..<initialized { buffer.deinitializeElement(at: position) } }
            if member, let target {
                buffer.initializeElement(at: 0, to: try evaluate(target))
                initialized = 1
            }
            for argument in arguments {
                buffer.initializeElement(at: initialized, to: try evaluate(argument))
                initialized += 1
            }
            let values = Library.Arguments(buffer)
            if sized { try charge(values.reduce(0) { $0 + Self.cost(of: $1) }, at: expr) }
            switch callee {
            case .library(let function):
                return try located(expr) { () throws(CELError) in try Library.call(function, member: member, values) }
            case .added(let function):
                let added = program.functions[function]!
                if let definition = added.definition { return try invoke(definition, function, Array(values), at: expr) }
                return try located(expr) { () throws(CELError) in try added.body(Array(values)) }
            case .unknown(let function):
                throw CELError(.noSuchOverload, "no function named '\(function)'", column: expr.offset + 1)
            }
        }
        // What a function builds costs as much as what it reads (`replace`, `split`, `+` on lists).
        if sized { try charge(Self.cost(of: result), at: expr) }
        return result
    }

    /// Runs the body of a function written in CEL with its parameters bound to `arguments`, its
    /// steps counted with this evaluation's. An error inside the body is reported at the call
    /// (the body is another text), saying which function and where in its body.
    private mutating func invoke(
        _ definition: CELFunction.Definition, _ name: String, _ arguments: [CELValue], at expr: Expr
    ) throws(CELError) -> CELValue {
        var inner = Evaluator(definition.program, variables: Array(zip(definition.parameters, arguments)))
        inner.limit = limit
        inner.steps = steps
        defer { steps = inner.steps }
        do throws(CELError) {
            return try inner.evaluate(definition.program.bound)
        } catch {
            if error.code == .costLimit { throw CELError(.costLimit, error.message, column: expr.offset + 1) }
            throw CELError(error.code, "\(name)(): \(error.message) (column \(error.column) of its body)", column: expr.offset + 1)
        }
    }

    /// Extra steps for a value a function reads or builds: its size over 16 for text and bytes,
    /// its element count for lists and maps.
    private static func cost(of value: CELValue) -> Int {
        switch value {
        case .string(let text): text.utf8.count / 16
        case .bytes(let bytes): bytes.count / 16
        case .list(let items): items.count
        case .map(let map): map.count
        default: 0
        }
    }

    /// `&&` and `||` as CEL defines them: commutative, and an error or a non-bool on one side is
    /// absorbed when the other side decides the result (`false && error` is `false`).
    private mutating func logical(_ arguments: [Expr], and: Bool, at expr: Expr) throws(CELError) -> CELValue {
        let decisive = !and
        var pending: CELError?
        for argument in arguments {
            let value: CELValue
            do throws(CELError) {
                value = try evaluate(argument)
            } catch  where error.code != .costLimit {
                pending = pending ?? error
                continue
            }
            guard case .bool(let truth) = value else {
                pending =
                    pending
                    ?? CELError(
                        .noSuchOverload, text: "'\(and ? "&&" : "||")' needs bool operands, not \(value.type)", column: argument.offset + 1)
                continue
            }
            if truth == decisive { return .bool(decisive) }
        }
        if let pending { throw pending }
        return .bool(!decisive)
    }

    func resolveName(_ name: String, rooted: Bool) -> CELValue? {
        for candidate in Names.candidates(name, container: program.container, rooted: rooted) {
            if let value = variable(candidate) { return value }
        }
        return nil
    }

    func isLocal(_ qualified: String, rooted: Bool) -> Bool {
        guard !rooted else { return false }
        let first = qualified.prefix { $0 != "." }
        return locals.contains { $0.name == first }
    }
}
