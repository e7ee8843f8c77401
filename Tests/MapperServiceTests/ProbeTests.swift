import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MapperKit
import MapperService
import MapperTestSupport
import Testing

/// `/healthz` (liveness) and `/readyz` (readiness), as Kubernetes probes use them.
struct ProbeTests {
    @Test func readyOnceACatalogIsLive() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let catalog = try await client.get("/v1/catalog").json
            let ready = try await client.get("/readyz")
            #expect(ready.status == .ok)
            let body = try ready.json
            #expect(body["status"] == "ready")
            #expect(body["revision"] == catalog["revision"])
            #expect(body["gate"] == "none")
            #expect(ready.headers[HTTPField.Name("Mapper-Revision")!] == catalog["revision"]?.string)
            let health = try await client.get("/healthz").json
            #expect(health["status"] == "ok")
        }
    }

    @Test func readinessSaysTheGatePassed() async throws {
        let app = try buildApplication(.testing(gate: Fixture.gate))
        try await app.test(.router) { client in
            let ready = try await client.get("/readyz").json
            #expect(ready["gate"] == "passed")
        }
    }

    @Test func probesTakeGetOnly() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let post = try await client.post("/readyz", json: "")
            #expect(post.status == .methodNotAllowed)
            #expect(post.headers[.allow] == "GET, HEAD")
        }
    }
}
