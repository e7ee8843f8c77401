import Foundation
import Logging
import MapperService
import ServiceLifecycle
import MapperTestSupport
import Testing

/// Graceful shutdown: the listener closes, a request already in flight completes.
@Suite(.timeLimit(.minutes(1)))
struct ShutdownTests {
    @Test func anInFlightRequestCompletes() async throws {
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        // Generous time for the body: the test waits for the listener to close before sending the rest.
        var configuration = ServiceConfiguration.testing(requestTimeout: .seconds(30))
        configuration.onListening = { listening.yield($0) }
        let app = try buildApplication(configuration)
        let group = ServiceGroup(configuration: .init(services: [app], logger: .quiet))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())

            // Half a request, then the shutdown. The server must have read the head by then (else
            // the connection is idle and rightly closed): a second of slack covers a loaded machine.
            let body = Array(#"{"sku": "A1", "name": "Lamp"}"#.utf8)
            let connection = try RawConnection(port: port, timeout: .seconds(20))
            try await onThread {
                try connection.send(
                    "POST /v1/decode/Product HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
                )
                try connection.send(Array(body.prefix(10)))
            }
            try await Task.sleep(for: .seconds(1))
            await group.triggerGracefulShutdown()

            // No new connections (once the listener has closed, which takes a moment)…
            var refused = false
            let deadline = ContinuousClock.now + .seconds(10)
            while !refused && ContinuousClock.now < deadline {
                refused = (try? RawConnection(port: port, timeout: .seconds(2)).request("GET", "/healthz")) == nil
                if !refused { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(refused, "the listener still accepts connections after the shutdown began")
            // …but the old request gets its answer.
            let response = try await onThread {
                try connection.send(Array(body.dropFirst(10)))
                return try connection.readResponse()
            }
            #expect(response.status == 200)
            #expect(response.text == #"{"sku":"A1","name":"Lamp"}"#)
            try await tasks.waitForAll()
        }
    }

    @Test func idleConnectionsDoNotHoldUpShutdown() async throws {
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        // An idle connection that held up shutdown would last until the idle timeout (the request
        // timeout, 60 s here); a shutdown well under that did not wait for it, however busy the
        // machine is.
        var configuration = ServiceConfiguration.testing(requestTimeout: .seconds(60))
        configuration.onListening = { listening.yield($0) }
        let app = try buildApplication(configuration)
        let group = ServiceGroup(configuration: .init(services: [app], logger: .quiet))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            let connection = try RawConnection(port: port, timeout: .seconds(10))
            let first = try await onThread { try connection.request("GET", "/healthz") }
            #expect(first.status == 200)
            let started = ContinuousClock.now
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            #expect(started.duration(to: .now) < .seconds(30))
            #expect(try await onThread { connection.waitForClose() })
        }
    }
}
