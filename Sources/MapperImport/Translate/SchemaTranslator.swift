import Foundation
import MapperKit
import OpenAPIKit

/// Turns the component schemas of a bundled description into models, enums and inline types.
///
/// Objects with properties become models, `enum`s become enums, other schemas are inlined where
/// they are used (a component `Snowflake: {type: string, pattern: …}` gives its type and pattern
/// to every property that refers to it). Whatever the language cannot say is typed as `any` or
/// left out, with a warning naming the place in the description.
final class SchemaTranslator {
    struct Component {
        var key: String
        var schema: JSONSchema
        var origin: String
        /// Name candidates from the bundler, best first.
        var names: [String]
    }

    enum Resolution {
        case model(String)
        case enumeration(String)
        case inline(TypeInfo)
    }

    let components: [String: Component]
    /// Component keys in the order names are handed out.
    let order: [String]
    var draft = CatalogDraft()
    var names = NameRegistry()
    var warnings: [ImportWarning] = []
    let openEnums: Bool
    /// Component key → its assigned name (models and enums only).
    var componentNames: [String: String] = [:]
    private var resolved: [String: Resolution] = [:]
    private var inProgress: Set<String> = []
    /// Models that declare a discriminator without `oneOf` (their variants are the models that extend them).
    /// Bases made for unions whose members fix a property to different values.
    var impliedBases: Set<String> = []
    var discriminatedBases: [(model: String, key: String, discriminator: OpenAPI.Discriminator)] = []

    /// The order of `properties` as the description writes them, by their sorted keys: OpenAPIKit
    /// reads objects through Foundation's decoder, which does not keep the order of keys.
    var propertyOrders: [String: [String]] = [:]

