import Foundation
import MapperKit
import OpenAPIKit

extension SchemaTranslator {
    /// Whether a schema accepts `null`, wherever the description says so: `nullable: true` (3.0),
    /// `type: [T, "null"]`, an `enum` with `null`, a `{type: "null"}` member of `anyOf`/`oneOf`, a
    /// schema without a type, or any of these on the component a `$ref` (or a member of an
    /// `allOf`) leads to.
    func acceptsNull(_ schema: JSONSchema, depth: Int = 0) -> Bool {
        guard depth < 16 else { return false }
        if schema.nullable { return true }
        if let values = schema.allowedValues, values.contains(where: { $0.value is NSNull }) { return true }
        switch schema.value {
        case .null:
            return true
        case .fragment:
            // No type at all (`{description: …}`, OpenAI's `metadata`): every value, null too.
            return true
        case .reference(let reference, _):
            guard let key = Self.componentKey(reference), let component = components[key] else { return false }
            return acceptsNull(component.schema, depth: depth + 1)
        case .all(let members, _), .one(let members, _), .any(let members, _):
            return members.contains { acceptsNull($0, depth: depth + 1) }
        default:
            return false
        }
    }

    /// The referenced schema an `allOf` only annotates: `allOf: [{$ref: Task}, {type: object,
    /// nullable: true, description: …}]` (Asana's description writes its nullable references so)
    /// is the model `Task` itself, not an empty model that extends it. The other members may add
    /// `nullable`, a description, `readOnly`, or properties the referenced schema already has.
    func aliasTarget(_ schema: JSONSchema) -> JSONSchema? {
        guard case .all(let members, _) = schema.value,
            let target = members.first(where: { $0.reference != nil })
        else { return nil }
        let keys = propertyKeys(target)
        for member in members where member.reference == nil {
            switch member.value {
            case .fragment:
                continue
            case .object(_, let context):
                guard context.additionalProperties == nil, member.discriminator == nil,
                    Set(context.properties.keys).isSubset(of: keys)
                else { return nil }
            default:
                return nil
            }
        }
        return members.filter { $0.reference != nil }.count == 1 ? target : nil
    }

    /// The description an annotating `allOf` member gives (`allOf: [{$ref}, {description: …}]`).
    func annotationDoc(_ schema: JSONSchema) -> String? {
        guard case .all(let members, _) = schema.value else { return nil }
        return members.lazy.filter { $0.reference == nil }.compactMap(\.description).first { !$0.isEmpty }
    }

    /// The property keys a schema declares, through references and `allOf`.
    func propertyKeys(_ schema: JSONSchema, depth: Int = 0) -> Set<String> {
        guard depth < 16 else { return [] }
        switch schema.value {
        case .object(_, let context):
            return Set(context.properties.keys)
        case .all(let members, _):
            return members.reduce(into: Set<String>()) { $0.formUnion(propertyKeys($1, depth: depth + 1)) }
        case .reference(let reference, _):
            guard let key = Self.componentKey(reference), let component = components[key] else { return [] }
            return propertyKeys(component.schema, depth: depth + 1)
        default:
            return []
        }
    }
}
