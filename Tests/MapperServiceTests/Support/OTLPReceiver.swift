import Foundation
import Hummingbird
import HummingbirdTesting
import MapperKit
import MapperSupport
import NIOCore

/// A span as an OTLP/HTTP exporter sent it, decoded from the protobuf wire format with the field
/// numbers of the OpenTelemetry protocol's `trace.proto` and `common.proto`
/// (`ExportTraceServiceRequest` → `ResourceSpans` 1 → `ScopeSpans` 2 → `Span` 2).
struct ReceivedSpan: Sendable {
    var traceID: String
    var spanID: String
    var parentSpanID: String
    var name: String
    /// `SpanKind`: 2 server, 3 client.
    var kind: Int
    var attributes: [String: String]
    var serviceName: String
}

/// A small OTLP/HTTP collector on loopback: takes `POST /v1/traces` and keeps the spans.
enum OTLPReceiver {
    /// Runs a collector for the duration of `test`, which gets its base URL and what it received.
    static func run(
        _ test: @escaping @Sendable (_ endpoint: String, _ spans: @escaping @Sendable () -> [ReceivedSpan]) async throws -> Void
    ) async throws {
        let received = Locked<[ReceivedSpan]>([])
        let router = Router()
        router.post("/v1/traces") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 16 << 20)
            let spans = try ProtobufReader.spans(in: Array(body.readableBytesView))
            received.withLock { $0 += spans }
            return Response(status: .ok, headers: [.contentType: "application/x-protobuf"])
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = client.port ?? 0
            try await test("http://127.0.0.1:\(port)", { received.withLock { $0 } })
        }
    }
}

/// Just enough of the protobuf wire format for traces: varints, fixed 64-bit and 32-bit fields,
/// and length-delimited fields (messages, strings, bytes).
struct ProtobufReader {
    struct Malformed: Error {}

    enum Field {
        case varint(UInt64), fixed64(UInt64), bytes([UInt8]), fixed32(UInt32)
    }

    var bytes: [UInt8]
    var index = 0

    mutating func next() throws -> (number: Int, field: Field)? {
        guard index < bytes.count else { return nil }
        let key = try varint()
        let number = Int(key >> 3)
        switch key & 7 {
        case 0: return (number, .varint(try varint()))
        case 1: return (number, .fixed64(try fixed(8)))
        case 2:
            let length = Int(try varint())
            guard index + length <= bytes.count else { throw Malformed() }
            defer { index += length }
            return (number, .bytes(Array(bytes[index..<(index + length)])))
        case 5: return (number, .fixed32(UInt32(try fixed(4))))
        default: throw Malformed()
        }
    }

    private mutating func varint() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        throw Malformed()
    }

    private mutating func fixed(_ count: Int) throws -> UInt64 {
        guard index + count <= bytes.count else { throw Malformed() }
        defer { index += count }
        return bytes[index..<(index + count)].reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Every field `number` of the message, as the bytes of the messages (or strings) it holds.
    static func messages(_ number: Int, in bytes: [UInt8]) throws -> [[UInt8]] {
        var reader = ProtobufReader(bytes: bytes)
        var found: [[UInt8]] = []
        while let (field, value) = try reader.next() {
            if field == number, case .bytes(let inner) = value { found.append(inner) }
        }
        return found
    }

    static func spans(in request: [UInt8]) throws -> [ReceivedSpan] {
        var spans: [ReceivedSpan] = []
        for resourceSpans in try messages(1, in: request) {
            let resource = try messages(1, in: resourceSpans).first ?? []
            let serviceName = try attributes(in: resource)["service.name"] ?? ""
            for scopeSpans in try messages(2, in: resourceSpans) {
                for span in try messages(2, in: scopeSpans) {
                    spans.append(try decodeSpan(span, serviceName: serviceName))
                }
            }
        }
        return spans
    }

    private static func decodeSpan(_ bytes: [UInt8], serviceName: String) throws -> ReceivedSpan {
        var span = ReceivedSpan(traceID: "", spanID: "", parentSpanID: "", name: "", kind: 0, attributes: [:], serviceName: serviceName)
        var reader = ProtobufReader(bytes: bytes)
        while let (number, field) = try reader.next() {
            switch (number, field) {
            case (1, .bytes(let id)): span.traceID = hex(id)
            case (2, .bytes(let id)): span.spanID = hex(id)
            case (4, .bytes(let id)): span.parentSpanID = hex(id)
            case (5, .bytes(let name)): span.name = String(decoding: name, as: UTF8.self)
            case (6, .varint(let kind)): span.kind = Int(kind)
            default: break
            }
        }
        span.attributes = try attributes(in: bytes, field: 9)
        return span
    }

    /// `KeyValue` fields (key 1, `AnyValue` 2: string 1, bool 2, int 3, double 4) as text.
    private static func attributes(in message: [UInt8], field: Int = 1) throws -> [String: String] {
        var result: [String: String] = [:]
        for pair in try messages(field, in: message) {
            var reader = ProtobufReader(bytes: pair)
            var key = ""
            var value = ""
            while let (number, entry) = try reader.next() {
                if number == 1, case .bytes(let text) = entry { key = String(decoding: text, as: UTF8.self) }
                if number == 2, case .bytes(let any) = entry {
                    var inner = ProtobufReader(bytes: any)
                    while let (kind, content) = try inner.next() {
                        switch (kind, content) {
                        case (1, .bytes(let text)): value = String(decoding: text, as: UTF8.self)
                        case (2, .varint(let flag)): value = flag == 0 ? "false" : "true"
                        case (3, .varint(let number)): value = String(Int64(bitPattern: number))
                        case (4, .fixed64(let bits)): value = String(Double(bitPattern: bits))
                        default: break
                        }
                    }
                }
            }
            result[key] = value
        }
        return result
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
