import Foundation
import HTTPTypes
import HummingbirdTesting
import MapperKit
import MapperService
import MapperTestSupport
import Testing

/// Gateway mode's behaviour over real sockets: request serialization, header handling, the token,
/// routes and pass through. One test at a time (each runs two servers), to spare the
/// timing-sensitive live tests of the other suites.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct GatewayTests {
    static let organization = #"{"login":"acme","id":1,"node_id":"MDEy"}"#
    static let json: HTTPFields = [.contentType: "application/json"]

    // MARK: Request serialization

    @Test func aCanonicalBodyIsEncodedWithTheRoutesModelBeforeItGoesUp() async throws {
        try await withGateway([.json("PATCH", "/orgs/acme", Self.organization)]) { client, upstream in
            let response = try await client.send(
                .patch, "/proxy/orgs/acme", headers: Self.json, body: Array(#"{"login":"acme","id":1,"nodeID":"MDEy"}"#.utf8))
            #expect(response.status == .ok)
            #expect(response.header("Mapper-Model") == "Organization")
            #expect(response.text == #"{"login":"acme","id":1,"nodeID":"MDEy"}"#)
            let received = try #require(upstream.received.first)
            #expect(received.method == "PATCH")
            #expect(received.json == ["login": "acme", "id": 1, "node_id": "MDEy"])
            #expect(received.header("Content-Type") == "application/json")
        }
    }

    @Test func aBodyThatIsNotCanonicalIs422AndNothingGoesUp() async throws {
        try await withGateway([.json("PATCH", "/orgs/acme", Self.organization)]) { client, upstream in
            // External JSON (node_id) where the canonical name (nodeID) is expected, and no id.
            let response = try await client.send(
                .patch, "/proxy/orgs/acme", headers: Self.json, body: Array(#"{"login":"acme","node_id":"MDEy"}"#.utf8))
            #expect(response.status == .unprocessableContent)
            let problem = try response.problem
            #expect(problem.type == problemType("mapping-errors"))
            #expect(response.header("Mapper-Model") == "Organization")
            let errors = try #require(problem["errors"]?.array)
            #expect(errors.contains { $0["pointer"] == "/id" }, "\(errors)")
            #expect(errors.contains { $0["message"]?.string?.contains("node_id") == true }, "\(errors)")
            #expect(upstream.received.isEmpty)

            let malformed = try await client.send(.patch, "/proxy/orgs/acme", headers: Self.json, body: Array(#"{"login": "#.utf8))
            #expect(malformed.status == .badRequest)
            #expect(try malformed.problem.type == problemType("malformed-json"))
            #expect(upstream.received.isEmpty)
        }
    }

    @Test func anExternalBodyAndBodiesNoRouteDescribesGoUpAsTheyAre() async throws {
        let exchanges: [ReplayUpstream.Exchange] = [
            .json("POST", "/orgs/acme", Self.organization), .json("POST", "/markdown", "{}"),
            .json("POST", "/orgs/plain", Self.organization),
        ]
        try await withGateway(exchanges) { client, upstream in
            let external = Array(#"{"title": "only a title"}"#.utf8)
            var headers = Self.json
            headers[HTTPField.Name("Mapper-Body")!] = "external"
            #expect(try await client.send(.post, "/proxy/orgs/acme", headers: headers, body: external).status == .ok)
            #expect(try await client.send(.post, "/proxy/markdown", headers: Self.json, body: external).status == .ok)
            let text = Array("not JSON at all".utf8)
            #expect(try await client.send(.post, "/proxy/orgs/plain", headers: [.contentType: "text/plain"], body: text).status == .ok)
            #expect(upstream.received.map(\.body) == [external, external, text])
            #expect(upstream.received.allSatisfy { $0.header("Mapper-Body") == nil })

            headers[HTTPField.Name("Mapper-Body")!] = "raw"
            let refused = try await client.send(.post, "/proxy/orgs/acme", headers: headers, body: external)
            #expect(refused.status == .badRequest)
            #expect(try refused.problem.detail.contains("Mapper-Body"))
        }
    }

    // MARK: Headers

    @Test func hopByHopHeadersAreDroppedBothWays() async throws {
        let answer = ReplayUpstream.Exchange.json(
            "GET", "/orgs/acme", Self.organization,
            headers: [
                ("content-type", "application/json"), ("connection", "X-Upstream-Private"), ("x-upstream-private", "secret"),
                ("keep-alive", "timeout=5"), ("proxy-authenticate", "Basic"), ("x-ratelimit-remaining", "4999"),
                ("etag", #"W/"abc""#), ("mapper-model", "Spoofed"),
            ])
        try await withGateway([answer]) { client, upstream in
            let port = try #require(client.port)
            let response = try await onThread {
                try RawConnection(port: port).request(
                    "GET", "/proxy/orgs/acme",
                    headers: [
                        "Connection": "keep-alive, X-Client-Private", "X-Client-Private": "1", "Keep-Alive": "timeout=5",
                        "Proxy-Authorization": "Basic abc", "TE": "trailers", "Upgrade": "example/1", "X-End-To-End": "kept",
                        "Accept-Encoding": "gzip", "Via": "1.0 edge",
                    ])
            }
            let received = try #require(upstream.received.first)
            for name in ["Connection", "X-Client-Private", "Keep-Alive", "Proxy-Authorization", "TE", "Upgrade", "Accept-Encoding"] {
                #expect(received.header(name) == nil, "\(name) went upstream")
            }
            #expect(received.header("X-End-To-End") == "kept")
            #expect(received.headers[values: HTTPField.Name("Via")!] == ["1.0 edge", "1.1 mapper"])
            #expect(received.authority == "127.0.0.1:\(upstream.port)", "Host names the upstream")

            #expect(response.status == 200)
            for name in ["X-Upstream-Private", "Keep-Alive", "Proxy-Authenticate"] {
                #expect(response.header(name) == nil, "\(name) came back")
            }
            #expect(response.header("Connection") != "X-Upstream-Private")
            #expect(response.header("X-RateLimit-Remaining") == "4999")
            #expect(response.header("ETag") == #"W/"abc""#)
            #expect(response.header("Mapper-Model") == "Organization")
        }
    }

    @Test func conditionalRequestsAndRateLimitsWorkThroughTheGateway() async throws {
        let limited = #"{"message":"API rate limit exceeded","documentation_url":"https://docs.github.com/rest"}"#
        let exchanges: [ReplayUpstream.Exchange] = [
            .json("GET", "/orgs/acme", status: 304, "", headers: [("etag", #""v1""#), ("last-modified", "Tue, 10 Oct 2017 16:00:00 GMT")]),
            .json(
                "GET", "/orgs/busy", status: 403, limited,
                headers: [
                    ("content-type", "application/json"), ("retry-after", "60"), ("x-ratelimit-remaining", "0"),
                    ("x-ratelimit-reset", "1507651200"),
                ]),
        ]
        try await withGateway(exchanges) { client, upstream in
            let notModified = try await client.get("/proxy/orgs/acme", headers: [.ifNoneMatch: #""v1""#])
            #expect(notModified.status == .notModified)
            #expect(notModified.header("ETag") == #""v1""#)
            #expect(notModified.header("Last-Modified") == "Tue, 10 Oct 2017 16:00:00 GMT")
            #expect(upstream.received.first?.header("If-None-Match") == #""v1""#)

            let limitedResponse = try await client.get("/proxy/orgs/busy")
            #expect(limitedResponse.status == .forbidden)
            #expect(limitedResponse.header("Mapper-Model") == "GitHubError")
            #expect(limitedResponse.text == #"{"message":"API rate limit exceeded","documentationURL":"https://docs.github.com/rest"}"#)
            #expect(limitedResponse.header("Retry-After") == "60")
            #expect(limitedResponse.header("X-RateLimit-Remaining") == "0")
            #expect(limitedResponse.header("X-RateLimit-Reset") == "1507651200")
        }
    }

    @Test func theGatewaysAuthorizationIsConsumedAndUpstreamHeadersAreSet() async throws {
        let exchanges: [ReplayUpstream.Exchange] = [.json("GET", "/orgs/acme", Self.organization)]
        try await withGateway(
            exchanges,
            configure: {
                $0.token = "s3cret"
                $0.gateway?.headers = [("Authorization", "token upstream-token"), ("User-Agent", "mapper-gateway")]
            }
        ) { client, upstream in
            let missing = try await client.get("/proxy/orgs/acme")
            #expect(missing.status == .unauthorized)
            #expect(try missing.problem.type == problemType("unauthorized"))
            let wrong = try await client.get("/proxy/orgs/acme", headers: [.authorization: "Bearer nope"])
            #expect(wrong.status == .unauthorized)
            #expect(upstream.received.isEmpty)

            let allowed = try await client.get("/proxy/orgs/acme", headers: [.authorization: "Bearer s3cret", .userAgent: "client"])
            #expect(allowed.status == .ok)
            let received = try #require(upstream.received.first)
            #expect(received.headers[values: .authorization] == ["token upstream-token"])
            #expect(received.header("User-Agent") == "mapper-gateway")
        }
    }

    // MARK: Routes and pass through

    @Test func aResponseNoRouteMatchesPassesThroughUntouched() async throws {
        let body = #"{"b": 2,  "a": 1}"#
        let exchanges: [ReplayUpstream.Exchange] = [
            .json("GET", "/meta", body, headers: [("content-type", "application/vnd.example+json"), ("x-custom", "yes")]),
            .json("GET", "/orgs/acme", "<p>hello</p>", headers: [("content-type", "text/html")]),
            .json("DELETE", "/orgs/acme", status: 204, "", headers: []),
            .json("HEAD", "/orgs/acme", Self.organization, headers: [("content-type", "application/json"), ("etag", #""e1""#)]),
        ]
        try await withGateway(exchanges) { client, upstream in
            let unrouted = try await client.get("/proxy/meta")
            #expect(unrouted.status == .ok)
            #expect(unrouted.text == body)
            #expect(unrouted.header("Content-Type") == "application/vnd.example+json")
            #expect(unrouted.header("X-Custom") == "yes")
            #expect(unrouted.header("Mapper-Model") == nil)

            // A routed path, but media that is not JSON (what the client asked for), and no body.
            let html = try await client.get("/proxy/orgs/acme")
            #expect(html.text == "<p>hello</p>")
            #expect(html.header("Content-Type") == "text/html")
            #expect(html.header("Mapper-Model") == nil)
            let deleted = try await client.send(.delete, "/proxy/orgs/acme")
            #expect(deleted.status == .noContent)
            #expect(deleted.bytes.isEmpty)
            let head = try await client.send(.head, "/proxy/orgs/acme")
            #expect(head.status == .ok)
            #expect(head.bytes.isEmpty)
            #expect(head.header("ETag") == #""e1""#)
            #expect(head.header("Mapper-Model") == nil)
            #expect(upstream.received.map(\.method) == ["GET", "GET", "DELETE", "HEAD"])
        }
    }

    @Test func upstreamURLsInLinkAndLocationPointAtTheGateway() async throws {
        let link =
            #"<https://api.github.com/api/v3/orgs/acme/repos?page=2>; rel="next", <https://api.github.com/other>; rel="up", "#
            + #"<https://other.example/api/v3/y>; title="a <b>"; rel="help", </status>; rel="status""#
        let exchange = ReplayUpstream.Exchange.json(
            "GET", "/api/v3/orgs/acme", status: 301, Self.organization,
            headers: [
                ("content-type", "application/json"), ("link", link), ("location", "/api/v3/orgs/acme2"),
            ])
        try await withGateway([exchange], configure: { $0.gateway?.upstream.basePath = "/api/v3" }) { client, upstream in
            let response = try await client.get(
                "/proxy/orgs/acme",
                headers: [
                    HTTPField.Name("X-Forwarded-Host")!: "gw.example:8443", HTTPField.Name("X-Forwarded-Proto")!: "https",
                ])
            #expect(response.status == .movedPermanently)
            #expect(upstream.received.first?.path == "/api/v3/orgs/acme")
            #expect(
                response.header("Link") == #"<https://gw.example:8443/proxy/orgs/acme/repos?page=2>; rel="next", "#
                    + #"<\#(upstream.origin)/other>; rel="up", <https://other.example/api/v3/y>; title="a <b>"; rel="help", "#
                    + #"<\#(upstream.origin)/status>; rel="status""#)
            #expect(response.header("Location") == "https://gw.example:8443/proxy/orgs/acme2")
        }
    }

    @Test func aReloadChangesWhatTheGatewayMaps() async throws {
        let catalog = try TemporaryDirectory(copying: Fixture.bundledMappings)
        let exchanges: [ReplayUpstream.Exchange] = [
            .json("GET", "/orgs/acme", Self.organization), .json("GET", "/orgs/acme", Self.organization),
        ]
        try await withGateway(exchanges, configure: { $0.mappings = [catalog.path] }) { client, _ in
            #expect(try await client.get("/proxy/orgs/acme").header("Mapper-Model") == "Organization")
            let routes = try catalog.read("github/routes.yaml")
            try catalog.write("github/routes.yaml", routes.replacingOccurrences(of: "    /orgs/*: Organization\n", with: ""))
            #expect(try await client.send(.post, "/v1/reload").status == .ok)
            let unrouted = try await client.get("/proxy/orgs/acme")
            #expect(unrouted.header("Mapper-Model") == nil)
            #expect(unrouted.text == Self.organization)
        }
    }

    @Test func strictRoutesRefuseWhatNoRouteMaps() async throws {
        let exchanges: [ReplayUpstream.Exchange] = [.json("GET", "/meta", "{}"), .json("GET", "/orgs/acme", Self.organization)]
        try await withGateway(exchanges, configure: { $0.gateway?.strictRoutes = true }) { client, upstream in
            let refused = try await client.get("/proxy/meta")
            #expect(refused.status == .badGateway)
            let problem = try refused.problem
            #expect(problem.type == problemType("upstream-no-route"))
            #expect(problem["upstream"]?.string == upstream.origin + "/meta")
            #expect(problem["upstreamStatus"] == 200)
            #expect(problem.detail.contains("no route matches '/meta'"), "\(problem.detail)")
            #expect(try await client.get("/proxy/orgs/acme").status == .ok)
        }
    }

    @Test func errorStatusesMapWithTheErrorModel() async throws {
        let notFound = #"{"message":"Not Found","documentation_url":"https://docs.github.com/rest"}"#
        try await withGateway([.json("GET", "/orgs/nobody", status: 404, notFound)]) { client, _ in
            let response = try await client.get("/proxy/orgs/nobody")
            #expect(response.status == .notFound)
            #expect(response.header("Mapper-Model") == "GitHubError")
            #expect(response.text == #"{"message":"Not Found","documentationURL":"https://docs.github.com/rest"}"#)
        }
    }
}
