import MapperKit
import OpenAPIKit

extension SchemaTranslator {
    /// `variants` for a `oneOf`/`anyOf` with a discriminator: each member model extends the base
    /// (the language requires it); a member that already extends another model cannot, and the
    /// variants are then left out with a warning.
    func variants(of base: String, members: [JSONSchema], discriminator: OpenAPI.Discriminator, origin: String) -> VariantsDraft? {
        var models: [(key: String, model: String)] = []
        for (index, member) in members.enumerated() {
            guard let reference = member.reference, let key = Self.componentKey(reference), case .model(let model) = resolve(key) else {
                warn("discriminator", origin + "/oneOf/\(index)",
                     "a discriminated member that is not a model is not supported; variants left out, the base is read instead")
                return nil
            }
            models.append((key, model))
        }
        return variantCases(base: base, models: models, discriminator: discriminator, origin: origin)
    }

    /// Cases from the discriminator's `mapping`, else from each model's schema name; every model
    /// is made to extend the base when it extends nothing yet.
    func variantCases(base: String, models: [(key: String, model: String)], discriminator: OpenAPI.Discriminator,
                      origin: String) -> VariantsDraft? {
        var cases: [(value: String, model: String)] = []
        if let mapping = discriminator.mapping {
            for (value, target) in mapping {
                let key = target.split(separator: "/").last.map(String.init) ?? target
                guard case .model(let model) = resolve(key) else {
                    warn("discriminator", origin + "/discriminator/mapping", "the mapping of '\(value)' is not a model; left out")
                    continue
                }
                cases.append((value, model))
            }
        }
        for entry in models where !cases.contains(where: { $0.model == entry.model }) {
            let value = components[entry.key]?.names.first ?? entry.model
            cases.append((value, entry.model))
        }
        for entry in cases where entry.model != base {
            let chain = extendsChain(of: entry.model)
            if chain.contains(base) { continue }
            if chain.count == 1, !extendsChain(of: base).contains(entry.model) {
                draft.models[entry.model]?.extends = base
                continue
            }
            warn("discriminator", origin,
                 "variant '\(entry.model)' already extends '\(chain[1])', so it cannot extend '\(base)'; variants left out")
            return nil
        }
        guard !cases.isEmpty else { return nil }
        return VariantsDraft(by: discriminator.propertyName, cases: cases)
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
            draft.models[base]?.variants = variantCases(base: base, models: models, discriminator: discriminator, origin: origin)
        }
    }

    /// `oneOf`/`anyOf` without a discriminator: a union when the members differ by JSON kind,
    /// else the one type they share (numbers), else any.
    func union(_ members: [JSONSchema], keyword: String, owner: String, origin: String) -> TypeInfo {
        var infos: [TypeInfo] = []
        var nullable = false
        for (index, member) in members.enumerated() {
            if case .null = member.value {
                nullable = true
                continue
            }
            let info = typeInfo(member, owner: members.count > 1 ? owner + "Option\(index + 1)" : owner,
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
            result = combine(infos, keyword: keyword, origin: origin)
        }
        result.nullable = result.nullable || nullable
        return result
    }

    private func combine(_ infos: [TypeInfo], keyword: String, origin: String) -> TypeInfo {
        let memberKinds = infos.map { kinds(of: $0.type) }
        var seen: JSONKinds = []
        var disjoint = true
        for kind in memberKinds {
            if !seen.isDisjoint(with: kind) || kind.isEmpty { disjoint = false }
            seen.formUnion(kind)
        }
        if disjoint {
            let members = infos.flatMap { info -> [TypeDraft] in
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
        if scalars.allSatisfy({ [.scalar("int"), .scalar("double"), .scalar("decimal")].contains($0) }) {
            return TypeInfo(type: scalars.contains(.scalar("decimal")) ? .scalar("decimal") : .scalar("double"))
        }
        let described = infos.map(\.type.expression).joined(separator: ", ")
        warn("ambiguous-union", origin,
             "'\(keyword)' members (\(described)) are not told apart by JSON kind and have no discriminator; typed as any")
        return .any
    }

    /// The JSON kinds a type's values take.
    func kinds(of type: TypeDraft) -> JSONKinds {
        switch type {
        case .scalar(let name):
            switch name {
            case "string", "url", "uuid", "date": return .string
            case "int", "double", "decimal": return .number
            case "bool": return .bool
            default: return .all
            }
        case .named(let name):
            if let enumeration = draft.enums[name] {
                return enumeration.cases.reduce(into: JSONKinds()) { $0.formUnion(.of($1.value)) }
            }
            return .object
        case .array: return .array
        case .dictionary: return .object
        case .union(let members): return members.reduce(into: JSONKinds()) { $0.formUnion(kinds(of: $1)) }
        }
    }
}
