import Foundation
import Testing

import MapperTestSupport
@testable import MapperKit

/// A model with expressions keeps its other properties on the decoding fast path: the transcoder
/// evaluates `decode:` and default expressions and rules itself, and must agree byte for byte with
/// the general reader; whatever it cannot do (an expression that fails, a rule that does not hold,
/// a result of the wrong kind) goes to the general reader, which reports it.
struct ExpressionTranscodingTests {
    /// The expressions benchmark's catalog (Benchmarks/MapperBenchmarks/Resources/expressions.yaml).
    static let catalog = try! Catalog(
        paths: [MapperBinary.packageRoot.appendingPathComponent("Benchmarks/MapperBenchmarks/Resources/expressions.yaml").path])

    /// Real GitHub issues, one per line (the benchmark's input).
    static let issues: [[UInt8]] = {
        let url = MapperBinary.packageRoot.appendingPathComponent("Benchmarks/MapperBenchmarks/Resources/issues-mixed-2mb.ndjson")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return data.split(separator: UInt8(ascii: "\n")).prefix(300).map { [UInt8]($0) }
    }()

    /// Runs the transcoder alone: the canonical bytes, or nil when it leaves the document to the
    /// general reader.
    static func transcode(_ bytes: [UInt8], as model: String, in catalog: Catalog) throws -> [UInt8]? {
        let type = try #require(catalog.table.type(named: model))
        var transcoder = CanonicalTranscoder(table: catalog.table)
        var output = JSONOutput()
        let taken = try JSONDocument.withDocument(bytes) { document in transcoder.transcode(document, as: type, into: &output) }
        return taken ? output.bytes : nil
    }

    @Test func realIssuesTakeTheFastPathAndAgreeWithTheGeneralReader() throws {
        #expect(Self.issues.count == 300)
        var general = MappingSession(catalog: Self.catalog)
        general.usesTranscoder = false
        for (line, issue) in Self.issues.enumerated() {
            let fast = try #require(try Self.transcode(issue, as: "ComputedIssue", in: Self.catalog), "line \(line + 1)")
            let expected = try general.decodeToCanonical(issue, as: "ComputedIssue")
            #expect(fast == expected, "line \(line + 1)")
        }
    }

    @Test func theComputedValuesAreTheOnesTheIssueHolds() throws {
        // Worked out from the issue's own values, independently of the engine.
        let issue = try #require(Self.issues.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(issue)) as? [String: Any])
        let number = try #require(object["number"] as? Int)
        let title = try #require(object["title"] as? String)
        let state = try #require(object["state"] as? String)
        let comments = try #require(object["comments"] as? Int)
        let login = try #require((object["user"] as? [String: Any])?["login"] as? String)
        let parse = ISO8601DateFormatter()
        let createdText = try #require(object["created_at"] as? String)
        let updatedText = try #require(object["updated_at"] as? String)
        let created = try #require(parse.date(from: createdText))
        let updated = try #require(parse.date(from: updatedText))
        let bytes = try #require(try Self.transcode(issue, as: "ComputedIssue", in: Self.catalog))
        let canonical = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(canonical["label"] as? String == "\(state) #\(number)")
        // upperAscii(): only a-z change.
        let shout = String(
            title.unicodeScalars.map { ("a"..."z").contains($0) ? Character(Unicode.Scalar($0.value - 32)!) : Character($0) })
        #expect(canonical["shout"] as? String == shout)
        #expect(canonical["busy"] as? Bool == (comments > 10))
        #expect(canonical["loginLength"] as? Int == login.unicodeScalars.count)
        // getHours() of a duration is its whole hours.
        #expect(canonical["hoursOpen"] as? Int == Int(updated.timeIntervalSince(created)) / 3600)
    }

    @Test func whatTheFastPathCannotDoGoesToTheGeneralReader() throws {
        // A rule that does not hold: the transcoder declines and the general reader reports it.
        let backwards = Array(
            #"{"number":1,"title":"t","state":"open","comments":0,"user":{"login":"a"},"created_at":"2020-01-02T00:00:00Z","updated_at":"2020-01-01T00:00:00Z"}"#
                .utf8)
        #expect(try Self.transcode(backwards, as: "ComputedIssue", in: Self.catalog) == nil)
        var session = MappingSession(catalog: Self.catalog)
        let error = try #require(throws: MappingErrors.self) { try session.decodeToCanonical(backwards, as: "ComputedIssue") }
        #expect(error.errors.map(\.code) == [.ruleFailed])
        #expect(error.errors.first?.message == "updated before it was created")
    }

    @Test func expressionResultsAreCheckedAsTheGeneralReaderChecksThem() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models:
                  M:
                    properties:
                      a: { type: int, key: a }
                      half: { type: int, decode: "input.a / 2" }
                      ratio: { type: double, decode: "double(input.a) / 4.0" }
                      price: { type: decimal, decode: "decimal(string(input.a) + '.50')" }
                      text: { type: string, decode: "input.a > 2 ? 'big' : null" }
                      late: { type: string, key: late, default: { expr: "'was ' + string(self.a)" } }
                      wrong: { type: int, decode: "input.w" }
                """)
        var general = MappingSession(catalog: catalog)
        general.usesTranscoder = false
        var fast = MappingSession(catalog: catalog)
        let documents = [
            #"{"a":5}"#, #"{"a":1,"late":"given"}"#, #"{"a":-7,"w":3}"#, #"{"a":5,"w":"x"}"#, #"{"a":5,"w":1.5}"#,
            #"{"a":5,"w":null}"#, #"{"w":1}"#, #"{"a":9223372036854775807,"w":1}"#,
        ]
        var taken: [String] = []
        for text in documents {
            let bytes = Array(text.utf8)
            if try Self.transcode(bytes, as: "M", in: catalog) != nil { taken.append(text) }
            let expected = Result { try general.decodeToCanonical(bytes, as: "M") }
            let actual = Result { try fast.decodeToCanonical(bytes, as: "M") }
            switch (expected, actual) {
            case (.success(let a), .success(let b)): #expect(a == b, "\(text)")
            case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)", "\(text)")
            default: Issue.record("\(text): the paths disagree: \(expected) vs \(actual)")
            }
        }
        // On the fast path: every expression gives a value its property holds (a null for a property
        // that is not required). Not: `input.w` or `input.a` missing (the expression fails), a
        // string or a fraction for the int `wrong` (the general reader judges those).
        #expect(taken == [#"{"a":-7,"w":3}"#, #"{"a":5,"w":null}"#, #"{"a":9223372036854775807,"w":1}"#])
    }
}
