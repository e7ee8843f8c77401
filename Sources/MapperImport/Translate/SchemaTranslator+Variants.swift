import MapperKit
import OpenAPIKit

extension SchemaTranslator {
    /// `variants` for a `oneOf`/`anyOf` with a discriminator: each member model extends the base
    /// (the language requires it); a member that already extends another model cannot, and the
    /// variants are then left out with a warning.
    func variants(
        of base: String, members: [JSONSchema], keyword: String, discriminator: OpenAPI.Discriminator, origin: String
    ) -> VariantsDraft? {
        var models: [(key: String, model: String)] = []
        for (index, member) in members.enumerated() {
            guard let reference = member.reference, let key = Self.componentKey(reference), case .model(let model) = resolve(key) else {
                warn(
                    "discriminator", origin + "/\(keyword)/\(index)",
                    "a discriminated member that is not a model is not supported; variants left out, the base is read instead")
                return nil
            }
            models.append((key, model))
        }
        return variantCases(
            base: base, models: models, by: discriminator.propertyName,
            mapping: mappedCases(discriminator, origin: origin), origin: origin)
    }

    /// The cases a discriminator's `mapping` names.
    func mappedCases(_ discriminator: OpenAPI.Discriminator, origin: String) -> [(value: JSONValue, model: String)] {
        var cases: [(value: JSONValue, model: String)] = []
        for (value, target) in (discriminator.mapping ?? [:]).sorted(by: { $0.key < $1.key }) {
            let key = target.split(separator: "/").last.map(String.init) ?? target
            guard case .model(let model) = resolve(key) else {
                warn("discriminator", origin + "/discriminator/mapping", "the mapping of '\(value)' is not a model; left out")
                continue
            }
            cases.append((.string(value), model))
        }
        return cases
    }

    /// Cases from the discriminator's `mapping`, else from each model's schema name; every model
    /// is made to extend the base when it extends nothing yet.
    func variantCases(
        base: String, models: [(key: String, model: String)], by: String,
        mapping: [(value: JSONValue, model: String)], origin: String
    ) -> VariantsDraft? {
        var cases: [(value: JSONValue, model: String)] = []
        // One value per model: encoding writes one. A branch whose own schema allows one value of
        // the property names its tag; a mapping that says otherwise could never match it.
        for entry in mapping where !cases.contains(where: { $0.model == entry.model }) {
            var value = entry.value
            if let own = ownTag(of: entry.model, by: by), own != entry.value {
                warn(
                    "discriminator", origin + "/discriminator/mapping",
                    "the mapping gives '\(entry.model)' the tag \(entry.value.quoted) but its '\(by)' allows only \(own.quoted); the case is \(own.quoted)"
                )
                value = own
            }
            append(&cases, (value, entry.model), origin: origin)
        }
        for entry in models where !cases.contains(where: { $0.model == entry.model }) {
            let value = ownTag(of: entry.model, by: by) ?? .string(components[entry.key]?.names.first ?? entry.model)
            append(&cases, (value, entry.model), origin: origin)
        }
        // Check every case before changing any model.
        var adopt: [String] = []
        for entry in cases where entry.model != base {
            let chain = extendsChain(of: entry.model)
            if chain.contains(base) { continue }
            if chain.count == 1, !extendsChain(of: base).contains(entry.model) {
                adopt.append(entry.model)
                continue
            }
            let other = chain.count > 1 ? "already extends '\(chain[1])'" : "is an ancestor of '\(base)'"
            warn("discriminator", origin, "variant '\(entry.model)' \(other), so it cannot extend '\(base)'; variants left out")
            return nil
        }
        for model in adopt { draft.models[model]?.extends = base }
        guard !cases.isEmpty else { return nil }
        return VariantsDraft(by: by, cases: cases)
    }

    /// The one value a model's own schema allows for the discriminator property (`type: {enum:
    /// [closed]}`, `const: closed`), if it allows exactly one.
    func ownTag(of model: String, by key: String) -> JSONValue? {
        let properties = inheritedProperties(of: model) + (draft.models[model]?.properties ?? [])
        guard let property = properties.last(where: { $0.jsonKey == key }), case .enumeration(let name) = property.type,
            let enumeration = draft.enums[name]
        else { return nil }
        let values = enumeration.cases.filter { $0.name != enumeration.defaultCase && $0.value != .null }.map(\.value)
        return values.count == 1 ? values[0] : nil
    }

