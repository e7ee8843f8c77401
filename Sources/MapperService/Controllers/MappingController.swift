import Foundation
import HTTPTypes
import Hummingbird
import MapperKit
import NIOCore

/// The data endpoints: decode, encode, convert, route and merge. Each takes the live
/// catalog once at its start, reads the body, calls MapperKit and replies.
struct MappingController: EndpointController {
    typealias Context = MapperRequestContext

    let store: CatalogStore
    let sessions: SessionCache
    let limits: BodyLimits
    /// With `--shadow`: where answered requests go to be compared with the candidate.
    let shadow: Shadow?

    var endpoints: [Endpoint] {
        [
            .post("/v1/decode/{model}", decode),
            .post("/v1/encode/{model}", encode),
            .post("/v1/convert/{from}/{to}", convert),
            .post("/v1/route", route),
            .post("/v1/merge/{model}", merge),
        ]
    }

    /// `POST /v1/decode/{Model}[?now=ISO8601][&partial=true]`: external JSON → canonical JSON.
    @Sendable func decode(_ request: Request, context: Context) async throws -> Response {
        let snapshot = try store.live()
        let model = try snapshot.requireModel(context.parameters.get("model") ?? "", notes: context.notes)
        let now = try pinnedNow(request)
        let partial = try request.flagParameter("partial")
        let replay = ShadowJob.Request(operation: .decode, model: model, now: now, partial: partial)
        return try await map(request, with: snapshot, reading: .upstream, decoding: model, shadow: replay) {
            session, body throws(MappingErrors) in
            session.partial = partial
            return try session.decodeToCanonical(body, as: model, now: now)
        }
    }

    /// `POST /v1/encode/{Model}[?omit=nulls|empty][&partial=true]`: canonical JSON → external JSON.
    @Sendable func encode(_ request: Request, context: Context) async throws -> Response {
        let snapshot = try store.live()
        let model = try snapshot.requireModel(context.parameters.get("model") ?? "", notes: context.notes)
        let omit = try request.omitParameter()
        let partial = try request.flagParameter("partial")
        let replay = ShadowJob.Request(operation: .encode, model: model, omit: omit, partial: partial)
        return try await map(request, with: snapshot, reading: .canonical, shadow: replay) { session, body throws(MappingErrors) in
            session.omit = omit
            session.partial = partial
            return try session.encodeCanonical(body, as: model)
        }
    }

    /// `POST /v1/convert/{From}/{To}[?omit=nulls|empty]`: decode as From, keep what To declares,
    /// encode as To.
    @Sendable func convert(_ request: Request, context: Context) async throws -> Response {
        let snapshot = try store.live()
        let source = try snapshot.requireModel(context.parameters.get("from") ?? "", notes: context.notes)
        let target = try snapshot.requireModel(context.parameters.get("to") ?? "", notes: nil)
        let now = try pinnedNow(request)
        let omit = try request.omitParameter()
        let replay = ShadowJob.Request(operation: .convert, model: source, target: target, now: now, omit: omit)
        return try await map(request, with: snapshot, reading: .upstream, decoding: source, shadow: replay) {
            session, body throws(MappingErrors) in
            session.omit = omit
            return try session.convert(body, from: source, to: target, now: now)
        }
    }

    /// `POST /v1/route?url=URL[&method=M][&status=N]`: decode with the model the routes pick;
    /// the `Mapper-Model` header names it.
    @Sendable func route(_ request: Request, context: Context) async throws -> Response {
        let snapshot = try store.live()
        let query = request.uri.queryParameters
        guard let url = query.get("url"), !url.isEmpty else {
            throw Problem.badRequest("give the response's URL or path as the 'url' query parameter: /v1/route?url=/repos/o/r/issues/1")
        }
        let method = query.get("method").flatMap { $0.isEmpty ? nil : $0.uppercased() }
        var status: Int?
        if let text = query.get("status") {
            guard let value = Int(text), (100...599).contains(value) else {
                throw Problem.badRequest("status '\(text.shortened(40))' is not an HTTP status code (100-599)")
            }
            status = value
        }
        let now = try pinnedNow(request)
        let routes = snapshot.catalog.routes
        guard let match = routes.match(url, method: method, status: status) else {
            throw Problem.noRoute(routes.explainMiss(url, method: method, status: status))
        }
        context.notes.model = match.model
        let replay = ShadowJob.Request(operation: .decode, model: match.model, now: now)
        return try await map(
            request, with: snapshot, reading: .upstream, headers: [.mapperModel: match.model], decoding: match.model, shadow: replay
        ) {
            session, body throws(MappingErrors) in
            try session.decodeToCanonical(body, as: match.model, now: now)
        }
    }

