#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import MapperKit
import MapperTestSupport
import Testing

/// `--otel-endpoint`: `mapper serve` exports a span per request over OTLP/HTTP to a collector
/// (here a small one on loopback that decodes the protobuf), as a child of the client's W3C
/// `traceparent`, and passes the trace on to the upstream in gateway mode.
@Suite(.timeLimit(.minutes(2)))
struct TracingTests {
    static let traceID = "0af7651916cd43dd8448eb211c80319c"
    static let parentID = "b7ad6b7169203331"
    static let traceparent = "00-\(traceID)-\(parentID)-01"

    @Test func aSpanPerRequestChildOfTheClientsTrace() async throws {
        try await OTLPReceiver.run { endpoint, spans in
            let (server, port) = try await ServerProcess.serve(["--mappings", Fixture.shopCatalog, "--otel-endpoint", endpoint])
            let headers = ["Content-Type": "application/json", "traceparent": Self.traceparent]
            let good = Array(#"{"sku":"A1"}"#.utf8)
            let ok = try await onThread {
                try RawConnection(port: port).request("POST", "/v1/decode/Product", headers: headers, body: good)
            }
            #expect(ok.status == 200)
            let bad = Array(#"{"sku": 1, "price": "x"}"#.utf8)
            let failed = try await onThread {
                try RawConnection(port: port).request("POST", "/v1/decode/Product", headers: headers, body: bad)
            }
            #expect(failed.status == 422)
            let errors = try JSONValue(parsing: failed.body)["errors"]?.array?.count ?? 0
            #expect(errors >= 2)

            let found = try await eventually { () -> [ReceivedSpan]? in
                let mine = spans().filter { $0.traceID == Self.traceID }
                return mine.count >= 2 ? mine : nil
            }
            let decode = try #require(found.first { $0.attributes["http.response.status_code"] == "200" })
            #expect(decode.name == "POST /v1/decode/{model}")
            #expect(decode.kind == 2)
            #expect(decode.parentSpanID == Self.parentID)
            #expect(decode.serviceName == "mapper")
            #expect(decode.attributes["mapper.model"] == "Product")
            #expect(decode.attributes["http.route"] == "/v1/decode/{model}")
            #expect(decode.attributes["mapper.request.size"] == String(good.count))
            #expect(decode.attributes["mapper.response.size"] == String(ok.body.count))
            #expect(decode.attributes["mapper.error.count"] == "0")
            let refused = try #require(found.first { $0.attributes["http.response.status_code"] == "422" })
            #expect(refused.attributes["mapper.error.count"] == String(errors))
            #expect(refused.attributes["mapper.request.size"] == String(bad.count))

            // Untraced requests get a trace of their own.
            _ = try await onThread { try RawConnection(port: port).request("GET", "/v1/catalog") }
            let own = try await eventually { spans().first { $0.name == "GET /v1/catalog" } }
            #expect(own.traceID != Self.traceID && own.parentSpanID.isEmpty)
            server.signal(SIGTERM)
            #expect(try await server.exitStatus() == 0)
        }
    }

    @Test func theGatewayPassesTheTraceUpstream() async throws {
        try await OTLPReceiver.run { endpoint, spans in
            try await ReplayUpstream([.json("GET", "/orgs/acme", GatewayTests.organization)]).run { upstream in
                let (process, port) = try await ServerProcess.serve([
                    "--mappings", Fixture.bundledMappings, "--upstream", upstream.origin, "--otel-endpoint", endpoint,
                ])
                let response = try await onThread {
                    try RawConnection(port: port).request("GET", "/proxy/orgs/acme", headers: ["traceparent": Self.traceparent])
                }
                #expect(response.status == 200)
                let sent = try #require(upstream.received.first?.header("traceparent"))
                let parts = sent.split(separator: "-").map(String.init)
                #expect(parts.count == 4 && parts[0] == "00" && parts[1] == Self.traceID, "\(sent)")
                // The upstream's parent is the gateway's client span (AsyncHTTPClient's), a child of
                // its server span, a child of the client's.
                let found = try await eventually { () -> [ReceivedSpan]? in
                    let mine = spans().filter { $0.traceID == Self.traceID }
                    return mine.count >= 2 ? mine : nil
                }
                let server = try #require(found.first { $0.kind == 2 })
                let client = try #require(found.first { $0.kind == 3 })
                #expect(server.parentSpanID == Self.parentID)
                #expect(server.attributes["mapper.model"] == "Organization")
                #expect(client.parentSpanID == server.spanID)
                #expect(parts.count == 4 && parts[2] == client.spanID)
                process.signal(SIGTERM)
                #expect(try await process.exitStatus() == 0)
            }
        }
    }
}
