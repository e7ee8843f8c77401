import MapperCEL
import MapperYAML

extension CatalogCompiler {
    /// Which `self` an expression sees.
    enum SelfSide {
        /// The model being decoded (decode, default and rule expressions): a property that is not
        /// required may be null, and absent unless something always gives it a value (a default,
        /// a decode expression, `computed`).
        case decoded
        /// The canonical model being encoded, in the encode expression of `property` (which runs
        /// only when that property is there): any other property that is not required may be
        /// absent, and any that is not required may be null.
        case canonical(property: String)
    }

    /// What each property of `self` may lack, in the expressions of model `name`, nested models
    /// to a few levels.
    func selfPresence(of name: String, side: SelfSide, depth: Int) -> [String: CELFieldPresence] {
        guard depth < 4, let spec = models[name] else { return [:] }
        var fields: [String: CELFieldPresence] = [:]
        for property in spec.properties {
            var nested: [String: CELFieldPresence] = [:]
            if case .model(let inner) = property.type { nested = selfPresence(of: inner, side: side, depth: depth + 1) }
            let optional = !property.required && property.computed == nil
            let alwaysGiven =
                property.defaultValue != nil || property.defaultExpression != nil || property.decode != nil || property.computed != nil
            let absent: Bool
            switch side {
            case .decoded: absent = (!property.required && !alwaysGiven) || property.onError == .drop
            case .canonical(let owner): absent = !property.required && !(depth == 0 && property.name == owner)
            }
            fields[property.name] = CELFieldPresence(mayBeAbsent: absent, mayBeNull: optional, fields: nested)
        }
        return fields
    }

    /// A warning for each property the expression reads while it may be absent, or hands to an
    /// operator while it may be null, with the test to write before it.
    mutating func checkNullSafety(_ expression: Expression, what: String, fields: [String: CELFieldPresence]) {
        for hazard in expression.program.nullHazards(of: "self", fields: fields) {
            let name = "self." + hazard.path.joined(separator: ".")
            let guardText: String
            let lacking: String
            switch (hazard.absent, hazard.null) {
            case (true, true):
                guardText = "has(\(name)) && \(name) != null"
                lacking = "may be absent or null"
            case (true, false):
                guardText = "has(\(name))"
                lacking = "may be absent"
            default:
                guardText = "\(name) != null"
                lacking = "may be null"
            }
            warning(
                .unguardedNull,
                "\(what) \(hazard.action(on: name)), which \(lacking), at column \(hazard.column) of the expression '\(expression.source)'",
                at: expression.mark,
                hint: "test it first: '\(guardText) && …' or '\(guardText) ? … : …'"
                    + (hazard.null ? " (has() alone is true for a key holding null)" : "") + ", or make the property required",
                excerpt: Diagnostic.Excerpt(text: expression.source, column: hazard.column))
        }
    }
}
