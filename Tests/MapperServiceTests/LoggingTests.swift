import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import MapperService
import MapperTestSupport
import Testing

/// One structured log line per request.
struct LoggingTests {
    @Test func eachRequestLogsOneLine() async throws {
        let handler = InMemoryLogHandler()
        let logger = Logger(label: "mapper-test") { _ in handler }
        let app = try buildApplication(.testing(logger: logger))
        try await app.test(.router) { client in
            try await client.post("/v1/decode/Product", json: #"{"sku": "A1"}"#)
            try await client.post("/v1/decode/Product", json: #"{"sku": 1}"#)
            try await client.get("/healthz")
        }
        let lines = handler.entries.filter { $0.message.description == "request" }
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.level == .info })
        let first = try #require(lines.first?.metadata)
        #expect(first["method"] == "POST")
        #expect(first["path"] == "/v1/decode/Product")
        #expect(first["model"] == "Product")
        #expect(first["status"]?.description == "200")
        let milliseconds = try #require(first["duration_ms"].flatMap { Double($0.description) })
        #expect(milliseconds > 0 && milliseconds < 10_000)
        #expect(lines[1].metadata["status"]?.description == "422")
        #expect(lines[2].metadata["path"] == "/healthz")
        #expect(lines[2].metadata["model"] == "")
    }

    @Test func theLogLevelIsTheLoggers() async throws {
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "mapper-test") { _ in handler }
        logger.logLevel = .warning
        let app = try buildApplication(.testing(logger: logger))
        let status = try await app.test(.router) { client in
            try await client.get("/healthz").status
        }
        #expect(status == .ok)
        #expect(handler.entries.filter { $0.message.description == "request" }.isEmpty)
    }
}
