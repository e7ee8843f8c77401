#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import MapperKit
import MapperSupport
import Synchronization
import MapperTestSupport
import Testing

/// `mapper serve` as a process under a storm of SIGHUP reloads while clients keep sending requests:
/// not one request may fail, each answer comes whole from one catalog, and the process lives on.
@Suite(.timeLimit(.minutes(2)))
struct SignalStormTests {
    @Test func manyHangupsWhileServingFailNothing() async throws {
        let catalog = try TemporaryDirectory(copying: Fixture.shopCatalog)
        let text = try catalog.read("shop.yaml")
        let colored = text.replacingOccurrences(
            of: "      name: string\n  Tally:", with: "      name: string\n      color: string\n  Tally:")
        let server = try ServerProcess(["serve", "--mappings", catalog.path, "--port", "0", "--log-level", "info"])
        let port = try await server.port()
        let tally = LiveReloadTests.Tally()
        let body = Array(#"{"sku": "A1", "name": "Lamp", "color": "red", "price": 1}"#.utf8)
        let clients = (0..<3).map { _ in
            Thread {
                do {
                    var connection = try RawConnection(port: port, timeout: .seconds(10))
                    var sent = 0
                    while !tally.stop.load(ordering: .relaxed) {
                        tally.record(
                            try connection.request("POST", "/v1/decode/Listing", headers: ["Content-Type": "application/json"], body: body))
                        sent += 1
                        if sent % 25 == 0 { connection = try RawConnection(port: port, timeout: .seconds(10)) }
                    }
                } catch {
                    tally.fail("client: \(error)")
                }
            }
        }
        clients.forEach { $0.start() }
        defer { tally.stop.store(true, ordering: .relaxed) }

        // 300 hangups, a few milliseconds apart, while the file flips between two valid versions
        // (and is briefly broken now and then).
        for signal in 0..<300 {
            if signal % 20 == 0 { try catalog.write("shop.yaml", signal % 40 == 0 ? colored : text) }
            if signal % 50 == 25 { try catalog.write("extra.yaml", "mapper: 1\nmodels: {Broken: {properties: {a: Nope}}}\n") }
            if signal % 50 == 30 { try FileManager.default.removeItem(atPath: catalog.path + "/extra.yaml") }
            server.signal(SIGHUP)
            try await Task.sleep(for: .milliseconds(signal % 10 == 0 ? 20 : 2))
            #expect(server.isRunning, "mapper died after \(signal + 1) hangups\nstderr: \(server.stderr)")
            guard server.isRunning else { return }
        }
        try await Task.sleep(for: .milliseconds(300))
        tally.stop.store(true, ordering: .relaxed)
        try await Task.sleep(for: .milliseconds(300))

        let seen = tally.state.withLock { $0 }
        #expect(seen.failures.isEmpty, "\(seen.failures.prefix(5))")
        #expect(seen.requests > 100, "only \(seen.requests) requests")
        #expect(seen.bodies.values.allSatisfy { $0.count == 1 }, "\(seen.bodies)")
        #expect(server.stdout.contains("catalog reloaded"))
        #expect(server.isRunning)

        // Still serving, and still stopping cleanly.
        let after = try await onThread { try RawConnection(port: port).request("GET", "/healthz") }
        #expect(after.status == 200)
        server.signal(SIGTERM)
        #expect(try await server.exitStatus() == 0)
    }
}
