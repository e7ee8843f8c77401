import Foundation
import MapperKit
import OpenAPIKit

extension SchemaTranslator {
    /// A model from an object schema, an `allOf` (the first member that is a model becomes
    /// `extends`, the others' properties are merged in) or a `oneOf`/`anyOf` with a discriminator
    /// (a model with `variants` that its members extend).
    func buildModel(_ name: String, _ schema: JSONSchema, origin: String) {
        var model = ModelDraft(name: name, origin: origin)
        // An `allOf`'s description may be on a member (`allOf: [{$ref: Base}, {description: …}]`).
        model.doc = schema.description.flatMap { $0.isEmpty ? nil : $0 } ?? annotationDoc(schema)
        model.unknownKeys = .keep
        draft.models[name] = model
        var properties: [PropertyDraft] = []
        switch schema.value {
        case .object:
            properties = objectProperties(schema, owner: name, origin: origin, inherited: [])
            if let discriminator = schema.discriminator {
                discriminatedBases.append((name, origin, discriminator))
            }
        case .all(let members, _):
            var base: String?
            for (index, member) in members.enumerated() {
                let memberOrigin = origin + "/allOf/\(index)"
                if base == nil, let reference = member.reference, let key = Self.componentKey(reference),
                    case .model(let parent) = resolve(key), parent != name, !extendsChain(of: parent).contains(name)
                {
                    base = parent
                    continue
                }
                let inherited = base.map { inheritedProperties(of: $0) } ?? []
                merge(propertiesOf(member, owner: name, origin: memberOrigin, inherited: inherited + properties), into: &properties)
            }
            model.extends = base
            if let discriminator = schema.discriminator { discriminatedBases.append((name, origin, discriminator)) }
        case .one(let members, let core), .any(let members, let core):
            if let discriminator = core.discriminator {
                let keyword = if case .one = schema.value { "oneOf" } else { "anyOf" }
                model.variants = variants(of: name, members: members, keyword: keyword, discriminator: discriminator, origin: origin)
            }
        default:
            break
        }
        model.properties = properties
        if let existing = draft.models[name] { model.extends = model.extends ?? existing.extends }
        draft.models[name] = model
    }

    /// The properties a member of an `allOf` contributes: its own, or all of a referenced model's
    /// (inherited ones included).
    private func propertiesOf(_ member: JSONSchema, owner: String, origin: String, inherited: [PropertyDraft]) -> [PropertyDraft] {
        switch member.value {
        case .reference(let reference, _):
            guard let key = Self.componentKey(reference) else { return [] }
            switch resolve(key) {
            case .model(let other):
                return inheritedProperties(of: other) + (draft.models[other]?.properties ?? [])
            case .enumeration, .inline:
                guard let component = components[key] else { return [] }
                return propertiesOf(component.schema, owner: owner, origin: component.origin, inherited: inherited)
            }
        case .object:
            return objectProperties(member, owner: owner, origin: origin, inherited: inherited)
        case .all(let members, _):
            var properties: [PropertyDraft] = []
            for (index, inner) in members.enumerated() {
                merge(
                    propertiesOf(inner, owner: owner, origin: origin + "/allOf/\(index)", inherited: inherited + properties),
                    into: &properties)
            }
            return properties
        case .fragment:
            return []
        default:
            warn("all-of", origin, "an 'allOf' member that is not an object is left out of the model")
            return []
        }
    }

    /// Later definitions of a key replace earlier ones in place.
    private func merge(_ more: [PropertyDraft], into properties: inout [PropertyDraft]) {
        for property in more {
            if let index = properties.firstIndex(where: { $0.jsonKey == property.jsonKey }) {
                properties[index] = property
            } else {
                properties.append(property)
            }
        }
    }

    /// Every property a model inherits through `extends`.
    func inheritedProperties(of model: String) -> [PropertyDraft] {
        extendsChain(of: model).dropFirst().reversed().flatMap { draft.models[$0]?.properties ?? [] }
    }

    /// The model and its ancestors, nearest first.
    func extendsChain(of model: String) -> [String] {
        var chain = [model]
        var current = model
        while let parent = draft.models[current]?.extends, !chain.contains(parent) {
            chain.append(parent)
            current = parent
        }
        return chain
    }

    /// The properties of an object schema, named in camelCase and unique within the model.
    func objectProperties(_ schema: JSONSchema, owner: String, origin: String, inherited: [PropertyDraft]) -> [PropertyDraft] {
        guard case .object(_, let context) = schema.value else { return [] }
        var properties: [PropertyDraft] = []
        var taken = Dictionary(inherited.map { ($0.name, $0.jsonKey) }, uniquingKeysWith: { first, _ in first })
        let required = Set(context.requiredProperties)
        for (key, propertySchema) in ordered(context.properties) {
            let propertyOrigin = origin + "/properties/" + Self.escape(key)
            let info = typeInfo(propertySchema, owner: owner + Naming.typeName(key), origin: propertyOrigin)
            var name = Naming.propertyName(key)
            if let owner = taken[name], owner != key {
                var number = 2
                while taken["\(name)\(number)"] != nil { number += 1 }
                name = "\(name)\(number)"
            }
            taken[name] = key
            var property = PropertyDraft(name: name, jsonKey: key, type: info.type, origin: propertyOrigin)
            property.required = required.contains(key) && !info.nullable
            property.format = info.format
            property.constraints = info.constraints
            property.doc = info.doc
            properties.append(property)
        }
        if case .b(let extra)? = context.additionalProperties, !extra.isEmpty, !context.properties.isEmpty {
            warn(
                "additional-properties", origin + "/additionalProperties",
                "typed extra keys next to properties are not supported; extra keys are kept untyped (unknown_keys: keep)")
        }
        if !context.patternProperties.isEmpty {
            warn("pattern-properties", origin, "'patternProperties' is not supported; such keys are kept untyped (unknown_keys: keep)")
        }
        return properties
    }

    static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