    /// The skeleton of the endpoints above (an NDJSON body: `streamEnvelopes`): the JSON body, this thread's session for what it reads,
    /// the answer with `Mapper-Revision` (and `headers`, on a problem too), and `MappingErrors` as
    /// a problem. `decoding`: the model an endpoint decodes external JSON as, whose `on_error`
    /// warnings are counted, announced in `Mapper-Warnings` and, with `?warnings=true`, returned
    /// as `{"output": …, "warnings": [...]}`; `?strict=true` makes them errors. With a shadow, a
    /// successful answer's input and output are queued for the candidate (`replay`), once the
    /// answer is made.
    private func map(
        _ request: Request, with snapshot: CatalogSnapshot, reading use: SessionCache.Use, headers: HTTPFields = [:],
        decoding model: String? = nil, shadow replay: ShadowJob.Request? = nil,
        _ work: @escaping @Sendable (inout MappingSession, [UInt8]) throws(MappingErrors) -> [UInt8]
    ) async throws -> Response {
        if Self.isNDJSON(request) { return try streamEnvelopes(request, with: snapshot, reading: use, headers: headers, work) }
        let strict = try request.flagParameter("strict")
        let listsWarnings = try request.flagParameter("warnings")
        let body = try await request.jsonBody(limits)
        do {
            let (output, warnings) = try sessions.withSession(for: snapshot.catalog, use, bodySize: body.count) {
                session throws(MappingErrors) in
                session.strict = strict
                // The request's `?omit=` and `?partial=true` (set by `work`) end with it: the cached
                // session serves other requests, the gateway's too.
                defer { session.resetRequestSettings() }
                let output = try work(&session, body)
                return (output, session.warnings)
            }
            let response = respond(output, warnings: warnings, listed: listsWarnings, model: model, snapshot: snapshot, headers: headers)
            if let shadow, let replay { shadow.offer(ShadowJob(request: replay, input: body, live: output)) }
            return response
        } catch {
            var problem = Problem.from(error)
            problem.headers.append(contentsOf: headers)
            throw problem
        }
    }

    /// The answer to a mapping request: the output, with the snapshot's headers and `headers`,
    /// `Mapper-Warnings` when the endpoint decodes (`model`), the warnings counted, and with
    /// `?warnings=true` `{"output": …, "warnings": [...]}`.
    private func respond(
        _ output: [UInt8], warnings: [MappingError], listed: Bool, model: String?, snapshot: CatalogSnapshot, headers: HTTPFields
    ) -> Response {
        let fields = headers.isEmpty ? snapshot.headers : snapshot.headers + headers
        guard let model else { return .json(output, headers: fields) }
        if !warnings.isEmpty { sessions.metrics.decodeWarnings.record(warnings.map(\.code.rawValue), in: model) }
        guard listed else {
            // Most answers: the snapshot made their headers already.
            let decoded =
                headers.isEmpty && warnings.isEmpty ? snapshot.decodedHeaders : Response.decodedHeaders(fields, warnings: warnings.count)
            return Response(status: .ok, headers: decoded, body: ResponseBody(byteBuffer: ByteBuffer(bytes: output)))
        }
        // The output is one JSON document, written just now: spliced in as it is.
        var answer = Array(#"{"output":"#.utf8)
        answer.reserveCapacity(output.count + 64)
        answer += output
        answer += #","warnings":"#.utf8
        answer += JSONWriter.write(.array(warnings.map(\.jsonValue))).utf8
        answer.append(UInt8(ascii: "}"))
        return .json(answer, headers: Response.decodedHeaders(fields, warnings: warnings.count))
    }

    /// `?now=`, or with a shadow the current time: the live and candidate mappings then see the
    /// same `computed: now` (the live answer is the same either way).
    private func pinnedNow(_ request: Request) throws -> Instant? {
        let now = try request.nowParameter()
        return now ?? (shadow == nil ? nil : Instant.now)
    }

    /// `POST /v1/merge/{Model}` with `{"target": …, "source": …}` (canonical JSON) → merged
    /// canonical JSON. Errors in either document point into the request body (`/target/…`).
    @Sendable func merge(_ request: Request, context: Context) async throws -> Response {
        let snapshot = try store.live()
        let model = try snapshot.requireModel(context.parameters.get("model") ?? "", notes: context.notes)
        let partial = try request.flagParameter("partial")
        return try await map(request, with: snapshot, reading: .canonical) { session, body throws(MappingErrors) in
            session.partial = partial  // the source is a partial document (PATCH)
            return try session.merge(body: body, as: model)
        }
    }
}

extension MappingSession {
    /// Takes off what one request's query set (`?omit=`, `?partial=true`), before the cached
    /// session serves another.
    mutating func resetRequestSettings() {
        omit = nil
        partial = false
    }
}

extension CatalogSnapshot {
    /// The model a path names when the catalog has it (and notes it for the log and metrics), else
    /// 404 with the closest name. A route's type comes percent-encoded (`%5Bstring%5D`,
    /// `Release%3F`), which no model's name needs.
    func requireModel(_ written: String, notes: RequestNotes?) throws -> String {
        let name = written.removingPercentEncoding ?? written
        guard catalog.modelType(named: name) != nil else { throw Problem.unknownModel(name, in: catalog) }
        notes?.model = name
        return name
    }
}

extension Request {
    /// `?name=true` or `?name=false` (absent: false).
    func flagParameter(_ name: String) throws -> Bool {
        guard let text = uri.queryParameters.get(name) else { return false }
        switch text {
        case "true": return true
        case "false": return false
        default: throw Problem.badRequest("\(name) '\(text.shortened(40))' must be true or false")
        }
    }

    /// `?omit=never|nulls|empty`: what encoding leaves out where the catalog's `omit` says
    /// nothing, as the CLI's `--omit` (absent: nil).
    func omitParameter() throws -> OmitPolicy? {
        guard let text = uri.queryParameters.get("omit") else { return nil }
        guard let policy = OmitPolicy(rawValue: String(text)) else {
            throw Problem.badRequest("omit '\(text.shortened(40))' must be never, nulls or empty")
        }
        return policy
    }

    /// `?now=2020-01-01T00:00:00Z` pins `computed: now`, as the CLI's `--now` does.
    func nowParameter() throws -> Instant? {
        guard let text = uri.queryParameters.get("now") else { return nil }
        guard let instant = Instant(iso8601: text) else {
            throw Problem.badRequest("now '\(text.shortened(40))' is not an ISO 8601 instant such as 2020-01-01T00:00:00Z")
        }
        return instant
    }
}
