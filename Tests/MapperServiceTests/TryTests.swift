import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MapperKit
import MapperService
import MapperTestSupport
import Testing

/// `POST /v1/try`: posted mapping files join the live catalog (or replace its files), the input is
/// mapped with the result, and everything that went wrong comes back located; nothing is deployed.
struct TryTests {
    /// A file of its own that uses the live catalog's `Product`.
    static let basket = """
        mapper: 1
        models:
          Basket:
            properties:
              items: "[Product]"
              checkedAt: { type: date, computed: now }
        """

    static func post(_ client: some TestClientProtocol, _ body: JSONValue) async throws -> TestResponse {
        try await client.post("/v1/try", json: JSONWriter.write(body))
    }

    @Test func aPostedFileJoinsTheLiveCatalogAndTheInputIsMapped() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await Self.post(
                client,
                [
                    "files": ["basket.yaml": .string(Self.basket)], "model": "Basket",
                    "input": #"{"items": [{"sku": "A1", "owner": {"login": "ada"}, "price": 2.50}]}"#, "now": "2024-05-01T09:30:00Z",
                ])
            #expect(response.status == .ok)
            let result = try response.json
            #expect(result["diagnostics"] == [])
            #expect(result["errors"] == [])
            #expect(result["warnings"] == [])
            #expect(result["model"] == "Basket")
            let models = try #require(result["models"]?.array)
            #expect(models.contains("Basket") && models.contains("Product"))
            // snake_case keys, the key path owner.login, decimals as written, computed: now as pinned.
            let output = try JSONValue(parsing: try #require(result["output"]?.string))
            #expect(
                output == [
                    "items": [["sku": "A1", "ownerLogin": "ada", "price": .number(JSONNumber("2.50")!)]],
                    "checkedAt": "2024-05-01T09:30:00Z",
                ])
        }
    }

    @Test func theOutputIsPrettyJSONTextWithEveryDigit() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let result = try await Self.post(client, ["model": "Product", "input": #"{"sku": "A1", "price": 12345678901234567890.10}"#])
                .json
            #expect(result["output"] == "{\n  \"sku\": \"A1\",\n  \"price\": 12345678901234567890.10\n}")
        }
    }

    @Test func diagnosticsComeBackWithFileLineColumnAndHint() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let typo = Self.basket.replacingOccurrences(of: "[Product]", with: "[Prodct]")
            let result = try await Self.post(client, ["files": ["basket.yaml": .string(typo)], "model": "Basket", "input": "{}"]).json
            #expect(result["output"] == .null)
            #expect(result["models"] == .null)
            let diagnostic = try #require(result["diagnostics"]?.array?.first)
            #expect(diagnostic["file"] == "basket.yaml")
            #expect(diagnostic["line"] == 5)
            #expect(diagnostic["column"] == 14)
            #expect(diagnostic["code"] == "unknown-type")
            #expect(diagnostic["hint"] == "did you mean 'Product'?")
        }
    }

    @Test func anEditedLiveFileReplacesIt() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            // shop.yaml without Listing: routes.yaml, used as loaded, still names it.
            let edited = try String(contentsOfFile: Fixture.shopCatalog + "/shop.yaml", encoding: .utf8)
                .replacingOccurrences(of: "  Listing:\n    properties:\n      sku: string\n      name: string\n", with: "")
            let result = try await Self.post(client, ["files": ["shop.yaml": .string(edited)]]).json
            let diagnostic = try #require(result["diagnostics"]?.array?.first)
            #expect(diagnostic["file"]?.string?.hasSuffix("catalog/routes.yaml") == true)
            #expect(diagnostic["message"]?.string?.contains("Listing") == true)
        }
    }

    @Test func dataErrorsPointAtTheirSpanInTheInputText() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let input = "{\n  \"sku\": \"A1\",\n  \"price\": \"abc\"\n}"
            let result = try await Self.post(client, ["model": "Product", "input": .string(input)]).json
            #expect(result["output"] == .null)
            let error = try #require(result["errors"]?.array?.first)
            #expect(error["pointer"] == "/price")
            #expect(error["path"] == "Product.price")
            #expect(error["code"] == "type-mismatch")
            #expect(error["source"]?.string?.contains("shop.yaml:") == true)
            // `"abc"` on line 3, quotes included; the end is just past it.
            #expect(error["span"] == ["start": ["line": 3, "column": 12], "end": ["line": 3, "column": 17]])
        }
    }

    @Test func spanColumnsCountCharactersNotBytes() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let result = try await Self.post(client, ["model": "Product", "input": #"{"name": "é", "sku": 5}"#]).json
            let error = try #require(result["errors"]?.array?.first)
            #expect(error["pointer"] == "/sku")
            #expect(error["span"] == ["start": ["line": 1, "column": 22], "end": ["line": 1, "column": 23]])
        }
    }

    @Test func aMissingMemberPointsAtTheObjectThatLacksIt() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let result = try await Self.post(client, ["model": "Product", "input": "[\n  {\"name\": \"n\"}\n]"]).json
            let error = try #require(result["errors"]?.array?.first)
            #expect(error["pointer"] == "/0/sku")
            #expect(error["code"] == "missing-required")
            #expect(error["span"] == ["start": ["line": 2, "column": 3], "end": ["line": 2, "column": 4]])
        }
    }

    @Test func malformedInputIsAnErrorAtItsPosition() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await Self.post(client, ["model": "Product", "input": #"{"sku": }"#])
            #expect(response.status == .ok)
            let error = try #require(try response.json["errors"]?.array?.first)
            #expect(error["code"] == "invalid-json")
            #expect(error["span"] == ["start": ["line": 1, "column": 9], "end": ["line": 1, "column": 10]])
        }
    }

    @Test func anInputGivenAsAValueIsMappedWithoutSpans() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let result = try await Self.post(client, ["model": "Product", "input": ["sku": 5]]).json
            let error = try #require(result["errors"]?.array?.first)
            #expect(error["pointer"] == "/sku")
            #expect(error["span"] == nil)
        }
    }

    @Test func routesPickTheModel() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let hit = try await Self.post(client, ["route": "/api/products/7", "input": #"{"sku": "A1"}"#]).json
            #expect(hit["model"] == "Product")
            #expect(try JSONValue(parsing: try #require(hit["output"]?.string)) == ["sku": "A1"])
            let miss = try await Self.post(client, ["route": "/api/prodcts/7", "input": "{}"]).json
            let error = try #require(miss["errors"]?.array?.first)
            #expect(error["code"] == "invalid-input")
            #expect(error["message"]?.string?.contains("/products/*") == true)
        }
    }

    @Test func encodeWritesExternalJSON() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let result = try await Self.post(
                client, ["model": "Product", "direction": "encode", "input": #"{"sku": "A1", "ownerLogin": "ada"}"#]
            ).json
            #expect(try JSONValue(parsing: try #require(result["output"]?.string)) == ["sku": "A1", "owner": ["login": "ada"]])
        }
    }

    @Test func anUnknownModelIsAnErrorWithASuggestion() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let result = try await Self.post(client, ["model": "Prodcut", "input": "{}"]).json
            let error = try #require(result["errors"]?.array?.first)
            #expect(error["code"] == "unknown-model")
            #expect(error["message"]?.string?.contains("did you mean 'Product'?") == true)
            #expect(error["span"] == nil)
            #expect(result["model"] == .null)
        }
    }

    @Test func withoutAModelOnlyTheCatalogIsChecked() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let result = try await Self.post(client, ["files": ["basket.yaml": .string(Self.basket)]]).json
            #expect(result["output"] == .null)
            #expect(result["errors"] == [])
            #expect(result["models"]?.array?.contains("Basket") == true)
        }
    }

    @Test func nothingIsDeployed() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let before = try await client.get("/v1/catalog").json["revision"]
            _ = try await Self.post(client, ["files": ["shop.yaml": "mapper: 1\n"], "model": "Product", "input": "{}"])
            let after = try await client.get("/v1/catalog").json
            #expect(after["revision"] == before)
            #expect(after["models"]?.array?.count == 4)
        }
    }

    @Test func getAnswersTheLiveFilesInTheShapePostTakes() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.get("/v1/try")
            guard case .object(let files)? = try response.json["files"] else { Issue.record("no files: \(response.text)"); return }
            #expect(files.keys.map { ($0 as NSString).lastPathComponent }.sorted() == ["routes.yaml", "shop.yaml"])
            let shop = try #require(files.members.first { $0.key.hasSuffix("shop.yaml") })
            #expect(shop.value.string == (try String(contentsOfFile: Fixture.shopCatalog + "/shop.yaml", encoding: .utf8)))
        }
    }
}
