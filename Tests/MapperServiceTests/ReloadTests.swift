import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MapperKit
import MapperService
import MapperTestSupport
import Testing

/// Reloading through `POST /v1/reload`: a good candidate goes live, a broken one (or one that
/// fails the gate) leaves the previous catalog serving and shows in `lastReloadError`.
struct ReloadTests {
    @Test func unchangedFilesReloadToTheSameRevision() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let revision = try await client.get("/v1/catalog").json["revision"]
            let response = try await client.post("/v1/reload", json: "")
            #expect(response.status == .ok)
            let reply = try response.json
            #expect(reply["status"] == "unchanged")
            #expect(reply["revision"] == revision)
        }
    }

    @Test func aGoodEditGoesLive() async throws {
        let catalog = try TemporaryDirectory(copying: Fixture.shopCatalog)
        let app = try buildApplication(.testing([catalog.path]))
        try await app.test(.router) { client in
            let before = try await client.get("/v1/catalog").json
            try catalog.write(
                "shop.yaml",
                try catalog.read("shop.yaml").replacingOccurrences(
                    of: "      name: string\n  Tally:", with: "      name: string\n      color: string\n  Tally:"))
            let response = try await client.post("/v1/reload", json: "")
            let reply = try response.json
            #expect(reply["status"] == "reloaded")
            #expect(reply["previousRevision"] == before["revision"])
            #expect(reply["revision"] != before["revision"])
            let listing = try await client.post("/v1/decode/Listing", json: #"{"sku": "A1", "color": "red"}"#)
            #expect(listing.text == #"{"sku":"A1","color":"red"}"#)
            #expect(listing.headers[.init("Mapper-Revision")!] == reply["revision"]?.string)
        }
    }

    @Test func aBrokenEditKeepsTheLastGoodCatalog() async throws {
        let catalog = try TemporaryDirectory(copying: Fixture.shopCatalog)
        let app = try buildApplication(.testing([catalog.path]))
        try await app.test(.router) { client in
            let revision = try await client.get("/v1/catalog").json["revision"]
            try catalog.write("shop.yaml", try catalog.read("shop.yaml").replacingOccurrences(of: "status: Status", with: "status: Statsu"))
            let response = try await client.post("/v1/reload", json: "")
            #expect(response.status == .unprocessableContent)
            let problem = try response.problem
            #expect(problem.type == problemType("reload-failed"))
            #expect(problem["revision"] == revision)
            #expect(problem.detail.contains("still serving revision"))

            // Still serving, and the failure is on show.
            let decoded = try await client.post("/v1/decode/Product", json: #"{"sku": "A1", "status": "active"}"#)
            #expect(decoded.status == .ok)
            let state = try await client.get("/v1/catalog").json
            #expect(state["revision"] == revision)
            let failure = try #require(state["lastReloadError"])
            #expect(failure["trigger"] == "request")
            #expect(failure["errors"] == 1)
            #expect(Instant(iso8601: failure["at"]?.string ?? "") != nil)
            let diagnostic = try #require(failure["diagnostics"]?.array?.first { $0["severity"] == "error" })
            #expect(diagnostic["code"] == "unknown-type")
            #expect(diagnostic["hint"]?.string?.contains("Status") == true)
            #expect(diagnostic["file"]?.string?.hasSuffix("shop.yaml") == true)

            // Fixing the file clears it.
            try catalog.write("shop.yaml", try catalog.read("shop.yaml").replacingOccurrences(of: "Statsu", with: "Status"))
            let fixed = try await client.post("/v1/reload", json: "")
            #expect(try fixed.json["status"] == "unchanged")
            #expect(try await client.get("/v1/catalog").json["lastReloadError"] == .null)
        }
    }

    @Test func theGateRefusesACatalogThatBreaksAGoldenTest() async throws {
        let catalog = try TemporaryDirectory(copying: Fixture.shopCatalog)
        let app = try buildApplication(.testing([catalog.path], gate: Fixture.gate))
        try await app.test(.router) { client in
            // Valid YAML, but `owner.login` is no longer read: the golden test's expectation breaks.
            try catalog.write(
                "shop.yaml", try catalog.read("shop.yaml").replacingOccurrences(of: "key: owner.login", with: "key: owner.name"))
            let response = try await client.post("/v1/reload", json: "")
            #expect(response.status == .unprocessableContent)
            let diagnostics = try response.problem["lastReloadError"]?["diagnostics"]?.array ?? []
            #expect(diagnostics.first?["code"] == "golden-test-failed")
            #expect(diagnostics.first?["message"]?.string?.contains("a product decodes") == true)
            let decoded = try await client.post("/v1/decode/Product", json: #"{"sku": "A1", "owner": {"login": "ann"}}"#)
            #expect(decoded.text == #"{"sku":"A1","ownerLogin":"ann"}"#)
        }
    }

    @Test func startupNeedsACatalogThatLoadsAndPassesTheGate() throws {
        let catalog = try TemporaryDirectory(copying: Fixture.shopCatalog)
        try catalog.write("shop.yaml", "mapper: 2\n")
        #expect(throws: CatalogError.self) { try buildApplication(.testing([catalog.path])) }
        let other = try TemporaryDirectory(copying: Fixture.shopCatalog)
        try other.write("shop.yaml", try other.read("shop.yaml").replacingOccurrences(of: "key: owner.login", with: "key: owner.name"))
        do {
            _ = try buildApplication(.testing([other.path], gate: Fixture.gate))
            Issue.record("a catalog that fails the gate started")
        } catch {
            #expect(error.diagnostics.first?.code == "golden-test-failed")
        }
        #expect(throws: CatalogError.self) { try buildApplication(.testing([Fixture.shopCatalog], gate: "/no/such/gate")) }
    }
}
