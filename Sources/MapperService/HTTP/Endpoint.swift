import HTTPTypes
import Hummingbird

/// One endpoint a controller serves, declared as data: the router's routes and its 405 answers are
/// both derived from the list every controller gives (`EndpointController`).
struct Endpoint: Sendable {
    typealias Handler = @Sendable (Request, MapperRequestContext) async throws -> Response

    var method: HTTPRequest.Method
    var path: String
    /// An operator's endpoint (reloading, validating): with `--admin-token-file` it takes that
    /// token instead of `--token-file`'s.
    var admin: Bool
    var handler: Handler

    static func get(_ path: String, admin: Bool = false, _ handler: @escaping Handler) -> Endpoint {
        Endpoint(method: .get, path: path, admin: admin, handler: handler)
    }

    static func post(_ path: String, admin: Bool = false, _ handler: @escaping Handler) -> Endpoint {
        Endpoint(method: .post, path: path, admin: admin, handler: handler)
    }
}

/// A controller: a group of endpoints and the state their handlers share.
protocol EndpointController {
    var endpoints: [Endpoint] { get }
}

extension Router where Context == MapperRequestContext {
    /// Adds the endpoints and, for every path they name, a 405 with `Allow` for the other common
    /// methods (HEAD goes with GET).
    func add(_ endpoints: [Endpoint]) {
        var paths: [String] = []
        var allowed: [String: [HTTPRequest.Method]] = [:]
        for endpoint in endpoints {
            on(RouterPath(endpoint.path), method: endpoint.method, use: endpoint.handler)
            if allowed[endpoint.path] == nil { paths.append(endpoint.path) }
            allowed[endpoint.path, default: []].append(endpoint.method)
        }
        let methods: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options]
        for path in paths {
            let declared = allowed[path] ?? []
            let answered = declared.contains(.get) && !declared.contains(.head) ? declared + [.head] : declared
            for method in methods where !answered.contains(method) {
                on(RouterPath(path), method: method) { request, _ -> Response in
                    throw Problem.methodNotAllowed(request.method, request.uri.path, allowed: answered)
                }
            }
        }
    }
}
