extension Evaluator {
    mutating func call(_ name: String, target: Expr?, arguments: [Expr], at expr: Expr) throws(CELError) -> CELValue {
        switch name {
        case "_&&_": return try logical(arguments, and: true, at: expr)
        case "_||_": return try logical(arguments, and: false, at: expr)
        case "_?_:_":
            let condition = try evaluate(arguments[0])
            guard case .bool(let chosen) = condition else {
                throw CELError(
                    .noSuchOverload, "the condition of '?' must be a bool, not \(condition.type)", column: arguments[0].offset + 1)
            }
            return try evaluate(chosen ? arguments[1] : arguments[2])
        default: break
        }
        var function = name
        var member = false
        var added = false
        var sized = true
        let base = self.arguments.count
        if base == 0 { self.arguments.reserveCapacity(8) }
        defer { self.arguments.removeSubrange(base...) }
        if case .call(let bound, let isMember, let isAdded, let isSized) = expr.binding {
            (function, member, added, sized) = (bound, isMember, isAdded, isSized)
            if member, let target { self.arguments.append(try evaluate(target)) }
        } else {
            if let target {
                if let namespaced = Names.namespacedFunction(
                    name, target: target, isFunction: { functions[$0] != nil }, isLocal: { name in locals.contains { $0.name == name } },
                    isVariable: { resolveName($0, rooted: $1) != nil })
                {
                    function = namespaced
                } else {
                    member = true
                    self.arguments.append(try evaluate(target))
                }
            }
            added = !member && functions[function] != nil
            sized = !Binder.unsized.contains(function)
        }
        for argument in arguments { self.arguments.append(try evaluate(argument)) }
        if sized { try charge(Self.cost(of: self.arguments[base...]), at: expr) }
        let result: CELValue
        if added, let body = functions[function]?.body {
            let values = Array(self.arguments[base...])
            result = try located(expr) { () throws(CELError) in try body(values) }
        } else {
            result = try self.arguments.withUnsafeBufferPointer { stack throws(CELError) in
                let values = Library.Arguments(rebasing: stack[base...])
                return try located(expr) { () throws(CELError) in try Library.call(function, member: member, values) }
            }
        }
        // What a function builds costs as much as what it reads (`replace`, `split`, `+` on lists).
        if sized { try charge(Self.cost(of: CollectionOfOne(result)), at: expr) }
        return result
    }

    /// Extra steps for functions whose work grows with their arguments' sizes.
    private static func cost(of values: some Collection<CELValue>) -> Int {
        var total = 0
        for value in values {
            switch value {
            case .string(let text): total += text.utf8.count / 16
            case .bytes(let bytes): total += bytes.count / 16
            case .list(let items): total += items.count
            case .map(let map): total += map.count
            default: break
            }
        }
        return total
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
                        .noSuchOverload, "'\(and ? "&&" : "||")' needs bool operands, not \(value.type)", column: argument.offset + 1)
                continue
            }
            if truth == decisive { return .bool(decisive) }
        }
        if let pending { throw pending }
        return .bool(!decisive)
    }

    func resolveName(_ name: String, rooted: Bool) -> CELValue? {
        for candidate in Names.candidates(name, container: container, rooted: rooted) {
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
