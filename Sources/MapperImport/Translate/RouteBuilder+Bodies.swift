import MapperKit
import OpenAPIKit

extension RouteBuilder {
    /// A response's JSON body: its media type (`application/json`, `*/*+json`) and schema.
    struct JSONBody {
        var mediaType: String
        var schema: JSONSchema
    }

    /// The JSON content of a response, the first JSON media type in name order.
    static func jsonBody(of response: OpenAPI.Response) -> JSONBody? {
        for (type, content) in response.content.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let text = type.rawValue.lowercased()
            guard text.hasPrefix("application/json") || text.contains("+json") || text == "*/*" else { continue }
            if case .b(let content) = content, let schema = content.schema { return JSONBody(mediaType: type.rawValue, schema: schema) }
        }
        return nil
    }

    /// `…/responses/200/content/application~1json/schema`: where a response's body schema is.
    static func schemaPointer(_ response: String, body: JSONBody?) -> String {
        guard let body else { return response }
        return response + "/content/" + SchemaTranslator.escape(body.mediaType) + "/schema"
    }

    /// What a body is when no model of the catalog reads it but a model that keeps every key can:
    /// a dictionary, or objects the catalog cannot tell apart (a `oneOf`/`anyOf` of objects without
    /// a discriminator, typed as any), alone or in an array; nil for anything else.
    func keptBody(_ type: TypeSpec, schema: JSONSchema?) -> String? {
        switch type {
        case .dictionary, .array(.dictionary):
            return "'\(type)'"
        case .any, .array(.any):
            guard let schema, let members = objectMembers(of: schema, array: type != .any) else { return nil }
            return "one of \(members.joined(separator: ", ")), which the catalog cannot tell apart"
        default:
            return nil
        }
    }

    /// The names of a union's members when every one is an object (nil otherwise); with `array`,
    /// of the union that is the array's items.
    private func objectMembers(of schema: JSONSchema, array: Bool, depth: Int = 0) -> [String]? {
        if case .reference(let reference, _) = schema.value {
            guard depth < 8, let key = SchemaTranslator.componentKey(reference), let component = translator.components[key] else {
                return nil
            }
            return objectMembers(of: component.schema, array: array, depth: depth + 1)
        }
        if array {
            guard case .array(_, let context) = schema.value, let items = context.items else { return nil }
            return objectMembers(of: items, array: false, depth: depth + 1)
        }
        switch schema.value {
        case .one(let members, _), .any(let members, _):
            guard !members.isEmpty, members.allSatisfy({ translator.isObjectLike($0, depth: 1) }) else { return nil }
            let names = members.compactMap { member -> String? in
                guard case .reference(let reference, _) = member.value, let key = SchemaTranslator.componentKey(reference) else {
                    return member.title
                }
                return translator.componentNames[key] ?? translator.components[key]?.schema.title
            }
            return names.count == members.count ? names : ["\(members.count) objects"]
        default:
            return nil
        }
    }

    /// The target of a route whose body `model` maps (an object, or each element of an array)
    /// and may also be `null`: `Model?`, or `[Model]` for an array (a route that names a type
    /// expression takes `null` as `null`).
    static func nullableTarget(_ model: String, type: TypeSpec) -> String {
        if case .array = type { return "[\(model)]" }
        return model + "?"
    }

    /// The type a route names for a body that is not an object (`int`, `[string]`, `string | int`,
    /// an enum): the body is mapped as a value of that type. Nil when the type needs a named
    /// format, which a route cannot carry.
    static func valueType(of type: TypeSpec, format: String?) -> String? {
        format == nil ? type.description : nil
    }

    /// Why a body gets no route: a route names a type, and this body's type needs a format too.
    static func unroutable(_ type: TypeSpec, format: String) -> String {
        "the response is '\(type)' with format '\(format)'; a route names a type but not a format, so this operation has no route"
    }
}
