import Foundation
import Hummingbird
import HummingbirdTesting
import MapperKit
import MapperService
import MapperTestSupport
import Testing

/// `POST /v1/try/graph`: the model graph of the posted files as DOT and, drawn by Graphviz, SVG.
struct TryGraphTests {
    @Test func theGraphIsDrawnAsSVG() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let result = try await client.post(
                "/v1/try/graph", json: JSONWriter.write(["files": ["basket.yaml": .string(TryTests.basket)]])
            ).json
            #expect(result["renderError"] == .null, "is Graphviz installed? script/bootstrap installs it")
            #expect(result["diagnostics"] == [])
            let svg = try #require(result["svg"]?.string)
            // Graphviz names each node and edge in a <title>: the nodes of both files, the edge
            // from Basket (its `items` row) to Product.
            #expect(svg.contains("<svg"))
            #expect(svg.contains("<title>model:Basket</title>"))
            #expect(svg.contains("<title>model:Product</title>"))
            #expect(svg.contains(/<title>model:Basket(:\w+)*&#45;&gt;model:Product<\/title>/))
            #expect(result["dot"]?.string?.hasPrefix("digraph catalog {") == true)
        }
    }

    @Test func withoutGraphvizTheDOTTextComesWithTheReason() async throws {
        var configuration = ServiceConfiguration.testing()
        configuration.dotExecutable = nil
        let app = try buildApplication(configuration)
        try await app.test(.router) { client in
            let result = try await client.post("/v1/try/graph", json: "{}").json
            #expect(result["svg"] == .null)
            #expect(result["renderError"]?.string?.contains("apt-get install graphviz") == true)
            #expect(result["dot"]?.string?.contains("\"model:Product\"") == true)
        }
    }

    @Test func aCatalogThatDoesNotLoadHasNoGraph() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let result = try await client.post(
                "/v1/try/graph", json: #"{"files": {"x.yaml": "mapper: 1\nmodels: { A: { properties: { a: Nope } } }\n"}}"#
            ).json
            #expect(result["dot"] == .null)
            #expect(result["svg"] == .null)
            #expect(result["diagnostics"]?.array?.first?["code"] == "unknown-type")
        }
    }

    /// A `dot` that does what the script says.
    static func fakeDot(_ script: String) throws -> String {
        let directory = try TemporaryDirectory.files(["dot": "#!/bin/sh\n" + script + "\n"], prefix: "mapper-dot")
        let path = directory.appendingPathComponent("dot").path
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    @Test func aDotThatFailsIsReportedWithWhatItSaid() async throws {
        var configuration = ServiceConfiguration.testing()
        configuration.dotExecutable = try Self.fakeDot("cat > /dev/null; echo 'Error: syntax error in line 1' >&2; exit 3")
        let app = try buildApplication(configuration)
        try await app.test(.router) { client in
            let result = try await client.post("/v1/try/graph", json: "{}").json
            #expect(result["svg"] == .null)
            #expect(result["renderError"] == "Graphviz's dot failed (exit status 3): Error: syntax error in line 1")
        }
    }

    @Test func aDotThatHangsIsStopped() async throws {
        var configuration = ServiceConfiguration.testing(requestTimeout: .milliseconds(300))
        configuration.dotExecutable = try Self.fakeDot("exec sleep 30")
        let app = try buildApplication(configuration)
        try await app.test(.router) { client in
            let started = ContinuousClock.now
            let result = try await client.post("/v1/try/graph", json: "{}").json
            #expect(result["renderError"]?.string?.hasPrefix("Graphviz's dot took longer than") == true, "\(result)")
            #expect(ContinuousClock.now - started < .seconds(20))
        }
    }
}
