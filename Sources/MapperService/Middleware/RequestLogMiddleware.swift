import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// The outermost middleware: one log line per request (method, path, model, status, duration)
/// and the request metrics.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = MapperRequestContext

    let metrics: ServiceMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            // ProblemMiddleware turns every error into a response; this is a last resort.
            context.logger.error("unhandled error", metadata: ["error": .string("\(error)")])
            response = Problem.internalError().response
        }
        let duration = start.duration(to: .now)
        let endpoint = context.endpointPath ?? "NotFound"
        let model = context.notes.model ?? ""
        let status = response.status.code
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        context.logger.info(
            "request",
            metadata: [
                "method": .string(request.method.rawValue),
                "path": .string(request.uri.path.shortened(200)),
                "model": .string(model),
                "status": .stringConvertible(status),
                "duration_ms": .string(String(format: "%.3f", milliseconds)),
            ])
        metrics.recordRequest(endpoint: endpoint, model: model, status: status, duration: duration)
        return response
    }
}
