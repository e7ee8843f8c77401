import MapperKit

/// Turns a description spread over files into one document that OpenAPIKit can read: every
/// reference to something that is not a schema (a path's operation, a response, a parameter, an
/// example) is replaced by what it points to, and every schema that is referenced, a component
/// or a response's inline schema becomes an entry of `components/schemas` keyed `S0`, `S1`, …,
/// with every schema reference rewritten to it.
///
/// OpenAPIKit's own external loading cannot do this: descriptions such as DigitalOcean's write
/// `get: {$ref: operation.yml}`, which OpenAPI does not allow but every bundler accepts. Request
/// bodies, callbacks, security requirements, servers and links are left out (the catalog maps
/// responses).
final class Bundler {
    /// A schema of the bundled document and where it came from.
    struct Schema {
        var location: Location
        /// The schema with its references rewritten; nil while it is being walked.
        var value: JSONValue?
        /// Name candidates, best first (`Droplet`, then qualified: `DropletsDroplet`).
        var names: [String]
        /// Root component schemas, then files, then responses' inline schemas: the order names are handed out.
        var rank: Int
        /// Named after the operation whose response it is (`SshKeysGetResponse`), not after a
        /// component: a name that changes when a second operation answers the same shape.
        var namedByOperation = false
    }

    struct Context {
        var logical: [String] = []
        var operation: String?
        /// The name of the response the walk is in, when it was reached by a reference.
        var response: String?

        func child(_ key: String) -> Context {
            var copy = self
            copy.logical.append(key)
            return copy
        }
    }

    let files: DescriptionFiles
    let root: String
    private(set) var schemas: [Schema] = []
    private var schemaIDs: [Location: Int] = [:]
    private(set) var warnings: [ImportWarning] = []
    /// JSON response examples by path, method and status (see `exampleKey`). They are
    /// kept out of the bundled document: OpenAPIKit would decode every value, which is most of
    /// its time on large descriptions, and the catalog does not need them there.
    private(set) var responseExamples: [String: [(value: JSONValue, location: String)]] = [:]
    /// What the catalog has no use for: requests, security, servers, links.
    private static let leftOut: Set<String> = ["requestBody", "callbacks", "security", "servers", "links"]
    private static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    init(files: DescriptionFiles, root: String) {
        self.files = files
        self.root = root
    }

    static func componentKey(_ id: Int) -> String { "S\(id)" }

    /// The bundled document: `openapi`, `info`, `paths` and `components/schemas`.
    func bundle(_ document: JSONObject) -> JSONValue {
        var output = JSONObject()
        let rootLocation = Location(file: root, pointer: [])
        for member in document where ["openapi", "info"].contains(member.key) {
            output.append(member.key, member.value)
        }
        // Component schemas first, so that they keep their names.
        if case .object(let components)? = document["components"], case .object(let schemas)? = components["schemas"] {
            for member in schemas {
                _ = register(
                    rootLocation.appending("components").appending("schemas").appending(member.key),
                    names: [member.key], rank: 0)
            }
        }
        let paths = document["paths"] ?? .object(JSONObject())
        output.append("paths", walk(paths, at: rootLocation.appending("paths"), context: Context(logical: ["paths"])))
        var components = JSONObject()
        for (id, schema) in schemas.enumerated() {
            components.append(Self.componentKey(id), schema.value ?? .object(JSONObject()))
        }
        output.append("components", .object(["schemas": .object(components)]))
        return .object(output)
    }

    func warn(_ kind: String, _ location: Location, _ message: String) {
        warnings.append(ImportWarning(kind: kind, location: display(location), message: message))
    }

    func display(_ location: Location) -> String {
        files.display(location.file) + location.fragment
    }

    /// The value a reference points to, or a warning saying why there is none and what is done
    /// `instead` ("typed as any").
    func follow(_ reference: String, from location: Location, instead: String) -> (Location, JSONValue)? {
        guard let target = Location.reference(reference, from: location.file) else {
            warn("unsupported-ref", location, "the reference '\(reference)' is not to a file of the description; \(instead)")
            return nil
        }
        switch files.value(at: target.file) {
        case .failure(let error):
            warn("dangling-ref", location, "the reference '\(reference)' leads nowhere: \(error.location): \(error.message); \(instead)")
            return nil
        case .success(let value):
            guard let found = Location.resolve(target.pointer, in: value) else {
                warn(
                    "dangling-ref", location,
                    "the reference '\(reference)' leads nowhere: \(files.display(target.file)) has no '\(target.fragment)'; \(instead)")
                return nil
            }
            return (target, found)
        }
    }

