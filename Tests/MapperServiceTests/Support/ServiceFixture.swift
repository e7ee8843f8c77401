import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import MapperKit
import MapperService
import MapperTestSupport
import NIOCore
import Testing

/// Paths the tests use: the fixtures (resources of this target) and the package's own `Mappings/`.
enum Fixture {
    static let directory = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
    static var packageRoot: URL { MapperBinary.packageRoot }
    static var bundledMappings: String { packageRoot.appendingPathComponent("Mappings").path }
    static var shopCatalog: String { directory.appendingPathComponent("catalog").path }
    static var gate: String { directory.appendingPathComponent("gate").path }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func json(_ name: String) throws -> JSONValue {
        try JSONValue(parsing: bytes(name))
    }
}

extension Logger {
    /// Logs nothing (tests that check logging use an InMemoryLogHandler).
    static var quiet: Logger {
        Logger(label: "mapper-test") { _ in SwiftLogNoOpLogHandler() }
    }
}

extension ServiceConfiguration {
    /// The service as tests run it: loopback, a free port, small limits, short timeouts.
    static func testing(
        _ mappings: [String] = [Fixture.shopCatalog], token: String? = nil, adminToken: String? = nil, maxBodySize: Int = 64 * 1024,
        requestTimeout: Duration = .seconds(5), watch: Bool = false, gate: String? = nil, logger: Logger = .quiet
    ) -> ServiceConfiguration {
        var configuration = ServiceConfiguration(mappings: mappings, port: 0, logger: logger)
        configuration.token = token
        configuration.adminToken = adminToken
        configuration.maxBodySize = maxBodySize
        configuration.requestTimeout = requestTimeout
        configuration.shutdownTimeout = .seconds(10)
        configuration.watch = watch
        configuration.watchInterval = .milliseconds(50)
        configuration.gate = gate
        return configuration
    }
}

extension TestClientProtocol {
    /// A JSON POST (`Content-Type: application/json` unless other headers are given).
    @discardableResult
    func post(_ uri: String, json body: [UInt8], headers: HTTPFields = [.contentType: "application/json"]) async throws -> TestResponse {
        try await execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(bytes: body))
    }

    @discardableResult
    func post(_ uri: String, json text: String, headers: HTTPFields = [.contentType: "application/json"]) async throws -> TestResponse {
        try await post(uri, json: Array(text.utf8), headers: headers)
    }

    @discardableResult
    func get(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await execute(uri: uri, method: .get, headers: headers)
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    var json: JSONValue {
        get throws { try JSONValue(parsing: Array(body.readableBytesView)) }
    }

    /// The problem+json body, checked for its media type and the members every problem has.
    var problem: JSONObject {
        get throws {
            #expect(headers[.contentType] == "application/problem+json")
            guard case .object(let object) = try json else {
                Issue.record("not a problem object: \(text)")
                return JSONObject()
            }
            #expect(object["status"] == .number(JSONNumber(Int64(status.code))))
            #expect(object["title"] != nil)
            #expect(object["detail"] != nil)
            return object
        }
    }
}

extension JSONObject {
    var type: String? {
        if case .string(let text)? = self["type"] { return text }
        return nil
    }

    var detail: String {
        if case .string(let text)? = self["detail"] { return text }
        return ""
    }
}

extension JSONValue {
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }
}

/// Problem `type` URIs.
func problemType(_ name: String) -> String {
    "https://mapper.dev/problems/" + name
}
