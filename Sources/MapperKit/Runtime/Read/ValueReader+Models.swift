extension ValueReader {
    // MARK: - Variants

    /// The concrete model for an object of a model that declares variants.
    mutating func chooseVariant(_ document: JSONDocument, at index: Int, of declared: ModelType, _ variants: VariantPlan) -> Int? {
        for (test, type) in variants.predicates where matches(test, document, object: index, model: declared.name) {
            recorder?.variant(self, type, of: declared, because: "predicate \(test) matches")
            return type
        }
        guard let (path, cases) = variants.discriminator else {
            if let fallback = variants.fallback {
                recorder?.variant(self, fallback, of: declared, because: "fallback: no predicate matches")
                return fallback
            }
            fail(
                .noVariant, "no variant of '\(declared.name)' matches \(document.quoted(at: index))",
                source: declared.spec.mark.description)
            return nil
        }
        if let found = document.value(at: path, inObjectAt: index), document.kind(at: found) != .null {
            let value = document.jsonValue(at: found)
            if let match = cases.first(where: { $0.value == value }) {
                recorder?.variant(self, match.type, of: declared, because: "\(path.joined(separator: ".")) is \(value.quoted)")
                return match.type
            }
            if let fallback = variants.fallback {
                recorder?.variant(
                    self, fallback, of: declared, because: "fallback: \(path.joined(separator: ".")) \(value.quoted) names no variant")
                return fallback
            }
            fail(
                .noVariant,
                "no variant of '\(declared.name)' matches \(path.joined(separator: ".")) \(value.quoted); expected one of \(cases.map(\.value.quoted).joined(separator: ", "))",
                source: declared.spec.mark.description)
            return nil
        }
        if let fallback = variants.fallback {
            recorder?.variant(
                self, fallback, of: declared, because: "fallback: the discriminator '\(path.joined(separator: "."))' is missing")
            return fallback
        }
        fail(
            .noVariant, "no variant of '\(declared.name)' matches: the discriminator '\(path.joined(separator: "."))' is missing",
            source: declared.spec.mark.description)
        return nil
    }

    private mutating func matches(_ test: VariantPlan.Test, _ document: JSONDocument, object: Int, model: String) -> Bool {
        switch test {
        case .has(let path):
            guard let found = document.value(at: path, inObjectAt: object) else { return false }
            return document.kind(at: found) != .null
        case .equals(let expected):
            return expected.allSatisfy { path, value in
                guard let found = document.value(at: path, inObjectAt: object) else { return false }
                return document.jsonValue(at: found) == value
            }
        case .expression(let expression):
            return holds(expression, document, object: object, model: model)
        }
    }

    // MARK: - Canonical JSON

    /// Canonical JSON: members named by property names, `$type` when the declared type has
    /// variants, `$extra` for kept unknown keys. Unknown names are errors. `family` widens the
    /// models `$type` may name to every model that extends `family` (merging across a hierarchy).
    mutating func readCanonical(
        _ document: JSONDocument, at index: Int, declared: ModelType, dispatch: Bool, family: String? = nil
    ) -> Model? {
        var type = declared
        var typeMember: Int?
        var extraMember: Int?
        for (key, value) in document.members(ofObjectAt: index) {
            switch document.string(at: key) {
            case "$type": typeMember = value
            case "$extra": extraMember = value
            default: continue
            }
        }
        if let member = typeMember {
            let name = document.kind(at: member) == .string ? document.string(at: member) : ""
            let ancestor = family ?? declared.name
            guard let chosen = table.type(named: name), chosen.isKind(of: ancestor) else {
                fail(
                    .typeMismatch, "\"$type\" must name '\(ancestor)' or a model that extends it, found \(document.quoted(at: member))",
                    source: declared.spec.mark.description, pointer: path.pointer + "/$type")
                return nil
            }
            type = chosen
        } else if dispatch {
            fail(
                .typeMismatch, "canonical JSON of '\(declared.name)' (a model with variants) starts with \"$type\"; it is missing",
                source: declared.spec.mark.description)
            return nil
        }
        let errorsBefore = errors.count
        var values = [Value?](repeating: nil, count: type.properties.count)
        // Present members, so that a present value with an error is not also reported missing.
        var present = [Bool](repeating: false, count: type.properties.count)
        var unknownNames: [String] = []
        for (key, value) in document.members(ofObjectAt: index) {
            guard !isFull else { break }
            guard let position = document.withStringBytes(at: key, { type.names.value(for: $0) }) else {
                let name = document.string(at: key)
                if name != "$type" && name != "$extra" { unknownNames.append(name) }
                continue
            }
            let plan = type.properties[position]
            present[position] = true
            path.push(.property(name: plan.name, segments: [plan.name]))
            values[position] = readPresent(document, at: value, plan: plan)
            path.pop()
        }
        if !unknownNames.isEmpty {
            fail(
                .unknownProperty,
                "model '\(type.name)' has no propert\(unknownNames.count == 1 ? "y" : "ies") \(unknownNames.map { "'\($0)'" }.joined(separator: ", "))",
                source: type.spec.mark.description)
        }
        for (position, plan) in type.properties.enumerated() where plan.spec.required && !present[position] {
            path.push(.property(name: plan.name, segments: [plan.name]))
            fail(.missingRequired, "required property '\(plan.name)' is missing", source: plan.source)
            path.pop()
        }
        var extra: JSONObject?
        if let member = extraMember {
            if type.spec.unknownKeys != .keep {
                fail(
                    .unknownProperty, "model '\(type.name)' does not keep unknown keys, so it cannot have \"$extra\"",
                    source: type.spec.mark.description, pointer: path.pointer + "/$extra")
            } else if case .object(let object) = document.jsonValue(at: member) {
                extra = object
            } else {
                fail(
                    .typeMismatch, "\"$extra\" must be an object, found \(document.quoted(at: member))",
                    source: type.spec.mark.description, pointer: path.pointer + "/$extra")
            }
        }
        return errors.count == errorsBefore ? Model(type: type, values: values, extra: extra, table: table) : nil
    }

    // MARK: - Constraints

    mutating func constraintProblem(_ value: Value, _ constraints: Constraints) -> String? {
        let length: Int?
        switch value {
        case .string(let text): length = text.unicodeScalars.count
        case .array(let values): length = values.count
        case .dictionary(let dictionary): length = dictionary.count
        default: length = nil
        }
        if let length {
            let unit = value.string != nil ? "character" : "element"
            if let minimum = constraints.minLength, length < minimum {
                return "expected at least \(minimum) \(unit)\(minimum == 1 ? "" : "s"), found \(length) in \(value.quoted)"
            }
            if let maximum = constraints.maxLength, length > maximum {
                return "expected at most \(maximum) \(unit)\(maximum == 1 ? "" : "s"), found \(length) in \(value.quoted)"
            }
        }
        if let number = Self.number(value) {
            if let minimum = constraints.minimum, JSONNumber.compare(number, minimum) < 0 {
                return "expected a number of at least \(minimum), found \(number)"
            }
            if let maximum = constraints.maximum, JSONNumber.compare(number, maximum) > 0 {
                return "expected a number of at most \(maximum), found \(number)"
            }
        }
        if let pattern = constraints.pattern, case .string(let text) = value, !pattern.matches(text) {
            return "expected a string matching /\(pattern.source)/, found \(value.quoted)"
        }
        return nil
    }

    static func number(_ value: Value) -> JSONNumber? {
        switch value {
        case .int(let int): return JSONNumber(int)
        case .double(let double): return JSONNumber(unchecked: JSONOutput.doubleText(double))
        case .decimal(let number): return number
        default: return nil
        }
    }
}
