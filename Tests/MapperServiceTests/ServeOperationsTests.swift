#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import MapperKit
import MapperTestSupport
import Testing

/// What an operator meets running `mapper serve`: a plain error when the port is taken, JSON log
/// lines, and the admin token file.
@Suite(.timeLimit(.minutes(2)))
struct ServeOperationsTests {
    @Test func aPortInUseIsSaidPlainly() async throws {
        let (first, port) = try await ServerProcess.serve(["--mappings", Fixture.shopCatalog])
        let second = try ServerProcess(["serve", "--mappings", Fixture.shopCatalog, "--port", String(port)])
        #expect(try await second.exitStatus() == 1)
        #expect(second.stderr == "error: cannot listen on 127.0.0.1:\(port): the address is already in use (another mapper serve?)\n")
        first.signal(SIGTERM)
        #expect(try await first.exitStatus() == 0)
    }

    @Test func jsonLogsAreOneObjectPerLine() async throws {
        let (server, port) = try await ServerProcess.serve(["--mappings", Fixture.shopCatalog, "--log-format", "json"])
        let response = try await onThread {
            try RawConnection(port: port).request(
                "POST", "/v1/decode/Listing", headers: ["Content-Type": "application/json"], body: Array(#"{"sku":"A1"}"#.utf8))
        }
        #expect(response.status == 200)
        try await server.waitForLine(containing: #""message":"request""#)
        server.signal(SIGTERM)
        #expect(try await server.exitStatus() == 0)
        let lines = server.stdout.split(separator: "\n")
        #expect(lines.count >= 3)
        for line in lines {
            let object = try JSONValue(parsing: String(line))
            #expect(object["time"]?.string != nil && object["level"]?.string != nil && object["message"]?.string != nil, "\(line)")
        }
        let request = try #require(try lines.map { try JSONValue(parsing: String($0)) }.first { $0["message"] == "request" })
        #expect(request["method"] == "POST")
        #expect(request["path"] == "/v1/decode/Listing")
        #expect(request["model"] == "Listing")
        #expect(request["status"] == "200")
        #expect(request["level"] == "info")
    }

    @Test func jsonLogLinesThatCannotBeWrittenAreDroppedAndTheServiceGoesOn() async throws {
        let process = try MapperBinary.process(
            ["serve", "--mappings", Fixture.shopCatalog, "--port", "0", "--log-format", "json", "--log-level", "info"])
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // The log collector reads the startup line, then goes away: every later line fails with
        // EPIPE.
        // Read on a thread of its own, as every wait on the child below: a blocked task would hold
        // one of the few threads of the cooperative pool that the in-process servers of other
        // tests answer on.
        let text = try await onThread {
            var text = ""
            while !text.contains("listening on http://"), case let data = output.fileHandleForReading.availableData, !data.isEmpty {
                text += String(decoding: data, as: UTF8.self)
            }
            return text
        }
        let port = try #require(
            text.firstMatch(of: /listening on http:\/\/127\.0\.0\.1:([0-9]+)/).flatMap { Int($0.1) }, "stdout: \(text)")
        try output.fileHandleForReading.close()
        for _ in 1...3 {
            let response = try await onThread {
                try RawConnection(port: port).request(
                    "POST", "/v1/decode/Listing", headers: ["Content-Type": "application/json"], body: Array(#"{"sku":"A1"}"#.utf8))
            }
            #expect(response.status == 200)
        }
        #expect(process.isRunning)
        kill(process.processIdentifier, SIGTERM)
        let (status, stderr) = try await onThread {
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        #expect(status == 0)
        #expect(stderr.components(separatedBy: "log lines cannot be written to standard output").count == 2, "\(stderr)")
        #expect(stderr.contains("(Broken pipe); dropping them"), "\(stderr)")
    }

    @Test func theAdminTokenFileGuardsReload() async throws {
        let secrets = try TemporaryDirectory(["client": "client-token\n", "admin": "admin-token\n"])
        let (server, port) = try await ServerProcess.serve([
            "--mappings", Fixture.shopCatalog, "--token-file", secrets.path + "/client", "--admin-token-file", secrets.path + "/admin",
        ])
        let asClient = try await onThread {
            try RawConnection(port: port).request("POST", "/v1/reload", headers: ["Authorization": "Bearer client-token"])
        }
        #expect(asClient.status == 401)
        let asAdmin = try await onThread {
            try RawConnection(port: port).request("POST", "/v1/reload", headers: ["Authorization": "Bearer admin-token"])
        }
        #expect(asAdmin.status == 200)
        server.signal(SIGTERM)
        #expect(try await server.exitStatus() == 0)
    }

    @Test(arguments: [
        (["--log-format", "xml"], "--log-format 'xml' is neither text nor json."),
        (["--watch-interval", "often"], "--watch-interval 'often' is not a duration"),
        (["--otel-endpoint", "collector:4318"], "--otel-endpoint 'collector:4318' is not an http or https URL"),
    ])
    func badFlagsAreUsageErrors(flags: [String], message: String) async throws {
        let server = try ServerProcess(["serve", "--mappings", Fixture.shopCatalog] + flags)
        #expect(try await server.exitStatus() == 64)
        #expect(server.stderr.contains(message), "\(server.stderr)")
    }
}
