#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import MapperKit
import MapperTestSupport
import Testing

/// `mapper serve` as a process: the startup line, SIGHUP reloads, SIGTERM with a request in
/// flight, the token file, and refusing to start without a catalog.
@Suite(.timeLimit(.minutes(2)))
struct ServeCommandTests {
    @Test func servesReloadsOnHangupAndShutsDownGracefully() async throws {
        let catalog = try TemporaryDirectory(copying: Fixture.shopCatalog)
        try catalog.write("token", "s3cret\n")
        let server = try ServerProcess([
            "serve", "--mappings", catalog.path, "--port", "0", "--token-file", catalog.path + "/token", "--log-level", "info",
        ])
        let port = try await server.port()
        let auth = ["Authorization": "Bearer s3cret", "Content-Type": "application/json"]

        let before = try await onThread { try RawConnection(port: port).request("GET", "/v1/catalog", headers: auth) }
        #expect(before.status == 200)
        let revision = try JSONValue(parsing: before.body)["revision"]
        let refused = try await onThread { try RawConnection(port: port).request("GET", "/v1/catalog") }
        #expect(refused.status == 401)

        // SIGHUP reloads the edited files.
        try catalog.write(
            "shop.yaml",
            try catalog.read("shop.yaml").replacingOccurrences(
                of: "      name: string\n  Tally:", with: "      name: string\n      color: string\n  Tally:"))
        server.signal(SIGHUP)
        try await server.waitForLine(containing: "catalog reloaded")
        #expect(try await server.waitForLine(containing: "catalog reloaded").contains("trigger=signal"))
        let after = try await onThread { try RawConnection(port: port).request("GET", "/v1/catalog", headers: auth) }
        #expect(try JSONValue(parsing: after.body)["revision"] != revision)

        // SIGTERM while a request is half sent: it still gets its answer.
        let body = Array(#"{"sku": "A1", "color": "red"}"#.utf8)
        let connection = try RawConnection(port: port, timeout: .seconds(10))
        try await onThread {
            var head = "POST /v1/decode/Listing HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(body.count)\r\n"
            for (name, value) in auth { head += "\(name): \(value)\r\n" }
            try connection.send(head + "\r\n")
            try connection.send(Array(body.prefix(8)))
        }
        try await Task.sleep(for: .milliseconds(300))
        server.signal(SIGTERM)
        try await Task.sleep(for: .milliseconds(300))
        let response = try await onThread {
            try connection.send(Array(body.dropFirst(8)))
            return try connection.readResponse()
        }
        #expect(response.status == 200)
        #expect(response.text == #"{"sku":"A1","color":"red"}"#)
        #expect(try await server.exitStatus() == 0)
        #expect(server.stdout.contains("mapper serve stopped"))

        // One log line per request, with what was asked and how it went.
        let requests = server.stdout.split(separator: "\n").filter { $0.contains(" mapper: request ") }
        #expect(requests.count == 4, "\(requests)")
        let last = try #require(requests.last)
        for part in ["method=POST", "path=/v1/decode/Listing", "model=Listing", "status=200", "duration_ms="] {
            #expect(last.contains(part), "\(last)")
        }
    }

    @Test func theStartupLineAndTheCatalogNameTheVersion() async throws {
        let version = try await MapperBinary.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let (server, port) = try await ServerProcess.serve(["--mappings", Fixture.shopCatalog])
        let line = try await server.waitForLine(containing: "listening on http://")
        // A value holding a space is quoted, so that the line splits into key=value pairs.
        #expect(line.contains("version=\"\(version)\""), "\(line)")
        let catalog = try await onThread { try RawConnection(port: port).request("GET", "/v1/catalog") }
        #expect(try JSONValue(parsing: catalog.body)["version"] == .string(version))
        server.signal(SIGTERM)
        #expect(try await server.exitStatus() == 0)
    }

    @Test func startupWithABrokenCatalogFails() async throws {
        let catalog = try TemporaryDirectory(copying: Fixture.shopCatalog)
        try catalog.write("shop.yaml", "mapper: 1\nmodels:\n  Product:\n    properties: { sku: strng }\n")
        let server = try ServerProcess(["serve", "--mappings", catalog.path, "--port", "0"])
        #expect(try await server.exitStatus() == 1)
        #expect(server.stderr.contains("unknown type 'strng'"))
        #expect(server.stderr.contains("nothing to serve"))
    }

    @Test func missingMappingsExit2() async throws {
        let server = try ServerProcess(["serve", "--mappings", "/no/such/mappings", "--port", "0"])
        #expect(try await server.exitStatus() == 2)
    }

    @Test(arguments: [
        (["--max-body-size", "10XB"], "--max-body-size '10XB'"),
        (["--port", "70000"], "--port 70000"),
        (["--log-level", "loud"], "--log-level 'loud'"),
        (["--request-timeout", "soon"], "--request-timeout 'soon'"),
        (["--strict-routes"], "--strict-routes goes with --upstream URL"),
        (["--upstream-timeout", "30s"], "--upstream-timeout goes with --upstream URL"),
        (["--upstream", "ftp://example.com"], "--upstream 'ftp://example.com' is not an http or https URL"),
        (["--upstream", "http://example.com", "--upstream-header", "no colon"], "--upstream-header 'no colon'"),
        (["--upstream", "http://example.com", "--upstream-timeout", "soon"], "--upstream-timeout 'soon'"),
        (["--upstream", "http://example.com", "--upstream-max-body-size", "big"], "--upstream-max-body-size 'big'"),
    ])
    func badFlagsAreUsageErrors(flags: [String], message: String) async throws {
        let server = try ServerProcess(["serve", "--mappings", Fixture.shopCatalog] + flags)
        #expect(try await server.exitStatus() == 64)
        #expect(server.stderr.contains(message), "\(server.stderr)")
    }

    @Test func theGatewayForwardsAndShutsDownGracefully() async throws {
        let exchanges: [ReplayUpstream.Exchange] = [
            .json("GET", "/orgs/acme", GatewayTests.organization),
            .json("GET", "/orgs/slow", GatewayTests.organization, delay: .seconds(1)),
        ]
        try await ReplayUpstream(exchanges).run { upstream in
            let server = try ServerProcess([
                "serve", "--mappings", Fixture.bundledMappings, "--port", "0", "--upstream", upstream.origin, "--upstream-timeout", "5s",
                "--upstream-header", "Authorization: token from-the-gateway", "--strict-routes",
            ])
            let port = try await server.port()
            let line = try await server.waitForLine(containing: "listening on http://")
            #expect(line.contains("upstream=\(upstream.origin)"), "\(line)")
            let response = try await onThread { try RawConnection(port: port).request("GET", "/proxy/orgs/acme") }
            #expect(response.status == 200)
            #expect(response.header("Mapper-Model") == "Organization")
            #expect(response.text == #"{"login":"acme","id":1,"nodeID":"MDEy"}"#)
            #expect(upstream.received.first?.header("Authorization") == "token from-the-gateway")

            // SIGTERM while the upstream is still answering: the request completes, then the
            // server stops and the HTTP client shuts down.
            let slow = Task { try await onThread { try RawConnection(port: port).request("GET", "/proxy/orgs/slow") } }
            try await Task.sleep(for: .milliseconds(300))
            server.signal(SIGTERM)
            let answer = try await slow.value
            #expect(answer.status == 200)
            #expect(answer.header("Mapper-Model") == "Organization")
            #expect(try await server.exitStatus() == 0)
            #expect(server.stdout.contains("mapper serve stopped"))
        }
    }

    @Test func theTokenMayComeFromANamedPipe() async throws {
        // `--token-file <(vault read …)`: the token is read as it comes, once.
        let catalog = try TemporaryDirectory(copying: Fixture.shopCatalog)
        let pipe = catalog.path + "/token.fifo"
        try #require(mkfifo(pipe, 0o600) == 0)
        Thread.detachNewThread {
            guard let writer = FileHandle(forWritingAtPath: pipe) else { return }
            writer.write(Data("s3cret\n".utf8))
            try? writer.close()
        }
        let server = try ServerProcess(["serve", "--mappings", catalog.path, "--port", "0", "--token-file", pipe])
        let port = try await server.port()
        let answer = try await onThread {
            try RawConnection(port: port).request("GET", "/v1/catalog", headers: ["Authorization": "Bearer s3cret"])
        }
        #expect(answer.status == 200)
        let refused = try await onThread { try RawConnection(port: port).request("GET", "/v1/catalog") }
        #expect(refused.status == 401)
        server.signal(SIGTERM)
        #expect(try await server.exitStatus() == 0)
    }

    @Test func anEmptyTokenFileIsRefused() async throws {
        let catalog = try TemporaryDirectory(copying: Fixture.shopCatalog)
        try catalog.write("token", "\n")
        let server = try ServerProcess(["serve", "--mappings", catalog.path, "--port", "0", "--token-file", catalog.path + "/token"])
        #expect(try await server.exitStatus() == 1)
        #expect(server.stderr.contains("is empty"))
    }
}
