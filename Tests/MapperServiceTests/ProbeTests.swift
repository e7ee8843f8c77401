import Foundation
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

    /// With `--watch`, files that do not load at startup leave the service running but not ready
    /// (503 with the reason) until they are fixed.
    @Test func withWatchABrokenStartIsNotReadyUntilFixed() async throws {
        let good = "mapper: 1\nmodels:\n  Listing:\n    properties: { sku: string }\n"
        let catalog = try TemporaryDirectory(["shop.yaml": good.replacingOccurrences(of: "sku: string", with: "sku: strng")])
        let app = try buildApplication(.testing([catalog.path], watch: true))
        try await app.test(.live) { client in
            let ready = try await client.get("/readyz")
            #expect(ready.status == .serviceUnavailable)
            let problem = try ready.problem
            #expect(problem.type == problemType("not-ready"))
            #expect(problem.detail.contains("the mapping files did not load (1 error)"), "\(problem.detail)")
            #expect(problem["lastReloadError"]?["trigger"] == "startup")
            let decode = try await client.post("/v1/decode/Listing", json: #"{"sku": "A1"}"#)
            #expect(decode.status == .serviceUnavailable)
            #expect(decode.headers[.retryAfter] == "1")
            let state = try await client.get("/v1/catalog").json
            #expect(state["lastReloadError"]?["diagnostics"]?.array?.first?["code"] == "unknown-type")

            try catalog.write("shop.yaml", good)
            let live = try await eventually { () async throws -> Bool? in
                try await client.get("/readyz").status == .ok ? true : nil
            }
            #expect(live)
            let mapped = try await client.post("/v1/decode/Listing", json: #"{"sku": "A1"}"#)
            #expect(mapped.status == .ok)
            #expect(mapped.text == #"{"sku":"A1"}"#)
        }
    }
}
