import MapperYAML

extension CatalogCompiler {
    /// A `default` is written in the canonical form of the property's type and must
    /// satisfy the property's constraints.
    mutating func checkDefault(_ pending: PendingDefault) {
        let property = pending.property
        let what = "the default of property '\(property.name)' of model '\(pending.model)'"
        guard let value = json(pending.node, what: what) else { return }
        if let problem = canonicalProblem(value, as: property.type, constraints: property.constraints, depth: 0) {
            error(.invalidDefault, "\(what) is not a canonical \(property.type): \(problem)", at: pending.node.mark,
                  hint: canonicalHint(for: property.type))
            return
        }
        // Store it on every model that has this very property (inherited copies included).
        for name in modelOrder {
            guard var model = models[name],
                  let index = model.properties.firstIndex(where: { $0.name == property.name && $0.declaredIn == pending.model })
            else { continue }
            model.properties[index].defaultValue = value
            models[name] = model
        }
    }

    /// What is wrong with `value` as canonical JSON of `type`, or nil when it is fine.
    func canonicalProblem(_ value: JSONValue, as type: TypeSpec, constraints: Constraints = Constraints(), depth: Int) -> String? {
        if value == .null { return nil }
        guard depth < 64 else { return "the value nests too deeply" }
        switch (type, value) {
        case (.string, .string(let text)):
            return lengthProblem(text.count, constraints) ?? patternProblem(text, constraints)
        case (.int, .number(let number)):
            guard number.int64 != nil else { return "\(number) is not a 64-bit integer" }
            return rangeProblem(number, constraints)
        case (.double, .number(let number)), (.decimal, .number(let number)):
            return rangeProblem(number, constraints)
        case (.bool, .bool), (.any, _):
            return nil
        case (.url, .string(let text)):
            return URIReference.isValid(text) ? nil : "\(value.quoted) is not a valid URI reference"
        case (.uuid, .string(let text)):
            return UUIDText.isCanonical(text) ? nil : "\(value.quoted) is not a lower-case UUID"
        case (.date, .string(let text)):
            guard let instant = ISO8601.parse(text), ISO8601.format(instant) == text else {
                return "\(value.quoted) is not a date in canonical form"
            }
            return nil
        case (.enumeration(let name), .string(let text)):
            guard let spec = enums[name] else { return nil }  // reported at the enum
            return spec.case(named: text) == nil
                ? "\(value.quoted) is not a case of enum '\(name)' (\(spec.cases.map(\.name).joined(separator: ", ")))" : nil
        case (.array(let element), .array(let items)):
            if let problem = lengthProblem(items.count, constraints) { return problem }
            for (index, item) in items.enumerated() {
                if let problem = canonicalProblem(item, as: element, depth: depth + 1) { return "element \(index): \(problem)" }
            }
            return nil
        case (.dictionary(let element), .object(let object)):
            if let problem = lengthProblem(object.count, constraints) { return problem }
            for member in object {
                if let problem = canonicalProblem(member.value, as: element, depth: depth + 1) { return "key '\(member.key)': \(problem)" }
            }
            return nil
        case (.model(let name), .object(let object)):
            return modelProblem(object, model: name, depth: depth)
        default:
            return "expected \(canonicalKind(of: type)), found \(value.kindName) \(value.quoted)"
        }
    }

    private func modelProblem(_ object: JSONObject, model name: String, depth: Int) -> String? {
        guard let model = models[name] else { return nil }
        var concrete = model
        if let type = object["$type"] {
            guard case .string(let typeName) = type, let variant = models[typeName], isModel(typeName, descendantOf: name) else {
                return "\"$type\" \(type.quoted) is not '\(name)' or a model that extends it"
            }
            concrete = variant
        }
        for member in object where member.key != "$type" {
            guard let property = concrete.property(named: member.key) else {
                return "model '\(concrete.name)' has no property '\(member.key)'"
            }
            if let problem = canonicalProblem(member.value, as: property.type, constraints: property.constraints, depth: depth + 1) {
                return "'\(member.key)': \(problem)"
            }
        }
        if let missing = concrete.properties.first(where: { $0.required && (object[$0.name] == nil || object[$0.name] == .null) }) {
            return "required property '\(missing.name)' of model '\(concrete.name)' is missing"
        }
        return nil
    }

    private func lengthProblem(_ length: Int, _ constraints: Constraints) -> String? {
        if let minimum = constraints.minLength, length < minimum { return "length \(length) is below min_length \(minimum)" }
        if let maximum = constraints.maxLength, length > maximum { return "length \(length) is above max_length \(maximum)" }
        return nil
    }

    private func rangeProblem(_ number: JSONNumber, _ constraints: Constraints) -> String? {
        if let minimum = constraints.minimum, JSONNumber.compare(number, minimum) < 0 { return "\(number) is below minimum \(minimum)" }
        if let maximum = constraints.maximum, JSONNumber.compare(number, maximum) > 0 { return "\(number) is above maximum \(maximum)" }
        return nil
    }

    private func patternProblem(_ text: String, _ constraints: Constraints) -> String? {
        guard let pattern = constraints.pattern, !pattern.matches(text) else { return nil }
        return "\(JSONValue.string(text).quoted) does not match pattern '\(pattern)'"
    }

    private func canonicalKind(of type: TypeSpec) -> String {
        switch type {
        case .string, .url, .uuid, .date, .enumeration: return "a string"
        case .int, .double, .decimal: return "a number"
        case .bool: return "true or false"
        case .any: return "any value"
        case .model, .dictionary: return "an object"
        case .array: return "an array"
        }
    }

    private func canonicalHint(for type: TypeSpec) -> String? {
        switch type {
        case .date: return "write dates as \"2020-01-01T00:00:00Z\" (UTC, optional .sss milliseconds)"
        case .uuid: return "write UUIDs in lower case"
        case .enumeration(let name): return enums[name].map { "use a case name: \($0.cases.map(\.name).joined(separator: ", "))" }
        case .int, .double, .decimal: return "write the number itself, even when the JSON form is a string"
        default: return nil
        }
    }
}
