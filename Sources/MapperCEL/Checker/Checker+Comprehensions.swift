extension Checker {
    /// The macros that loop (`Evaluator.comprehension`): the variables are typed from the range
    /// (a list's element, or its index and element; a map's key, or its key and value).
    mutating func comprehension(
        _ macro: Expr.Macro, range: Expr, variable: String, variable2: String?, arguments: [Expr], at expr: Expr
    ) throws(CELError) -> CheckType {
        let rangeType = try check(range)
        // (first variable, second variable) per iteration, as the evaluator binds them.
        let pair: (CheckType, CheckType)
        var isMap = false
        switch substitution.resolve(rangeType) {
        case .list(let element): pair = (.int, element)
        case .map(let key, let value):
            pair = (key, value)
            isMap = true
        case .object:
            pair = (.string, .dyn)
            isMap = true
        case .dyn: pair = (.dyn, .dyn)
        case .variable:
            _ = substitution.assignable(.dyn, rangeType)
            pair = (.dyn, .dyn)
        case let other:
            throw CELError(
                .noSuchOverload, text: "\(macro.rawValue)() needs a list or a map, not \(substitution.checked(other))",
                column: expr.offset + 1)
        }
        let bindings: [(name: String, type: CheckType)] =
            if let variable2 { [(variable, pair.0), (variable2, pair.1)] } else { [(variable, isMap ? pair.0 : pair.1)] }
        let count = locals.count
        locals.append(contentsOf: bindings)
        defer { locals.removeLast(locals.count - count) }

        func predicate(_ argument: Expr) throws(CELError) {
            try expectBool(argument, "the condition of \(macro.rawValue)() must be a bool")
        }
        switch macro {
        case .all, .exists, .existsOne:
            try predicate(arguments[0])
            return .bool
        case .filter:
            try predicate(arguments[0])
            return .list(bindings[0].type)
        case .map, .transformList:
            if arguments.count == 2 { try predicate(arguments[0]) }
            return .list(try check(arguments[arguments.count - 1]))
        case .transformMap:
            if arguments.count == 2 { try predicate(arguments[0]) }
            return .map(pair.0, try check(arguments[arguments.count - 1]))
        case .transformMapEntry:
            if arguments.count == 2 { try predicate(arguments[0]) }
            let entry = try check(arguments[arguments.count - 1])
            switch substitution.resolve(entry) {
            case .map(let key, let value): return .map(key, value)
            case .dyn: return .map(.dyn, .dyn)
            case .variable:
                _ = substitution.assignable(.dyn, entry)
                return .map(.dyn, .dyn)
            case let other:
                throw CELError(
                    .noSuchOverload, text: "transformMapEntry() needs a map from its expression, not \(substitution.checked(other))",
                    column: arguments[arguments.count - 1].start + 1)
            }
        }
    }
}
