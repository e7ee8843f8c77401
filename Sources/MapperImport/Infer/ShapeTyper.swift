import MapperKit

/// Turns shapes into models, enums and types: nested objects become models named after their
/// keys (one model per distinct shape), strings with few distinct values become enums (at most
/// √n distinct values in n strings, as quicktype decides), ISO 8601 strings become dates,
/// `YYYY-MM-DD` strings calendar dates (`local_date`), and
/// numbers become dates in unix seconds or milliseconds when the key names a time and every value
/// lies between 2000 and 2100.
struct ShapeTyper {
    var draft = CatalogDraft()
    var openEnums: Bool
    private var names = NameRegistry()
    /// A model's properties, written out → the model, so that one shape gives one model.
    private var bySignature: [String: String] = [:]
    /// A key and its enum's values → the enum, so that the same values under the same key give one enum.
    private var enumsBySignature: [String: String] = [:]

    init(openEnums: Bool) {
        self.openEnums = openEnums
    }

    /// The root model, named as given.
    mutating func root(_ shape: Shape, name: String) {
        _ = names.claim([name])
        draft.models[name] = model(shape, name: name)
    }

    private mutating func model(_ shape: Shape, name: String) -> ModelDraft {
        var model = ModelDraft(name: name, origin: name)
        model.unknownKeys = .keep
        var taken: Set<String> = []
        for key in shape.keys {
            guard let member = shape.members[key] else { continue }
            var propertyName = Naming.propertyName(key)
            if taken.contains(propertyName) {
                var number = 2
                while taken.contains("\(propertyName)\(number)") { number += 1 }
                propertyName = "\(propertyName)\(number)"
            }
            taken.insert(propertyName)
            let (type, format) = self.type(of: member, key: key, parent: name)
            var property = PropertyDraft(name: propertyName, jsonKey: key, type: type, origin: "\(name).\(propertyName)")
            property.format = format
            property.required = shape.present[key, default: 0] == shape.objects && shape.objects > 0
            model.properties.append(property)
        }
        return model
    }

    /// A nested object's model: an existing model of the same shape, else a new one named after the key.
    private mutating func nestedModel(_ shape: Shape, key: String, parent: String) -> String {
        let base = Naming.typeName(key)
        let built = model(shape, name: base)
        let signature = built.properties.map {
            "\($0.name)=\($0.jsonKey):\($0.type):\($0.required):\($0.format ?? "")"
        }.joined(separator: ",")
        if let existing = bySignature[signature] { return existing }
        let name = names.claim([base, parent + base])
        var named = built
        named.name = name
        named.origin = name
        draft.models[name] = named
        bySignature[signature] = name
        return name
    }

    mutating func type(of shape: Shape, key: String, parent: String) -> (TypeSpec, String?) {
        var members: [(TypeSpec, String?)] = []
        if shape.strings > 0 { members.append(stringType(shape, key: key, parent: parent)) }
        if shape.numbers > 0 { members.append(numberType(shape, key: key)) }
        if shape.bools > 0 { members.append((.bool, nil)) }
        if shape.objects > 0 {
            if shape.looksLikeDictionary {
                var values: Set<TypeSpec> = []
                var format: String?
                for member in shape.keys.compactMap({ shape.members[$0] }) {
                    let (type, valueFormat) = self.type(of: member, key: key, parent: parent)
                    values.insert(type)
                    format = format ?? valueFormat
                }
                if values.count == 1, let value = values.first {
                    members.append((.dictionary(value), format))
                } else {
                    members.append((.dictionary(.any), nil))
                }
            } else {
                members.append((.model(nestedModel(shape, key: key, parent: parent)), nil))
            }
        }
        if shape.arrays > 0 {
            let element = Naming.singular(key) ?? key + "Item"
            let (type, format) = shape.elements.map { self.type(of: $0, key: element, parent: parent) } ?? (.any, nil)
            members.append((.array(type), format))
        }
        switch members.count {
        case 0: return (.any, nil)
        case 1: return members[0]
        default:
            let formats = Set(members.compactMap(\.1))
            return (.union(members.map(\.0)), formats.count == 1 ? formats.first : nil)
        }
    }

    private mutating func stringType(_ shape: Shape, key: String, parent: String) -> (TypeSpec, String?) {
        if shape.allDates { return (.date, nil) }
        if shape.allDays { return (.localDate, nil) }
        if shape.allURLs { return (.url, nil) }
        if shape.allUUIDs { return (.uuid, nil) }
        let distinct = shape.distinctStrings
        // Words, not numbers, hashes or prose: a letter first, at most 40 characters.
        let isEnum =
            shape.strings >= 4 && distinct.count < Shape.distinctLimit
            && Double(distinct.count * distinct.count) < Double(shape.strings)
            && distinct.keys.allSatisfy { value in
                value.count <= 40 && value.first.map { $0.isASCII && $0.isLetter } == true
                    && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-. ".contains($0)) }
            }
        guard isEnum else { return (.string, nil) }
        let signature = key + "=" + distinct.keys.sorted().joined(separator: "\u{0}")
        if let existing = enumsBySignature[signature] { return (.enumeration(existing), nil) }
        let name = names.claim([Naming.typeName(key), parent + Naming.typeName(key)])
        enumsBySignature[signature] = name
        var caseNames = NameRegistry()
        var cases = distinct.keys.sorted().map { value -> EnumDraft.Case in
            var base = Naming.caseName(value)
            if ["true", "false", "null"].contains(base) { base = "_" + base }
            return .init(name: caseNames.claim([base, base + "_"]), value: .string(value))
        }
        var enumeration = EnumDraft(name: name, cases: cases, origin: name)
        if openEnums {
            let fallback = caseNames.claim(["unknown", "unknown_value", "other"])
            var value = fallback
            while distinct[value] != nil { value += "_" }
            cases.append(.init(name: fallback, value: .string(value)))
            enumeration.cases = cases
            enumeration.defaultCase = fallback
        }
        draft.enums[name] = enumeration
        return (.enumeration(name), nil)
    }

    private func numberType(_ shape: Shape, key: String) -> (TypeSpec, String?) {
        let lower = key.lowercased()
        let timeKey =
            lower.hasSuffix("_at") || key.hasSuffix("At")
            || ["time", "date", "timestamp", "created", "updated", "expires"]
                .contains { lower.contains($0) }
        if timeKey, shape.minimum >= 946_684_800, shape.maximum <= 4_102_444_800 { return (.date, "unix") }
        if timeKey, shape.allIntegers, shape.minimum >= 946_684_800_000, shape.maximum <= 4_102_444_800_000 {
            return (.date, "unix_ms")
        }
        if shape.allIntegers { return (shape.allInt64 ? .int : .decimal, nil) }
        return (.double, nil)
    }
}
