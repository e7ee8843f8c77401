import Hummingbird
import MapperKit
import NIOCore

/// The open endpoints: `/healthz` (liveness) and `/readyz` (readiness) for probes, and `/metrics`
/// for Prometheus.
struct HealthController: EndpointController {
    typealias Context = MapperRequestContext

    let store: CatalogStore
    let metrics: ServiceMetrics
    /// `--gate` is set: every catalog that goes live has passed the golden tests.
    let gated: Bool

    var endpoints: [Endpoint] {
        [.get("/healthz", health), .get("/readyz", ready), .get("/metrics", render)]
    }

    /// The process answers: a liveness probe restarts it when this stops answering.
    @Sendable func health(_ request: Request, context: Context) async throws -> Response {
        .json(["status": "ok"])
    }

    /// A catalog is live (one that passed `--gate`, when the gate is set): a readiness probe
    /// sends traffic here only then. Before the first catalog loads the listener is not open yet
    /// (the probe's connection is refused), or, with `--watch` on files that did not load, this
    /// answers 503 `not-ready` with the reason until they are fixed.
    @Sendable func ready(_ request: Request, context: Context) async throws -> Response {
        let snapshot = try store.live()
        let object: JSONObject = [
            "status": "ready", "revision": .string(snapshot.catalog.revision), "version": .string(MapperVersion.description),
            "gate": gated ? "passed" : "none", "lastReloadFailed": .bool(snapshot.lastReloadError != nil),
        ]
        return .json(.object(object), headers: snapshot.headers)
    }

    @Sendable func render(_ request: Request, context: Context) async throws -> Response {
        Response(
            status: .ok, headers: [.contentType: MediaTypes.prometheus], body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.render()))
        )
    }
}
