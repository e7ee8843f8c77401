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

    @Test func realEventsTakeTheFastPathAndAgreeWithTheGeneralReader() throws {
        let url = MapperBinary.packageRoot.appendingPathComponent("Examples/events/github_events.json")
        let events = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [Any])
        var general = MappingSession(catalog: Self.events)
        general.usesTranscoder = false
        for (position, event) in events.enumerated() {
            let bytes = [UInt8](try JSONSerialization.data(withJSONObject: event))
            let fast = try #require(try transcodeAlone(bytes, as: "Event", in: Self.events), "event \(position)")
            #expect(fast == (try general.decodeToCanonical(bytes, as: "Event")), "event \(position)")
            // The variant is the one the event's own `type` names.
            let canonical = try #require(try JSONSerialization.jsonObject(with: Data(fast)) as? [String: Any])
            let type = try #require((event as? [String: Any])?["type"] as? String)
            #expect(canonical["$type"] as? String == type, "event \(position)")
        }
    }

    @Test func realEventsEncodeOnTheFastPathAsTheGeneralEncoderDoes() throws {
        let url = MapperBinary.packageRoot.appendingPathComponent("Examples/events/github_events.json")
        let events = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [Any])
        var general = MappingSession(catalog: Self.events)
        general.usesTranscoder = false
        for (position, event) in events.enumerated() {
            let canonical = try general.decodeToCanonical([UInt8](try JSONSerialization.data(withJSONObject: event)), as: "Event")
            let fast = try #require(try encodeAlone(canonical, as: "Event", in: Self.events), "event \(position)")
            #expect(fast == (try general.encodeCanonical(canonical, as: "Event")), "event \(position)")
        }
        // The property at the discriminator's key is not written (the variant's value is), but its
        // value is checked as reading canonical JSON checks it: a number there is an error.
        let first = try general.decodeToCanonical(
            [UInt8](try JSONSerialization.data(withJSONObject: try #require(events.first))), as: "Event")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(first)) as? [String: Any])
        object["type"] = 5
        let wrong = [UInt8](try JSONSerialization.data(withJSONObject: object))
        #expect(try encodeAlone(wrong, as: "Event", in: Self.events) == nil)
        #expect(throws: MappingErrors.self) { try general.encodeCanonical(wrong, as: "Event") }
        object["type"] = "WatchEvent"
        expectBothPathsAgree(Self.events, String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)) {
            session, bytes throws(MappingErrors) in try session.encodeCanonical(bytes, as: "Event")
        }
        // `$type` missing, naming a model that is not an event, or not a string: the general
        // path reports it.
        for text in [#"{"id":"1"}"#, #"{"$type":"EventActor","id":"1"}"#, #"{"$type":7}"#] {
            #expect(try encodeAlone(Array(text.utf8), as: "Event", in: Self.events) == nil, "\(text)")
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
            if try transcodeAlone(Array(text.utf8), as: model, in: catalog) != nil { taken.append(text) }
            expectBothPathsAgree(catalog, text) { session, bytes throws(MappingErrors) in try session.decodeToCanonical(bytes, as: model) }
        }
        #expect(taken == documents.prefix(5).map(\.text))
        // Worked out by hand: `has: radius` comes first, then `equals`, then the discriminator,
        // then the fallback; `$type` leads.
        let outputs = try documents.prefix(5).map { try #require(try transcodeAlone(Array($0.text.utf8), as: "Shape", in: catalog)) }
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
