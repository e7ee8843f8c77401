import MapperKit
import NIOCore
import Foundation
import MapperSupport
import Hummingbird
import HummingbirdTesting
import MapperService
import Synchronization
import MapperTestSupport
import Testing

/// Reloading while clients keep sending requests: not one request may fail, and every answer
/// must come whole from one catalog (the one its `Mapper-Revision` names).
@Suite(.timeLimit(.minutes(2)))
struct LiveReloadTests {
    /// What the clients saw.
    final class Tally: Sendable {
        let stop = Atomic<Bool>(false)
        let state = Locked<(requests: Int, failures: [String], bodies: [String: Set<String>])>((0, [], [:]))

        func record(_ response: RawConnection.Response) {
            state.withLock { state in
                state.requests += 1
                guard response.status == 200, let revision = response.header("mapper-revision") else {
                    state.failures.append("\(response.status) \(response.text)")
                    return
                }
                state.bodies[revision, default: []].insert(response.text)
            }
        }

        func fail(_ message: String) {
            state.withLock { $0.failures.append(message) }
        }
    }

    static let withoutColor = #"{"sku":"A1","name":"Lamp"}"#
    static let withColor = #"{"sku":"A1","name":"Lamp","color":"red"}"#

    @Test func reloadsUnderConcurrentRequestsFailNothing() async throws {
        let catalog = try TemporaryDirectory(copying: Fixture.shopCatalog)
        let text = try catalog.read("shop.yaml")
        let colored = text.replacingOccurrences(
            of: "      name: string\n  Tally:", with: "      name: string\n      color: string\n  Tally:")
        let app = try buildApplication(.testing([catalog.path], watch: true))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let original = try await JSONValueResponse(client.execute(uri: "/v1/catalog", method: .get)).value["revision"]
            let tally = Tally()
            let body = Array(#"{"sku": "A1", "name": "Lamp", "color": "red", "price": 1}"#.utf8)
            let clients = (0..<4).map { _ in
                Thread {
                    do {
                        var connection = try RawConnection(port: port, timeout: .seconds(10))
                        var sent = 0
                        while !tally.stop.load(ordering: .relaxed) {
                            let path = sent % 2 == 0 ? "/v1/decode/Listing" : "/v1/route?url=/api/products/A1/listing&method=POST"
                            tally.record(try connection.request("POST", path, headers: ["Content-Type": "application/json"], body: body))
                            sent += 1
                            // A fresh connection now and then, so new connections meet reloads too.
                            if sent % 50 == 0 { connection = try RawConnection(port: port, timeout: .seconds(10)) }
                        }
                    } catch {
                        tally.fail("client: \(error)")
                    }
                }
            }
            clients.forEach { $0.start() }
            defer { tally.stop.store(true, ordering: .relaxed) }

            for round in 0..<8 {
                // A save in two steps: the half-written file is broken YAML for a moment.
                let half = colored.index(colored.startIndex, offsetBy: colored.count / 2)
                try catalog.writeInPlace("shop.yaml", String(colored[..<half]))
                try await Task.sleep(for: .milliseconds(30))
                try catalog.writeInPlace("shop.yaml", colored)
                // The watcher puts it live; wait for that, so that clients meet both catalogs.
                _ = try await eventually { () async throws -> Bool? in
                    let state = try await JSONValueResponse(client.execute(uri: "/v1/catalog", method: .get))
                    return state.value["revision"] == original ? nil : true
                }
                try await Task.sleep(for: .milliseconds(100))
                if round % 3 == 0 {
                    // A broken file that stays broken for a while, then a reload by request.
                    try catalog.write("extra.yaml", "mapper: 1\nmodels: {Broken: {properties: {a: Nope}}}\n")
                    try await Task.sleep(for: .milliseconds(150))
                    try FileManager.default.removeItem(atPath: catalog.path + "/extra.yaml")
                }
                try catalog.write("shop.yaml", text)
                _ = try await client.execute(uri: "/v1/reload", method: .post)
                try await Task.sleep(for: .milliseconds(150))
            }
            tally.stop.store(true, ordering: .relaxed)
            try await Task.sleep(for: .milliseconds(300))

            let seen = tally.state.withLock { $0 }
            #expect(seen.failures.isEmpty, "\(seen.failures.prefix(5))")
            #expect(seen.requests > 100, "only \(seen.requests) requests")
            // Both catalogs answered, and each revision always gave the same answer.
            #expect(Set(seen.bodies.values.flatMap { $0 }) == [Self.withoutColor, Self.withColor])
            #expect(seen.bodies.values.allSatisfy { $0.count == 1 }, "\(seen.bodies)")

            let metrics = try await client.execute(uri: "/metrics", method: .get)
            let text = String(buffer: metrics.body)
            let successes = text.split(separator: "\n").first { $0.hasPrefix(#"mapper_reloads_total{result="success"}"#) }
            #expect((successes?.split(separator: " ").last.flatMap { Int($0) } ?? 0) >= 8, "\(String(describing: successes))")
            #expect(text.contains(#"mapper_reloads_total{result="failure"}"#))
        }
    }

    @Test func anInFlightRequestFinishesOnTheCatalogItStartedWith() async throws {
        let catalog = try TemporaryDirectory(copying: Fixture.shopCatalog)
        let app = try buildApplication(.testing([catalog.path]))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let old = try await JSONValueResponse(client.execute(uri: "/v1/catalog", method: .get)).value["revision"]?.string
            let body = Array(#"{"sku": "A1", "name": "Lamp", "color": "red"}"#.utf8)
            let connection = try RawConnection(port: port, timeout: .seconds(10))
            try await onThread {
                try connection.send(
                    "POST /v1/decode/Listing HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
                )
                try connection.send(Array(body.prefix(12)))
            }
            try await Task.sleep(for: .milliseconds(200))

            // The catalog changes while the body is on its way.
            let original = try catalog.read("shop.yaml")
            try catalog.write(
                "shop.yaml",
                original.replacingOccurrences(of: "      name: string\n  Tally:", with: "      name: string\n      color: string\n  Tally:")
            )
            let reload = try await JSONValueResponse(client.execute(uri: "/v1/reload", method: .post))
            #expect(reload.value["status"] == "reloaded")

            let response = try await onThread {
                try connection.send(Array(body.dropFirst(12)))
                return try connection.readResponse()
            }
            #expect(response.status == 200)
            #expect(response.header("mapper-revision") == old)
            #expect(response.text == Self.withoutColor)
            let next = try await JSONValueResponse(client.execute(uri: "/v1/decode/Listing", method: .post, body: .init(bytes: body)))
            #expect(next.text == Self.withColor)
        }
    }

    @Test func watchReportsABrokenEditAndRecovers() async throws {
        let catalog = try TemporaryDirectory(copying: Fixture.shopCatalog)
        let app = try buildApplication(.testing([catalog.path], watch: true))
        try await app.test(.live) { client in
            let original = try catalog.read("shop.yaml")
            try catalog.write("shop.yaml", original.replacingOccurrences(of: "status: Status", with: "status: Statsu"))
            let failed = try await eventually { () async throws -> JSONValueResponse? in
                let state = try await JSONValueResponse(client.execute(uri: "/v1/catalog", method: .get))
                return state.value["lastReloadError"] == .null ? nil : state
            }
            #expect(failed.value["lastReloadError"]?["trigger"] == "watch")
            #expect(failed.value["lastReloadError"]?["diagnostics"]?.array?.first { $0["severity"] == "error" }?["code"] == "unknown-type")
            try catalog.write("shop.yaml", original)
            let recovered = try await eventually { () async throws -> JSONValueResponse? in
                let state = try await JSONValueResponse(client.execute(uri: "/v1/catalog", method: .get))
                return state.value["lastReloadError"] == .null ? state : nil
            }
            #expect(recovered.value["revision"] == failed.value["revision"])
        }
    }

    @Test func watchPicksUpNewFiles() async throws {
        let catalog = try TemporaryDirectory(copying: Fixture.shopCatalog)
        let app = try buildApplication(.testing([catalog.path], watch: true))
        try await app.test(.live) { client in
            try catalog.write("more/extra.yml", "mapper: 1\nmodels:\n  Extra:\n    properties: { a: string }\n")
            let response = try await eventually { () async throws -> JSONValueResponse? in
                let reply = try await JSONValueResponse(
                    client.execute(uri: "/v1/decode/Extra", method: .post, body: .init(string: #"{"a": "x"}"#)))
                return reply.status == 200 ? reply : nil
            }
            #expect(response.text == #"{"a":"x"}"#)
        }
    }
}

/// A test response read as JSON.
struct JSONValueResponse: Sendable {
    var status: Int
    var text: String
    var value: JSONValue

    init(_ response: TestResponse) {
        status = Int(response.status.code)
        text = String(buffer: response.body)
        value = (try? JSONValue(parsing: Array(response.body.readableBytesView))) ?? .null
    }
}

/// Polls until `probe` gives a value (at most 10 seconds).
func eventually<T: Sendable>(_ probe: () async throws -> T?) async throws -> T {
    let deadline = ContinuousClock.now.advanced(by: .seconds(10))
    while ContinuousClock.now < deadline {
        if let value = try await probe() { return value }
        try await Task.sleep(for: .milliseconds(50))
    }
    throw TimedOut()
}

struct TimedOut: Error {}
