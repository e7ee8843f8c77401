extension ValueReader {
    /// Converts a present, non-null JSON value per the type, format or enum; in
    /// canonical mode per the canonical form.
    mutating func convert(_ document: JSONDocument, at index: Int, _ conversion: Conversion, source: String) -> Value? {
        let kind = document.kind(at: index)
        func mismatch(_ expected: String) -> Value? {
            fail(.typeMismatch, "expected \(expected), found \(document.quoted(at: index))", source: source)
            return nil
        }
        let canonical = mode == .canonical
        switch conversion {
        case .string:
            guard kind == .string else { return mismatch("a string") }
            return .string(document.string(at: index))
        case .int(let representation):
            // A plain JSON number, the common case: exact without building text.
            if kind == .number, canonical || representation.isNumber {
                let entry = document[index]
                let value = canonical ? (entry.flags & JSONTape.isInteger != 0 ? document.int64(at: index) : nil)
                    : document.integralInt64(at: index)
                if let value { return .int(value) }
            }
            guard let literal = numberLiteral(document, at: index, canonical ? .number : representation, expected: "an integer", source: source),
                  let number = JSONNumber(literal)
            else { return nil }
            // Canonical JSON writes integers as plain digits; external JSON may write 5.0 or 5e2.
            let integral = canonical ? !literal.contains { $0 == "." || $0 == "e" || $0 == "E" } : number.isInteger
            guard integral, let value = number.int64 else {
                let expected = integral ? "an integer that fits in 64 bits" : "an integer"
                fail(.typeMismatch, "expected \(expected), found \(document.quoted(at: index))", source: source)
                return nil
            }
            return .int(value)
        case .double(let representation):
            if kind == .number, canonical || representation.isNumber, let value = document.finiteDouble(at: index) {
                return .double(value)
            }
            guard let literal = numberLiteral(document, at: index, canonical ? .number : representation, expected: "a number", source: source) else { return nil }
            let value = Double(literal) ?? .nan
            guard value.isFinite else {
                fail(.typeMismatch, "expected a number within the range of a double, found \(document.quoted(at: index))", source: source)
                return nil
            }
            return .double(value)
        case .decimal(let representation):
            if kind == .number, canonical || representation.isNumber {
                return .decimal(JSONNumber(unchecked: document.numberText(at: index)))
            }
            guard let literal = numberLiteral(document, at: index, canonical ? .number : representation, expected: "a number", source: source),
                  let number = JSONNumber(literal)
            else { return nil }
            return .decimal(number)
        case .bool(let representation):
            switch canonical ? .bool : representation {
            case .bool:
                if kind == .true { return .bool(true) }
                if kind == .false { return .bool(false) }
                return mismatch("true or false")
            case .string:
                if kind == .string, case let text = document.string(at: index), text == "true" || text == "false" {
                    return .bool(text == "true")
                }
                return mismatch("\"true\" or \"false\"")
            case .int:
                if kind == .number, case let text = document.numberText(at: index), text == "0" || text == "1" {
                    return .bool(text == "1")
                }
                return mismatch("0 or 1")
            }
        case .url:
            guard kind == .string else { return mismatch("a URL string") }
            guard document.withStringBytes(at: index, { URLScalar.isValid($0) }) else {
                return mismatch("a valid URL (RFC 3986 URI reference)")
            }
            return .url(document.string(at: index))
        case .uuid:
            guard kind == .string else { return mismatch("a UUID string") }
            let text = document.string(at: index)
            guard canonical ? UUIDScalar.isCanonical(text) : UUIDScalar.isValid(text) else {
                return mismatch(canonical ? "a lower-case UUID" : "a UUID (8-4-4-4-12 hex digits)")
            }
            return .uuid(text.lowercased())
        case .date(let format):
            return readDate(document, at: index, format: canonical ? .iso8601 : format, source: source)
        case .any:
            return .any(document.jsonValue(at: index))
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
                if document.kind(at: item) == .null {
                    values.append(.null)
                } else if let value = convert(document, at: item, element, source: source) {
                    values.append(value)
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
                if document.kind(at: item) == .null {
                    entries.append(.init(key: name, value: .null))
                } else if let value = convert(document, at: item, element, source: source) {
                    entries.append(.init(key: name, value: value))
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
            return convert(document, at: index, plan.members[member], source: source)
        case .transformed(let name, let transformer, let inner):
            if canonical { return convert(document, at: index, inner, source: source) }
            return readTransformed(document.jsonValue(at: index), name: name, transformer: transformer, inner: inner, source: source)
        }
    }

    /// The number literal behind a number-typed value: a JSON number, a string holding one
    /// (`json: string`), or a string in a number format.
    private mutating func numberLiteral(
        _ document: JSONDocument, at index: Int, _ representation: NumberRepresentation, expected: String, source: String
    ) -> String? {
        let kind = document.kind(at: index)
        switch representation {
        case .number:
            guard kind == .number else {
                fail(.typeMismatch, "expected \(expected), found \(document.quoted(at: index))", source: source)
                return nil
            }
            return document.numberText(at: index)
        case .string:
            guard kind == .string else {
                fail(.typeMismatch, "expected \(expected) written as a string, found \(document.quoted(at: index))", source: source)
                return nil
            }
            let text = document.string(at: index)
            guard JSONNumber.isValid(text) else {
                fail(.typeMismatch, "expected \(expected) written as a string, found \(document.quoted(at: index))", source: source)
                return nil
            }
            return text
        case .format(let name, let pattern, let style):
            guard kind == .string, let literal = pattern.parse(document.string(at: index)) else {
                fail(.typeMismatch, "expected a number in format \(name) (\(style)), found \(document.quoted(at: index))", source: source)
                return nil
            }
            return literal
        }
    }

    private mutating func readDate(_ document: JSONDocument, at index: Int, format: DateFormat, source: String) -> Value? {
        let kind = document.kind(at: index)
        var instant: Instant?
        switch format {
        case .iso8601:
            if kind == .string {
                instant = document.withStringBytes(at: index) { ISO8601.parse($0.assumingMemoryBound(to: UInt8.self)) }
                if mode == .canonical, let parsed = instant, ISO8601.format(parsed) != document.string(at: index) { instant = nil }
            }
        case .unix:
            if kind == .number { instant = UnixTime.parseSeconds(document.numberText(at: index)) }
        case .unixMilliseconds:
            if kind == .number { instant = UnixTime.parseMilliseconds(document.numberText(at: index)) }
        case .pattern(let format):
            if kind == .string {
                instant = document.withStringBytes(at: index) { format.pattern.parse($0.assumingMemoryBound(to: UInt8.self)) }
            }
        }
        guard let instant else {
            let expected = mode == .canonical ? "a date in canonical form (\"2006-01-02T15:04:05Z\")" : "a date in \(format.description)"
            var message = "expected \(expected), found \(document.quoted(at: index))"
            if kind == .number, let problem = format.rangeProblem(document.numberText(at: index)) { message += ": " + problem }
            fail(.typeMismatch, message, source: source)
            return nil
        }
        return .date(instant)
    }

    private mutating func readEnum(_ document: JSONDocument, at index: Int, _ plan: EnumPlan, source: String) -> Value? {
        if mode == .canonical {
            guard document.kind(at: index) == .string,
                  let position = document.withStringBytes(at: index, { plan.names.value(for: $0) })
            else {
                fail(.unknownEnumValue,
                     "expected a case of enum '\(plan.name)' (\(plan.caseNames.joined(separator: ", "))), found \(document.quoted(at: index))",
                     source: source)
                return nil
            }
            return .enumCase(plan.caseNames[position])
        }
        let position: Int?
        if document.kind(at: index) == .string {
            position = document.withStringBytes(at: index) { plan.strings.value(for: $0) }
        } else {
            position = plan.index(of: document.jsonValue(at: index))
        }
        if let position { return .enumCase(plan.caseNames[position]) }
        if let fallback = plan.defaultCase {
            fallbacks += 1
            observer?.enumFallback(plan.name, document.quoted(at: index))
            return .enumCase(plan.caseNames[fallback])
        }
        fail(.unknownEnumValue,
             "unknown value \(document.quoted(at: index)) for enum '\(plan.name)'; expected one of \(plan.acceptedValues)",
             source: source)
        return nil
    }

    private mutating func readTransformed(_ json: JSONValue, name: String, transformer: Transformer, inner: Conversion, source: String) -> Value? {
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
        nested.path = path
        let value = try? JSONDocument.withDocument(bytes) { document in
            nested.convert(document, at: 0, inner, source: source)
        }
        errors += nested.errors
        return value
    }
}
