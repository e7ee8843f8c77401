import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MapperKit
import MapperService
import NIOCore
import Foundation
import MapperTestSupport
import Testing

/// Every endpoint of SPEC §14, through the router.
struct EndpointTests {
    @Test func healthzAnswersOK() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.get("/healthz")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            #expect(try response.json == ["status": "ok"])
        }
    }

    @Test func catalogDescribesWhatIsLoaded() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.get("/v1/catalog")
            #expect(response.status == .ok)
            let catalog = try response.json
            let revision = try #require(catalog["revision"]?.string)
            #expect(revision.count >= 8)
            #expect(response.headers[.init("Mapper-Revision")!] == revision)
            let loadedAt = try #require(catalog["loadedAt"]?.string)
            #expect(Instant(iso8601: loadedAt) != nil, "loadedAt is ISO 8601: \(loadedAt)")
            #expect(catalog["lastReloadError"] == .null)
            let models = try #require(catalog["models"]?.array).compactMap { $0["name"]?.string }
            #expect(models == ["Product", "Listing", "Tally", "ShopError"])
            #expect(catalog["enums"]?.array?.first?["name"] == "Status")
            let patterns = try #require(catalog["routes"]?.array).compactMap { $0["pattern"]?.string }
            #expect(patterns == ["/products", "/products/*", "POST /products/*/listing"])
            #expect(catalog["files"]?.array?.count == 2)
        }
    }

    @Test(arguments: ["canonical", "external"])
    func schemaOfEitherSide(side: String) async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.get("/v1/models/Product/schema?side=\(side)")
            #expect(response.status == .ok)
            let schema = try response.json
            #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
            #expect(schema["$id"]?.string == "urn:mapper:\(side):Product")
            let product = try #require(schema["$defs"]?["Product"])
            // The external side nests `owner.login`; the canonical side names the property.
            let keys =
                product["properties"].map { value -> [String] in
                    if case .object(let object) = value { return object.keys } else { return [] }
                } ?? []
            #expect(keys.contains(side == "canonical" ? "ownerLogin" : "owner"))
        }
    }

    @Test func schemaDefaultsToCanonical() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.get("/v1/models/Product/schema")
            #expect(try response.json["$id"] == "urn:mapper:canonical:Product")
        }
    }

    @Test func decodesARealGitHubIssue() async throws {
        let app = try buildApplication(.testing([Fixture.bundledMappings]))
        try await app.test(.router) { client in
            let response = try await client.post("/v1/decode/Issue", json: Fixture.bytes("github/issue.json"))
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            #expect(try response.json == Fixture.json("github/issue.canonical.json"))
        }
    }

    @Test func decodesAnArrayIntoAnArray() async throws {
        let app = try buildApplication(.testing([Fixture.bundledMappings]))
        try await app.test(.router) { client in
            let response = try await client.post("/v1/decode/Issue", json: Fixture.bytes("github/issues.json"))
            #expect(response.status == .ok)
            let expected = try Fixture.json("github/issues.canonical.json")
            #expect(try response.json == expected)
            #expect(expected.array?.count ?? 0 > 1)
        }
    }

    @Test func decodeKeepsNullElementsOfArrays() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/decode/Listing", json: #"[{"sku": "A1"}, null]"#)
            #expect(response.status == .ok)
            #expect(response.text == #"[{"sku":"A1"},null]"#)
        }
    }

    @Test func nowPinsComputedProperties() async throws {
        let catalog = try TemporaryDirectory(copying: Fixture.shopCatalog)
        try catalog.write(
            "stamp.yaml",
            """
            mapper: 1
            models:
              Stamp:
                properties:
                  id: string
                  seenAt: { type: date, computed: now }
            """)
        let app = try buildApplication(.testing([catalog.path]))
        try await app.test(.router) { client in
            let response = try await client.post("/v1/decode/Stamp?now=2020-01-01T00:00:00Z", json: #"{"id": "x"}"#)
            #expect(response.text == #"{"id":"x","seenAt":"2020-01-01T00:00:00Z"}"#)
            let bad = try await client.post("/v1/decode/Stamp?now=yesterday", json: #"{"id": "x"}"#)
            #expect(bad.status == .badRequest)
            #expect(try bad.problem.detail.contains("yesterday"))
        }
    }

    @Test func encodeWritesTheExternalShape() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post(
                "/v1/encode/Product", json: #"{"sku": "A1", "price": 12.50, "status": "active", "ownerLogin": "ann"}"#)
            #expect(response.status == .ok)
            #expect(response.text == #"{"sku":"A1","price":12.50,"status":"active","owner":{"login":"ann"}}"#)
        }
    }

    @Test func encodeOfAnArray() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/encode/Product", json: #"[{"sku": "A1", "ownerLogin": "ann"}, null]"#)
            #expect(response.text == #"[{"sku":"A1","owner":{"login":"ann"}},null]"#)
        }
    }

    @Test func encodeRoundTripsARealIssue() async throws {
        let app = try buildApplication(.testing([Fixture.bundledMappings]))
        try await app.test(.router) { client in
            let encoded = try await client.post("/v1/encode/Issue", json: Fixture.bytes("github/issue.canonical.json"))
            #expect(encoded.status == .ok)
            let decoded = try await client.post("/v1/decode/Issue", json: Array(encoded.body.readableBytesView))
            #expect(try decoded.json == Fixture.json("github/issue.canonical.json"))
        }
    }

    @Test func convertKeepsWhatTheTargetDeclares() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post(
                "/v1/convert/Product/Listing", json: #"{"sku": "A1", "name": "Lamp", "price": 3, "owner": {"login": "ann"}}"#)
            #expect(response.status == .ok)
            #expect(response.text == #"{"sku":"A1","name":"Lamp"}"#)
        }
    }

    @Test func convertToAnUnknownModelIs404() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/convert/Product/Listng", json: "{}")
            #expect(response.status == .notFound)
            #expect(try response.problem.detail == "unknown model 'Listng'; did you mean 'Listing'?")
        }
    }

    @Test func routeDecodesWithTheMatchedModel() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/route?url=/api/products/A1", json: #"{"sku": "A1", "owner": {"login": "ann"}}"#)
            #expect(response.status == .ok)
            #expect(response.headers[.init("Mapper-Model")!] == "Product")
            #expect(response.text == #"{"sku":"A1","ownerLogin":"ann"}"#)
        }
    }

    @Test func routeTakesMethodAndStatus() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let post = try await client.post(
                "/v1/route?url=\("https://shop.example/api/products/A1/listing?page=2".percentEncoded)&method=post", json: #"{"sku": "A1"}"#
            )
            #expect(post.headers[.init("Mapper-Model")!] == "Listing")
            let failed = try await client.post("/v1/route?url=/products/A1&status=404", json: #"{"message": "Not Found"}"#)
            #expect(failed.status == .ok)
            #expect(failed.headers[.init("Mapper-Model")!] == "ShopError")
            #expect(failed.text == #"{"message":"Not Found"}"#)
        }
    }

    /// A route's type, percent-encoded in the path as docs/language/routes.md shows it
    /// (`/v1/encode/%5Bstring%5D`, `/v1/encode/Release%3F`); a nullable model's route takes null.
    @Test func encodeTakesARoutesTypePercentEncoded() async throws {
        let routes = Fixture.packageRoot.appendingPathComponent("docs/examples/routes/Mappings").path
        let app = try buildApplication(.testing([routes]))
        try await app.test(.router) { client in
            let tags = try await client.post("/v1/encode/%5Bstring%5D", json: #"["a", null]"#)
            #expect(tags.status == .ok)
            #expect(tags.text == #"["a",null]"#)
            let release = try await client.post("/v1/encode/Release%3F", json: #"{"tagName": "v1.0"}"#)
            #expect(release.text == #"{"tag_name":"v1.0"}"#)
            let routed = try await client.post("/v1/route?url=/v3/repos/o/r/releases/latest", json: "null")
            #expect(routed.status == .ok)
            #expect(routed.headers[.init("Mapper-Model")!] == "Release?")
            #expect(routed.text == "null")
            #expect(try await client.post("/v1/encode/Release%3F", json: "null").text == "null")
        }
    }

    @Test func routeArraysGiveArrays() async throws {
        let app = try buildApplication(.testing([Fixture.bundledMappings]))
        try await app.test(.router) { client in
            let response = try await client.post(
                "/v1/route?url=/repos/octokit-fixture-org/paginate-issues/issues", json: Fixture.bytes("github/issues.json"))
            #expect(response.headers[.init("Mapper-Model")!] == "Issue")
            #expect(try response.json == Fixture.json("github/issues.canonical.json"))
        }
    }

    @Test func mergeAppliesEachPropertysStrategy() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            // SPEC §10's example, with `union` for the tags.
            let response = try await client.post(
                "/v1/merge/Tally",
                json: """
                    {"target": {"name": "foo", "count": 5, "tags": ["a"]},
                     "source": {"name": "bar", "count": 3, "tags": ["a", "b"]}}
                    """)
            #expect(response.status == .ok)
            #expect(response.text == #"{"name":"bar","count":8,"tags":["a","b"]}"#)
        }
    }
}

extension String {
    /// Percent-encoded for a query parameter value.
    var percentEncoded: String {
        addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~/"))) ?? self
    }
}