    init(components: [Component], openEnums: Bool) {
        self.components = Dictionary(components.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        self.order = components.map(\.key)
        self.openEnums = openEnums
        for key in order {
            guard let component = self.components[key], isNamed(component.schema) else { continue }
            componentNames[key] = names.claim(component.names.map(Naming.typeName))
        }
    }

    /// Records the key order of every `properties` object in a (bundled) description.
    func recordPropertyOrders(in value: JSONValue) {
        switch value {
        case .array(let items):
            for item in items { recordPropertyOrders(in: item) }
        case .object(let object):
            for member in object {
                if member.key == "properties", case .object(let properties) = member.value {
                    let keys = properties.keys
                    let signature = keys.sorted().joined(separator: "\u{0}")
                    if propertyOrders[signature] == nil { propertyOrders[signature] = keys }
                }
                recordPropertyOrders(in: member.value)
            }
        default:
            break
        }
    }

    /// An object's properties in the description's order.
    func ordered(_ properties: OrderedDictionary<String, JSONSchema>) -> [(key: String, value: JSONSchema)] {
        let signature = properties.keys.sorted().joined(separator: "\u{0}")
        let order = propertyOrders[signature] ?? properties.keys.sorted()
        return order.compactMap { key in properties[key].map { (key, $0) } }
    }

    func warn(_ kind: String, _ origin: String, _ message: String) {
        warnings.append(ImportWarning(kind: kind, location: origin, message: message))
    }

    /// Translates every component, then settles the variants of discriminated bases.
    func translateAll() {
        for key in order { _ = resolve(key) }
        finishDiscriminatedBases()
    }

    /// Whether a schema becomes a model or an enum of its own (rather than an inline type).
    func isNamed(_ schema: JSONSchema) -> Bool {
        if isEnum(schema) { return true }
        if aliasTarget(schema) != nil { return false }
        return isObjectLike(schema)
    }

    /// A schema with `enum` (or `const`) values that is not an object.
    func isEnum(_ schema: JSONSchema) -> Bool {
        guard let values = schema.allowedValues, values.contains(where: { !($0.value is NSNull) }) else { return false }
        return !isObjectLike(schema)
    }

    /// Objects with properties, `allOf`s with such a member, discriminated `oneOf`/`anyOf`.
    func isObjectLike(_ schema: JSONSchema, depth: Int = 0) -> Bool {
        guard depth < 16 else { return false }
        switch schema.value {
        case .object(_, let context): return !context.properties.isEmpty
        case .all(let members, _): return members.contains { isObjectLike($0, depth: depth + 1) }
        case .one(_, let core), .any(_, let core): return core.discriminator != nil
        case .reference(let reference, _):
            guard depth > 0, let key = Self.componentKey(reference), let component = components[key] else { return false }
            return isObjectLike(component.schema, depth: depth + 1)
        default: return false
        }
    }

    /// The key of the component a reference names (`#/components/schemas/S12` → `S12`).
    static func componentKey(_ reference: JSONReference<JSONSchema>) -> String? {
        reference.name
    }

    /// What a component is, translated once.
    func resolve(_ key: String) -> Resolution {
        if let done = resolved[key] { return done }
        guard let component = components[key] else { return .inline(.any) }
        if let name = componentNames[key] {
            // Recorded before it is built, so that a reference back to it finds it.
            let resolution: Resolution = isEnum(component.schema) ? .enumeration(name) : .model(name)
            resolved[key] = resolution
            if case .enumeration = resolution {
                buildEnum(name, component.schema, origin: component.origin)
            } else {
                buildModel(name, component.schema, origin: component.origin)
            }
            return resolution
        }
        guard !inProgress.contains(key) else {
            warn("recursive-type", component.origin, "this schema contains itself without an object in between; typed as any")
            return .inline(.any)
        }
        inProgress.insert(key)
        let owner = Naming.typeName(component.names.first ?? key)
        let info = typeInfo(component.schema, owner: owner, origin: component.origin)
        inProgress.remove(key)
        resolved[key] = .inline(info)
        return .inline(info)
    }

    /// Whether a schema (a path parameter's) takes integers only.
    func isInteger(_ schema: JSONSchema) -> Bool {
        switch schema.value {
        case .integer: return true
        case .reference(let reference, _):
            guard let key = Self.componentKey(reference), case .inline(let info) = resolve(key) else { return false }
            return info.type == .int
        default: return false
        }
    }

    /// The type a schema has where it is used; nested objects and enums become models and enums
    /// named `owner`.
    func typeInfo(_ schema: JSONSchema, owner: String, origin: String) -> TypeInfo {
        var info = rawTypeInfo(schema, owner: owner, origin: origin)
        if acceptsNull(schema) { info.nullable = true }
        if let description = schema.description, !description.isEmpty {
            info.doc = description
        } else if let description = annotationDoc(schema) {
            info.doc = description
        }
        return info
    }

    private func rawTypeInfo(_ schema: JSONSchema, owner: String, origin: String) -> TypeInfo {
        if isEnum(schema), !schema.isReference {
            let name = names.claim([owner])
            buildEnum(name, schema, origin: origin)
            return TypeInfo(type: .enumeration(name))
        }
        switch schema.value {
        case .reference(let reference, _):
            guard let key = Self.componentKey(reference) else { return .any }
            switch resolve(key) {
            case .model(let name): return TypeInfo(type: .model(name))
            case .enumeration(let name): return TypeInfo(type: .enumeration(name))
            case .inline(let info): return info
            }
        case .null:
            return .any
        case .boolean:
            return TypeInfo(type: .bool)
        case .integer(let core, let context):
            return integer(core, context, origin: origin)
        case .number(let core, let context):
            return number(core, context, origin: origin)
        case .string(let core, let context):
            return string(core, context, origin: origin)
        case .array(_, let context):
            return array(context, owner: owner, origin: origin)
        case .object(_, let context):
            if !context.properties.isEmpty {
                let name = names.claim([owner])
                buildModel(name, schema, origin: origin)
                return TypeInfo(type: .model(name))
            }
            return dictionary(context, owner: owner, origin: origin)
        case .all(let members, _):
            if let target = aliasTarget(schema) { return typeInfo(target, owner: owner, origin: origin + "/allOf/0") }
            if isObjectLike(schema) {
                if members.count == 1 { return typeInfo(members[0], owner: owner, origin: origin + "/allOf/0") }
                let name = names.claim([owner])
                buildModel(name, schema, origin: origin)
                return TypeInfo(type: .model(name))
            }
            return mergedScalars(members, owner: owner, origin: origin)
        case .one(let members, let core), .any(let members, let core):
            let keyword = if case .one = schema.value { "oneOf" } else { "anyOf" }
            if core.discriminator != nil {
                let name = names.claim([owner])
                buildModel(name, schema, origin: origin)
                return TypeInfo(type: .model(name))
            }
            return union(members, keyword: keyword, owner: owner, origin: origin)
        case .not:
            warn("not", origin, "'not' is not supported; typed as any")
            return .any
        case .fragment:
            return .any
        }
    }

    private func array(_ context: JSONSchema.ArrayContext, owner: String, origin: String) -> TypeInfo {
        var element = TypeInfo.any
        if let items = context.items {
            let elementOwner = Naming.singular(owner).map { $0 == owner ? owner + "Item" : $0 } ?? owner + "Item"
            element = typeInfo(items, owner: elementOwner, origin: origin + "/items")
            if !element.constraints.isEmpty {
                warn(
                    "item-constraints", origin + "/items",
                    "constraints on array elements are not supported (the language constrains the array); left out")
            }
        } else if context.prefixItems != nil {
            warn("prefix-items", origin, "'prefixItems' (tuples) is not supported; elements typed as any")
        }
        var info = TypeInfo(type: .array(element.type), format: element.format)
        if context.minItems > 0 { info.constraints.minLength = context.minItems }
        info.constraints.maxLength = context.maxItems
        if context.uniqueItems { warn("unique-items", origin, "'uniqueItems' is not supported; left out") }
        return info
    }

    private func dictionary(_ context: JSONSchema.ObjectContext, owner: String, origin: String) -> TypeInfo {
        var value = TypeInfo.any
        if case .b(let schema)? = context.additionalProperties {
            value = typeInfo(schema, owner: owner + "Value", origin: origin + "/additionalProperties")
            if !value.constraints.isEmpty {
                warn(
                    "item-constraints", origin + "/additionalProperties",
                    "constraints on dictionary values are not supported; left out")
            }
        }
        if !context.patternProperties.isEmpty {
            warn("pattern-properties", origin, "'patternProperties' is not supported; values typed as any")
            value = .any
        }
        var info = TypeInfo(type: .dictionary(value.type), format: value.format)
        if context.minProperties > 0 { info.constraints.minLength = context.minProperties }
        info.constraints.maxLength = context.maxProperties
        return info
    }
}
