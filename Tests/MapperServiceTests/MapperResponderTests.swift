import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MapperTestSupport
import Testing

@testable import MapperService

/// The shortcut past the router's trie: the endpoints it takes, and answers, labels and problems
/// the same as the router's.
struct MapperResponderTests {
    @Test func pathsEndingInTheirOneParameterAreShortcuts() {
        for (path, prefix) in [("/v1/decode/{model}", "/v1/decode/"), ("/v1/merge/{model}", "/v1/merge/")] {
            let split = MapperResponder.split(path)
            #expect(split?.prefix == prefix)
            #expect(split?.parameter == "model")
        }
        for path in ["/v1/route", "/v1/models/{model}/schema", "/v1/convert/{from}/{to}", "/proxy/**", "/v1/{}", "/v1/a*/{m}", "/{m}x"] {
            #expect(MapperResponder.split(path) == nil, "\(path)")
        }
    }

    @Test func anotherEndpointThatCouldTakeThePathStopsTheShortcut() {
        for path in [
            "/v1/decode/latest", "/v1/decode/{name}", "/v1/{operation}/{model}", "/v1/**", "/**", "/v1/decode/*", "/v1/decode/{m}/**",
        ] {
            #expect(MapperResponder.mayOverlap(path, prefix: "/v1/decode/"), "\(path)")
        }
        for path in ["/v1/decode", "/v1/encode/{model}", "/v1/decode/{model}/schema", "/proxy/**", "/v1/route", "/healthz", "/"] {
            #expect(!MapperResponder.mayOverlap(path, prefix: "/v1/decode/"), "\(path)")
        }
    }

    @Test func theRequestsParameterIsTheRestOfThePath() {
        #expect(MapperResponder.parameter(of: "/v1/decode/Issue", after: "/v1/decode/") == "Issue")
        for path in ["/v1/decode/", "/v1/decode", "/v1/decode/Issue/", "/v1/decode/a/b", "/v1/encode/Issue", "//v1/decode/Issue"] {
            #expect(MapperResponder.parameter(of: path, after: "/v1/decode/") == nil, "\(path)")
        }
    }

    /// A trailing "/" takes the router's way to the same endpoint: both answers must be the same,
    /// and be counted under the same endpoint label.
    @Test(arguments: [
        ("/v1/decode/Product", #"{"sku": "A1"}"#, "Product"), ("/v1/decode/Product", #"{"sku": 3}"#, "Product"),
        ("/v1/decode/NoSuchModel", "{}", ""), ("/v1/decode/Product?strict=maybe", "{}", "Product"),
        ("/v1/encode/Product", #"{"sku": "A1"}"#, "Product"), ("/v1/encode/Nope", "{}", ""),
        ("/v1/merge/Tally", #"{"target": {"count": 5}, "source": {"count": 3}}"#, "Tally"),
    ])
    func shortcutAnswersAsTheRouter(path: String, body: String, model: String) async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let (uri, query) = path.firstIndex(of: "?").map { (String(path[..<$0]), String(path[$0...])) } ?? (path, "")
            let shortcut = try await client.post(uri + query, json: body)
            let routed = try await client.post(uri + "/" + query, json: body)
            #expect(shortcut.status == routed.status)
            #expect(shortcut.text == routed.text)
            let fields = [shortcut.headers, routed.headers].map { Array($0.filter { $0.name != .date }) }
            #expect(fields[0] == fields[1])
            let endpoint = uri.split(separator: "/").dropLast().joined(separator: "/")
            let series =
                #"mapper_http_requests_total{endpoint="/\#(endpoint)/{model}",model="\#(model)",status="\#(shortcut.status.code)"} 2"#
            let metrics = try await client.get("/metrics").text
            #expect(metrics.contains(series), "\(metrics)")
        }
    }

    @Test func otherMethodsStillGetTheRoutersAnswer() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.get("/v1/decode/Product")
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers[.allow] == "POST")
            #expect(response.text.contains("/v1/decode/Product takes POST, not GET"))
            #expect(response.headers[.contentType] == "application/problem+json")
        }
    }
}
