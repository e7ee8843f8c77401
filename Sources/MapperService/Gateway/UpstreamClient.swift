import AsyncHTTPClient
import HTTPTypes
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle

/// What the upstream answered, body collected.
struct UpstreamResponse: Sendable {
    var status: Int
    var headers: HTTPFields
    var body: [UInt8]
}

/// The gateway's one HTTP client (AsyncHTTPClient): a pool of connections to the upstream shared
/// by every request, shut down with the service (`UpstreamClientService`). It never follows
/// redirects (the client sees the upstream's 301 with its `Location` rewritten) and never retries.
final class UpstreamClient: Sendable {
    let configuration: GatewayConfiguration
    private let client: HTTPClient
    private let metrics: ServiceMetrics

    /// The client must be shut down: run the application, whose services include `service`.
    init(configuration: GatewayConfiguration, metrics: ServiceMetrics) {
        self.configuration = configuration
        self.metrics = metrics
        let timeout = TimeAmount(configuration.timeout)
        var clientConfiguration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: timeout, read: timeout), decompression: .disabled)
        // A refused connection fails the request at once instead of waiting out the timeout.
        clientConfiguration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: clientConfiguration)
    }

    var service: any Service { UpstreamClientService(client: client) }

    /// Sends one request to `upstream + pathAndQuery` and collects the answer. Failures are the
    /// gateway's problems: 504 when the upstream was too slow, 502 when it could not be reached or
    /// its body is larger than the limit.
    func send(
        _ method: HTTPRequest.Method, _ pathAndQuery: String, headers: HTTPFields, body: [UInt8]?, logger: Logger
    ) async throws(Problem) -> UpstreamResponse {
        let url = configuration.upstream.url(for: pathAndQuery)
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: method.rawValue)
        for field in headers { request.headers.add(name: field.name.rawName, value: field.value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let start = ContinuousClock.now
        do {
            let response = try await client.execute(request, timeout: TimeAmount(configuration.timeout), logger: logger)
            let limit = configuration.maxResponseSize
            if let length = response.headers.first(name: "content-length").flatMap(Int.init), length > limit {
                throw Problem.upstreamBodyTooLarge(url: url, limit: limit)
            }
            let bytes = try await response.body.collect(upTo: limit)
            metrics.recordUpstream(method: method.rawValue, outcome: String(response.status.code), duration: start.duration(to: .now))
            var fields = HTTPFields()
            for (name, value) in response.headers {
                if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
            }
            return UpstreamResponse(status: Int(response.status.code), headers: fields, body: Array(bytes.readableBytesView))
        } catch {
            let problem: Problem
            switch error {
            case let error as Problem:
                problem = error
            case is NIOTooManyBytesError:
                problem = .upstreamBodyTooLarge(url: url, limit: configuration.maxResponseSize)
            case let error as HTTPClientError where Self.isTimeout(error):
                problem = .upstreamTimeout(url: url, timeout: configuration.timeout)
            default:
                problem = .upstreamUnreachable(url: url, error: error)
            }
            metrics.recordUpstream(method: method.rawValue, outcome: problem.name, duration: start.duration(to: .now))
            logger.warning("upstream request failed", metadata: ["url": .string(url.shortened(200)), "error": .string("\(error)")])
            throw problem
        }
    }

    private static func isTimeout(_ error: HTTPClientError) -> Bool {
        [.deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout].contains(
            error)
    }
}

/// Runs alongside the server and shuts the HTTP client down after it: the application's services
/// stop in reverse order, so the server has finished its in-flight requests by then.
struct UpstreamClientService: Service {
    let client: HTTPClient

    func run() async throws {
        try? await gracefulShutdown()
        try await client.shutdown()
    }
}
