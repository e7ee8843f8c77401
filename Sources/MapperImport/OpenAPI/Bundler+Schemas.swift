import Foundation
import MapperKit

extension Bundler {
    private static let schemaMaps: Set<String> = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]
    private static let schemaValues: Set<String> = [
        "items", "additionalProperties", "not", "contains", "if", "then", "else", "propertyNames", "additionalItems",
        "unevaluatedItems", "unevaluatedProperties", "contentSchema",
    ]
    private static let schemaLists: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems"]

    /// The schema walk: references become components, subschemas are walked, vendor extensions,
    /// examples and defaults are dropped, everything else is kept as it is.
    func schema(_ value: JSONValue, at location: Location) -> JSONValue {
        guard case .object(let object) = value else { return value }
        var output = JSONObject()
        let integer =
            object["type"] == "integer"
            || (object["type"].map { if case .array(let types) = $0 { types.contains("integer") } else { false } } ?? false)
        for member in object {
            let key = member.key
            let at = location.appending(key)
            // OpenAPIKit reads integer bounds as Int and refuses the whole schema otherwise.
            if integer, key == "minimum" || key == "maximum", case .number(let number) = member.value, Int64(number.text) == nil {
                warn("integer-bound", at, "the \(key) \(number.text) of an integer is not a 64-bit integer; left out")
                continue
            }
            // Examples and defaults are data OpenAPIKit would decode for nothing: the catalog has no use for them.
            if key.hasPrefix("x-") || key == "example" || key == "examples" || key == "default" { continue }
            if key == "$ref", case .string(let reference) = member.value {
                // A reference that leads nowhere leaves the siblings alone: any, with their constraints.
                if let rewritten = schemaReference(reference, from: location)["$ref"] { output.append(key, rewritten) }
                continue
            }
            if Self.schemaMaps.contains(key), case .object(let map) = member.value {
                var mapped = JSONObject()
                for entry in map { mapped.append(entry.key, schema(entry.value, at: at.appending(entry.key))) }
                output.append(key, .object(mapped))
            } else if Self.schemaValues.contains(key), case .object = member.value {
                output.append(key, schema(member.value, at: at))
            } else if (Self.schemaLists.contains(key) || key == "items"), case .array(let items) = member.value {
                output.append(key, .array(items.enumerated().map { schema($1, at: at.appending(String($0))) }))
            } else if key == "discriminator", case .object(let discriminator) = member.value {
                output.append(key, .object(self.discriminator(discriminator, at: at)))
            } else {
                output.append(key, member.value)
            }
        }
        return .object(output)
    }

    /// A discriminator's `mapping` values name schemas (`#/components/schemas/Cat`, `cat.yml`, or
    /// a bare component name): they are rewritten to the bundled components.
    private func discriminator(_ object: JSONObject, at location: Location) -> JSONObject {
        var output = JSONObject()
        for member in object {
            guard member.key == "mapping", case .object(let mapping) = member.value else {
                output.append(member.key, member.value)
                continue
            }
            var rewritten = JSONObject()
            for entry in mapping {
                guard case .string(var target) = entry.value else { continue }
                if !target.contains("#"), !target.contains("/"), !target.hasSuffix(".yml"), !target.hasSuffix(".yaml"),
                    !target.hasSuffix(".json")
                {
                    target = "#/components/schemas/" + target
                    if location.file != root { target = root + target }
                }
                let bundled = schemaReference(
                    target, from: location.appending("mapping").appending(entry.key), instead: "the mapping of '\(entry.key)' is left out")
                if case .string(let reference)? = bundled["$ref"] { rewritten.append(entry.key, .string(reference)) }
            }
            output.append("mapping", .object(rewritten))
        }
        return output
    }

    private static let genericSegments: Set<String> = [
        "schema", "schemas", "content", "items", "properties", "components", "definitions", "$defs", "allOf", "anyOf",
        "oneOf", "additionalProperties", "responses", "models", "attributes", "shared", "resources", "specification",
        "parameters", "requestBody", "value",
    ]

    /// Name candidates for a schema found by reference: the last meaningful pointer segment or the
    /// file's name, then the same qualified by the folders above it (`apps/models/spec.yml` →
    /// `Spec`, `AppsSpec`).
    static func names(for location: Location, root: String, files: DescriptionFiles) -> [String] {
        let base = name(of: location, files: files)
        var names = [base]
        var qualifier = ""
        let folders = files.display(location.file).split(separator: "/").dropLast().reversed()
        for folder in folders where !genericSegments.contains(String(folder)) {
            qualifier = Naming.typeName(String(folder)) + qualifier
            names.append(qualifier + base)
        }
        return names
    }

    /// The name a place suggests: the last meaningful pointer segment, else the file's stem.
    static func name(of location: Location, files: DescriptionFiles) -> String {
        for segment in location.pointer.reversed()
        where !genericSegments.contains(segment) && Int(segment) == nil && !segment.contains("/") {
            return Naming.typeName(segment)
        }
        let stem = URL(fileURLWithPath: location.file).deletingPathExtension().lastPathComponent
        return Naming.typeName(stem)
    }

    /// An operation's name: its `operationId`, else the method and the path's words.
    static func operationName(_ operation: JSONObject, path: String, method: String) -> String {
        if case .string(let id)? = operation["operationId"], !Naming.words(id).isEmpty { return Naming.typeName(id) }
        return Naming.typeName(method + " " + path.replacingOccurrences(of: "{", with: "by ").replacingOccurrences(of: "}", with: ""))
    }
}
