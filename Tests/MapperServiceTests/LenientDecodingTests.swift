import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MapperKit
import MapperService
import MapperTestSupport
import Testing

/// `on_error` over HTTP: a decode with warnings is a 200 with `Mapper-Warnings: N`,
/// `?warnings=true` returns `{"output", "warnings"}`, `?strict=true` makes them errors (422),
/// `/metrics` counts them and `/v1/try` lists them. Expected values come from the catalog below
/// (line 6 declares `price`, line 7 `tags`).
struct LenientDecodingTests {
    static let mappings = """
        mapper: 1
        models:
          Product:
            properties:
              sku: { type: string, required: true }
              price: { type: int, on_error: null }
              tags: { type: "[string]", on_error: drop }
        routes:
          paths:
            /products/*: Product
        """

    static let input = #"{"sku":"A1","price":"cheap","tags":["a",7]}"#

    static func configuration() throws -> ServiceConfiguration {
        let directory = try TemporaryDirectory.files(["l.yaml": mappings], prefix: "mapper-lenient")
        return .testing([directory.path])
    }

    @Test func aDecodeWithWarningsIs200AndCountsThemInAHeader() async throws {
        let app = try buildApplication(try Self.configuration())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/decode/Product", json: Self.input)
            #expect(response.status == .ok)
            #expect(response.headers[HTTPField.Name("Mapper-Warnings")!] == "2")
            #expect(response.text == #"{"sku":"A1","price":null,"tags":["a"]}"#)
            let clean = try await client.post("/v1/decode/Product", json: #"{"sku":"A1","price":3}"#)
            #expect(clean.headers[HTTPField.Name("Mapper-Warnings")!] == "0")
            #expect(clean.text == #"{"sku":"A1","price":3}"#)
        }
    }

    @Test func warningsTrueReturnsTheOutputAndTheWarnings() async throws {
        let app = try buildApplication(try Self.configuration())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/decode/Product?warnings=true", json: Self.input)
            #expect(response.status == .ok)
            #expect(response.headers[HTTPField.Name("Mapper-Warnings")!] == "2")
            let body = try response.json
            #expect(body["output"] == ["sku": "A1", "price": .null, "tags": ["a"]])
            let warnings = try #require(body["warnings"]?.array)
            // The source names the mapping file by the path the service loaded it from.
            let sources = warnings.map { $0["source"]?.string ?? "" }
            #expect(sources.count == 2 && sources[0].hasSuffix("/l.yaml:6:7") && sources[1].hasSuffix("/l.yaml:7:7"), "\(sources)")
            let withoutSources = warnings.map { warning -> JSONValue in
                guard case .object(let object) = warning else { return warning }
                return .object(JSONObject(object.members.filter { $0.key != "source" }))
            }
            #expect(
                withoutSources == [
                    [
                        "pointer": "/price", "path": "Product.price",
                        "message": #"expected an integer, found "cheap"; decoded as null (on_error: null)"#,
                        "code": "type-mismatch",
                    ],
                    [
                        "pointer": "/tags/1", "path": "Product.tags[1]",
                        "message": "expected a string, found 7; element left out (on_error: drop)",
                        "code": "type-mismatch",
                    ],
                ])
        }
    }

    @Test func strictTrueMakesThemErrors() async throws {
        let app = try buildApplication(try Self.configuration())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/decode/Product?strict=true", json: Self.input)
            #expect(response.status == .unprocessableContent)
            let errors = try #require(try response.problem["errors"]?.array)
            #expect(errors.map { $0["pointer"] } == ["/price", "/tags/1"])
            #expect(errors.first?["message"] == #"expected an integer, found "cheap""#)
            // The thread's session is reused: the next lenient request is lenient again.
            let next = try await client.post("/v1/decode/Product", json: Self.input)
            #expect(next.status == .ok)
            let bad = try await client.post("/v1/decode/Product?strict=yes", json: Self.input)
            #expect(bad.status == .badRequest)
        }
    }

    @Test func routeAndConvertAnnounceWarningsToo() async throws {
        let app = try buildApplication(try Self.configuration())
        try await app.test(.router) { client in
            let routed = try await client.post("/v1/route?url=/products/1", json: Self.input)
            #expect(routed.status == .ok)
            #expect(routed.headers[HTTPField.Name("Mapper-Warnings")!] == "2")
            let converted = try await client.post("/v1/convert/Product/Product", json: #"{"sku":"A1","price":"x"}"#)
            #expect(converted.status == .ok)
            #expect(converted.headers[HTTPField.Name("Mapper-Warnings")!] == "1")
        }
    }

    @Test func metricsCountWarningsByModelAndCode() async throws {
        let app = try buildApplication(try Self.configuration())
        try await app.test(.router) { client in
            try await client.post("/v1/decode/Product", json: Self.input)
            try await client.post("/v1/decode/Product", json: #"{"sku":"A1","price":[]}"#)
            let text = try await client.get("/metrics").text
            #expect(text.contains(#"mapper_decode_warnings_total{model="Product",code="type-mismatch"} 3"#), "\(text)")
        }
    }

    @Test func tryListsWarningsWithTheirSpans() async throws {
        let app = try buildApplication(try Self.configuration())
        try await app.test(.router) { client in
            let response = try await client.post(
                "/v1/try", json: JSONWriter.write(["model": "Product", "input": #"{"sku":"A1","price":"cheap"}"#]))
            #expect(response.status == .ok)
            let result = try response.json
            #expect(result["errors"] == [])
            let warnings = try #require(result["warnings"]?.array)
            #expect(warnings.count == 1)
            #expect(warnings.first?["pointer"] == "/price")
            #expect(warnings.first?["code"] == "type-mismatch")
            // `"cheap"` starts at column 21 of the input text and ends before column 28.
            #expect(warnings.first?["span"] == ["start": ["line": 1, "column": 21], "end": ["line": 1, "column": 28]])
            #expect(try JSONValue(parsing: Array(try #require(result["output"]?.string).utf8)) == ["sku": "A1", "price": .null])
        }
    }

    @Test func gatewayAnswersAnnounceWarnings() async throws {
        let directory = try TemporaryDirectory.files(["l.yaml": Self.mappings], prefix: "mapper-lenient")
        try await withGateway(
            [.json("GET", "/products/1", Self.input), .json("GET", "/products/1", Self.input)],
            configure: { $0.mappings = [directory.path] }
        ) {
            client, _ in
            let strict = try await client.post("/v1/decode/Product?strict=true", json: Self.input)
            #expect(strict.status == .unprocessableContent)
            for _ in 0..<2 {
                let response = try await client.get("/proxy/products/1")
                #expect(response.status == .ok)
                #expect(response.headers[HTTPField.Name("Mapper-Warnings")!] == "2")
                #expect(response.text == #"{"sku":"A1","price":null,"tags":["a"]}"#)
            }
        }
    }
}
