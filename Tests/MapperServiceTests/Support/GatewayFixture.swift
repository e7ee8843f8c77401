import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MapperKit
import MapperService
import NIOCore
import MapperTestSupport
import Testing

extension ServiceConfiguration {
    /// The service in gateway mode in front of `upstream`, with the bundled GitHub catalog.
    static func gateway(
        _ upstream: String, token: String? = nil, maxBodySize: Int = 64 * 1024, timeout: Duration = .seconds(5),
        maxResponseSize: Int = 1024 * 1024, strictRoutes: Bool = false, headers: [(name: String, value: String)] = []
    ) -> ServiceConfiguration {
        var configuration = ServiceConfiguration.testing([Fixture.bundledMappings], token: token, maxBodySize: maxBodySize)
        configuration.gateway = GatewayConfiguration(
            upstream: UpstreamURL(upstream)!, timeout: timeout, maxResponseSize: maxResponseSize, strictRoutes: strictRoutes,
            headers: headers)
        return configuration
    }
}

/// Runs a replay upstream with `exchanges` and a gateway in front of it (real sockets both), then `test`.
func withGateway(
    _ exchanges: [ReplayUpstream.Exchange],
    configure: @Sendable (inout ServiceConfiguration) -> Void = { _ in },
    _ test: @escaping @Sendable (any TestClientProtocol, ReplayUpstream) async throws -> Void
) async throws {
    try await ReplayUpstream(exchanges).run { upstream in
        var configuration = ServiceConfiguration.gateway(upstream.origin)
        configure(&configuration)
        let app = try buildApplication(configuration)
        try await app.test(.live) { client in try await test(client, upstream) }
    }
}

/// The bundled catalog, for expectations computed the way `mapper decode --route` computes them.
enum GitHubCatalog {
    static let catalog: Catalog = Catalog.check(paths: [Fixture.bundledMappings]).catalog!

    /// The golden expected canonical JSON of a recorded exchange (Examples/github/responses), when
    /// the examples have one.
    static func golden(_ scenario: String, _ index: Int, _ method: String) -> JSONValue? {
        let url = Fixture.packageRoot.appendingPathComponent(
            "Examples/github/responses/\(scenario)-\(index)-\(method.lowercased()).canonical.json")
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try? JSONValue(parsing: [UInt8](data))
    }
}

extension ReplayUpstream.Exchange {
    /// A JSON answer.
    static func json(
        _ method: String = "GET", _ path: String, status: Int = 200, _ body: String,
        headers: [(name: String, value: String)] = [("content-type", "application/json; charset=utf-8")],
        delay: Duration = .zero
    ) -> Self {
        Self(method: method, path: path, status: status, headers: headers, body: Array(body.utf8), delay: delay)
    }
}

extension TestClientProtocol {
    @discardableResult
    func send(_ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields = [:], body: [UInt8] = []) async throws -> TestResponse {
        try await execute(uri: uri, method: method, headers: headers, body: body.isEmpty ? nil : ByteBuffer(bytes: body))
    }
}

extension TestResponse {
    var bytes: [UInt8] { Array(body.readableBytesView) }

    func header(_ name: String) -> String? { headers[HTTPField.Name(name)!] }
}
