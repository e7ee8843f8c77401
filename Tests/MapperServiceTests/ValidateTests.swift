import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MapperKit
import MapperService
import MapperTestSupport
import Testing

/// `POST /v1/validate`: a mapping file's diagnostics (§13.1), checked as part of the live catalog.
struct ValidateTests {
    static let validatedAs = HTTPField.Name("Mapper-Validated-As")!

    @Test func aFileUsingTheCatalogsModelsJoinsIt() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post(
                "/v1/validate",
                json: """
                    mapper: 1
                    models:
                      Basket:
                        properties:
                          items: "[Product]"
                          status: Status
                    """, headers: [.contentType: "application/yaml"])
            #expect(response.status == .ok)
            #expect(try response.json == ["diagnostics": [], "errors": 0, "warnings": 0])
            #expect(response.headers[Self.validatedAs] == "join request.yaml")
        }
    }

    @Test func standaloneChecksTheFileAlone() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post(
                "/v1/validate?standalone=true",
                json: """
                    mapper: 1
                    models:
                      Basket:
                        properties:
                          items: "[Product]"
                    """, headers: [.contentType: "text/yaml"])
            let report = try response.json
            #expect(report["errors"] == 1)
            let diagnostic = try #require(report["diagnostics"]?.array?.first)
            #expect(diagnostic["file"] == "request.yaml")
            #expect(diagnostic["line"] == 5)
            #expect(diagnostic["severity"] == "error")
            #expect(diagnostic["code"] == "unknown-type")
            #expect(response.headers[Self.validatedAs] == "standalone request.yaml")
        }
    }

    @Test func anEditedCopyReplacesTheFileItCameFrom() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            // shop.yaml without Listing: routes.yaml still names it.
            let edited = try String(contentsOfFile: Fixture.shopCatalog + "/shop.yaml", encoding: .utf8)
                .replacingOccurrences(of: "  Listing:\n    properties:\n      sku: string\n      name: string\n", with: "")
            let response = try await client.post("/v1/validate", json: edited, headers: [.contentType: "application/yaml"])
            #expect(response.status == .ok)
            let placed = try #require(response.headers[Self.validatedAs])
            #expect(placed.hasPrefix("replace ") && placed.hasSuffix("catalog/shop.yaml"), "\(placed)")
            let report = try response.json
            #expect(report["errors"] == 1)
            let diagnostic = try #require(report["diagnostics"]?.array?.first)
            #expect(diagnostic["file"]?.string?.hasSuffix("catalog/routes.yaml") == true)
            #expect(diagnostic["message"]?.string?.contains("Listing") == true)
        }
    }

    @Test func nameChoosesTheFileToReplace() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post(
                "/v1/validate?name=routes.yaml",
                json: """
                    mapper: 1
                    routes:
                      paths:
                        /products/*: Prodct
                    """, headers: [.contentType: "text/plain"])
            let report = try response.json
            #expect(report["errors"] == 1)
            #expect(report["diagnostics"]?.array?.first?["hint"]?.string?.contains("Product") == true)
            #expect(response.headers[Self.validatedAs]?.hasSuffix("catalog/routes.yaml") == true)
        }
    }

    @Test func brokenYAMLIsReportedNotRefused() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/validate", json: "mapper: 1\nmodels: [unclosed\n", headers: [:])
            #expect(response.status == .ok)
            let report = try response.json
            #expect((report["errors"].flatMap { if case .number(let n) = $0 { Int(n.text) } else { nil } } ?? 0) >= 1)
        }
    }

    @Test func nothingIsDeployed() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let before = try await client.get("/v1/catalog").json["revision"]
            try await client.post(
                "/v1/validate?name=shop.yaml", json: "mapper: 1\nmodels:\n  Other:\n    properties: { a: string }\n",
                headers: [.contentType: "application/yaml"])
            let after = try await client.get("/v1/catalog")
            #expect(try after.json["revision"] == before)
            #expect(try after.json["models"]?.array?.count == 4)
        }
    }

    @Test func binaryMediaTypesAre415() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/validate", json: "mapper: 1\n", headers: [.contentType: "image/png"])
            #expect(response.status == .unsupportedMediaType)
        }
    }
}
