/// Writes models as canonical JSON: property names in declaration order, absent properties
/// left out, normalised values, `$type` first where the declared type has variants, `$extra` last.
enum CanonicalWriter {
    /// `declared`: the model asked for; when it has variants, each object says its `$type`.
    static func write(_ decoded: Decoded, declared: ModelType, into output: inout JSONOutput) {
        let tagged = declared.variants != nil
        switch decoded {
        case .model(let model):
            write(model, tagged: tagged, into: &output)
        case .array(let models):
            output.append(UInt8(ascii: "["))
            for (position, model) in models.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                if let model { write(model, tagged: tagged, into: &output) } else { output.append(contentsOf: "null") }
            }
            output.append(UInt8(ascii: "]"))
        }
    }

    /// `tagged`: the declared type has variants, so the concrete type is written as `$type`.
    /// `archiving`: leave out `archive: false` properties, at every level.
    static func write(_ model: Model, tagged: Bool, archiving: Bool = false, into output: inout JSONOutput) {
        output.append(UInt8(ascii: "{"))
        var first = true
        func key(_ name: String) {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            output.appendString(name)
            output.append(UInt8(ascii: ":"))
        }
        if tagged {
            key("$type")
            output.appendString(model.type.name)
        }
        for (plan, value) in zip(model.type.properties, model.values) {
            guard let value, !archiving || plan.spec.archive else { continue }
            key(plan.name)
            write(value, plan.conversion, archiving: archiving, into: &output)
        }
        if let extra = model.extra, !extra.isEmpty, !archiving || model.type.spec.extra.archive {
            key("$extra")
            output.append(.object(extra))
        }
        output.append(UInt8(ascii: "}"))
    }

    static func write(_ value: Value, _ conversion: Conversion, archiving: Bool = false, into output: inout JSONOutput) {
        if case .union(let plan) = conversion {
            return write(value, plan.conversion(for: value), archiving: archiving, into: &output)
        }
        switch value {
        case .null: output.append(contentsOf: "null")
        case .string(let text), .url(let text), .uuid(let text), .enumCase(let text): output.appendString(text)
        case .int(let int): output.appendInt64(int)
        case .double(let double): output.appendDouble(double)
        case .decimal(let number): output.append(contentsOf: number.text)
        case .bool(let bool): output.append(contentsOf: bool ? "true" : "false")
        case .date(let instant):
            output.appendISO8601(instant)
        case .localDate(let date): output.appendString(date.description)
        case .model(let model):
            write(model, tagged: conversion.canonicalElement.hasVariants, archiving: archiving, into: &output)
        case .array(let values):
            let element = conversion.canonicalElement.collectionElement
            output.append(UInt8(ascii: "["))
            for (position, item) in values.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                write(item, element, archiving: archiving, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .dictionary(let dictionary):
            let element = conversion.canonicalElement.collectionElement
            output.append(UInt8(ascii: "{"))
            for (position, entry) in dictionary.entries.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                output.appendString(entry.key)
                output.append(UInt8(ascii: ":"))
                write(entry.value, element, archiving: archiving, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .any(let json): output.append(json)
        }
    }

    /// The canonical JSON of one value, as a `JSONValue` (for transformers, merges and messages):
    /// what `write` writes, built as a value rather than written as text and parsed back.
    static func jsonValue(_ value: Value, _ conversion: Conversion) -> JSONValue {
        if case .union(let plan) = conversion {
            return jsonValue(value, plan.conversion(for: value))
        }
        switch value {
        case .null: return .null
        case .string(let text), .url(let text), .uuid(let text), .enumCase(let text): return .string(text)
        case .int(let int): return .number(JSONNumber(int))
        case .double(let double): return .number(JSONNumber(unchecked: JSONOutput.doubleText(double)))
        case .decimal(let number): return .number(number)
        case .bool(let bool): return .bool(bool)
        case .date(let instant): return .string(instant.description)
        case .localDate(let date): return .string(date.description)
        case .model(let model): return .object(jsonObject(model, tagged: conversion.canonicalElement.hasVariants))
        case .array(let values):
            let element = conversion.canonicalElement.collectionElement
            return .array(values.map { jsonValue($0, element) })
        case .dictionary(let dictionary):
            let element = conversion.canonicalElement.collectionElement
            return .object(JSONObject(dictionary.entries.map { .init(key: $0.key, value: jsonValue($0.value, element)) }))
        case .any(let json): return json
        }
    }

    /// A model's canonical object, as `write(_:tagged:into:)` writes it.
    private static func jsonObject(_ model: Model, tagged: Bool) -> JSONObject {
        var object = JSONObject()
        if tagged { object.append("$type", .string(model.type.name)) }
        for (plan, value) in zip(model.type.properties, model.values) {
            guard let value else { continue }
            object.append(plan.name, jsonValue(value, plan.conversion))
        }
        if let extra = model.extra, !extra.isEmpty { object.append("$extra", .object(extra)) }
        return object
    }
}

extension Conversion {
    /// The conversion that describes the canonical form: a transformer's target type.
    var canonicalElement: Conversion {
        if case .transformed(_, _, let inner) = self { return inner }
        return self
    }

    /// The element conversion of an array or dictionary (itself otherwise).
    var collectionElement: Conversion {
        switch self {
        case .array(let element), .dictionary(let element): return element
        default: return self
        }
    }
}
