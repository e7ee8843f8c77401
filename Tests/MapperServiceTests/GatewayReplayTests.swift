import Foundation
import HTTPTypes
import HummingbirdTesting
import MapperKit
import MapperService
import MapperTestSupport
import Testing

/// Every recorded octokit exchange through the gateway, against a real upstream on loopback that
/// replays them: what comes back is what `mapper decode --route` gives (and the golden examples
/// say), or the upstream's answer untouched; what goes up is what the client sent. One scenario
/// at a time: 22 pairs of servers at once would only crowd the timing-sensitive live tests.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct GatewayReplayTests {
    @Test(arguments: Octokit.scenarios)
    func everyRecordedExchange(scenario: String) async throws {
        let recorded = try Octokit.recorded(scenario)
        try await withGateway(recorded.map(\.exchange)) { client, upstream in
            for (position, exchange) in recorded.enumerated() {
                try await check(exchange, scenario: scenario, client: client, upstream: upstream, position: position)
            }
        }
    }

    private func check(
        _ recorded: Octokit.Recorded, scenario: String, client: any TestClientProtocol, upstream: ReplayUpstream, position: Int
    ) async throws {
        let exchange = recorded.exchange
        let name = "\(exchange.label): \(exchange.method) \(exchange.path)"
        let label = Comment(rawValue: name)
        let catalog = GitHubCatalog.catalog
        var headers = HTTPFields()
        for (header, value) in recorded.requestHeaders { headers.append(HTTPField(name: HTTPField.Name(header)!, value: value)) }

        // What the client sends: canonical JSON when the route's model reads the recorded body
        // (the gateway encodes it back), else the recorded body, said to be external.
        var body = recorded.requestBody
        var expectedUpstreamBody = body
        let sendsJSON = headers[.contentType].map { $0.hasPrefix("application/json") } ?? false
        if !body.isEmpty, sendsJSON, let match = catalog.routes.match(exchange.path, method: exchange.method) {
            var session = MappingSession(catalog: catalog)
            if let canonical = try? session.decodeToCanonical(body, as: match.model) {
                body = canonical
                expectedUpstreamBody = try session.encodeCanonical(canonical, as: match.model)
            } else {
                headers[HTTPField.Name("Mapper-Body")!] = "external"
            }
        }
        let response = try await client.send(HTTPRequest.Method(exchange.method)!, "/proxy" + exchange.path, headers: headers, body: body)

        // Upstream: same method, path and query; the body as expected; the end-to-end headers.
        let received = try #require(upstream.received.count == position + 1 ? upstream.received.last : nil, label)
        #expect(received.method == exchange.method && received.path == exchange.path, label)
        #expect(received.body == expectedUpstreamBody, label)
        for (header, value) in recorded.requestHeaders where header != "accept-encoding" {
            #expect(received.header(header) == value, "\(name): request header \(header)")
        }
        #expect(received.header("Mapper-Body") == nil, label)

        // Downstream: the upstream's status; the mapped body or the upstream's own.
        #expect(response.status.code == exchange.status, label)
        if let golden = GitHubCatalog.golden(scenario, recorded.index, exchange.method) {
            let match = try #require(catalog.routes.match(exchange.path, method: exchange.method, status: exchange.status), label)
            var session = MappingSession(catalog: catalog)
            let expected = try session.decodeToCanonical(exchange.body, as: match.model)
            #expect(response.header("Mapper-Model") == match.model, label)
            #expect(response.header("Content-Type") == "application/json", label)
            #expect(response.bytes == expected, label)
            #expect(try JSONValue(parsing: response.bytes) == golden, label)
        } else {
            #expect(response.header("Mapper-Model") == nil, label)
            #expect(response.bytes == exchange.body, label)
            let contentType = exchange.headers.first { $0.name == "content-type" }?.value
            #expect(response.header("Content-Type") == contentType, label)
        }

        // Headers: rate limits, validators and the rest passed through, upstream URLs rewritten.
        for (header, value) in exchange.headers {
            switch header {
            case "link", "location":
                let rewritten = value.replacingOccurrences(of: ReplayUpstream.recordedOrigin, with: "http://localhost/proxy")
                #expect(response.header(header) == rewritten, "\(name): \(header)")
            case "content-type", "date", "server":
                continue
            default:
                #expect(response.header(header) == value, "\(name): \(header)")
            }
        }
    }

    /// The exchanges above are all there, and every golden GitHub example is one of them, so
    /// every one of those was checked through the gateway.
    @Test func everyGoldenExampleIsARecordedExchange() throws {
        #expect(Octokit.scenarios.count == 22)
        var checked: Set<String> = []
        for scenario in Octokit.scenarios {
            for recorded in try Octokit.recorded(scenario)
            where GitHubCatalog.golden(scenario, recorded.index, recorded.exchange.method) != nil {
                checked.insert("\(scenario)-\(recorded.index)-\(recorded.exchange.method.lowercased()).canonical.json")
            }
        }
        let directory = Fixture.packageRoot.appendingPathComponent("Examples/github/responses").path
        let golden = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".canonical.json") }
        #expect(golden.count == 55)
        #expect(checked == Set(golden))
    }

    @Test func paginationLinksLeadThroughTheGateway() async throws {
        let recorded = try Octokit.recorded("paginate-issues")
        try await withGateway(recorded.map(\.exchange)) { client, upstream in
            var next: String? = "/proxy" + recorded[0].exchange.path
            var pages: [Int] = []
            while let uri = next, pages.count < 10 {
                let response = try await client.get(uri)
                #expect(response.status == .ok)
                #expect(response.header("Mapper-Model") == "Issue")
                pages.append(try #require(try response.json.array).count)
                next = Self.nextLink(response.header("Link") ?? "").map { $0.replacingOccurrences(of: "http://localhost", with: "") }
            }
            #expect(pages == [3, 3, 3, 3, 1], "every page, each an array of issues")
            #expect(upstream.received.map(\.path) == recorded.map(\.exchange.path))
        }
    }

    /// The target of `rel="next"` in a Link field.
    private static func nextLink(_ field: String) -> String? {
        for link in field.split(separator: ",") where link.contains(#"rel="next""#) {
            guard let open = link.firstIndex(of: "<"), let close = link.firstIndex(of: ">") else { continue }
            return String(link[link.index(after: open)..<close])
        }
        return nil
    }
}
