import Foundation
import MapperKit
import OpenAPIKit

extension SchemaTranslator {
    /// Formats the language reads as more than a string.
    static let stringFormats: [String: TypeInfo] = [
        "date-time": TypeInfo(type: .date),
        "date": TypeInfo(type: .localDate),
        "uri": TypeInfo(type: .url),
        "url": TypeInfo(type: .url),
        "uri-reference": TypeInfo(type: .url),
        "uuid": TypeInfo(type: .uuid),
    ]
    /// Formats that stay strings without a warning: they are known, the language just has no type for them.
    static let plainStringFormats: Set<String> = [
        "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6", "byte", "binary", "password", "time",
        "duration", "iri", "iri-reference", "uri-template", "json-pointer", "relative-json-pointer", "regex", "int64",
        "int32", "decimal", "cidr", "mac", "phone", "ip", "snowflake",
    ]
    /// Number formats for exact amounts.
    static let decimalFormats: Set<String> = ["decimal", "decimal128", "money", "currency", "amount", "price"]

    func integer(
        _ core: JSONSchema.CoreContext<JSONTypeFormat.IntegerFormat>, _ context: JSONSchema.IntegerContext,
        origin: String
    ) -> TypeInfo {
        var info = TypeInfo(type: .int)
        if let minimum = context.minimum {
            info.constraints.minimum = JSONNumber(Int64(minimum.value) + (minimum.exclusive ? 1 : 0))
        }
        if let maximum = context.maximum {
            info.constraints.maximum = JSONNumber(Int64(maximum.value) - (maximum.exclusive ? 1 : 0))
        }
        if let multiple = context.multipleOf, multiple != 1 {
            warn("multiple-of", origin, "'multipleOf: \(multiple)' is not supported; left out")
        }
        return info
    }

    func number(
        _ core: JSONSchema.CoreContext<JSONTypeFormat.NumberFormat>, _ context: JSONSchema.NumericContext,
        origin: String
    ) -> TypeInfo {
        let decimal = core.formatString.map { Self.decimalFormats.contains($0.lowercased()) } ?? false
        var info = TypeInfo(type: decimal ? .decimal : .double)
        for (bound, isMinimum) in [(context.minimum, true), (context.maximum, false)] {
            guard let bound else { continue }
            if bound.exclusive {
                warn(
                    "exclusive-bound", origin,
                    "an exclusive \(isMinimum ? "minimum" : "maximum") of a number is not supported (bounds are inclusive); left out")
                continue
            }
            guard let number = JSONNumber(Self.text(of: bound.value)) else { continue }
            if isMinimum { info.constraints.minimum = number } else { info.constraints.maximum = number }
        }
        if let multiple = context.multipleOf {
            warn("multiple-of", origin, "'multipleOf: \(Self.text(of: multiple))' is not supported; left out")
        }
        return info
    }

    func string(
        _ core: JSONSchema.CoreContext<JSONTypeFormat.StringFormat>, _ context: JSONSchema.StringContext,
        origin: String
    ) -> TypeInfo {
        var info = TypeInfo.init(type: .string)
        if let format = core.formatString, !format.isEmpty {
            if let known = Self.stringFormats[format] {
                info = known
                if let dateFormat = known.format { draft.formats[dateFormat] = FormatDraft(datePattern: "yyyy-MM-dd") }
            } else if !Self.plainStringFormats.contains(format.lowercased()) {
                warn("unknown-format", origin, "unknown string format '\(format)'; typed as string")
            }
        }
        if info.type == .string {
            if context.minLength > 0 { info.constraints.minLength = context.minLength }
            info.constraints.maxLength = context.maxLength
            info.constraints.pattern = context.pattern
        } else if context.pattern != nil || context.maxLength != nil || context.minLength > 0 {
            warn("format-constraints", origin, "length and pattern constraints of a '\(core.formatString ?? "")' string are left out")
        }
        return info
    }

