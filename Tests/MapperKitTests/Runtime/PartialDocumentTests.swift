import Foundation
import Testing

import MapperSupport
@testable import MapperKit

/// Partial documents (PATCH, docs/language/partial.md): only the keys present are mapped.
/// Expectations written by hand from the rules; the transcoders must agree with the general path.
struct PartialDocumentTests {
    static let catalog = try! Catalog(
        yaml: """
            mapper: 1
            models:
              Account:
                properties:
                  id: { type: int, required: true }
                  name: { type: string, required: true, min_length: 1 }
                  plan: { type: string, default: free }
                  made: { type: date, computed: now }
                  label: { type: string, default: { expr: "'x'" } }
                  cents: { type: int, key: amount_cents }
                  units: { type: string, decode: "string(input.amount_cents)", encode: "self.units" }
                rules:
                  - { rule: "self.name != 'root'", message: "not root" }
            """)

    private func decode(_ json: String, partial: Bool, transcoder: Bool = true) throws(MappingErrors) -> String {
        var session = MappingSession(catalog: Self.catalog)
        session.partial = partial
        session.usesTranscoder = transcoder
        return String(
            decoding: try session.decodeToCanonical(Array(json.utf8), as: "Account", now: Instant(milliseconds: 0)), as: UTF8.self)
    }

    @Test func onlyTheKeysPresentAreMapped() throws {
        for transcoder in [true, false] {
            #expect(try decode(#"{"name":"Ada"}"#, partial: true, transcoder: transcoder) == #"{"name":"Ada"}"#)
            #expect(try decode(#"{"id":null,"plan":null}"#, partial: true, transcoder: transcoder) == #"{"id":null,"plan":null}"#)
        }
    }

    @Test func aWholeDocumentStillGetsDefaultsAndComputedValues() throws {
        #expect(
            try decode(#"{"id":1,"name":"Ada","amount_cents":7}"#, partial: false)
                == #"{"id":1,"name":"Ada","plan":"free","made":"1970-01-01T00:00:00Z","label":"x","cents":7,"units":"7"}"#)
    }

    @Test func valuesPresentAreStillChecked() throws {
        #expect(throws: MappingErrors.self) { try decode(#"{"name":""}"#, partial: true) }
        #expect(throws: MappingErrors.self) { try decode(#"{"id":"one"}"#, partial: true) }
    }

    @Test func decodeExpressionsRunOnlyWhenTheirKeysArePresent() throws {
        #expect(try decode(#"{"amount_cents":250}"#, partial: true) == #"{"cents":250,"units":"250"}"#)
        #expect(try decode(#"{"name":"Ada"}"#, partial: true) == #"{"name":"Ada"}"#)
    }

    @Test func rulesAreLeftToTheMergedResult() throws {
        #expect(try decode(#"{"name":"root"}"#, partial: true) == #"{"name":"root"}"#)
        do {
            _ = try decode(#"{"id":1,"name":"root","amount_cents":7}"#, partial: false)
            Issue.record("a whole document breaking a rule decoded")
        } catch {
            #expect(error.errors.map(\.message) == ["not root"])
        }
    }

    @Test func encodingAPartialCanonicalDocument() throws {
        for transcoder in [true, false] {
            var session = MappingSession(catalog: Self.catalog)
            session.usesTranscoder = transcoder
            #expect(throws: MappingErrors.self) { try session.encodeCanonical(Array(#"{"cents":5}"#.utf8), as: "Account") }
            session.partial = true
            let written = try session.encodeCanonical(Array(#"{"cents":5}"#.utf8), as: "Account")
            #expect(String(decoding: written, as: UTF8.self) == #"{"amount_cents":5}"#)
        }
    }

    @Test func thePartialSchemaRequiresNothing() throws {
        let whole = JSONWriter.write(try Self.catalog.jsonSchema(for: "Account", side: .canonical))
        let partial = JSONWriter.write(try Self.catalog.jsonSchema(for: "Account", side: .canonical, partial: true))
        #expect(whole.contains(#""required":["id","name"]"#))
        #expect(!partial.contains(#""required""#))
        #expect(partial.contains(#""id":{"type":["integer","null"]"#), "\(partial)")
        let external = JSONWriter.write(try Self.catalog.jsonSchema(for: "Account", side: .external, partial: true))
        #expect(!external.contains(#""required""#))
    }
}
