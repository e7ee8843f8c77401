import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MapperService
import MapperTestSupport
import Testing

/// `--token-file`: `/v1` needs the bearer token; `/healthz` and `/metrics` stay open.
struct AuthTests {
    static let token = "s3cret-token"

    @Test func v1NeedsTheToken() async throws {
        let app = try buildApplication(.testing(token: Self.token))
        try await app.test(.router) { client in
            let missing = try await client.get("/v1/catalog")
            #expect(missing.status == .unauthorized)
            #expect(missing.headers[.wwwAuthenticate] == #"Bearer realm="mapper""#)
            #expect(try missing.problem.type == problemType("unauthorized"))

            let wrong = try await client.get("/v1/catalog", headers: [.authorization: "Bearer s3cret-tokeN"])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.headers[.wwwAuthenticate] == #"Bearer realm="mapper", error="invalid_token""#)

            for header in ["Bearer s3cret-token", "bearer s3cret-token", "Bearer   s3cret-token  "] {
                let right = try await client.get("/v1/catalog", headers: [.authorization: header])
                #expect(right.status == .ok, "\(header)")
            }
            for header in ["Basic czNjcmV0LXRva2Vu", "s3cret-token", "Bearer", "Bearer s3cret-token-and-more", "Bearer s3cret"] {
                let refused = try await client.get("/v1/catalog", headers: [.authorization: header])
                #expect(refused.status == .unauthorized, "\(header)")
            }
        }
    }

    @Test func everyV1PathIsGuardedEvenUnknownOnes() async throws {
        let app = try buildApplication(.testing(token: Self.token))
        try await app.test(.router) { client in
            #expect(try await client.post("/v1/decode/Product", json: #"{"sku": "A1"}"#).status == .unauthorized)
            #expect(try await client.post("/v1/reload", json: "").status == .unauthorized)
            #expect(try await client.get("/v1/no-such-endpoint").status == .unauthorized)
            let authorized = try await client.post(
                "/v1/decode/Product", json: #"{"sku": "A1"}"#,
                headers: [.contentType: "application/json", .authorization: "Bearer \(Self.token)"])
            #expect(authorized.status == .ok)
        }
    }

    @Test func healthAndMetricsStayOpen() async throws {
        let app = try buildApplication(.testing(token: Self.token))
        try await app.test(.router) { client in
            let health = try await client.get("/healthz")
            let metrics = try await client.get("/metrics")
            #expect(health.status == .ok)
            #expect(metrics.status == .ok)
        }
    }

    @Test func withoutATokenFileNothingIsGuarded() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.get("/v1/catalog")
            #expect(response.status == .ok)
        }
    }
}