    /// `min(A, B)` of scalar `allOf` members: one type with every member's constraints.
    func mergedScalars(_ members: [JSONSchema], owner: String, origin: String) -> TypeInfo {
        var merged: TypeInfo?
        for (index, member) in members.enumerated() {
            let info = typeInfo(member, owner: owner, origin: origin + "/allOf/\(index)")
            guard var current = merged else {
                merged = info
                continue
            }
            guard current.type == info.type else {
                warn("all-of", origin, "'allOf' of different types (\(current.type), \(info.type)); typed as any")
                return .any
            }
            current.constraints.minimum = info.constraints.minimum ?? current.constraints.minimum
            current.constraints.maximum = info.constraints.maximum ?? current.constraints.maximum
            current.constraints.minLength = info.constraints.minLength ?? current.constraints.minLength
            current.constraints.maxLength = info.constraints.maxLength ?? current.constraints.maxLength
            if let pattern = info.constraints.pattern {
                if current.constraints.pattern != nil, current.constraints.pattern != pattern {
                    warn("all-of", origin, "'allOf' with two patterns; only the last is kept")
                }
                current.constraints.pattern = pattern
            }
            merged = current
        }
        return merged ?? .any
    }

    /// An enum of a schema's `enum` values (`null` means nullable, not a case). Case names are the
    /// values when they are names already, else their words.
    func buildEnum(_ name: String, _ schema: JSONSchema, origin: String) {
        let values = (schema.allowedValues ?? []).map { Self.jsonValue($0.value) }
        var cases: [EnumDraft.Case] = []
        var seen: Set<JSONValue> = []
        var caseNames = NameRegistry()
        let expected: JSONKinds? =
            switch schema.value {
            case .string: .string
            case .integer, .number: .number
            case .boolean: .bool
            default: nil
            }
        for value in values where value != .null && seen.insert(value).inserted {
            if let expected, !JSONKinds.of(value).isSubset(of: expected) {
                warn("enum-type", origin, "enum value \(value.quoted) is not a \(expected.name); kept as it is")
            }
            let text: String =
                switch value {
                case .string(let text): text
                case .number(let number): number.text
                case .bool(let flag): flag ? "true" : "false"
                default: "value"
                }
            var base = Naming.caseName(text)
            if ["true", "false", "null"].contains(base) { base = "_" + base }
            cases.append(.init(name: caseNames.claim([base, base + "_"]), value: value))
        }
        var draftEnum = EnumDraft(name: name, cases: cases, origin: origin)
        draftEnum.doc = schema.description.flatMap { $0.isEmpty ? nil : $0 }
        if openEnums {
            let fallback = caseNames.claim(["unknown", "unknown_value", "other"])
            var fallbackValue = JSONValue.string(fallback)
            var suffix = 2
            while seen.contains(fallbackValue) {
                fallbackValue = .string("\(fallback)_\(suffix)")
                suffix += 1
            }
            draftEnum.cases.append(.init(name: fallback, value: fallbackValue))
            draftEnum.defaultCase = fallback
        }
        draft.enums[name] = draftEnum
    }

    /// A JSON value from what OpenAPIKit decoded (`AnyCodable`'s value).
    static func jsonValue(_ value: Any) -> JSONValue {
        switch value {
        case is NSNull: return .null
        case let flag as Bool: return .bool(flag)
        case let int as Int: return .number(JSONNumber(Int64(int)))
        case let double as Double: return JSONNumber(text(of: double)).map(JSONValue.number) ?? .null
        case let text as String: return .string(text)
        case let items as [Any]: return .array(items.map(jsonValue))
        case let object as [String: Any]:
            return .object(JSONObject(object.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: jsonValue($0.value)) }))
        case let codable as AnyCodable: return jsonValue(codable.value)
        default: return .null
        }
    }

    /// A double as a JSON number: integers without a fraction (`5`), others in their shortest form.
    static func text(of value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