    /// Adds a case unless another model already has its value (then warns: the first keeps it).
    private func append(
        _ cases: inout [(value: JSONValue, model: String)], _ entry: (value: JSONValue, model: String), origin: String
    ) {
        if let other = cases.first(where: { $0.value == entry.value }) {
            warn(
                "discriminator", origin,
                "'\(entry.model)' and '\(other.model)' both have the tag \(entry.value.quoted); '\(other.model)' keeps it, '\(entry.model)' is left out of the variants"
            )
            return
        }
        cases.append(entry)
    }

    /// Bases that declare a discriminator without `oneOf`: their variants are the models that
    /// extend them, named by the mapping or by their schema names.
    func finishDiscriminatedBases() {
        for (base, origin, discriminator) in discriminatedBases where draft.models[base]?.variants == nil {
            var models: [(key: String, model: String)] = []
            for key in order {
                guard let name = componentNames[key], name != base, draft.models[name]?.extends == base else { continue }
                models.append((key, name))
            }
            guard discriminator.mapping != nil || !models.isEmpty else { continue }
            // Computed first: it changes other models, and `draft.models[base]?.variants = …`
            // would hold `draft` during the call.
            let variants = variantCases(
                base: base, models: models, by: discriminator.propertyName,
                mapping: mappedCases(discriminator, origin: origin), origin: origin)
            draft.models[base]?.variants = variants
        }
    }

    /// `oneOf`/`anyOf` without a discriminator: a union when the members differ by JSON kind,
    /// else the one type they share (numbers), else any.
    func union(_ members: [JSONSchema], keyword: String, owner: String, origin: String) -> TypeInfo {
        if let enumeration = constEnum(members, owner: owner, origin: origin) { return enumeration }
        var infos: [TypeInfo] = []
        var nullable = false
        for (index, member) in members.enumerated() {
            if case .null = member.value {
                nullable = true
                continue
            }
            let info = typeInfo(
                member, owner: members.count > 1 ? owner + "Option\(index + 1)" : owner,
                origin: origin + "/\(keyword)/\(index)")
            if info.nullable { nullable = true }
            if !infos.contains(where: { $0.type == info.type }) { infos.append(info) }
        }
        var result: TypeInfo
        if infos.isEmpty {
            result = .any
        } else if infos.count == 1 {
            result = infos[0]
        } else {
            result = combine(infos, keyword: keyword, owner: owner, origin: origin)
        }
        result.nullable = result.nullable || nullable
        return result
    }

    /// `oneOf: [{const: 1, title: DM}, {const: 3, title: GROUP_DM}]` is an enum whose case names
    /// are the titles.
    private func constEnum(_ members: [JSONSchema], owner: String, origin: String) -> TypeInfo? {
        var cases: [EnumDraft.Case] = []
        var caseNames = NameRegistry()
        var nullable = false
        for member in members {
            if case .null = member.value {
                nullable = true
                continue
            }
            guard let values = member.allowedValues, values.count == 1, !isObjectLike(member), !member.isReference else { return nil }
            let value = Self.jsonValue(values[0].value)
            if value == .null {
                nullable = true
                continue
            }
            if cases.contains(where: { $0.value == value }) { continue }
            let text: String
            if let title = member.title {
                text = title
            } else if case .string(let string) = value {
                text = string
            } else {
                text = value.quoted
            }
            cases.append(.init(name: caseNames.claim([Naming.caseName(text), Naming.caseName(text) + "_"]), value: value))
        }
        guard !cases.isEmpty else { return nil }
        let name = names.claim([owner])
        var enumeration = EnumDraft(name: name, cases: cases, origin: origin)
        if openEnums {
            let fallback = caseNames.claim(["unknown", "unknown_value", "other"])
            enumeration.cases.append(.init(name: fallback, value: .string(fallback)))
            enumeration.defaultCase = fallback
        }
        draft.enums[name] = enumeration
        var info = TypeInfo(type: .enumeration(name))
        info.nullable = nullable
        return info
    }

