extension Evaluator {
    /// The macros that loop: `all`, `exists`, `exists_one`, `map`, `filter` and the two-variable
    /// `transformList`, `transformMap`, `transformMapEntry`. Each iteration costs a step.
    mutating func comprehension(
        _ macro: Expr.Macro, range: Expr, variable: String, variable2: String?, arguments: [Expr], at expr: Expr
    ) throws(CELError) -> CELValue {
        let rangeValue = try evaluate(range)
        // (first variable, second variable) per iteration: a list gives (index, element), a map (key, value).
        var pairs: [(CELValue, CELValue)] = []
        var isMap = false
        switch rangeValue {
        case .list(let items):
            pairs = items.enumerated().map { (.int(Int64($0.offset)), $0.element) }
        case .map(let map):
            pairs = map.entries.map { ($0.key, $0.value) }
            isMap = true
        default:
            throw CELError(
                .noSuchOverload, text: "\(macro.rawValue)() needs a list or a map, not \(rangeValue.type)", column: expr.offset + 1)
        }
        func bindings(_ pair: (CELValue, CELValue)) -> [(String, CELValue)] {
            if let variable2 { return [(variable, pair.0), (variable2, pair.1)] }
            return [(variable, isMap ? pair.0 : pair.1)]
        }
        switch macro {
        case .all, .exists:
            return try allOrExists(macro, pairs, bindings, arguments[0], at: expr)
        case .existsOne:
            var count = 0
            for pair in pairs {
                try charge(1, at: expr)
                if try predicate(macro, arguments[0], bindings(pair)) { count += 1 }
            }
            return .bool(count == 1)
        case .map, .filter, .transformList:
            var results: [CELValue] = []
            let transform = macro == .filter ? nil : arguments.last
            let filter = macro == .filter ? arguments[0] : (arguments.count == 2 ? arguments[0] : nil)
            for pair in pairs {
                try charge(1, at: expr)
                let bound = bindings(pair)
                if let filter, try !predicate(macro, filter, bound) { continue }
                if let transform {
                    results.append(try with(bound) { (evaluator: inout Evaluator) throws(CELError) in try evaluator.evaluate(transform) })
                } else {
                    results.append(bound[0].1)
                }
            }
            return .list(results)
        case .transformMap, .transformMapEntry:
            return try transformMap(macro, pairs, bindings, arguments, at: expr)
        }
    }

    /// `all` and `exists`: the first decisive result ends the loop; an error counts only when no
    /// element decides (CEL's commutative `&&`/`||`).
    private mutating func allOrExists(
        _ macro: Expr.Macro, _ pairs: [(CELValue, CELValue)], _ bindings: ((CELValue, CELValue)) -> [(String, CELValue)],
        _ condition: Expr, at expr: Expr
    ) throws(CELError) -> CELValue {
        let decisive = macro == .exists
        var pending: CELError?
        for pair in pairs {
            try charge(1, at: expr)
            do throws(CELError) {
                let value = try with(bindings(pair)) { (evaluator: inout Evaluator) throws(CELError) in
                    try evaluator.evaluate(condition)
                }
                guard case .bool(let truth) = value else {
                    pending = pending ?? Self.notBool(macro, value, condition)
                    continue
                }
                if truth == decisive { return .bool(decisive) }
            } catch  where error.code != .costLimit {
                pending = pending ?? error
            }
        }
        if let pending { throw pending }
        return .bool(!decisive)
    }

    /// `transformMap` and `transformMapEntry` (an optional filter first): a map from each kept
    /// entry's key, or from the entries each expression gives.
    private mutating func transformMap(
        _ macro: Expr.Macro, _ pairs: [(CELValue, CELValue)], _ bindings: ((CELValue, CELValue)) -> [(String, CELValue)],
        _ arguments: [Expr], at expr: Expr
    ) throws(CELError) -> CELValue {
        var result = CELMap()
        let filter = arguments.count == 2 ? arguments[0] : nil
        for pair in pairs {
            try charge(1, at: expr)
            let bound = bindings(pair)
            if let filter, try !predicate(macro, filter, bound) { continue }
            let value = try with(bound) { (evaluator: inout Evaluator) throws(CELError) in try evaluator.evaluate(arguments.last!) }
            if macro == .transformMap {
                result[pair.0] = value
                continue
            }
            guard case .map(let entries) = value else {
                throw CELError(
                    .noSuchOverload, text: "transformMapEntry() needs a map from its expression, not \(value.type)",
                    column: arguments.last!.offset + 1)
            }
            for entry in entries.entries {
                if result.contains(entry.key) {
                    throw CELError(.invalidArgument, "transformMapEntry() produces the key \(entry.key) twice", column: expr.offset + 1)
                }
                result[entry.key] = entry.value
            }
        }
        return .map(result)
    }

    private mutating func predicate(_ macro: Expr.Macro, _ expr: Expr, _ bound: [(String, CELValue)]) throws(CELError) -> Bool {
        let value = try with(bound) { (evaluator: inout Evaluator) throws(CELError) in try evaluator.evaluate(expr) }
        guard case .bool(let truth) = value else { throw Self.notBool(macro, value, expr) }
        return truth
    }

    private static func notBool(_ macro: Expr.Macro, _ value: CELValue, _ expr: Expr) -> CELError {
        CELError(.noSuchOverload, text: "the condition of \(macro.rawValue)() must be a bool, not \(value.type)", column: expr.offset + 1)
    }
}
