/// Checks a `Value` set through the library against a property's type (`Model.set`).
enum ValueCheck {
    static func problem(_ value: Value, for plan: PropertyPlan) -> String? {
        if let problem = typeProblem(value, plan.spec.type, plan.conversion.canonicalElement) { return problem }
        var reader = ValueReader(runtime: .empty, mode: .canonical, now: Instant(milliseconds: 0))
        return reader.constraintProblem(value, plan.spec.constraints)
    }

    /// The value as decoding would have made it: text given as `.string` for a `url`, `uuid` or
    /// enum property becomes `.url`, `.uuid` or `.enumCase`, so that it compares equal.
    static func normalized(_ value: Value, _ type: TypeSpec) -> Value {
        switch (type, value) {
        case (.url, .string(let text)): return .url(text)
        case (.uuid, .string(let text)): return .uuid(text)
        case (.enumeration, .string(let name)): return .enumCase(name)
        case (.array(let element), .array(let values)): return .array(values.map { normalized($0, element) })
        case (.dictionary(let element), .dictionary(let dictionary)):
            return .dictionary(ValueDictionary(dictionary.entries.map { .init(key: $0.key, value: normalized($0.value, element)) }))
        default: return value
        }
    }

    /// Walks the declared type and its conversion together (the conversion knows enum cases).
    private static func typeProblem(_ value: Value, _ type: TypeSpec, _ conversion: Conversion) -> String? {
        switch (type, value) {
        case (_, .null), (.string, .string), (.int, .int), (.double, .double), (.decimal, .decimal), (.bool, .bool),
             (.date, .date), (.any, .any):
            return nil
        case (.url, .url(let text)), (.url, .string(let text)):
            return URIReference.isValid(text) ? nil : "\(JSONValue.string(text).quoted) is not a valid URL"
        case (.uuid, .uuid(let text)), (.uuid, .string(let text)):
            return UUIDText.isCanonical(text) ? nil : "\(JSONValue.string(text).quoted) is not a lower-case UUID"
        case (.enumeration(let name), .enumCase(let caseName)), (.enumeration(let name), .string(let caseName)):
            guard case .enumeration(let plan) = conversion, plan.names.value(for: caseName) == nil else { return nil }
            return "'\(caseName)' is not a case of enum '\(name)' (\(plan.caseNames.joined(separator: ", ")))"
        case (.model(let name), .model(let model)):
            return model.type.isKind(of: name) ? nil : "expected a model '\(name)', found a model '\(model.name)'"
        case (.array(let element), .array(let values)):
            for (position, item) in values.enumerated() {
                if let problem = typeProblem(item, element, conversion.collectionElement) { return "element \(position): \(problem)" }
            }
            return nil
        case (.dictionary(let element), .dictionary(let dictionary)):
            for entry in dictionary.entries {
                if let problem = typeProblem(entry.value, element, conversion.collectionElement) {
                    return "key \(JSONWriter.quote(entry.key)): \(problem)"
                }
            }
            return nil
        default:
            return "expected a value of type \(type), found \(value.quoted)"
        }
    }
}

extension Value {
    /// The value as JSON text for messages, shortened to 80 characters: `"bug"`, `["a",null]`.
    var quoted: String {
        var output = JSONOutput()
        CanonicalWriter.write(self, .any, into: &output)
        return JSONValue.shorten(String(decoding: output.bytes, as: UTF8.self))
    }
}

/// Random version-4 UUIDs for `computed: uuid`.
enum RandomUUID {
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
        let characters = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }
}
