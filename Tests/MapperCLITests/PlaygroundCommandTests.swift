#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import MapperTestSupport
import Testing

/// `mapper playground`: the playground on an empty or given catalog, at the address it prints.
struct PlaygroundCommandTests {
    static func start(_ arguments: [String], environment: [String: String] = [:]) async throws -> (ServerProcess, port: Int) {
        let server = try ServerProcess(["playground", "--port", "0"] + arguments, environment: environment)
        let line = try await server.waitForLine(containing: "/playground")
        let port = try #require(line.firstMatch(of: /http:\/\/127\.0\.0\.1:([0-9]+)\/playground/).flatMap { Int($0.1) }, "\(line)")
        return (server, port)
    }

    @Test func servesThePageOnAnEmptyCatalog() async throws {
        let (server, port) = try await Self.start([])
        let page = try RawConnection(port: port).request("GET", "/playground")
        #expect(page.status == 200)
        #expect(page.text.contains("<title>mapper playground</title>"))
        let files = try RawConnection(port: port).request("GET", "/v1/try")
        #expect(files.text.contains(#""files":{}"#), "\(files.text)")
        server.signal(SIGTERM)
        #expect(try await server.exitStatus() == 0)
    }

    @Test func aGivenCatalogIsLiveInIt() async throws {
        let directory = try MapperProcess.directory(["m.yaml": "mapper: 1\nmodels: { A: { properties: { a: string } } }\n"])
        let (server, port) = try await Self.start(["--mappings", directory.appendingPathComponent("m.yaml").path])
        let body = Array(#"{"model": "A", "input": "{\"a\": \"x\"}"}"#.utf8)
        let tried = try RawConnection(port: port).request("POST", "/v1/try", headers: ["Content-Type": "application/json"], body: body)
        #expect(tried.status == 200)
        #expect(tried.text.contains(#""output":"{\n  \"a\": \"x\"\n}""#), "\(tried.text)")
        server.signal(SIGTERM)
        _ = try await server.exitStatus()
    }

    @Test func withoutCodeMirrorItSaysWhatToInstall() throws {
        let result = try MapperProcess.run(["playground", "--port", "0"], environment: ["MAPPER_CODEMIRROR": "/nonexistent/codemirror"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "error: the playground (/playground) needs CodeMirror 5 from Debian's libjs-codemirror (apt-get install libjs-codemirror)"))
        #expect(result.stderr.contains("MAPPER_CODEMIRROR"))
    }
}
