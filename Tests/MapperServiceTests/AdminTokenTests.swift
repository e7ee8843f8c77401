import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MapperService
import MapperTestSupport
import Testing

/// `--admin-token-file`: the admin endpoints (reload, validate) take the admin token and no other;
/// the mapping endpoints keep `--token-file`'s; probes and metrics stay open.
struct AdminTokenTests {
    static let client = "client-token"
    static let admin = "admin-token"

    static func bearer(_ token: String) -> HTTPFields {
        [.authorization: "Bearer \(token)", .contentType: "application/json"]
    }

    @Test func adminEndpointsTakeTheAdminTokenOnly() async throws {
        let app = try buildApplication(.testing(token: Self.client, adminToken: Self.admin))
        try await app.test(.router) { client in
            for (method, path) in [(HTTPRequest.Method.post, "/v1/reload"), (.post, "/v1/validate")] {
                let none = try await client.execute(uri: path, method: method)
                #expect(none.status == .unauthorized, "\(path)")
                let asClient = Self.bearer(Self.client)
                let clientToken = try await client.execute(uri: path, method: method, headers: asClient)
                #expect(clientToken.status == .unauthorized, "\(path)")
                #expect(
                    try clientToken.problem.detail == "the bearer token is not the admin token (--admin-token-file) this server was given")
                let adminToken = try await client.execute(
                    uri: path, method: method, headers: [.authorization: "Bearer \(Self.admin)", .contentType: "text/yaml"],
                    body: ByteBuffer(string: "mapper: 1\n"))
                #expect(adminToken.status == .ok, "\(path): \(adminToken.text)")
            }
        }
    }

    @Test func mappingEndpointsKeepTheClientToken() async throws {
        let app = try buildApplication(.testing(token: Self.client, adminToken: Self.admin))
        try await app.test(.router) { client in
            let body = #"{"sku": "A1"}"#
            let asClient = Self.bearer(Self.client)
            let asAdmin = Self.bearer(Self.admin)
            let r1 = try await client.post("/v1/decode/Product", json: body, headers: asClient)
            #expect(r1.status == .ok)
            let r2 = try await client.post("/v1/decode/Product", json: body, headers: asAdmin)
            #expect(r2.status == .unauthorized)
            let r3 = try await client.get("/v1/catalog", headers: asClient)
            #expect(r3.status == .ok)
            let r4 = try await client.get("/readyz")
            #expect(r4.status == .ok)
            let r5 = try await client.get("/healthz")
            #expect(r5.status == .ok)
        }
    }

    @Test func anAdminTokenAloneGuardsOnlyTheAdminEndpoints() async throws {
        let app = try buildApplication(.testing(adminToken: Self.admin))
        try await app.test(.router) { client in
            let r6 = try await client.post("/v1/decode/Product", json: #"{"sku": "A1"}"#)
            #expect(r6.status == .ok)
            let asAdmin = Self.bearer(Self.admin)
            let r7 = try await client.post("/v1/reload", json: "")
            #expect(r7.status == .unauthorized)
            let r8 = try await client.post("/v1/reload", json: "", headers: asAdmin)
            #expect(r8.status == .ok)
            // A wrong method on an admin path is refused before it is explained.
            let r9 = try await client.get("/v1/reload")
            #expect(r9.status == .unauthorized)
        }
    }
}
