import MapperYAML

extension ValueReader {
    // MARK: - Variants

    /// The concrete model for an object of a model that declares variants.
    mutating func chooseVariant(_ document: JSONDocument, at index: Int, of declared: ModelType, _ variants: VariantPlan) -> Int? {
        let choice = variants.choose(document, object: index) { expression in
            holds(expression, document, object: index, model: declared.name)
        }
        let by = variants.discriminator.map { $0.path.joined(separator: ".") } ?? ""
        if partial, case .fallback(let miss) = choice, Self.isMissing(miss) { return declared.index }
        if partial, case .none(let miss) = choice, Self.isMissing(miss) { return declared.index }
        switch choice {
        case .predicate(let position):
            let (test, type) = variants.predicates[position]
            recorder?.variant(self, type, of: declared, because: "predicate \(test) matches")
            return type
        case .discriminated(let position, let value):
            let type = variants.discriminator!.cases[position].type
            recorder?.variant(self, type, of: declared, because: "\(by) is \(value.quoted)")
            return type
        case .fallback(let miss):
            let reason =
                switch miss {
                case .noPredicate: "no predicate matches"
                case .unknownValue(let value): "\(by) \(value.quoted) names no variant"
                case .missingDiscriminator: "the discriminator '\(by)' is missing"
                }
            recorder?.variant(self, variants.fallback!, of: declared, because: "fallback: \(reason)")
            return variants.fallback
        case .none(let miss):
            let message =
                switch miss {
                case .noPredicate: "no variant of '\(declared.name)' matches \(document.quoted(at: index))"
                case .unknownValue(let value):
                    "no variant of '\(declared.name)' matches \(by) \(value.quoted); expected one of \(variants.discriminator!.cases.map(\.value.quoted).joined(separator: ", "))"
                case .missingDiscriminator: "no variant of '\(declared.name)' matches: the discriminator '\(by)' is missing"
                }
            fail(.noVariant, message, source: declared.spec.mark)
            return nil
        }
    }

    /// Whether a miss comes from what the document does not hold (no discriminator, no matching
    /// predicate), which a partial document may leave out.
    static func isMissing(_ miss: VariantPlan.Miss) -> Bool {
        switch miss {
        case .missingDiscriminator, .noPredicate: true
        case .unknownValue: false
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
                    source: declared.spec.mark, pointer: path.pointer + "/$type")
                return nil
            }
            type = chosen
        } else if dispatch && !partial {
            fail(
                .typeMismatch, "canonical JSON of '\(declared.name)' (a model with variants) starts with \"$type\"; it is missing",
                source: declared.spec.mark)
            return nil
        }
        let errorsBefore = errors.count
        var values = [Value?](repeating: nil, count: type.properties.count)
        // Present members, so that a present value with an error is not also reported missing.
        var present = [Bool](repeating: false, count: type.properties.count)
        var unknownNames: [String] = []
        for (key, value) in document.members(ofObjectAt: index) {
            guard !isFull else { break }
            guard let position = document.stringBytes(at: key, { type.names.value(for: $0) }) else {
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
                source: type.spec.mark)
        }
        for (position, plan) in type.properties.enumerated() where plan.spec.required && !present[position] && !partial {
            path.push(.property(name: plan.name, segments: [plan.name]))
            fail(.missingRequired, "required property '\(plan.name)' is missing", source: plan.spec.mark)
            path.pop()
        }
        var extra: JSONObject?
        if let member = extraMember {
            if type.spec.unknownKeys != .keep {
                fail(
                    .unknownProperty, "model '\(type.name)' does not keep unknown keys, so it cannot have \"$extra\"",
                    source: type.spec.mark, pointer: path.pointer + "/$extra")
            } else if case .object(let object) = document.jsonValue(at: member) {
                extra = object
            } else {
                fail(
                    .typeMismatch, "\"$extra\" must be an object, found \(document.quoted(at: member))",
                    source: type.spec.mark, pointer: path.pointer + "/$extra")
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
