import HTTPTypes
import Hummingbird
import Logging

/// Turns every error a handler (or the router) throws into an `application/problem+json` response.
struct ProblemMiddleware: RouterMiddleware {
    typealias Context = MapperRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let problem as Problem {
            context.notes.errorCount = problem.errorCount
            return problem.response
        } catch let error as HTTPError where error.status == .notFound {
            context.notes.errorCount = 1
            // The router found no endpoint for the path.
            return Problem.notFound(request.method, request.uri.path).response
        } catch let error as any HTTPResponseError {
            context.notes.errorCount = 1
            let status = error.status
            return Problem(status: status, name: "about:blank", title: status.reasonPhrase, detail: "\(error)").response
        } catch {
            context.notes.errorCount = 1
            context.logger.error("request failed", metadata: ["error": .string("\(error)")])
            return Problem.internalError().response
        }
    }
}
