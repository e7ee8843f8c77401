import Hummingbird
import MapperKit
import NIOCore

/// The open endpoints: `/healthz` for probes and `/metrics` for Prometheus.
struct HealthController {
    typealias Context = MapperRequestContext

    let metrics: ServiceMetrics

    func addRoutes(to router: Router<Context>) {
        router.get("/healthz", use: health)
        router.get("/metrics", use: render)
    }

    @Sendable func health(_ request: Request, context: Context) async throws -> Response {
        .json(["status": "ok"])
    }

    @Sendable func render(_ request: Request, context: Context) async throws -> Response {
        Response(status: .ok, headers: [.contentType: MediaTypes.prometheus], body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.render())))
    }
}
