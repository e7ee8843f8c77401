import Hummingbird
import MapperKit
import NIOCore

/// The open endpoints: `/healthz` for probes and `/metrics` for Prometheus.
struct HealthController: EndpointController {
    typealias Context = MapperRequestContext

    let metrics: ServiceMetrics

    var endpoints: [Endpoint] {
        [.get("/healthz", health), .get("/metrics", render)]
    }

    @Sendable func health(_ request: Request, context: Context) async throws -> Response {
        .json(["status": "ok"])
    }

    @Sendable func render(_ request: Request, context: Context) async throws -> Response {
        Response(status: .ok, headers: [.contentType: MediaTypes.prometheus], body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.render())))
    }
}
