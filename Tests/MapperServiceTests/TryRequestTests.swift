import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MapperKit
import MapperService
import MapperTestSupport
import MapperTooling
import Testing

/// `POST /v1/try`'s body rules (400 naming the member), its limits and tokens, and the golden test
/// it offers, read back by the golden test runner.
struct TryRequestTests {
    @Test(arguments: [
        (#"[1]"#, "the body is an array, not an object"),
        (#"{"modle": "Product"}"#, "unknown member 'modle'; did you mean 'model'?"),
        (#"{"model": "Product", "route": "/api/products"}"#, "give 'model' or 'route', not both"),
        (#"{"direction": "sideways"}"#, "direction 'sideways' is neither 'decode' nor 'encode'"),
        (#"{"files": ["a.yaml"]}"#, "'files' is an array; expected an object of file names to YAML texts"),
        (#"{"files": {"a.yaml": 1}}"#, "'files/a.yaml' is a number; expected the YAML text of a mapping file, under a non-empty name"),
        (#"{"model": 5}"#, "'model' is a number; expected a string"),
        (#"{"now": "yesterday"}"#, "now 'yesterday' is not an ISO 8601 instant such as 2020-01-01T00:00:00Z"),
    ])
    func aBodyThatIsNoRequestIs400(body: String, detail: String) async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/try", json: body)
            #expect(response.status == .badRequest)
            #expect(try response.problem.detail.hasPrefix(detail), "\(response.text)")
        }
    }

    @Test func malformedJSONIs400WithItsPosition() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/try", json: #"{"model": }"#)
            #expect(response.status == .badRequest)
            let problem = try response.problem
            #expect(problem.type == problemType("malformed-json"))
            #expect(problem["column"] == 11)
        }
    }

    @Test func theBodyLimitApplies() async throws {
        let app = try buildApplication(.testing(maxBodySize: 1024))
        try await app.test(.router) { client in
            let input = "[" + Array(repeating: #"{"sku": "A1"}"#, count: 200).joined(separator: ",") + "]"
            let response = try await client.post("/v1/try", json: JSONWriter.write(["model": "Product", "input": .string(input)]))
            #expect(response.status == .contentTooLarge)
        }
    }

    @Test func theAdminTokenGuardsIt() async throws {
        let app = try buildApplication(.testing(token: "client", adminToken: "admin"))
        try await app.test(.router) { client in
            for (method, path) in [(HTTPRequest.Method.get, "/v1/try"), (.post, "/v1/try"), (.post, "/v1/try/graph")] {
                let asClient = try await client.execute(
                    uri: path, method: method, headers: [.authorization: "Bearer client"], body: ByteBuffer(string: "{}"))
                #expect(asClient.status == .unauthorized, "\(path)")
                let asAdmin = try await client.execute(
                    uri: path, method: method, headers: [.authorization: "Bearer admin"], body: ByteBuffer(string: "{}"))
                #expect(asAdmin.status == .ok, "\(path): \(asAdmin.text)")
            }
        }
    }

    @Test func theGoldenTestItOffersPassesAgainstTheSameFiles() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post(
                "/v1/try",
                json: JSONWriter.write([
                    "files": ["basket.yaml": .string(TryTests.basket)], "model": "Basket", "now": "2024-05-01T09:30:00Z",
                    "input": #"{"items": [{"sku": "A1", "price": 12345678901234567890.10, "name": "é \"quoted\"\n"}, null]}"#,
                ]))
            let yaml = try #require(try response.json["test"]?.string)
            #expect(yaml.contains("model: \"Basket\""))
            #expect(yaml.contains("now: 2024-05-01T09:30:00Z"))
            let directory = try TemporaryDirectory.files(["basket.test.yaml": yaml], prefix: "mapper-try")
            let live = try #require(Catalog.check(paths: [Fixture.shopCatalog]).catalog)
            let catalog = try Catalog(sources: live.sources + [Catalog.Source(name: "basket.yaml", text: TryTests.basket)])
            let run = GoldenRunner.run(files: [directory.appendingPathComponent("basket.test.yaml").path], catalog: catalog)
            #expect(run.passed == 1 && run.failed == 0, "\(run.results.map(\.details))\n\(yaml)")
        }
    }

    @Test func aRoutedDecodeIsSavedAsARouteTest() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post(
                "/v1/try", json: JSONWriter.write(["route": "/api/products/7", "input": #"{"sku": "A1"}"#]))
            let yaml = try #require(try response.json["test"]?.string)
            #expect(yaml.contains("route: \"/api/products/7\""))
            let directory = try TemporaryDirectory.files(["product.test.yaml": yaml], prefix: "mapper-try")
            let run = GoldenRunner.run(
                files: [directory.appendingPathComponent("product.test.yaml").path], catalog: try Catalog(paths: [Fixture.shopCatalog]))
            #expect(run.passed == 1, "\(run.results.map(\.details))")
        }
    }

    @Test func noTestIsOfferedWhenThereIsNoOutput() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let result = try await client.post("/v1/try", json: #"{"model": "Product", "input": "{}"}"#).json
            #expect(result["errors"]?.array?.isEmpty == false)
            #expect(result["test"] == .null)
        }
    }
}
