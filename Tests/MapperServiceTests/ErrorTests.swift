import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MapperKit
import MapperService
import NIOCore
import MapperTestSupport
import Testing

/// Errors as `application/problem+json` with the status codes of SPEC §14.
struct ErrorTests {
    @Test func malformedJSONIs400WithLineAndColumn() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/decode/Product", json: "{\n  \"sku\": \"A1\",\n  \"name\": tru\n}")
            #expect(response.status == .badRequest)
            let problem = try response.problem
            #expect(problem.type == problemType("malformed-json"))
            #expect(problem.detail.hasPrefix("malformed JSON: line 3, column 11"), "\(problem.detail)")
            #expect(problem["line"] == 3)
            #expect(problem["column"] == 11)
            #expect(problem["offset"] == 27)
        }
    }

    @Test(arguments: [
        ("duplicate keys", #"{"sku": "A1", "sku": "A2"}"#),
        ("NaN", #"{"price": NaN}"#),
        ("leading zeros", #"{"price": 012}"#),
        ("a lone surrogate", #"{"name": "\ud800"}"#),
        ("an empty body", ""),
        ("a byte order mark", "\u{FEFF}{}"),
    ])
    func strictJSONRulesAre400(what: String, body: String) async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/decode/Product", json: body)
            #expect(response.status == .badRequest, "\(what)")
            #expect(try response.problem.type == problemType("malformed-json"))
        }
    }

    @Test func nestingDeeperThan512Is400NotACrash() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let deep = "{\"sku\": \"A1\", \"name\": " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}"
            let response = try await client.post("/v1/decode/Product", json: deep)
            #expect(response.status == .badRequest)
            #expect(try response.problem.detail.contains("512"))
            // And the server still answers.
            #expect(try await client.get("/healthz").status == .ok)
        }
    }

    @Test func mappingErrorsAre422WithEveryError() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/decode/Product", json: #"{"name": 42, "price": -1, "owner": {"login": true}}"#)
            #expect(response.status == .unprocessableContent)
            let problem = try response.problem
            #expect(problem.type == problemType("mapping-errors"))
            let errors = try #require(problem["errors"]?.array)
            #expect(errors.map { $0["pointer"]?.string } == ["/sku", "/name", "/price", "/owner/login"])
            #expect(errors.map { $0["path"]?.string } == ["Product.sku", "Product.name", "Product.price", "Product.ownerLogin"])
            #expect(errors[1]["message"] == "expected a string, found 42")
            let source = try #require(errors[1]["source"]?.string)
            #expect(source.hasSuffix("catalog/shop.yaml:12:7"), "\(source)")
            #expect(problem.detail.hasPrefix("4 errors in the document"))
        }
    }

    @Test func errorsOfArrayElementsPointIntoTheArray() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/decode/Product", json: #"[{"sku": "A1"}, {"sku": 7}]"#)
            #expect(response.status == .unprocessableContent)
            #expect(try response.problem["errors"]?.array?.first?["pointer"] == "/1/sku")
        }
    }

    @Test func aScalarBodyIs422() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/decode/Product", json: "42")
            #expect(response.status == .unprocessableContent)
        }
    }

    @Test func unknownModelIs404WithDidYouMean() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            for uri in ["/v1/decode/Prodcut", "/v1/encode/Prodcut", "/v1/merge/Prodcut", "/v1/convert/Prodcut/Listing"] {
                let response = try await client.post(uri, json: "{}")
                #expect(response.status == .notFound, "\(uri)")
                let problem = try response.problem
                #expect(problem.type == problemType("unknown-model"))
                #expect(problem.detail == "unknown model 'Prodcut'; did you mean 'Product'?")
            }
            let schema = try await client.get("/v1/models/Prodcut/schema")
            #expect(schema.status == .notFound)
        }
    }

    @Test func noRouteIs404WithAHint() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let none = try await client.post("/v1/route?url=/api/product/1", json: "{}")
            #expect(none.status == .notFound)
            let problem = try none.problem
            #expect(problem.type == problemType("no-route"))
            #expect(problem.detail == "no route matches '/api/product/1'; did you mean the pattern '/products/*'?")
            // A segment unlike any pattern's suggests nothing (issue 36: ranked by the segment that differs).
            let unrelated = try await client.post("/v1/route?url=/api/orders/1", json: "{}")
            #expect(try unrelated.problem.detail == "no route matches '/api/orders/1'")

            let method = try await client.post("/v1/route?url=/api/products/A1/listing", json: "{}")
            #expect(try method.problem.detail.contains("patterns for POST match it (pass method=POST)"))
        }
    }

    @Test func statusWithoutAnErrorModelSaysSo() async throws {
        let catalog = try TemporaryDirectory(copying: Fixture.shopCatalog)
        try catalog.write(
            "routes.yaml",
            """
            mapper: 1
            routes:
              paths:
                /products/*: Product
            """)
        let app = try buildApplication(.testing([catalog.path]))
        try await app.test(.router) { client in
            let response = try await client.post("/v1/route?url=/products/A1&status=500", json: "{}")
            #expect(response.status == .notFound)
            #expect(
                try response.problem.detail == """
                    no route matches '/products/A1' with status 500; the pattern '/products/*' matches, \
                    but its routes block has no error_model for status 400 and above
                    """)
        }
    }

    @Test func routeParametersAreChecked() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let missing = try await client.post("/v1/route", json: "{}")
            #expect(missing.status == .badRequest)
            #expect(try missing.problem.detail.contains("'url' query parameter"))
            let status = try await client.post("/v1/route?url=/products&status=abc", json: "{}")
            #expect(status.status == .badRequest)
        }
    }

    @Test func schemaSideIsChecked() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.get("/v1/models/Product/schema?side=internal")
            #expect(response.status == .badRequest)
            #expect(try response.problem.detail == "side 'internal' is neither 'canonical' nor 'external'")
        }
    }

    @Test(arguments: ["text/plain", "application/x-www-form-urlencoded", "application/xml", "multipart/form-data; boundary=x"])
    func aBodyThatIsNotJSONIs415(contentType: String) async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/decode/Product", json: #"{"sku": "A1"}"#, headers: [.contentType: contentType])
            #expect(response.status == .unsupportedMediaType)
            #expect(try response.problem.type == problemType("unsupported-media-type"))
        }
    }

    @Test(arguments: [nil, "application/json", "application/json; charset=utf-8", "Application/JSON", "application/vnd.github+json"])
    func jsonMediaTypesAndNoneAreAccepted(contentType: String?) async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let headers: HTTPFields = contentType.map { [.contentType: $0] } ?? [:]
            let response = try await client.post("/v1/decode/Product", json: #"{"sku": "A1"}"#, headers: headers)
            #expect(response.status == .ok)
        }
    }

    @Test func aBodyOverTheLimitIs413() async throws {
        let app = try buildApplication(.testing(maxBodySize: 1024))
        try await app.test(.router) { client in
            let big = #"{"sku": ""# + String(repeating: "x", count: 2000) + #""}"#
            let response = try await client.post("/v1/decode/Product", json: big)
            #expect(response.status == .contentTooLarge)
            let problem = try response.problem
            #expect(problem.type == problemType("body-too-large"))
            #expect(problem.detail.contains("1 KiB"))
            #expect(problem["limit"] == 1024)
            let fits = try await client.post("/v1/decode/Product", json: #"{"sku": ""# + String(repeating: "x", count: 900) + #""}"#)
            #expect(fits.status == .ok)
        }
    }

    @Test func unknownPathsAre404Problems() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.get("/v2/catalog")
            #expect(response.status == .notFound)
            let problem = try response.problem
            #expect(problem.type == problemType("not-found"))
            #expect(problem.detail.contains("GET /v2/catalog"))
        }
    }

    @Test func aWrongMethodIs405WithAllow() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let get = try await client.get("/v1/decode/Product")
            #expect(get.status == .methodNotAllowed)
            #expect(get.headers[.allow] == "POST")
            #expect(try get.problem.type == problemType("method-not-allowed"))
            let post = try await client.post("/v1/catalog", json: "{}")
            #expect(post.status == .methodNotAllowed)
            #expect(post.headers[.allow] == "GET, HEAD")
            let head = try await client.execute(uri: "/healthz", method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
        }
    }

    @Test func mergeErrorsSayWhichDocument() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post(
                "/v1/merge/Tally", json: #"{"target": {"count": 1}, "source": {"count": "2", "colour": 1}}"#)
            #expect(response.status == .unprocessableContent)
            let pointers = try response.problem["errors"]?.array?.compactMap { $0["pointer"]?.string }
            #expect(pointers?.allSatisfy { $0.hasPrefix("/source") } == true, "\(String(describing: pointers))")
            #expect(pointers?.contains("/source/count") == true)

            let shape = try await client.post("/v1/merge/Tally", json: #"{"target": {}, "other": {}}"#)
            #expect(shape.status == .unprocessableContent)
            let messages = try shape.problem["errors"]?.array?.compactMap { $0["message"]?.string } ?? []
            #expect(messages.contains(#"missing member "source""#))
            #expect(messages.contains { $0.hasPrefix(#"unknown member "other""#) })

            let malformed = try await client.post("/v1/merge/Tally", json: #"{"target": {}"#)
            #expect(malformed.status == .badRequest)
        }
    }
}