    /// Object members that each fix one property to a different single value (`type: {enum:
    /// [role]}`) are variants of a new base model by that property.
    private func impliedVariants(_ infos: [TypeInfo], owner: String, origin: String) -> TypeInfo? {
        var models: [String] = []
        for info in infos {
            guard case .model(let name) = info.type, draft.models[name] != nil else { return nil }
            models.append(name)
        }
        let fixed = models.map { model -> [String: JSONValue] in
            var values: [String: JSONValue] = [:]
            for property in inheritedProperties(of: model) + (draft.models[model]?.properties ?? []) {
                if case .enumeration(let enumName) = property.type, let enumeration = draft.enums[enumName],
                    enumeration.cases.count == 1, enumeration.defaultCase == nil
                {
                    values[property.jsonKey] = enumeration.cases[0].value
                }
            }
            return values
        }
        guard let first = fixed.first, let firstModel = models.first else { return nil }
        for key in first.keys.sorted() {
            let values = fixed.compactMap { $0[key] }
            guard values.count == models.count, Set(values).count == values.count else { continue }
            // A base made for another union of these models serves this one too.
            let chains = models.map { Set(extendsChain(of: $0).dropFirst()) }
            if let shared = extendsChain(of: firstModel).dropFirst().first(where: { base in
                chains.allSatisfy { $0.contains(base) } && draft.models[base]?.variants?.by == key
            }) {
                return TypeInfo(type: .model(shared))
            }
            let base = names.claim([owner])
            var model = ModelDraft(name: base, origin: origin)
            model.unknownKeys = .keep
            draft.models[base] = model
            // Bases made for smaller unions of some of these models extend the new one.
            var adopted: [String] = []
            for member in models {
                // `extendsChain` starts with the model itself: it has a last.
                guard let top = extendsChain(of: member).last else { continue }
                if top != member, impliedBases.contains(top), draft.models[top]?.extends == nil {
                    draft.models[top]?.extends = base
                    adopted.append(top)
                }
            }
            let cases = Array(zip(values, models)).map { (value: $0.0, model: $0.1) }
            guard let variants = variantCases(base: base, models: [], by: key, mapping: cases, origin: origin) else {
                for top in adopted { draft.models[top]?.extends = nil }
                draft.models.removeValue(forKey: base)
                return nil
            }
            draft.models[base]?.variants = variants
            impliedBases.insert(base)
            return TypeInfo(type: .model(base))
        }
        return nil
    }

    private func combine(_ infos: [TypeInfo], keyword: String, owner: String, origin: String) -> TypeInfo {
        let memberKinds = infos.map { kinds(of: $0.type) }
        var seen: JSONKinds = []
        var disjoint = true
        for kind in memberKinds {
            if !seen.isDisjoint(with: kind) || kind.isEmpty { disjoint = false }
            seen.formUnion(kind)
        }
        if disjoint {
            let members = infos.flatMap { info -> [TypeSpec] in
                if case .union(let inner) = info.type { return inner }
                return [info.type]
            }
            var result = TypeInfo(type: .union(members))
            let formats = Set(infos.compactMap(\.format))
            if formats.count == 1 { result.format = formats.first }
            if infos.contains(where: { !$0.constraints.isEmpty }) {
                warn("union-constraints", origin, "constraints of '\(keyword)' members are not supported in a union; left out")
            }
            return result
        }
        let scalars = infos.map(\.type)
        if scalars.allSatisfy(\.isNumber) {
            return TypeInfo(type: scalars.contains(.decimal) ? .decimal : .double)
        }
        if let variants = impliedVariants(infos, owner: owner, origin: origin) { return variants }
        let described = infos.map(\.type.description).joined(separator: ", ")
        warn(
            "ambiguous-union", origin,
            "'\(keyword)' members (\(described)) are not told apart by JSON kind and have no discriminator; typed as any")
        return .any
    }

    /// The JSON kinds a type's values take.
    func kinds(of type: TypeSpec) -> JSONKinds {
        switch type {
        case .string, .url, .uuid, .date, .localDate: return .string
        case .int, .double, .decimal: return .number
        case .bool: return .bool
        case .any: return .all
        case .enumeration(let name):
            guard let enumeration = draft.enums[name] else { return .object }
            return enumeration.cases.reduce(into: JSONKinds()) { $0.formUnion(.of($1.value)) }
        case .model: return .object
        case .array: return .array
        case .dictionary: return .object
        case .union(let members): return members.reduce(into: JSONKinds()) { $0.formUnion(kinds(of: $1)) }
        }
    }
}
