extension Model {
    /// The model as one of `target` (what `convert` encodes): the properties `target` declares,
    /// taken by name. A decoded variant that is also a kind of the target stays that variant. A
    /// value whose property is declared alike on both sides is taken as it is; any other is read
    /// as the target's property reads canonical JSON (`set`'s check), and a required property the
    /// source has no value for is missing, as when canonical JSON of the target is read.
    func narrowed(to target: ModelType, pointer: String) throws(MappingErrors) -> Model {
        let concrete = type.isKind(of: target.name) ? type : target
        var narrowed = Model(
            type: concrete, values: Array(repeating: nil, count: concrete.properties.count),
            extra: concrete.unknownKeys == .keep ? extra : nil, table: table ?? concrete.table)
        var errors: [MappingError] = []
        for (index, plan) in concrete.properties.enumerated() {
            let value = type.propertyIndex(named: plan.name).flatMap { source -> (Value, PropertyPlan)? in
                values[source].map { ($0, type.properties[source]) }
            }
            guard let (value, sourcePlan) = value else {
                if plan.required {
                    errors.append(
                        MappingError(
                            .missingRequired, pointer: pointer + "/" + JSONPointer.escape(plan.name), path: "\(concrete.name).\(plan.name)",
                            message: "required property '\(plan.name)' is missing", source: plan.source))
                }
                continue
            }
            if sourcePlan === plan
                || (sourcePlan.spec.type == plan.spec.type && sourcePlan.spec.constraints == plan.spec.constraints
                    && (value != .null || !plan.required))
            {
                narrowed.values[index] = value
                continue
            }
            do throws(MappingErrors) {
                narrowed.values[index] = try narrowed.checked(value, for: plan)
            } catch {
                errors += error.errors.map { error in
                    var error = error
                    error.pointer = pointer + error.pointer
                    return error
                }
            }
        }
        guard errors.isEmpty else { throw MappingErrors(errors) }
        return narrowed
    }
}
