import Foundation
import MapperKit
import OpenAPIKit

/// Routes from a description's paths: one per operation whose success response has a JSON body
/// (an object, an array of objects, or any other value, whose type the route names),
/// `{param}` → `*` (`#` for integer parameters), grouped by the operation's first tag (else the
/// first word of its path); each group's `error_model` is the schema most of its error responses
/// use.
struct RouteBuilder {
    /// How many operations got a route, and why the others did not.
    struct Coverage: Sendable, Hashable {
        var operations = 0
        var routed = 0
        /// Success responses without a JSON body (204, files, text).
        var noJSONBody = 0
        /// JSON bodies no route can name: a value whose type needs a named format.
        var unroutable = 0
        /// Same method and pattern as an earlier operation.
        var duplicate = 0
    }

    let translator: SchemaTranslator
    var coverage = Coverage()
    var warnings: [ImportWarning] = []
    /// The response examples of every response whose schema is a model (or an array of one).
    var examples: [ExampleEvidence.Example] = []
    private var responseExamples: [String: [(value: JSONValue, location: String)]] = [:]
    /// OpenAPIKit's path → the path as the description writes it.
    private var rawPaths: [OpenAPI.Path: String] = [:]
    private var rootName = ""
    var blocks: [String: (routes: [RouteDraft], errors: [String: Int])] = [:]
    /// Per group, where each error schema is first used (for the `error-models` warning).
    private var errorOrigins: [String: [String: String]] = [:]
    private var taken: Set<String> = []
    /// Route keys that come from a path with a query or fragment suffix.
    var suffixedKeys: Set<String> = []

    init(translator: SchemaTranslator) {
        self.translator = translator
    }

