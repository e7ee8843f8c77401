import MapperYAML

extension ValueReader {
    /// Converts a present, non-null JSON value per the type, format or enum; in
    /// canonical mode per the canonical form.
    mutating func convert(_ document: JSONDocument, at index: Int, _ conversion: Conversion, source: Mark) -> Value? {
        let kind = document.kind(at: index)
        // `on_error: drop` leaves out elements of the property's own array or dictionary only;
        // deeper collections fail (or not) as a whole.
        let drops = dropsElements
        dropsElements = false
        func mismatch(_ expected: String) -> Value? {
            fail(.typeMismatch, "expected \(expected), found \(document.quoted(at: index))", source: source)
            return nil
        }
        let canonical = mode == .canonical
        switch conversion {
        case .scalar(let scalar):
            switch scalar.read(document, at: index, canonical: canonical) {
            case .value(let value): return value
            case .mismatch(let message):
                fail(.typeMismatch, message, source: source)
                return nil
            }
        case .enumeration(let plan):
            return readEnum(document, at: index, plan, source: source)
        case .model(let typeIndex, let dispatch):
            return readModel(document, at: index, type: table.types[typeIndex], dispatch: dispatch, source: source).map(Value.model)
        case .array(let element):
            guard kind == .array else { return mismatch("an array") }
            var values: [Value] = []
            values.reserveCapacity(document.count(at: index))
            var failed = false
            for (position, item) in document.elements(ofArrayAt: index).enumerated() {
                guard !isFull else { return nil }
                path.push(.element(position))
                let before = errors.count
                if document.kind(at: item) == .null {
                    values.append(.null)
                } else if let value = convert(document, at: item, element, source: source) {
                    values.append(value)
                } else if drops && errors.count > before {
                    demote(from: before, outcome: "element left out (on_error: drop)")
                } else {
                    failed = true
                }
                path.pop()
            }
            return failed ? nil : .array(values)
        case .dictionary(let element):
            guard kind == .object else { return mismatch("an object") }
            var entries: [ValueDictionary.Entry] = []
            var failed = false
            for (key, item) in document.members(ofObjectAt: index) {
                guard !isFull else { return nil }
                let name = document.string(at: key)
                path.push(.key(name))
                let before = errors.count
                if document.kind(at: item) == .null {
                    entries.append(.init(key: name, value: .null))
                } else if let value = convert(document, at: item, element, source: source) {
                    entries.append(.init(key: name, value: value))
                } else if drops && errors.count > before {
                    demote(from: before, outcome: "entry left out (on_error: drop)")
                } else {
                    failed = true
                }
                path.pop()
            }
            return failed ? nil : .dictionary(ValueDictionary(entries))
        case .union(let plan):
            guard let kind = JSONKind(kind), let member = plan.member(for: kind, canonical: canonical) else {
                return mismatch(plan.expected(canonical: canonical))
            }
            dropsElements = drops
            recorder?.note(.unionMember, "a JSON \(kind.name) is read as '\(plan.types[member])'", at: path.pointer)
            return convert(document, at: index, plan.members[member], source: source)
        case .transformed(let name, let transformer, let inner):
            if canonical { return convert(document, at: index, inner, source: source) }
            return readTransformed(document.jsonValue(at: index), name: name, transformer: transformer, inner: inner, source: source)
        }
    }

    private mutating func readEnum(_ document: JSONDocument, at index: Int, _ plan: EnumPlan, source: Mark) -> Value? {
        if mode == .canonical {
            guard document.kind(at: index) == .string,
                let position = document.stringBytes(at: index, { plan.names.value(for: $0) })
            else {
                fail(
                    .unknownEnumValue,
                    "expected a case of enum '\(plan.name)' (\(plan.caseNames.joined(separator: ", "))), found \(document.quoted(at: index))",
                    source: source)
                return nil
            }
            return .enumCase(plan.caseNames[position])
        }
        let position: Int?
        if document.kind(at: index) == .string {
            position = document.stringBytes(at: index) { plan.strings.value(for: $0) }
        } else {
            position = plan.index(of: document.jsonValue(at: index))
        }
        if let position {
            recorder?.enumCase(plan, position, from: document.jsonValue(at: index), at: path.pointer)
            return .enumCase(plan.caseNames[position])
        }
        if let fallback = plan.defaultCase {
            recorder?.note(
                .fallback, "\(document.quoted(at: index)) is no value of enum '\(plan.name)': its default '\(plan.caseNames[fallback])'",
                at: path.pointer)
            fallbacks += 1
            observer?.enumFallback(plan.name, document.quoted(at: index))
            return .enumCase(plan.caseNames[fallback])
        }
        fail(
            .unknownEnumValue,
            "unknown value \(document.quoted(at: index)) for enum '\(plan.name)'; expected one of \(plan.acceptedValues)",
            source: source)
        return nil
    }

    private mutating func readTransformed(
        _ json: JSONValue, name: String, transformer: Transformer, inner: Conversion, source: Mark
    ) -> Value? {
        let canonical: JSONValue
        do {
            canonical = try transformer.forward(json)
        } catch {
            fail(.transformFailed, "transformer '\(name)' failed on \(json.quoted): \(error)", source: source)
            return nil
        }
        // The transformer's output is canonical JSON of the property's type.
        let bytes = Array(JSONWriter.write(canonical).utf8)
        var nested = ValueReader(table: table, mode: .canonical, now: now)
        nested.uuids = uuids
        nested.path = path
        let value = try? JSONDocument.withDocument(bytes) { document in
            nested.convert(document, at: 0, inner, source: source)
        }
        errors += nested.errors
        recorder?.note(.transform, "'\(name)': \(json.quoted) → \(canonical.quoted)", at: path.pointer)
        return value
    }
}
