extension Checker {
    /// A call, resolved as the evaluator resolves it (`Evaluator.call`): the logical operators and
    /// `?:`, then a namespaced function (`strings.quote`, `json.parse`), then the embedding
    /// program's functions, then the library's overloads.
    mutating func call(_ name: String, target: Expr?, arguments: [Expr], at expr: Expr) throws(CELError) -> CheckType {
        switch name {
        case "_&&_", "_||_":
            for argument in arguments { try expectBool(argument, "'\(name == "_&&_" ? "&&" : "||")' needs bool operands") }
            return .bool
        case "_?_:_" where arguments.count == 3:
            try expectBool(arguments[0], "the condition of '?' must be a bool")
            let then = try check(arguments[1])
            let otherwise = try check(arguments[2])
            return substitution.common(then, otherwise)
        default: break
        }
        var function = name
        var types: [CheckType] = []
        var member = false
        var column = expr.offset + 1
        if let target {
            if let namespaced = Names.namespacedFunction(
                name, target: target, isFunction: { functions[$0] != nil }, isLocal: { name in locals.contains { $0.name == name } },
                isVariable: isVariable)
            {
                function = namespaced
                column = target.start + 1
            } else {
                member = true
                types.append(try check(target))
            }
        }
        for argument in arguments { types.append(try check(argument)) }
        if !member, let added = functions[function] {
            return try declared(added, types, column: column)
        }
        return try overload(function, member: member, types, column: column)
    }

    /// Whether `qualified` names a declared variable (so `x.f()` calls `f` on it).
    private func isVariable(_ qualified: String, rooted: Bool) -> Bool {
        Names.candidates(qualified, container: container, rooted: rooted).contains { variables[$0] != nil }
    }

    /// Checks that `argument` can be a bool.
    mutating func expectBool(_ argument: Expr, _ message: String) throws(CELError) {
        let type = try check(argument)
        var trial = substitution
        guard trial.assignable(.bool, type) else {
            throw CELError(.typeMismatch, text: "\(message), not \(substitution.checked(type))", column: argument.start + 1)
        }
        substitution = trial
    }

    /// An embedding program's function: its declared result, once its declared parameters (if any) fit.
    private mutating func declared(_ function: CELFunction, _ types: [CheckType], column: Int) throws(CELError) -> CheckType {
        if let parameters = function.parameters {
            var trial = substitution
            var fits = parameters.count == types.count
            for (parameter, type) in zip(parameters, types) where fits { fits = trial.assignable(CheckType(parameter), type) }
            guard fits else {
                var error = CELError(
                    .noSuchOverload,
                    text: "no such overload: \(function.name)(\(describe(types))) (it takes (\(Self.list(parameters))))",
                    column: column)
                error.function = function.name
                throw error
            }
            substitution = trial
        }
        return CheckType(function.result)
    }

    /// The result of the library function or operator `name` on arguments of these types: the
    /// result of the overload that fits, or when several fit (a `dyn` argument fits every
    /// parameter) their common type, or dyn. A `dyn` argument (or one nothing constrains yet)
    /// takes a decimal parameter only when no other overload fits: JSON input never holds a
    /// decimal, so `input.n + 1` is an int, while `x.scale(2)` still makes `x` a decimal.
    mutating func overload(_ name: String, member: Bool, _ types: [CheckType], column: Int) throws(CELError) -> CheckType {
        let candidates = Overloads.named(name).filter { $0.member == member && $0.parameters.count == types.count }
        func decimalFromDyn(_ overload: Overload) -> Bool {
            zip(overload.parameters, types).contains { parameter, type in
                guard parameter == .decimal else { return false }
                switch substitution.resolve(type) {
                case .dyn, .variable: return true
                default: return false
                }
            }
        }
        for allowDecimalFromDyn in [false, true] {
            var result: CheckType?
            for candidate in candidates where allowDecimalFromDyn || !decimalFromDyn(candidate) {
                var trial = substitution
                var fresh: [Int: CheckType] = [:]
                let parameters = candidate.parameters.map { trial.instantiate($0, &fresh) }
                var fits = true
                for (parameter, type) in zip(parameters, types) where fits { fits = trial.assignable(parameter, type) }
                guard fits else { continue }
                substitution = trial
                var type = substitution.instantiate(candidate.result, &fresh)
                if candidate.concatenates, case .list(let left) = parameters[0], case .list(let right) = parameters[1] {
                    type = .list(substitution.common(left, right))
                }
                result = result.map { substitution.common($0, type) } ?? type
            }
            if let result { return result }
            if !candidates.contains(where: decimalFromDyn) { break }
        }
        let known = !candidates.isEmpty || Library.known.contains(name) || !Overloads.named(name).isEmpty
        if !known {
            throw CELError(.noSuchOverload, "unknown function '\(name)'", column: column)
        }
        throw CELError(
            .noSuchOverload, text: "no such overload: \(Self.describe(name, member: member, types.map { substitution.checked($0) }))",
            column: column)
    }

    /// Argument types as a message lists them: `int, string`.
    func describe(_ types: [CheckType]) -> CELError.Text {
        Self.list(types.map { substitution.checked($0) })
    }

    /// `int, string`, the types kept as types.
    static func list(_ types: [CELCheckedType]) -> CELError.Text {
        var parts: [CELError.Text.Part] = []
        for (index, type) in types.enumerated() {
            if index > 0 { parts.append(.text(", ")) }
            parts.append(.checked(type))
        }
        return CELError.Text(parts: parts)
    }

    /// `int + string`, `size(int)`, `string.charAt(string)`.
    private static func describe(_ name: String, member: Bool, _ parts: [CELCheckedType]) -> CELError.Text {
        if let op = Overloads.operatorSymbols[name], parts.count == 2 { return "\(parts[0]) \(op) \(parts[1])" }
        if name == "_[_]", parts.count == 2 { return "\(parts[0])[\(parts[1])]" }
        if name == "-_" || name == "!_", parts.count == 1 { return "\(String(name.dropLast()))\(parts[0])" }
        if member, let receiver = parts.first { return "\(receiver).\(name)(\(list(Array(parts.dropFirst()))))" }
        return "\(name)(\(list(parts)))"
    }
}

extension Substitution {
    /// `type` with each signature parameter replaced by a fresh variable (the same one for the
    /// same parameter throughout a signature, as `fresh` records).
    mutating func instantiate(_ type: CheckType, _ fresh: inout [Int: CheckType]) -> CheckType {
        switch type {
        case .parameter(let index):
            if let variable = fresh[index] { return variable }
            let variable = self.fresh()
            fresh[index] = variable
            return variable
        case .list(let element): return .list(instantiate(element, &fresh))
        case .map(let key, let value): return .map(instantiate(key, &fresh), instantiate(value, &fresh))
        case .type(let inner): return .type(instantiate(inner, &fresh))
        default: return type
        }
    }
}
