import Foundation
import MapperSupport
import HTTPTypes
import Hummingbird
import Logging
import MapperKit
import NIOCore
import ServiceLifecycle

/// A real upstream on loopback for gateway tests: a Hummingbird server on a free port that answers
/// with recorded exchanges, picked by method and path (with query), and records every request it
/// receives. Of several exchanges with the same method and path, each request gets the next one
/// not yet served (the last one once all were), as a recorded scenario unfolds.
final class ReplayUpstream: Sendable {
    struct Exchange: Sendable {
        var method: String
        /// The path with its query, as the client sends it: `/repositories/1000/issues?per_page=3&page=2`.
        var path: String
        var status: Int
        var headers: [(name: String, value: String)] = []
        var body: [UInt8] = []
        /// How long to wait before answering.
        var delay: Duration = .zero
        /// How long to stall after the first half of the body (the head is already sent).
        var bodyStall: Duration = .zero
        /// Where it comes from: `get-repository #0`.
        var label = ""
    }

    struct Received: Sendable {
        var method: String
        var path: String
        /// The Host the request named.
        var authority: String?
        /// The gateway's end of the connection the request came on (its port).
        var connection: Int?
        var headers: HTTPFields
        var body: [UInt8]

        func header(_ name: String) -> String? { headers[HTTPField.Name(name)!] }
        var json: JSONValue? { try? JSONValue(parsing: body) }
    }

    /// Recorded URLs in header values (`Link`, `Location`) are pointed at this server.
    static let recordedOrigin = "https://api.github.com"

    let exchanges: [Exchange]
    private let state = Locked<(served: Set<Int>, received: [Received], port: Int)>(([], [], 0))

    init(_ exchanges: [Exchange]) {
        self.exchanges = exchanges
    }

    var port: Int { state.withLock { $0.port } }
    var origin: String { "http://127.0.0.1:\(port)" }
    var received: [Received] { state.withLock { $0.received } }

    private func respond(_ request: Request, connection: Int?) async throws -> Response {
        var body = ByteBuffer()
        for try await chunk in request.body { body.writeImmutableBuffer(chunk) }
        let path = request.uri.query.map { request.uri.path + "?" + $0 } ?? request.uri.path
        let method = request.method.rawValue
        let (exchange, origin) = state.withLock { state -> (Exchange?, String) in
            state.received.append(
                Received(
                    method: method, path: path, authority: request.head.authority, connection: connection, headers: request.headers,
                    body: Array(body.readableBytesView)))
            let candidates = exchanges.indices.filter { exchanges[$0].method == method && exchanges[$0].path == path }
            guard let index = candidates.first(where: { !state.served.contains($0) }) ?? candidates.last else { return (nil, "") }
            state.served.insert(index)
            return (exchanges[index], "http://127.0.0.1:\(state.port)")
        }
        guard let exchange else {
            return Response(
                status: .notImplemented, headers: [.contentType: "text/plain"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "no recorded exchange for \(method) \(path)")))
        }
        if exchange.delay > .zero { try await Task.sleep(for: exchange.delay) }
        var headers = HTTPFields()
        for (name, value) in exchange.headers {
            guard let name = HTTPField.Name(name) else { continue }
            headers.append(HTTPField(name: name, value: value.replacingOccurrences(of: Self.recordedOrigin, with: origin)))
        }
        let status = HTTPResponse.Status(code: exchange.status)
        guard exchange.bodyStall > .zero else {
            return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: exchange.body)))
        }
        let (answer, stall) = (exchange.body, exchange.bodyStall)
        return Response(
            status: status, headers: headers,
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(bytes: answer.prefix(answer.count / 2)))
                try await Task.sleep(for: stall)
                try await writer.write(ByteBuffer(bytes: answer.dropFirst(answer.count / 2)))
                try await writer.finish(nil)
            })
    }

    /// Runs the server on a free loopback port while `body` runs.
    func run<T: Sendable>(_ body: @Sendable (ReplayUpstream) async throws -> T) async throws -> T {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            responder: CallbackResponder<ReplayContext> { request, context in
                try await self.respond(request, connection: context.remotePort)
            },
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: "replay"),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            logger: .quiet)
        let group = ServiceGroup(configuration: .init(services: [app], logger: .quiet))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            let port = await iterator.next() ?? 0
            state.withLock { $0.port = port }
            do {
                let result = try await body(self)
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
                return result
            } catch {
                await group.triggerGracefulShutdown()
                try? await tasks.waitForAll()
                throw error
            }
        }
    }
}

/// The request context of the replay server: which connection a request came on.
struct ReplayContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let remotePort: Int?

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remotePort = source.channel.remoteAddress?.port
    }
}

/// The recorded GitHub exchanges of `Fixtures/octokit` (copied from `shared/data/octokit`, octokit/fixtures, MIT).
enum Octokit {
    static var scenarios: [String] {
        let directory = Fixture.directory.appendingPathComponent("octokit")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// A recorded exchange with what the client sent.
    struct Recorded: Sendable {
        var exchange: ReplayUpstream.Exchange
        var index: Int
        var requestHeaders: [(name: String, value: String)]
        /// The request body as the client sent it: JSON text for an object, the text for a string.
        var requestBody: [UInt8]
    }

    static func recorded(_ scenario: String) throws -> [Recorded] {
        guard case .array(let entries) = try Fixture.json("octokit/\(scenario).json") else { return [] }
        return entries.enumerated().map { index, entry in
            let method = entry["method"]?.string?.uppercased() ?? "GET"
            var exchange = ReplayUpstream.Exchange(
                method: method, path: entry["path"]?.string ?? "/", status: Int(number(entry["status"])) ?? 0,
                label: "\(scenario) #\(index)")
            // The server sets its own framing; `connection: close` would close every connection.
            exchange.headers = fields(entry["headers"]).filter { !["content-length", "transfer-encoding", "connection"].contains($0.name) }
            exchange.body = bytes(entry["response"], binary: entry["responseIsBinary"] == .bool(true))
            let requestHeaders = fields(entry["reqheaders"]).filter { !["host", "content-length"].contains($0.name) }
            return Recorded(
                exchange: exchange, index: index, requestHeaders: requestHeaders, requestBody: bytes(entry["body"], binary: false))
        }
    }

    private static func number(_ value: JSONValue?) -> String {
        if case .number(let number)? = value { return number.text }
        return value?.string ?? ""
    }

    private static func fields(_ value: JSONValue?) -> [(name: String, value: String)] {
        guard case .object(let object)? = value else { return [] }
        return object.members.flatMap { member -> [(name: String, value: String)] in
            switch member.value {
            case .array(let values): return values.map { (member.key, $0.string ?? number($0)) }
            case .string(let text): return [(member.key, text)]
            default: return [(member.key, number(member.value))]
            }
        }
    }

    /// A JSON body as compact JSON text, a text body as its UTF-8, a binary one from its hex digits.
    private static func bytes(_ value: JSONValue?, binary: Bool) -> [UInt8] {
        switch value {
        case nil, .null?: return []
        case .string(let text)?:
            guard binary else { return Array(text.utf8) }
            let digits = Array(text.utf8)
            return stride(from: 0, to: digits.count - 1, by: 2).compactMap {
                UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)
            }
        case let value?: return Array(JSONWriter.write(value).utf8)
        }
    }
}