    mutating func build(
        _ document: OpenAPI.Document, bundled: JSONValue,
        examples: [String: [(value: JSONValue, location: String)]], rootName: String, servers: JSONValue? = nil
    ) -> [RouteBlockDraft] {
        self.responseExamples = examples
        self.rootName = rootName
        if case .object(let paths)? = bundled["paths"] {
            for key in paths.keys { rawPaths[OpenAPI.Path(rawValue: key)] = key }
        }
        // Paths in a stable order (OpenAPIKit's decoding does not keep the document's).
        for (path, item) in document.paths.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard case .b(let pathItem) = item else { continue }
            for endpoint in pathItem.endpoints {
                let method = endpoint.method.rawValue.uppercased()
                let origin = "\(rootName)#/paths/\(SchemaTranslator.escape(path.rawValue))/\(endpoint.method.rawValue.lowercased())"
                add(endpoint.operation, method: method, path: path, parameters: pathItem.parameters, origin: origin)
            }
        }
        let prefix = ServerPrefix.of(servers, root: rootName, warnings: &warnings)
        var result: [RouteBlockDraft] = []
        for (group, block) in blocks.sorted(by: { $0.key < $1.key }) {
            let ranked = block.errors.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            if ranked.count > 1 {
                // Named where the first response of another schema than the error_model is.
                let uses = ranked.map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
                warnings.append(
                    ImportWarning(
                        kind: "error-models", location: errorOrigins[group]?[ranked[1].key] ?? group + ".yaml",
                        message:
                            "this response is '\(ranked[1].key)', but the routes of \(group).yaml have one error_model and their error responses use \(ranked.count) schemas: \(uses); error_model is \(ranked[0].key), the most used"
                    ))
            }
            result.append(RouteBlockDraft(group: group, prefix: prefix, errorModel: ranked.first?.key, routes: block.routes))
        }
        return result
    }

    private mutating func add(
        _ operation: OpenAPI.Operation, method: String, path: OpenAPI.Path,
        parameters: OpenAPI.Parameter.Array, origin: String
    ) {
        coverage.operations += 1
        let group = Naming.fileStem(operation.tags?.first ?? Self.area(of: path))
        var success: [(status: String, type: TypeSpec?, body: JSONBody?, format: String?)] = []
        for (status, response) in operation.responses.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard case .b(let response) = response else { continue }
            let body = Self.jsonBody(of: response)
            let info = body.map { translator.typeInfo($0.schema, owner: "Response", origin: origin) }
            let type = info?.type
            if let type, let model = Self.model(of: type, in: translator.draft) {
                collectExamples(path: path, method: method.lowercased(), status: status.rawValue, model: model)
            }
            if status.isSuccess, case .status = status.value {
                success.append((status.rawValue, type, body, info?.format))
            } else if !status.isSuccess, let type, let model = Self.model(of: type, in: translator.draft) {
                blocks[group, default: ([], [:])].errors[model, default: 0] += 1
                if errorOrigins[group]?[model] == nil {
                    errorOrigins[group, default: [:]][model] = origin + "/responses/\(status.rawValue)"
                }
            }
        }
        guard let primary = success.first(where: { $0.type != nil }), let type = primary.type else {
            coverage.noJSONBody += 1
            return
        }
        let named =
            Self.model(of: type, in: translator.draft)
            ?? keepingModel(
                for: type, schema: primary.body?.schema, operation: operation, method: method,
                path: path, origin: Self.schemaPointer(origin + "/responses/\(primary.status)", body: primary.body))
        // A body that may be null names a type that takes null (a value type's route does already).
        let nullable = primary.body.map { translator.acceptsNull($0.schema) } ?? false
        guard
            let model = named.map({ nullable ? Self.nullableTarget($0, type: type) : $0 })
                ?? Self.valueType(of: type, format: primary.format)
        else {
            coverage.unroutable += 1
            warnings.append(
                ImportWarning(
                    kind: "unroutable-response",
                    location: Self.schemaPointer(origin + "/responses/\(primary.status)", body: primary.body),
                    message: Self.unroutable(type, format: primary.format ?? "")))
            return
        }
        for other in success where other.status != primary.status {
            if let otherType = other.type, otherType != type {
                warnings.append(
                    ImportWarning(
                        kind: "several-success-schemas", location: origin + "/responses/\(other.status)",
                        message:
                            "this response is '\(otherType)' but routes have one model per method; the route maps \(primary.status)'s '\(type)'"
                    ))
            }
        }
        let pattern = Self.pattern(of: path, parameters: operation.parameters + parameters, translator: translator)
        let route = RouteDraft(method: method, pattern: pattern, model: model, origin: origin)
        guard taken.insert(route.key).inserted else {
            if mergeBodies(into: route, path: path, origin: origin) {
                coverage.routed += 1
                return
            }
            coverage.duplicate += 1
            warnings.append(
                ImportWarning(
                    kind: "duplicate-route", location: origin,
                    message: "'\(route.key)' is the route of an earlier operation too; the first is kept"))
            return
        }
        coverage.routed += 1
        if Self.hasSuffix(path) { suffixedKeys.insert(route.key) }
        blocks[group, default: ([], [:])].routes.append(route)
    }

    /// A model without properties that keeps every key (`unknown_keys: keep`), for a response
    /// that is a dictionary or objects the catalog cannot tell apart (see `keptBody`): such a body
    /// still gets a route and goes through unchanged, instead of falling to a wildcard route of a
    /// neighbouring path.
    private mutating func keepingModel(
        for type: TypeSpec, schema: JSONSchema?, operation: OpenAPI.Operation, method: String,
        path: OpenAPI.Path, origin: String
    ) -> String? {
        guard let what = keptBody(type, schema: schema) else { return nil }
        let operationName =
            operation.operationId.map(Naming.typeName)
            ?? Naming.typeName(method + " " + path.components.filter { !$0.hasPrefix("{") }.joined(separator: " "))
        let name = translator.names.claim([operationName + "Response"])
        var model = ModelDraft(name: name, origin: origin)
        model.doc = "The response is \(what) in the description; kept as it is."
        model.unknownKeys = .keep
        translator.draft.models[name] = model
        warnings.append(
            ImportWarning(
                kind: what.hasPrefix("one of") ? "union-response" : "dictionary-response", location: origin,
                message: "the response is \(what); routed to '\(name)', a model that keeps every key as it is"))
        return name
    }

    /// The examples the description gives for a response's JSON content.
    private mutating func collectExamples(path: OpenAPI.Path, method: String, status: String, model: String) {
        let key = Bundler.exampleKey(path: rawPaths[path] ?? path.rawValue, method: method, status: status)
        for example in responseExamples[key] ?? [] {
            examples.append(.init(model: model, value: example.value, location: example.location))
        }
    }

    /// The model a route maps a body of this type to: a model, or the elements of an array of one.
    static func model(of type: TypeSpec, in draft: CatalogDraft) -> String? {
        switch type {
        case .model(let name) where draft.models[name] != nil: return name
        case .array(.model(let name)) where draft.models[name] != nil: return name
        default: return nil
        }
    }

    /// The first word of a path that is not a version (`/v2/droplets/{id}` → `droplets`).
    static func area(of path: OpenAPI.Path) -> String {
        path.components.first { !$0.hasPrefix("{") && !($0.first == "v" && Int($0.dropFirst()) != nil) && $0 != "api" } ?? "api"
    }

    static func pattern(of path: OpenAPI.Path, parameters: OpenAPI.Parameter.Array, translator: SchemaTranslator) -> String {
        var integers: Set<String> = []
        for parameter in parameters {
            guard case .b(let parameter) = parameter, parameter.location == .path,
                case .a(let context) = parameter.schemaOrContent
            else { continue }
            let schema: JSONSchema =
                switch context.schema {
                case .a(let reference): .reference(reference.jsonReference)
                case .b(let schema): schema
                }
            if translator.isInteger(schema) { integers.insert(parameter.name) }
        }
        // `/responses?beta=true`, `/items#kind`: the suffix is not part of the URL's path.
        var path = path
        if let end = path.rawValue.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            path = OpenAPI.Path(rawValue: String(path.rawValue[..<end]))
        }
        let segments = path.components.map { segment -> String in
            if segment.hasPrefix("{"), segment.hasSuffix("}"), segment.filter({ $0 == "{" }).count == 1 {
                return integers.contains(String(segment.dropFirst().dropLast())) ? "#" : "*"
            }
            if segment.contains("{") { return "*" }
            return segment.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: " ", with: "%20")
        }
        return "/" + segments.joined(separator: "/")
    }
}
