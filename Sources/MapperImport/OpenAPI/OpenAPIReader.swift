import Foundation
import MapperKit
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat

/// Decodes a bundled description with OpenAPIKit: 3.0 with `OpenAPIKit30`, converted to 3.1's
/// types by `OpenAPIKitCompat`; 3.1 and 3.2 with `OpenAPIKit`. A schema OpenAPIKit cannot read is
/// replaced by the empty schema (any) at the smallest subschema that fails, and an operation it
/// cannot read is left out, each with a warning: one bad part never fails the whole import.
struct OpenAPIReader {
    enum Version {
        case v30, v31
    }

    var version: Version
    /// The bundled document, repaired as it is read.
    var document: JSONValue
    /// Component key → where the schema came from, for warnings.
    var origins: [String: String]
    var warnings: [ImportWarning] = []

    mutating func read() -> Result<OpenAPIKit.OpenAPI.Document, ImportError> {
        var probed = false
        for _ in 0..<64 {
            let data = Data(JSONWriter.write(document).utf8)
            do {
                switch version {
                case .v30:
                    return .success(try JSONDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: data).convert(to: .v3_1_1))
                case .v31:
                    return .success(try JSONDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: data))
                }
            } catch {
                let failure = OpenAPIKit.OpenAPI.Error(from: error)
                let path = failure.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
                // A schema that fails: empty its smallest failing subschema and read again.
                if path.count >= 3, path[0] == "components", path[1] == "schemas" {
                    let subschema = Self.subschemaPrefix(of: Array(path.dropFirst(3)))
                    warnings.append(
                        ImportWarning(
                            kind: "unreadable-schema",
                            location: (origins[path[2]] ?? path[2])
                                + (subschema.isEmpty ? "" : "/" + subschema.map(Self.escape).joined(separator: "/")),
                            message: "OpenAPIKit cannot read this schema (\(failure.localizedDescription)); typed as any"))
                    document = Self.replacing(Array(path.prefix(3)) + subschema, in: document, with: .object(JSONObject()))
                    continue
                }
                if !probed, path.first == "components" {
                    probeSchemas()
                    probed = true
                    continue
                }
                guard repair(at: path, message: failure.localizedDescription) else {
                    return .failure(
                        ImportError(
                            code: .invalidOpenAPI,
                            message:
                                "OpenAPIKit cannot read the description at #/\(path.joined(separator: "/")): \(failure.localizedDescription)",
                            location: .source(origins["$root"] ?? "")))
                }
            }
        }
        return .failure(
            ImportError(
                code: .invalidOpenAPI, message: "too many parts of the description cannot be read",
                location: .source(origins["$root"] ?? "")))
    }

    /// Reads every component schema alone and empties the smallest failing subschema of each.
    private mutating func probeSchemas() {
        guard case .object(var root) = document, case .object(var components)? = root["components"],
            case .object(var schemas)? = components["schemas"]
        else { return }
        for index in schemas.members.indices {
            let key = schemas.members[index].key
            for _ in 0..<32 {
                let data = Data(JSONWriter.write(schemas.members[index].value).utf8)
                let failure: OpenAPIKit.OpenAPI.Error
                do {
                    switch version {
                    case .v30: _ = try JSONDecoder().decode(OpenAPIKit30.JSONSchema.self, from: data)
                    case .v31: _ = try JSONDecoder().decode(OpenAPIKit.JSONSchema.self, from: data)
                    }
                    break
                } catch {
                    failure = OpenAPIKit.OpenAPI.Error(from: error)
                }
                let path = failure.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
                let subschema = Self.subschemaPrefix(of: path)
                warnings.append(
                    ImportWarning(
                        kind: "unreadable-schema",
                        location: (origins[key] ?? key)
                            + (subschema.isEmpty ? "" : "/" + subschema.map(Self.escape).joined(separator: "/")),
                        message: "OpenAPIKit cannot read this schema (\(failure.localizedDescription)); typed as any"))
                schemas.members[index].value = Self.replacing(subschema, in: schemas.members[index].value, with: .object(JSONObject()))
                if subschema.isEmpty { break }
            }
        }
        components.members = components.members.map { $0.key == "schemas" ? .init(key: "schemas", value: .object(schemas)) : $0 }
        root.members = root.members.map { $0.key == "components" ? .init(key: "components", value: .object(components)) : $0 }
        document = .object(root)
    }

    /// Leaves out the operation, or the path, that a document-level failure is in.
    private mutating func repair(at path: [String], message: String) -> Bool {
        guard path.first == "paths", path.count >= 2 else { return false }
        let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
        let cut = path.count >= 3 && methods.contains(path[2]) ? Array(path.prefix(3)) : Array(path.prefix(2))
        warnings.append(
            ImportWarning(
                kind: "unreadable-operation", location: (origins["$root"] ?? "") + "#/" + cut.map(Self.escape).joined(separator: "/"),
                message: "OpenAPIKit cannot read this (\(message)); left out"))
        document = Self.replacing(cut, in: document, with: nil)
        return true
    }

    private static func escape(_ segment: String) -> String {
        segment.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The longest prefix of a coding path inside a schema that is itself a schema.
    static func subschemaPrefix(of path: [String]) -> [String] {
        let maps: Set<String> = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]
        let values: Set<String> = ["items", "additionalProperties", "not", "contains", "propertyNames"]
        let lists: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems"]
        var best: [String] = []
        var index = 0
        while index < path.count {
            let key = path[index]
            if maps.contains(key) || lists.contains(key), index + 1 < path.count {
                index += 2
                best = Array(path.prefix(index))
            } else if values.contains(key) {
                index += 1
                best = Array(path.prefix(index))
            } else {
                break
            }
        }
        return best
    }

    /// The value with the node at `path` replaced (or removed when `replacement` is nil).
    static func replacing(_ path: [String], in value: JSONValue, with replacement: JSONValue?) -> JSONValue {
        guard let head = path.first else { return replacement ?? .null }
        let rest = Array(path.dropFirst())
        switch value {
        case .object(var object):
            guard let index = object.members.firstIndex(where: { $0.key == head }) else { return value }
            if rest.isEmpty, replacement == nil {
                object.members.remove(at: index)
            } else {
                object.members[index].value = replacing(rest, in: object.members[index].value, with: replacement)
            }
            return .object(object)
        case .array(var items):
            guard let index = Int(head), items.indices.contains(index) else { return value }
            items[index] = replacing(rest, in: items[index], with: replacement ?? .object(JSONObject()))
            return .array(items)
        default:
            return value
        }
    }
}
