import Testing

import MapperSupport
@testable import MapperKit

/// `unknown_keys: keep` on the decode fast path: `$extra` holds what no property reads, as the
/// general reader keeps it (unknown keys in input order, keys only variant dispatch or
/// expressions read, the unread members of key path objects, a key path object kept whole when
/// nothing in it is read), and an enum falling back to its default case, whose raw value is kept
/// too, is left to the general reader.
struct KeepTranscodingTests {
    static let catalog = try! Catalog(
        yaml: """
            mapper: 1
            enums:
              State:
                cases: { open: open, closed: closed }
                default: open
            models:
              Issue:
                unknown_keys: keep
                properties:
                  id: { type: int, required: true }
                  login: { type: string, key: user.login }
                  site: { type: string, key: user.links.site }
                  state: { type: State }
                  owner: { type: Owner }
                  tags: { type: "[Owner]" }
              Owner:
                unknown_keys: keep
                properties:
                  name: { type: string }
              Loose:
                properties:
                  id: { type: int }
                  owner: { type: Owner }
              Shape:
                properties:
                  kind: { type: string }
                variants:
                  when:
                    - { has: radius, model: Circle }
                    - { equals: { kind: square }, model: Square }
              Circle:
                extends: Shape
                unknown_keys: keep
                properties:
                  radius: { type: double }
              Square:
                extends: Shape
                unknown_keys: keep
                properties:
                  side: { type: double }
              Priced:
                unknown_keys: keep
                properties:
                  label: { type: string, decode: "input.name + ' (' + string(input.cents) + ')'" }
            """)

    /// Each document with the `$extra` the general reader keeps, written independently here.
    static let kept: [(model: String, document: String, extra: String?)] = [
        ("Issue", #"{"id":1}"#, nil),
        ("Issue", #"{"id":1,"z":true,"a":[1,{"b":"\u00e9"}],"n":null}"#, #"{"z":true,"a":[1,{"b":"é"}],"n":null}"#),
        ("Issue", #"{"user":{"login":"o","id":7,"links":{"site":"s","api":"a"}},"id":1}"#, #"{"user":{"id":7,"links":{"api":"a"}}}"#),
        ("Issue", #"{"user":{"id":7},"id":1}"#, #"{"user":{"id":7}}"#),
        ("Issue", #"{"user":{"links":{}},"id":1}"#, #"{"user":{"links":{}}}"#),
        ("Issue", #"{"user":null,"id":1}"#, #"{"user":null}"#),
        ("Issue", #"{"user":{"login":"o","links":null},"id":1}"#, #"{"user":{"links":null}}"#),
        ("Issue", #"{"user":{"login":"o"},"id":1}"#, nil),
        ("Issue", #"{"id":1,"owner":{"name":"n","x":1},"tags":[{"y":2},{"name":"t"}]}"#, nil),
        ("Circle", #"{"radius":2,"kind":"c","color":"red"}"#, #"{"color":"red"}"#),
        ("Priced", #"{"name":"pen","cents":250,"other":1}"#, #"{"name":"pen","cents":250,"other":1}"#),
    ]

    @Test(arguments: 0..<kept.count)
    func theFastPathKeepsWhatTheGeneralReaderKeeps(_ index: Int) throws {
        let (model, document, extra) = Self.kept[index]
        let fast = try #require(
            try transcodeAlone(Array(document.utf8), as: model, in: Self.catalog), "\(document) left to the general reader")
        let written = try JSONValue(parsing: fast)
        guard case .object(let object) = written else {
            Issue.record("\(document): not an object")
            return
        }
        #expect(object["$extra"] == extra.map { try! JSONValue(parsing: Array($0.utf8)) }, "\(document)")
        if extra != nil { #expect(object.keys.last == "$extra", "\(document): $extra is written last") }
        expectDecodingAgrees(Self.catalog, document, as: model)
    }

    /// Nested models keep their own unknown keys, in their own `$extra`.
    @Test func nestedModelsKeepTheirOwn() throws {
        let document = #"{"id":1,"owner":{"name":"n","x":1},"tags":[{"y":2}],"w":0}"#
        let fast = try #require(try transcodeAlone(Array(document.utf8), as: "Issue", in: Self.catalog))
        let expected = #"{"id":1,"owner":{"name":"n","$extra":{"x":1}},"tags":[{"$extra":{"y":2}}],"$extra":{"w":0}}"#
        #expect(try JSONValue(parsing: fast) == JSONValue(parsing: Array(expected.utf8)))
        // A model that ignores unknown keys holding one that keeps them.
        let loose = #"{"id":1,"owner":{"x":1},"w":0}"#
        let written = try #require(try transcodeAlone(Array(loose.utf8), as: "Loose", in: Self.catalog))
        #expect(try JSONValue(parsing: written) == JSONValue(parsing: Array(#"{"id":1,"owner":{"$extra":{"x":1}}}"#.utf8)))
    }

    /// Variants: the key only dispatch reads is kept, after `$type` and the properties.
    @Test func variantsKeepDispatchKeys() throws {
        let document = #"{"kind":"square","side":3,"spin":1}"#
        let fast = try #require(try transcodeAlone(Array(document.utf8), as: "Shape", in: Self.catalog))
        #expect(String(decoding: fast, as: UTF8.self) == #"{"$type":"Square","kind":"square","side":3,"$extra":{"spin":1}}"#)
        expectDecodingAgrees(Self.catalog, document, as: "Shape")
    }

    /// An enum value that falls back to the default case is kept raw by the general reader.
    @Test func anEnumFallbackIsTheGeneralReaders() throws {
        let document = #"{"id":1,"state":"reopened"}"#
        #expect(try transcodeAlone(Array(document.utf8), as: "Issue", in: Self.catalog) == nil)
        expectDecodingAgrees(Self.catalog, document, as: "Issue")
        let known = #"{"id":1,"state":"closed"}"#
        #expect(try transcodeAlone(Array(known.utf8), as: "Issue", in: Self.catalog) != nil)
    }

    /// A decode → encode round trip still writes the kept keys back.
    @Test func keptKeysRoundTrip() throws {
        var session = MappingSession(catalog: Self.catalog)
        let document = #"{"id":1,"user":{"login":"o","id":7},"z":[true]}"#
        let canonical = try session.decodeToCanonical(Array(document.utf8), as: "Issue", now: Instant(milliseconds: 0))
        let external = try session.encodeCanonical(canonical, as: "Issue")
        #expect(try JSONValue(parsing: external) == JSONValue(parsing: Array(document.utf8)))
    }
}
