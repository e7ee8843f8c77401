import MapperCEL

extension Catalog {
    /// The position in the variants' `choices` of model `model` of the one that picks `object`, as
    /// decoding chooses it (coverage and the round-trip check ask).
    package func variantChoice(of model: String, for object: JSONValue) -> Int? {
        guard let variants = models[model]?.variants, let plan = table.type(named: model)?.variants else { return nil }
        func value(_ path: [String]) -> JSONValue? {
            path.reduce(Optional(object)) { current, key in
                guard case .object(let members)? = current else { return nil }
                return members[key]
            }
        }
        let choice = plan.choose(
            present: { value($0).map { $0 != .null } ?? false }, value: value,
            holds: { expression in
                if case .bool(true)? = try? expression.program.evaluate(bindings: [("input", CELBridge.cel(object))]) { return true }
                return false
            })
        switch choice {
        case .predicate(let position): return position
        case .discriminated(let position, _): return variants.predicates.count + position
        case .fallback: return variants.choices.count - 1
        case .none: return nil
        }
    }
}
