import Foundation
import Testing

import MapperTestSupport
@testable import MapperKit

/// A type with variants stays on the decoding fast path: the transcoder chooses each object's
/// variant as the general reader does and writes it as that model, `$type` first; it must agree
/// byte for byte with the general reader, and leave to it what no variant takes.
struct VariantTranscodingTests {
    /// The events benchmark's catalog: the GitHub events union discriminated by `type`.
    static let events = try! Catalog(
        paths: [MapperBinary.packageRoot.appendingPathComponent("Benchmarks/MapperBenchmarks/Resources/events.yaml").path])

    static func transcode(_ bytes: [UInt8], as model: String, in catalog: Catalog) throws -> [UInt8]? {
        let type = try #require(catalog.table.type(named: model))
        var transcoder = CanonicalTranscoder(table: catalog.table)
        var output = JSONOutput()
        let taken = try JSONDocument.withDocument(bytes) { document in transcoder.transcode(document, as: type, into: &output) }
        return taken ? output.bytes : nil
    }

    @Test func realEventsTakeTheFastPathAndAgreeWithTheGeneralReader() throws {
        let url = MapperBinary.packageRoot.appendingPathComponent("Examples/events/github_events.json")
        let events = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [Any])
        var general = MappingSession(catalog: Self.events)
        general.usesTranscoder = false
        for (position, event) in events.enumerated() {
            let bytes = [UInt8](try JSONSerialization.data(withJSONObject: event))
            let fast = try #require(try Self.transcode(bytes, as: "Event", in: Self.events), "event \(position)")
            #expect(fast == (try general.decodeToCanonical(bytes, as: "Event")), "event \(position)")
            // The variant is the one the event's own `type` names.
            let canonical = try #require(try JSONSerialization.jsonObject(with: Data(fast)) as? [String: Any])
            let type = try #require((event as? [String: Any])?["type"] as? String)
            #expect(canonical["$type"] as? String == type, "event \(position)")
        }
    }

    static func encode(_ bytes: [UInt8], as model: String, in catalog: Catalog) throws -> [UInt8]? {
        let type = try #require(catalog.table.type(named: model))
        var transcoder = EncodeTranscoder(table: catalog.table)
        var output = JSONOutput()
        let taken = try JSONDocument.withDocument(bytes) { document in transcoder.transcode(document, as: type, into: &output) }
        return taken ? output.bytes : nil
    }

    @Test func realEventsEncodeOnTheFastPathAsTheGeneralEncoderDoes() throws {
        let url = MapperBinary.packageRoot.appendingPathComponent("Examples/events/github_events.json")
        let events = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [Any])
        var general = MappingSession(catalog: Self.events)
        general.usesTranscoder = false
        for (position, event) in events.enumerated() {
            let canonical = try general.decodeToCanonical([UInt8](try JSONSerialization.data(withJSONObject: event)), as: "Event")
            let fast = try #require(try Self.encode(canonical, as: "Event", in: Self.events), "event \(position)")
            #expect(fast == (try general.encodeCanonical(canonical, as: "Event")), "event \(position)")
        }
        // `$type` missing, naming a model that is not an event, or not a string: the general
        // path reports it.
        for text in [#"{"id":"1"}"#, #"{"$type":"EventActor","id":"1"}"#, #"{"$type":7}"#] {
            #expect(try Self.encode(Array(text.utf8), as: "Event", in: Self.events) == nil, "\(text)")
            #expect(throws: MappingErrors.self) { try general.encodeCanonical(Array(text.utf8), as: "Event") }
        }
    }

    @Test func predicatesDiscriminatorAndFallbackChooseAsTheGeneralReaderDoes() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models:
                  Shape:
                    properties:
                      kind: string
                      size: int
                    variants:
                      by: kind
                      when:
                        - { has: radius, model: Circle }
                        - { equals: { size: 0 }, model: Dot }
                      cases: { square: Square }
                      fallback: Shape
                  Circle: { extends: Shape, properties: { radius: double } }
                  Dot: { extends: Shape }
                  Square: { extends: Shape, properties: { side: { type: int, required: true } } }
                  Strict:
                    properties: { kind: string }
                    variants: { by: kind, cases: { box: Box } }
                  Box: { extends: Strict }
                """)
        var general = MappingSession(catalog: catalog)
        general.usesTranscoder = false
        var fast = MappingSession(catalog: catalog)
        let documents: [(model: String, text: String)] = [
            ("Shape", #"{"kind":"square","radius":2.5}"#),
            ("Shape", #"{"kind":"square","radius":null,"size":0}"#),
            ("Shape", #"{"kind":"square","side":3}"#),
            ("Shape", #"{"kind":"hexagon","size":4}"#),
            ("Shape", #"[{"size":1},{"kind":"square","side":2}]"#),
            // A variant that fails (a required property), and a discriminator no case names.
            ("Shape", #"{"kind":"square"}"#),
            ("Strict", #"{"kind":"hexagon"}"#),
            ("Strict", #"{}"#),
        ]
        var taken: [String] = []
        for (model, text) in documents {
            let bytes = Array(text.utf8)
            if try Self.transcode(bytes, as: model, in: catalog) != nil { taken.append(text) }
            let expected = Result { try general.decodeToCanonical(bytes, as: model) }
            let actual = Result { try fast.decodeToCanonical(bytes, as: model) }
            switch (expected, actual) {
            case (.success(let a), .success(let b)): #expect(a == b, "\(text)")
            case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)", "\(text)")
            default: Issue.record("\(text): the paths disagree: \(expected) vs \(actual)")
            }
        }
        #expect(taken == documents.prefix(5).map(\.text))
        // Worked out by hand: `has: radius` comes first, then `equals`, then the discriminator,
        // then the fallback; `$type` leads.
        let outputs = try documents.prefix(5).map { try #require(try Self.transcode(Array($0.text.utf8), as: "Shape", in: catalog)) }
        #expect(
            outputs.map { String(decoding: $0, as: UTF8.self) } == [
                #"{"$type":"Circle","kind":"square","radius":2.5}"#,
                #"{"$type":"Dot","kind":"square","size":0}"#,
                #"{"$type":"Square","kind":"square","side":3}"#,
                #"{"$type":"Shape","kind":"hexagon","size":4}"#,
                #"[{"$type":"Shape","size":1},{"$type":"Square","kind":"square","side":2}]"#,
            ])
    }
}
