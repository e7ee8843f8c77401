import HTTPTypes
import Hummingbird
import MapperKit
import NIOCore

/// Gateway mode (`mapper serve --upstream URL`): `/proxy/PATH` is forwarded to `UPSTREAM/PATH`,
/// with the same method, query and body. On the way up, a JSON body for POST, PUT or PATCH is
/// canonical JSON, encoded with the model the routes pick for that method and path. On the way
/// back, a JSON body the routes map (method, path, status, `error_model`) is decoded into
/// canonical JSON, with `Mapper-Model`; anything else is passed through as it came.
struct GatewayController: EndpointController {
    typealias Context = MapperRequestContext

    static let prefix = "/proxy"
    static let methods: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options]
    private static let bodyMethods: Set<HTTPRequest.Method> = [.post, .put, .patch]

    let store: CatalogStore
    let upstream: UpstreamClient
    let sessions: SessionCache
    let limits: BodyLimits
    /// With `--token-file` the client's `Authorization` is the gateway's and is not forwarded.
    let consumeAuthorization: Bool
    /// With `--otel-endpoint` the client's trace context is continued by the gateway's own span.
    let tracing: Bool

    var endpoints: [Endpoint] {
        Self.methods.flatMap { method in
            [Self.prefix, Self.prefix + "/**"].map { Endpoint(method: method, path: $0, admin: false, handler: forward) }
        }
    }

    @Sendable func forward(_ request: Request, context: Context) async throws -> Response {
        let snapshot = try store.live()
        let target = try UpstreamTarget(request)
        let method = request.method
        let body = try await request.body(limits)
        var headers = ForwardedHeaders.request(
            request.headers, consumeAuthorization: consumeAuthorization, tracing: tracing, extra: upstream.configuration.headers)
        let encoded = try encodeBody(body, request: request, target: target, snapshot: snapshot, context: context)
        if encoded != nil && headers[.contentType] == nil { headers[.contentType] = MediaTypes.json }
        let sendsBody = !body.isEmpty || Self.bodyMethods.contains(method)
        let answer = try await upstream.send(
            method, target.pathAndQuery, headers: headers, body: sendsBody ? encoded ?? body : nil, logger: context.logger)
        let rewriter = LinkRewriter(
            upstream: upstream.configuration.upstream, host: request.head.authority,
            forwardedHost: request.headers[.xForwardedHost], forwardedProto: request.headers[.xForwardedProto])
        return try mapResponse(answer, method: method, target: target, snapshot: snapshot, rewriter: rewriter, context: context)
    }

    /// Request serialization: the canonical body of a POST, PUT or PATCH encoded with the model
    /// the routes pick for its method and path, so that clients speak the normalised shape both
    /// ways. Nil (the body goes as it is) for an empty body, a body that is not JSON (by
    /// Content-Type), a path no route matches, and a request that says `Mapper-Body: external`.
    private func encodeBody(
        _ body: [UInt8], request: Request, target: UpstreamTarget, snapshot: CatalogSnapshot, context: Context
    ) throws -> [UInt8]? {
        let shape = request.headers[.mapperBody]?.trimmingSpaces.lowercased() ?? "canonical"
        guard shape == "canonical" || shape == "external" else {
            throw Problem.badRequest("Mapper-Body '\(shape.shortened(40))' is neither 'canonical' (the default) nor 'external'")
        }
        guard Self.bodyMethods.contains(request.method), !body.isEmpty, shape == "canonical" else { return nil }
        if let contentType = request.headers[.contentType], !MediaRange.isJSON(contentType) { return nil }
        guard let match = snapshot.catalog.routes.match(target.path, method: request.method.rawValue) else { return nil }
        context.notes.model = match.model
        do {
            return try sessions.withSession(for: snapshot.catalog, .canonical, bodySize: body.count) { session throws(MappingErrors) in
                try session.encodeCanonical(body, as: match.model)
            }
        } catch {
            var problem = Problem.from(error)
            problem.headers[.mapperModel] = match.model
            throw problem
        }
    }

    /// Response serialization: the upstream's body as canonical JSON of the model the routes pick,
    /// or passed through.
    private func mapResponse(
        _ answer: UpstreamResponse, method: HTTPRequest.Method, target: UpstreamTarget, snapshot: CatalogSnapshot,
        rewriter: LinkRewriter, context: Context
    ) throws -> Response {
        let status = HTTPResponse.Status(code: answer.status)
        let passThrough = {
            Response(
                status: status, headers: ForwardedHeaders.response(answer.headers, mapped: false, rewriter: rewriter),
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
        }
        // Nothing to map: HEAD, 204, 304 and other empty bodies.
        if method == .head || answer.body.isEmpty { return passThrough() }
        let routes = snapshot.catalog.routes
        let url = upstream.configuration.upstream.url(for: target.pathAndQuery)
        guard let match = routes.match(target.path, method: method.rawValue, status: answer.status) else {
            if upstream.configuration.strictRoutes {
                let detail = routes.explainMiss(target.path, method: method.rawValue, status: answer.status)
                throw Problem.upstreamNoRoute(url: url, status: answer.status, detail: detail)
            }
            return passThrough()
        }
        // Media the client asked for that is not JSON (a raw file, HTML) is not the routes' business.
        if let contentType = answer.headers[.contentType], !MediaRange.isJSON(contentType) { return passThrough() }
        context.notes.model = match.model
        if let encoding = answer.headers[.contentEncoding], encoding.trimmingSpaces.lowercased() != "identity" {
            throw Problem.upstreamInvalidJSON(
                url: url, status: answer.status, model: match.model, reason: "it is \(encoding.shortened(40))-encoded")
        }
        let canonical: [UInt8]
        let warnings: [MappingError]
        do {
            (canonical, warnings) = try sessions.withSession(for: snapshot.catalog, .upstream, bodySize: answer.body.count) {
                session throws(MappingErrors) in
                // The thread's session may come from a `?strict=true` request: gateway decoding is lenient.
                session.strict = false
                return (try session.decodeToCanonical(answer.body, as: match.model), session.warnings)
            }
        } catch {
            if let first = error.errors.first, first.code == .invalidJSON {
                throw Problem.upstreamInvalidJSON(url: url, status: answer.status, model: match.model, reason: first.message)
            }
            throw Problem.upstreamMappingErrors(url: url, status: answer.status, model: match.model, errors: error)
        }
        var headers = ForwardedHeaders.response(answer.headers, mapped: true, rewriter: rewriter)
        headers[.mapperModel] = match.model
        headers[.mapperRevision] = snapshot.catalog.revision
        headers[.mapperWarnings] = String(warnings.count)
        if !warnings.isEmpty { sessions.metrics.decodeWarnings.record(warnings.map(\.code.rawValue), in: match.model) }
        return .json(canonical, status: status, headers: headers)
    }
}

extension HTTPField.Name {
    /// `external` on a request to `/proxy` sends its body upstream as it is, without encoding.
    static let mapperBody = HTTPField.Name("Mapper-Body")!
    static let xForwardedHost = HTTPField.Name("X-Forwarded-Host")!
    static let xForwardedProto = HTTPField.Name("X-Forwarded-Proto")!
}
