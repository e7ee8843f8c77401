import HTTPTypes
import Hummingbird
import Tracing

/// One server span per request (when a tracer is bootstrapped, `--otel-endpoint`), a child of
/// the client's `traceparent` when it sends one: the endpoint, the model, the request
/// (`Content-Length`) and response sizes, the status and the number of errors in the answer.
struct TracingMiddleware: RouterMiddleware {
    typealias Context = MapperRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var parent = ServiceContext.current ?? .topLevel
        InstrumentationSystem.instrument.extract(request.headers, into: &parent, using: HTTPFieldsExtractor())
        let endpoint = context.endpointPath ?? "NotFound"
        return try await withSpan("\(request.method.rawValue) \(endpoint)", context: parent, ofKind: .server) { span in
            span.attributes["http.request.method"] = request.method.rawValue
            span.attributes["url.path"] = request.uri.path
            span.attributes["http.route"] = endpoint
            let response = try await next(request, context)
            let notes = context.notes
            span.attributes["http.response.status_code"] = Int(response.status.code)
            span.attributes["mapper.model"] = notes.model ?? ""
            span.attributes["mapper.request.size"] = request.headers[.contentLength].flatMap { Int($0) } ?? 0
            span.attributes["mapper.response.size"] = response.body.contentLength ?? 0
            span.attributes["mapper.error.count"] = notes.errorCount
            if response.status.code >= 500 { span.setStatus(SpanStatus(code: .error)) }
            return response
        }
    }
}
