import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MapperService
import MapperTestSupport
import NIOCore
import Testing

/// `POST /v1/decode|encode|convert` with an `application/x-ndjson` body: one envelope line per
/// input line, in order, streamed, with the objects `mapper … --ndjson --envelope` writes.
@Suite(.timeLimit(.minutes(2)))
struct NDJSONEnvelopeTests {
    static let mappings = """
        mapper: 1
        models:
          Product:
            properties:
              sku: { type: string, required: true }
              price: { type: int, on_error: null }
              id: { type: uuid, computed: uuid }
          Label:
            properties:
              sku: string
        """

    let directory: URL

    init() throws {
        directory = try TemporaryDirectory.files(["p.yaml": Self.mappings], prefix: "mapper-ndjson")
    }

    static let ndjson: HTTPFields = [.contentType: "application/x-ndjson"]

    /// Good, with a warning, malformed, blank, missing a required value, not UTF-8, and a last
    /// line without its newline.
    static let body: [UInt8] =
        Array(#"{"sku":"A1","price":3}"#.utf8) + [0x0A] + Array(#"{"sku":"A2","price":"cheap"}"#.utf8) + [0x0D, 0x0A]
        + Array(#"{"sku":"#.utf8) + [0x0A, 0x20, 0x0A] + Array(#"{"price":1}"#.utf8) + [0x0A]
        + Array(#"{"sku":"é"#.utf8) + [0xFF] + Array(#""}"#.utf8) + [0x0A] + Array(#"{"sku":"A7"}"#.utf8)

    private func lines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test func everyLineIsAnsweredInOrder() async throws {
        let app = try buildApplication(.testing([directory.path]))
        try await app.test(.router) { client in
            let response = try await client.post("/v1/decode/Product?uuid_seed=s", json: Self.body, headers: Self.ndjson)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/x-ndjson")
            let answers = try lines(response.text)
            #expect(answers.count == 7)
            #expect((answers[0]["ok"] as? [String: Any])?["sku"] as? String == "A1")
            #expect((answers[1]["ok"] as? [String: Any])?["price"] is NSNull)
            #expect((answers[1]["warnings"] as? [[String: Any]])?.first?["pointer"] as? String == "/price")
            let failed = answers.enumerated().filter { $0.element["error"] != nil }
            #expect(failed.map(\.offset) == [2, 3, 4, 5])
            #expect(failed.map { $0.element["line"] as? Int } == [3, 4, 5, 6])
            let codes = failed.map { (($0.element["error"] as? [String: Any])?["errors"] as? [[String: Any]])?.first?["code"] as? String }
            #expect(codes == ["invalid-json", "invalid-json", "missing-required", "invalid-json"])
            #expect(failed.map { $0.element["input"] as? String } == [#"{"sku":"#, " ", #"{"price":1}"#, #"{"sku":"é�"}"#])
            #expect(
                failed[3].element["input_base64"] as? String
                    == Data(Array(#"{"sku":"é"#.utf8) + [0xFF] + Array(#""}"#.utf8)).base64EncodedString())
            #expect((answers[6]["ok"] as? [String: Any])?["sku"] as? String == "A7")
        }
    }

    @Test func theServiceAnswersAsTheCommandLineDoes() async throws {
        let app = try buildApplication(.testing([directory.path]))
        try Data(Self.body).write(to: directory.appendingPathComponent("body.ndjson"))
        let cli = try await MapperBinary.run(
            ["decode", "Product", "body.ndjson", "--ndjson", "--envelope", "--uuid-seed", "s", "--mappings", "p.yaml"], in: directory)
        #expect(cli.status == 0)
        try await app.test(.router) { client in
            let response = try await client.post("/v1/decode/Product?uuid_seed=s", json: Self.body, headers: Self.ndjson)
            // The sources name the file by the path each loaded it from.
            let served = response.text.replacingOccurrences(of: directory.path + "/", with: "")
            #expect(served.split(separator: "\n").count == 7)
            #expect(served == cli.stdout)
            let converted = try await client.post(
                "/v1/convert/Product/Label", json: Array("{\"sku\":\"B\"}\n[\n".utf8), headers: Self.ndjson)
            #expect(converted.text.hasPrefix(#"{"ok":{"sku":"B"}}"# + "\n" + #"{"error":"#))
            let encoded = try await client.post("/v1/encode/Label", json: Array("{\"sku\":\"C\"}\n".utf8), headers: Self.ndjson)
            #expect(encoded.text == #"{"ok":{"sku":"C"}}"# + "\n")
        }
    }

    @Test func aRequestProblemIsStillAProblem() async throws {
        let app = try buildApplication(.testing([directory.path]))
        try await app.test(.router) { client in
            let unknown = try await client.post("/v1/decode/Prodct", json: Array("{}\n".utf8), headers: Self.ndjson)
            #expect(unknown.status == .notFound)
            let empty = try await client.post("/v1/decode/Product?uuid_seed=", json: Array("{}\n".utf8), headers: Self.ndjson)
            #expect(empty.status == .badRequest)
        }
    }

    @Test func aLineLongerThanTheLimitIsAnsweredAndSkipped() async throws {
        let app = try buildApplication(.testing([directory.path], maxBodySize: 1024))
        try await app.test(.router) { client in
            let long = "{\"sku\":\"" + String(repeating: "x", count: 3000) + "\"}"
            let response = try await client.post(
                "/v1/decode/Label", json: Array((long + "\n{\"sku\":\"after\"}\n").utf8), headers: Self.ndjson)
            let answers = try lines(response.text)
            #expect(answers.count == 2)
            #expect(answers[0]["line"] as? Int == 1 && (answers[0]["input"] as? String)?.count == 1024)
            #expect((answers[1]["ok"] as? [String: Any])?["sku"] as? String == "after")
        }
    }

    @Test func eachLineIsAnsweredBeforeTheNextIsSent() async throws {
        let app = try buildApplication(.testing([directory.path]))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let (status, answers, ended) = try await onThread {
                let connection = try RawConnection(port: port, timeout: .seconds(20))
                try connection.send(
                    "POST /v1/decode/Label HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n"
                )
                var answers: [String] = []
                var head: RawConnection.Response?
                // The third record arrives in two chunks: it is answered once its newline is in.
                for pieces in [[#"{"sku":"one"}"# + "\n"], ["oops\n"], [#"{"sku":"th"#, #"ree"}"# + "\n"]] {
                    for piece in pieces {
                        let bytes = Array(piece.utf8)
                        try connection.send(Array(String(bytes.count, radix: 16).utf8) + [13, 10] + bytes + [13, 10])
                    }
                    if head == nil { head = try connection.readHead() }
                    // The body never ends while this waits: the answer must come on its own.
                    answers.append(String(decoding: try connection.readChunk(), as: UTF8.self))
                }
                try connection.send("0\r\n\r\n")
                return (head?.status, answers, try connection.readChunk().isEmpty)
            }
            #expect(status == 200 && ended)
            #expect(answers.count == 3)
            #expect(answers.first == #"{"ok":{"sku":"one"}}"# + "\n")
            #expect(answers[1].hasPrefix(#"{"error":"#) && answers[1].contains(#""line":2"#))
            #expect(answers.last == #"{"ok":{"sku":"three"}}"# + "\n")
        }
    }
}
