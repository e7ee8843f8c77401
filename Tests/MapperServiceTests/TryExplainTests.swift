import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MapperKit
import MapperService
import MapperTestSupport
import Testing

/// `POST /v1/try` with `"explain": true`: the answer holds `decode --explain`'s JSON as `explanation`.
struct TryExplainTests {
    static let file = """
        mapper: 1
        models:
          Note:
            properties:
              text: { type: string, key: body.text }
              pinned: { type: bool, default: false }
        """

    @Test func explainAddsTheExplanation() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let body: JSONValue = [
                "files": ["note.yaml": .string(Self.file)], "model": "Note", "explain": true,
                "input": #"{"body": {"text": "hi", "lang": "en"}}"#,
            ]
            let response = try await client.post("/v1/try", json: JSONWriter.write(body))
            #expect(response.status == .ok)
            let result = try response.json
            #expect(try JSONValue(parsing: try #require(result["output"]?.string)) == ["text": "hi", "pinned": false])
            let explanation = try #require(result["explanation"])
            #expect(explanation["model"] == "Note")
            #expect(explanation["values"]?.array?.count == 2)
            let text = try #require(explanation["values"]?.array?.first)
            #expect(text["pointer"] == "/body/text")
            #expect(text["rule"] == "note.yaml:5:7")
            #expect(text["applied"] == [["kind": "keyPath", "detail": "body.text"]])
            let pinned = try #require(explanation["values"]?.array?.last)
            #expect(pinned["present"] == false)
            #expect(pinned["value"] == false)
            #expect(explanation["unread"] == [["pointer": "/body/lang", "model": "Note"]])
        }
    }

    @Test func withoutExplainThereIsNoExplanation() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let body: JSONValue = ["files": ["note.yaml": .string(Self.file)], "model": "Note", "input": #"{"body": {"text": "hi"}}"#]
            let result = try await client.post("/v1/try", json: JSONWriter.write(body)).json
            #expect(result["output"] != .null)
            #expect(result["explanation"] == nil)
        }
    }

    @Test func explainMustBeABoolean() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/try", json: #"{"model": "Note", "explain": "yes"}"#)
            #expect(response.status == .badRequest)
        }
    }
}
