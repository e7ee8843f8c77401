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

    @Test func realIssuesTakeTheFastPathAndAgreeWithTheGeneralReader() throws {
        #expect(Self.issues.count == 300)
        var general = MappingSession(catalog: Self.catalog)
        general.usesTranscoder = false
        for (line, issue) in Self.issues.enumerated() {
            let fast = try #require(try transcodeAlone(issue, as: "ComputedIssue", in: Self.catalog), "line \(line + 1)")
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
        let bytes = try #require(try transcodeAlone(issue, as: "ComputedIssue", in: Self.catalog))
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
        #expect(try transcodeAlone(backwards, as: "ComputedIssue", in: Self.catalog) == nil)
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
        let documents = [
            #"{"a":5}"#, #"{"a":1,"late":"given"}"#, #"{"a":-7,"w":3}"#, #"{"a":5,"w":"x"}"#, #"{"a":5,"w":1.5}"#,
            #"{"a":5,"w":null}"#, #"{"w":1}"#, #"{"a":9223372036854775807,"w":1}"#,
        ]
        var taken: [String] = []
        for text in documents {
            if try transcodeAlone(Array(text.utf8), as: "M", in: catalog) != nil { taken.append(text) }
            expectBothPathsAgree(catalog, text) { session, bytes throws(MappingErrors) in try session.decodeToCanonical(bytes, as: "M") }
        }
        // On the fast path: every expression gives a value its property holds (a null for a property
        // that is not required). Not: `input.w` or `input.a` missing (the expression fails), a
        // string or a fraction for the int `wrong` (the general reader judges those).
        #expect(taken == [#"{"a":-7,"w":3}"#, #"{"a":5,"w":null}"#, #"{"a":9223372036854775807,"w":1}"#])
    }

    @Test func resultsOfOtherKindsAreReadAsTheGeneralReaderReadsThem() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                enums:
                  Size: { cases: { small: S, large: L } }
                models:
                  M:
                    properties:
                      a: { type: int, key: a }
                      tags: { type: "[string]", decode: "input.tags.map(t, t.upperAscii())" }
                      meta: { type: any, decode: "json.parse(input.meta)" }
                      at: { type: date, decode: "timestamp(input.at) + duration('1h')" }
                      short: { type: string, decode: "input.name", max_length: 3 }
                      size: { type: Size, decode: "self.a > 9 ? 'large' : 'small'" }
                      echo: { type: string, decode: "json.stringify(self.meta)" }
                """)
        let documents = [
            #"{"a":12,"tags":["x","y"],"meta":"{\"k\":[1,2.5]}","at":"2024-01-01T00:00:00Z","name":"abc"}"#,
            #"{"a":1,"tags":[],"meta":"null","at":"2024-01-01T23:30:00Z","name":"ab"}"#,
            // Too long for max_length, a tag that is no string, JSON that is not: the general reader reports them.
            #"{"a":1,"tags":[],"meta":"1","at":"2024-01-01T00:00:00Z","name":"abcd"}"#,
            #"{"a":1,"tags":[1],"meta":"1","at":"2024-01-01T00:00:00Z","name":"a"}"#,
            #"{"a":1,"tags":[],"meta":"{","at":"2024-01-01T00:00:00Z","name":"a"}"#,
        ]
        var taken: [String] = []
        for text in documents {
            if try transcodeAlone(Array(text.utf8), as: "M", in: catalog) != nil { taken.append(text) }
            expectBothPathsAgree(catalog, text) { session, bytes throws(MappingErrors) in try session.decodeToCanonical(bytes, as: "M") }
        }
        #expect(taken == Array(documents.prefix(2)))
        // Worked out by hand from the first document.
        let first = try #require(try transcodeAlone(Array(documents[0].utf8), as: "M", in: catalog))
        #expect(
            String(decoding: first, as: UTF8.self)
                == #"{"a":12,"tags":["X","Y"],"meta":{"k":[1,2.5]},"at":"2024-01-01T01:00:00Z","short":"abc","size":"large","echo":"{\"k\":[1,2.5]}"}"#
        )
    }

    @Test func encodeExpressionsAndDecodeOnlyPropertiesStayOnTheEncodingFastPath() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models:
                  Price:
                    properties:
                      amount: { type: decimal, key: money.cents, decode: "decimal(input.money.cents).scale(-2)", encode: "int(self.amount.scale(2))" }
                      currency: { type: string, key: money.currency, max_length: 3 }
                      label: { type: string, decode: "self.currency + ' ' + string(self.amount)" }
                      note: { type: string, key: note, encode: "has(self.note) ? self.note.upperAscii() : null" }
                      seen: { type: date, key: seen_at, encode: "self.seen + duration('1h')" }
                      lines: { type: "[Line]", key: lines }
                  Line:
                    properties:
                      sku: { type: string, key: sku }
                      quantity: { type: int, key: qty, encode: "self.quantity * 10" }
                """)
        let documents = [
            #"{"amount":19.99,"currency":"EUR","label":"EUR 19.99","note":"gift","seen":"2024-05-01T10:00:00Z","lines":[{"sku":"a","quantity":2}]}"#,
            #"{"amount":1.15,"currency":"EUR"}"#,
            #"{"amount":1.15,"currency":"EUR","lines":null}"#,
            // A fraction of a cent: int() fails; the general path reports it.
            #"{"amount":19.995,"currency":"EUR"}"#,
            // A null note is present (has() holds), and upperAscii() of null fails.
            #"{"amount":1,"currency":"EUR","note":null}"#,
            // Decode-only, but still checked as the canonical reader checks it.
            #"{"amount":1,"currency":"EUR","label":5}"#,
            // A value an expression replaces is checked too, and constraints hold for the rest.
            #"{"amount":"1","currency":"EUR"}"#,
            #"{"amount":1,"currency":"EURO"}"#,
            #"{"amount":1,"currency":"EUR","lines":[{"sku":"b","quantity":"2"}]}"#,
        ]
        var taken: [String] = []
        for text in documents {
            if try encodeAlone(Array(text.utf8), as: "Price", in: catalog) != nil { taken.append(text) }
            expectBothPathsAgree(catalog, text) { session, bytes throws(MappingErrors) in try session.encodeCanonical(bytes, as: "Price") }
        }
        #expect(taken == Array(documents.prefix(3)))
        // Worked out by hand: 19.99 is 1999 cents, the label is left out, the note shouts, the
        // date moves an hour, the quantity is tenfold.
        let first = try #require(try encodeAlone(Array(documents[0].utf8), as: "Price", in: catalog))
        #expect(
            String(decoding: first, as: UTF8.self)
                == #"{"money":{"cents":1999,"currency":"EUR"},"note":"GIFT","seen_at":"2024-05-01T11:00:00Z","lines":[{"sku":"a","qty":20}]}"#
        )
        let third = try #require(try encodeAlone(Array(documents[2].utf8), as: "Price", in: catalog))
        #expect(String(decoding: third, as: UTF8.self) == #"{"money":{"cents":115,"currency":"EUR"},"lines":null}"#)
    }
}
