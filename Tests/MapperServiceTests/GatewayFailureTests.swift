import Foundation
import HTTPTypes
import HummingbirdTesting
import MapperKit
import MapperService
import MapperTestSupport
import Testing

/// What goes wrong in gateway mode, each a problem+json answer: the upstream down, slow, stalling,
/// or sending what cannot be mapped; bodies over the limits; paths that are not plain. And what
/// the operator watches: metrics and the pooled connection. One test at a time, as GatewayTests.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct GatewayFailureTests {
    static let organization = GatewayTests.organization
    static let json = GatewayTests.json

    // MARK: Upstream failures

    @Test func aCompressedBodyToMapIs502() async throws {
        let gzipped = ReplayUpstream.Exchange.json(
            "GET", "/orgs/acme", "\u{1f}\u{8b}not really gzip",
            headers: [
                ("content-type", "application/json"), ("content-encoding", "gzip"),
            ])
        try await withGateway([gzipped]) { client, _ in
            let response = try await client.get("/proxy/orgs/acme")
            #expect(response.status == .badGateway)
            let problem = try response.problem
            #expect(problem.type == problemType("upstream-invalid-json"))
            #expect(problem.detail.contains("gzip-encoded"), "\(problem.detail)")
        }
    }

    @Test func anUpstreamThatIsDownIs502NamingIt() async throws {
        let app = try buildApplication(.gateway("http://127.0.0.1:1/api"))
        try await app.test(.live) { client in
            let response = try await client.get("/proxy/orgs/acme")
            #expect(response.status == .badGateway)
            let problem = try response.problem
            #expect(problem.type == problemType("upstream-unreachable"))
            #expect(problem["upstream"]?.string == "http://127.0.0.1:1/api/orgs/acme")
            #expect(problem.detail.contains("http://127.0.0.1:1/api/orgs/acme"), "\(problem.detail)")
        }
    }

    @Test func aSlowUpstreamIs504() async throws {
        // The upstream answers after 3 s; the gateway gives up after 0.1 s (with room for a busy machine).
        let slow = ReplayUpstream.Exchange.json("GET", "/orgs/acme", Self.organization, delay: .seconds(3))
        try await withGateway([slow], configure: { $0.gateway?.timeout = .milliseconds(100) }) { client, upstream in
            let start = ContinuousClock.now
            let response = try await client.get("/proxy/orgs/acme")
            #expect(response.status == .gatewayTimeout)
            #expect(try response.problem.type == problemType("upstream-timeout"))
            #expect(start.duration(to: .now) < .milliseconds(2500), "answered before the upstream did")
        }
    }

    @Test func anUpstreamThatStallsInTheMiddleOfItsBodyIs504() async throws {
        var stalling = ReplayUpstream.Exchange.json("GET", "/orgs/acme", Self.organization)
        stalling.bodyStall = .seconds(1)
        try await withGateway([stalling], configure: { $0.gateway?.timeout = .milliseconds(200) }) { client, _ in
            let response = try await client.get("/proxy/orgs/acme")
            #expect(response.status == .gatewayTimeout)
            #expect(try response.problem.type == problemType("upstream-timeout"))
        }
    }

    @Test(arguments: [
        [("content-type", "application/json")],
        [],
    ])
    func anUpstreamBodyThatIsNotJSONIs502(headers: [(String, String)]) async throws {
        let broken = ReplayUpstream.Exchange.json(
            "GET", "/orgs/acme", "<html>oops</html>", headers: headers.map { (name: $0.0, value: $0.1) })
        try await withGateway([broken]) { client, _ in
            let response = try await client.get("/proxy/orgs/acme")
            #expect(response.status == .badGateway)
            let problem = try response.problem
            #expect(problem.type == problemType("upstream-invalid-json"))
            #expect(problem.detail.contains("Organization"), "\(problem.detail)")
        }
    }

    @Test func anUpstreamBodyTheModelDoesNotReadIs502WithTheErrors() async throws {
        try await withGateway([.json("GET", "/orgs/acme", #"{"login":"acme","id":"one"}"#)]) { client, _ in
            let response = try await client.get("/proxy/orgs/acme")
            #expect(response.status == .badGateway)
            let problem = try response.problem
            #expect(problem.type == problemType("upstream-mapping-errors"))
            #expect(problem["upstreamStatus"] == 200)
            #expect(try #require(problem["errors"]?.array).compactMap { $0["pointer"]?.string } == ["/id"])
        }
    }

    // MARK: Limits, metrics

    @Test func bodyLimitsApplyBothWays() async throws {
        let large = "[" + Array(repeating: Self.organization, count: 100).joined(separator: ",") + "]"
        let exchanges: [ReplayUpstream.Exchange] = [.json("GET", "/orgs/acme", large), .json("POST", "/orgs/acme", Self.organization)]
        try await withGateway(
            exchanges,
            configure: {
                $0.maxBodySize = 1024
                $0.gateway?.maxResponseSize = 2048
            }
        ) { client, upstream in
            let tooLarge = try await client.send(.post, "/proxy/orgs/acme", headers: Self.json, body: Array(large.utf8))
            #expect(tooLarge.status == .contentTooLarge)
            #expect(upstream.received.isEmpty)

            let response = try await client.get("/proxy/orgs/acme")
            #expect(response.status == .badGateway)
            let problem = try response.problem
            #expect(problem.type == problemType("upstream-body-too-large"))
            #expect(problem["limit"] == 2048)
        }
    }

    @Test func proxiedRequestsAreCountedByModelAndTheUpstreamIsTimed() async throws {
        try await withGateway([.json("GET", "/orgs/acme", Self.organization)]) { client, _ in
            #expect(try await client.get("/proxy/orgs/acme").status == .ok)
            let metrics = try await client.get("/metrics").text
            let requests = metrics.split(separator: "\n").filter { $0.hasPrefix("mapper_http_requests_total{") }
            #expect(
                requests.contains {
                    $0.contains(#"endpoint="/proxy/**""#) && $0.contains(#"model="Organization""#) && $0.contains(#"status="200""#)
                },
                "\(requests)")
            let upstream = metrics.split(separator: "\n").filter { $0.hasPrefix("mapper_upstream_duration_seconds_count{") }
            #expect(
                upstream.contains { $0.contains(#"method="GET""#) && $0.contains(#"outcome="200""#) && $0.hasSuffix(" 1") }, "\(upstream)")
        }
    }

    @Test func oneClientKeepsItsConnectionToTheUpstream() async throws {
        try await withGateway([.json("GET", "/orgs/acme", Self.organization)]) { client, upstream in
            for _ in 0..<5 {
                let response = try await client.get("/proxy/orgs/acme")
                #expect(response.status == .ok)
            }
            let connections = upstream.received.map(\.connection)
            #expect(connections.count == 5)
            #expect(Set(connections).count == 1, "requests one after another reuse the pooled connection: \(connections)")
        }
    }

    @Test(arguments: ["/proxy/orgs/%2E%2E/v1", "/proxy/orgs/../../admin", "/proxy/orgs/x%ZZ", "/proxy/search/issues?q=%G1", "/proxy/a%2"])
    func pathsThatAreNotPlainAreRefused(uri: String) async throws {
        try await withGateway([]) { client, upstream in
            let response = try await client.get(uri)
            #expect(response.status == .badRequest)
            #expect(try response.problem.type == problemType("bad-request"))
            #expect(upstream.received.isEmpty)
        }
    }
}
