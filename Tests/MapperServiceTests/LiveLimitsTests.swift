import Foundation
import Hummingbird
import HummingbirdTesting
import MapperService
import MapperTestSupport
import Testing

/// Limits over real sockets on loopback: body size, slow and stalled bodies, tokens.
@Suite(.timeLimit(.minutes(1)))
struct LiveLimitsTests {
    @Test func aDeclaredLengthOverTheLimitIsRefusedBeforeTheBodyIsSent() async throws {
        let app = try buildApplication(.testing(maxBodySize: 64 * 1024))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let response = try await onThread {
                let connection = try RawConnection(port: port, timeout: .seconds(5))
                // 100 MiB announced, 10 bytes sent: the answer must not wait for the rest.
                try connection.send(
                    "POST /v1/decode/Product HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 104857600\r\n\r\n{\"sku\": 1"
                )
                return try connection.readResponse()
            }
            #expect(response.status == 413)
            #expect(response.header("content-type") == "application/problem+json")
            #expect(response.text.contains(problemType("body-too-large")))
        }
    }

    @Test func aChunkedBodyIsCutOffAtTheLimit() async throws {
        let app = try buildApplication(.testing(maxBodySize: 64 * 1024))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let response = try await onThread {
                let connection = try RawConnection(port: port, timeout: .seconds(5))
                try connection.send(
                    "POST /v1/decode/Product HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                )
                let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 16 * 1024)
                // 80 KiB of a body that never ends.
                for _ in 0..<5 { try connection.send(Array("4000\r\n".utf8) + chunk + Array("\r\n".utf8)) }
                return try connection.readResponse()
            }
            #expect(response.status == 413)
        }
    }

    @Test func aBodyUnderTheLimitIsServedOverTheSameConnection() async throws {
        let app = try buildApplication(.testing(maxBodySize: 64 * 1024))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let statuses = try await onThread {
                let connection = try RawConnection(port: port, timeout: .seconds(5))
                return try (0..<3).map { _ in
                    try connection.request(
                        "POST", "/v1/decode/Product", headers: ["Content-Type": "application/json"], body: Array(#"{"sku": "A1"}"#.utf8)
                    ).status
                }
            }
            #expect(statuses == [200, 200, 200])
        }
    }

    @Test func aBodyTrickledPastTheTimeoutIs408() async throws {
        let app = try buildApplication(.testing(requestTimeout: .seconds(1)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let connection = try RawConnection(port: port, timeout: .seconds(5))
            try connection.send(
                "POST /v1/decode/Product HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n")
            let trickle = Thread {
                // One byte every 200 ms: never idle long enough to be closed, never done.
                for _ in 0..<15 {
                    guard (try? connection.send(" ")) != nil else { return }
                    Thread.sleep(forTimeInterval: 0.2)
                }
            }
            trickle.start()
            let started = ContinuousClock.now
            let response = try await onThread { try connection.readResponse() }
            #expect(response.status == 408)
            #expect(response.text.contains(problemType("request-timeout")))
            #expect(started.duration(to: .now) < .seconds(4))
        }
    }

    @Test func aStalledRequestIsClosed() async throws {
        let app = try buildApplication(.testing(requestTimeout: .seconds(1)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let started = ContinuousClock.now
            let closed = try await onThread {
                let connection = try RawConnection(port: port, timeout: .seconds(8))
                try connection.send("POST /v1/decode/Product HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{")
                return connection.waitForClose()
            }
            #expect(closed)
            #expect(started.duration(to: .now) < .seconds(6))
        }
    }

    @Test func tokensOverRealConnections() async throws {
        let app = try buildApplication(.testing(token: "t0ken"))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let statuses = try await onThread {
                let connection = try RawConnection(port: port, timeout: .seconds(5))
                let missing = try connection.request("GET", "/v1/catalog")
                let wrong = try connection.request("GET", "/v1/catalog", headers: ["Authorization": "Bearer t0keN"])
                let right = try connection.request("GET", "/v1/catalog", headers: ["Authorization": "Bearer t0ken"])
                let open = try connection.request("GET", "/healthz")
                return [
                    missing.status, wrong.status, right.status, open.status,
                    missing.header("www-authenticate") == #"Bearer realm="mapper""# ? 1 : 0,
                ]
            }
            #expect(statuses == [401, 401, 200, 200, 1])
        }
    }
}