    /// The non-schema walk: references are inlined, `schema` members become schema positions,
    /// vendor extensions and request bodies are dropped, response examples are set aside.
    func walk(_ value: JSONValue, at location: Location, context: Context, depth: Int = 0) -> JSONValue {
        switch value {
        case .array(let items):
            return .array(
                items.enumerated().map { index, item in
                    walk(item, at: location.appending(String(index)), context: context.child(String(index)), depth: depth)
                })
        case .object(let object):
            if case .string(let reference)? = object["$ref"] {
                guard depth < 32 else {
                    warn("circular-ref", location, "the reference '\(reference)' goes round in circles; left out")
                    return .object(JSONObject())
                }
                guard let (target, found) = follow(reference, from: location, instead: "read as an empty object") else {
                    return .object(JSONObject())
                }
                var inner = context
                if context.logical.count >= 2, context.logical[context.logical.count - 2] == "responses" {
                    inner.response = Self.name(of: target, files: files)
                }
                return walk(found, at: target, context: inner, depth: depth + 1)
            }
            var context = context
            if context.logical.count == 3, context.logical[0] == "paths", Self.methods.contains(context.logical[2]) {
                context.operation = Self.operationName(object, path: context.logical[1], method: context.logical[2])
            }
            var output = JSONObject()
            for member in object {
                let key = member.key
                if key.hasPrefix("x-") || Self.leftOut.contains(key) { continue }
                let at = location.appending(key)
                switch key {
                case "example", "examples":
                    let logical = context.logical
                    guard logical.count == 7, logical[0] == "paths", logical[3] == "responses", logical[5] == "content" else { continue }
                    let media = logical[6].lowercased()
                    guard media.hasPrefix("application/json") || media.contains("+json") else { continue }
                    let exampleKey = Self.exampleKey(path: logical[1], method: logical[2], status: logical[4])
                    if key == "example" {
                        responseExamples[exampleKey, default: []].append((member.value, display(at)))
                    } else {
                        responseExamples[exampleKey, default: []] += examples(member.value, at: at)
                    }
                case "schema":
                    output.append(key, schemaPosition(member.value, at: at, context: context.child(key)))
                default:
                    output.append(key, walk(member.value, at: at, context: context.child(key), depth: depth))
                }
            }
            return .object(output)
        default:
            return value
        }
    }

    static func exampleKey(path: String, method: String, status: String) -> String {
        [path, method, status].joined(separator: "\u{0}")
    }

    /// The values of Example objects, references followed.
    private func examples(_ value: JSONValue, at location: Location) -> [(value: JSONValue, location: String)] {
        guard case .object(let object) = value else { return [] }
        var found: [(value: JSONValue, location: String)] = []
        for member in object {
            var example = member.value
            var at = location.appending(member.key)
            var hops = 0
            while case .string(let reference)? = example["$ref"], hops < 8,
                let (target, resolved) = follow(reference, from: at, instead: "the example is left out")
            {
                example = resolved
                at = target
                hops += 1
            }
            if let value = example["value"] { found.append((value, display(at.appending("value")))) }
        }
        return found
    }

    /// A `schema` member outside schemas: a reference or a response's inline schema becomes a
    /// component; other inline schemas (parameters, headers) stay where they are.
    private func schemaPosition(_ value: JSONValue, at location: Location, context: Context) -> JSONValue {
        if case .string(let reference)? = value["$ref"] {
            return schemaReference(reference, from: location)
        }
        let logical = context.logical
        guard logical.count >= 6, logical[logical.count - 5] == "responses", logical[logical.count - 3] == "content"
        else { return schema(value, at: location) }
        let status = logical[logical.count - 4]
        let base: String
        if let response = context.response {
            base = response.hasSuffix("Response") ? response : response + "Response"
        } else {
            let operation = context.operation ?? Naming.typeName(logical.joined(separator: " "))
            let suffix = status.hasPrefix("2") ? "" : status == "default" ? "Default" : status
            base = operation + "Response" + suffix
        }
        let id = register(location, names: [base], rank: 2)
        schemas[id].namedByOperation = context.response == nil
        return .object(["$ref": .string("#/components/schemas/" + Self.componentKey(id))])
    }

    /// The component a schema reference points to, registered on first sight; where there is
    /// none, a warning saying what is done `instead`.
    func schemaReference(_ reference: String, from location: Location, instead: String = "typed as any") -> JSONValue {
        guard let target = Location.reference(reference, from: location.file) else {
            warn("unsupported-ref", location, "the reference '\(reference)' is not to a file of the description; \(instead)")
            return .object(JSONObject())
        }
        if let id = schemaIDs[target] { return .object(["$ref": .string("#/components/schemas/" + Self.componentKey(id))]) }
        guard follow(reference, from: location, instead: instead) != nil else { return .object(JSONObject()) }
        let id = register(target, names: Self.names(for: target, root: root, files: files), rank: 1)
        return .object(["$ref": .string("#/components/schemas/" + Self.componentKey(id))])
    }

    /// Adds a schema under a new key (once per location) and walks it.
    private func register(_ location: Location, names: [String], rank: Int) -> Int {
        if let id = schemaIDs[location] { return id }
        let id = schemas.count
        schemaIDs[location] = id
        schemas.append(Schema(location: location, value: nil, names: names, rank: rank))
        let value: JSONValue
        switch files.value(at: location.file) {
        case .success(let file): value = Location.resolve(location.pointer, in: file) ?? .object(JSONObject())
        case .failure: value = .object(JSONObject())
        }
        schemas[id].value = schema(value, at: location)
        return id
    }
}
