import HTTPTypes
import Hummingbird

/// The router, with a shortcut past its trie for the endpoints whose path is literal components
/// and then their one parameter (`POST /v1/decode/{model}`): a request for such a path goes
/// straight to the responder the router holds for it (the same middleware and handler), with the
/// parameter and endpoint path the router would have set. Resolving a path in the trie costs
/// about as much as a tenth of the mapping of a small document; every other request still goes
/// through the router, and so do paths the shortcut is not sure of (another endpoint could
/// match them, a trailing "/").
struct MapperResponder: HTTPResponder {
    typealias Context = MapperRequestContext

    /// An endpoint the shortcut serves: `prefix` is its path up to the parameter (`/v1/decode/`).
    struct Shortcut: Sendable {
        var method: HTTPRequest.Method
        var prefix: String
        var parameter: Substring
        var endpointPath: String
        var responder: any HTTPResponder<Context>
    }

    let router: RouterResponder<Context>
    let shortcuts: [Shortcut]

    /// The router's responder, and shortcuts for those of `endpoints` that no other endpoint can
    /// take a request from. `router` must hold `endpoints` (and its middleware).
    init(router: Router<Context>, endpoints: [Endpoint]) {
        self.router = router.buildResponder()
        let paths = Set(endpoints.map(\.path))
        shortcuts = endpoints.compactMap { endpoint in
            guard let (prefix, parameter) = Self.split(endpoint.path),
                paths.allSatisfy({ $0 == endpoint.path || !Self.mayOverlap($0, prefix: prefix) })
            else { return nil }
            let handler = endpoint.handler
            let responder = router.middlewares.constructResponder(finalResponder: CallbackResponder(callback: handler))
            return Shortcut(
                method: endpoint.method, prefix: prefix, parameter: parameter, endpointPath: RouterPath(endpoint.path).description,
                responder: responder)
        }
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        let path = request.uri.path
        for shortcut in shortcuts where request.method == shortcut.method {
            guard let value = Self.parameter(of: path, after: shortcut.prefix) else { continue }
            var context = context
            context.coreContext.parameters = [shortcut.parameter: value]
            context.coreContext.endpointPath.value = shortcut.endpointPath
            // As the router answers an error its responder throws.
            do {
                return try await shortcut.responder.respond(to: request, context: context)
            } catch let error as any HTTPResponseError {
                return try error.response(from: request, context: context)
            }
        }
        return try await router.respond(to: request, context: context)
    }

    /// `/v1/decode/{model}` → (`/v1/decode/`, `model`); nil for any other shape of path.
    static func split(_ path: String) -> (prefix: String, parameter: Substring)? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let prefix = path[...slash]
        let last = path[path.index(after: slash)...]
        guard last.count > 2, last.first == "{", last.last == "}" else { return nil }
        let parameter = last.dropFirst().dropLast()
        guard !prefix.contains(where: { "{}*:".contains($0) }), !parameter.contains(where: { "{}*:/".contains($0) }) else { return nil }
        return (String(prefix), parameter)
    }

    /// Whether `path` (an endpoint's) could match a request for `prefix` and a value: its
    /// components agree with the prefix's up to a wildcard or to one component more.
    static func mayOverlap(_ path: String, prefix: String) -> Bool {
        let literals = prefix.split(separator: "/")
        let components = path.split(separator: "/")
        for (index, component) in components.enumerated() {
            if component.contains("*") { return true }
            guard index < literals.count else {
                return components.count == index + 1 || components[index...].contains { $0.contains("*") }
            }
            guard component == literals[index] || component.contains("{") || component.contains(":") else { return false }
        }
        return false
    }

    /// The value a request's `path` gives the parameter after `prefix`: the rest of the path,
    /// when it is not empty and holds no "/"; else nil.
    static func parameter(of path: String, after prefix: String) -> Substring? {
        let length = prefix.utf8.count
        // Compared as bytes: the UTF-8 views' own comparison goes one element at a time.
        let matches = path.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count > length && prefix.utf8.withContiguousStorageIfAvailable { bytes.prefix(length).elementsEqual($0) } == true
                && !bytes[length...].contains(UInt8(ascii: "/"))
        }
        guard matches == true else { return nil }
        return path[path.utf8.index(path.utf8.startIndex, offsetBy: length)...]
    }
}
