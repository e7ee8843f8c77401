import Foundation
import Testing

import MapperSupport
@testable import MapperKit
@testable import MapperJSON

/// `omit: never | nulls | empty` on encode, through the encoding transcoder and through the
/// general encoder: both must write what the rules say (expectations written by hand from
/// docs/language/omit.md), and the transcoder must take the common shapes itself.
struct OmitEncodingTests {
    static let catalog = try! Catalog(
        yaml: """
            mapper: 1
            defaults: { omit: nulls }
            enums: { State: { cases: { open: open, none: "" } } }
            models:
              User: { properties: { login: string, id: int } }
              Issue:
                properties:
                  number: int
                  title: string
                  state: State
                  count: { type: int, json: string }
                  labels: [string]
                  meta: { type: "[string: int]" }
                  author: User
                  city: { type: string, key: place.address.city }
                  zip: { type: string, key: place.zip }
                  kept: { type: string, omit: never }
                  note: { type: string, omit: empty }
              Owner:
                omit: empty
                properties:
                  name: string
                  login: { type: string, key: user.login }
                  owner: { type: User, key: user }
                  base: { type: Base, flatten: true }
              Base: { omit: never, properties: { tag: string } }
              Loud:
                omit: empty
                properties:
                  word: { type: string, encode: "self.word.upperAscii()" }
                  other: string
            """)

    /// Canonical input, the run's `omit`, and the external JSON the rules give.
    static let cases: [(model: String, run: OmitPolicy?, input: String, expected: String)] = [
        ("Issue", nil, #"{"number":1,"title":null,"kept":null}"#, #"{"number":1,"kept":null}"#),
        ("Issue", nil, #"{"title":"","labels":[],"meta":{},"note":""}"#, #"{"title":"","labels":[],"meta":{}}"#),
        ("Issue", nil, #"{"city":null,"zip":null}"#, #"{}"#),
        ("Issue", nil, #"{"city":null,"zip":"75001"}"#, #"{"place":{"zip":"75001"}}"#),
        ("Issue", nil, #"{"city":"Paris","zip":null}"#, #"{"place":{"address":{"city":"Paris"}}}"#),
        ("Issue", nil, #"{"author":{"login":null,"id":null}}"#, #"{"author":{}}"#),
        ("Issue", nil, #"{"state":"none","count":0,"labels":[null,""]}"#, #"{"state":"","count":"0","labels":[null,""]}"#),
        ("Issue", .empty, #"{"title":"","author":{"login":""}}"#, #"{"title":"","author":{"login":""}}"#),
        ("Owner", nil, #"{"name":"","owner":{"login":null},"base":{"tag":""}}"#, #"{"tag":""}"#),
        ("Owner", nil, #"{"name":"a","owner":null,"login":"b"}"#, #"{"name":"a","user":{"login":"b"}}"#),
        ("Owner", nil, #"{"owner":{"login":"b","id":null},"login":null}"#, #"{"user":{"login":"b"}}"#),
        ("Owner", nil, #"{"owner":{},"login":null}"#, #"{}"#),
        ("Loud", nil, #"{"word":"","other":"o"}"#, #"{"other":"o"}"#),
        ("Loud", nil, #"{"word":"a"}"#, #"{"word":"A"}"#),
        ("Owner", nil, #"{"owner":{"id":1},"login":"b","base":{"tag":null}}"#, #"{"user":{"id":1,"login":"b"},"tag":null}"#),
    ]

    @Test func bothPathsWriteWhatTheRulesSay() throws {
        for (model, run, input, expected) in Self.cases {
            var general = MappingSession(catalog: Self.catalog)
            general.usesTranscoder = false
            general.omit = run
            let written = try general.encodeCanonical(Array(input.utf8), as: model)
            #expect(String(decoding: written, as: UTF8.self) == expected, "general path, \(input)")
            var fast = MappingSession(catalog: Self.catalog)
            fast.omit = run
            let fastWritten = try fast.encodeCanonical(Array(input.utf8), as: model)
            #expect(String(decoding: fastWritten, as: UTF8.self) == expected, "session, \(input)")
        }
    }

    @Test func theTranscoderTakesTheseShapesItself() throws {
        for (model, run, input, expected) in Self.cases where model == "Issue" || model == "Loud" {
            let type = try #require(Self.catalog.table.type(named: model))
            var transcoder = EncodeTranscoder(table: Self.catalog.table)
            transcoder.omit = run
            var output = JSONOutput()
            let taken = try JSONDocument.withDocument(Array(input.utf8)) { transcoder.transcode($0, as: type, into: &output) }
            #expect(taken, "\(input)")
            #expect(output.string == expected, "\(input)")
        }
    }

    /// The bundled catalog's real documents (GitHub, events, Twitter: many nulls, empty strings
    /// and arrays) encoded with each run policy: both paths write the same bytes, the transcoder
    /// takes most documents itself, and what it writes holds no member the policy leaves out.
    @Test(arguments: [OmitPolicy.nulls, .empty])
    func realDataEncodesAlikeUnderARunPolicy(_ policy: OmitPolicy) throws {
        var general = MappingSession(catalog: RealDataTests.catalog)
        general.usesTranscoder = false
        var taken = 0
        for input in TranscoderAgreementTests.inputs {
            let canonical = try general.decodeToCanonical(input.bytes, as: input.model, now: Instant(milliseconds: 0))
            general.omit = policy
            defer { general.omit = nil }
            let written = try general.encodeCanonical(canonical, as: input.model)
            let type = try #require(RealDataTests.catalog.table.type(named: input.model))
            var transcoder = EncodeTranscoder(table: RealDataTests.catalog.table)
            transcoder.omit = policy
            var output = JSONOutput()
            if try JSONDocument.withDocument(canonical, { transcoder.transcode($0, as: type, into: &output) }) {
                taken += 1
                #expect(output.bytes == written, "\(input.name)")
            }
            #expect(!Self.holdsOmitted(try JSONValue(parsing: written), policy), "\(input.name)")
        }
        #expect(taken * 2 > TranscoderAgreementTests.inputs.count, "the transcoder took \(taken) documents")
    }

    /// Whether a member anywhere in `value` has a value `policy` leaves out (array elements are not
    /// members). Kept unknown keys (`$extra`) are written as they are; those of these documents
    /// (event payloads) hold no null or empty value at the top of a kept member.
    private static func holdsOmitted(_ value: JSONValue, _ policy: OmitPolicy) -> Bool {
        switch value {
        case .object(let object):
            return object.members.contains { member in
                switch member.value {
                case .null: true
                case .string(let text) where policy == .empty: text.isEmpty
                case .array(let items) where policy == .empty: items.isEmpty
                case .object(let inner) where policy == .empty: inner.isEmpty || holdsOmitted(member.value, policy)
                default: holdsOmitted(member.value, policy)
                }
            }
        case .array(let items): return items.contains { holdsOmitted($0, policy) }
        default: return false
        }
    }

    @Test func arraysOfModelsOmitInEachElement() throws {
        var session = MappingSession(catalog: Self.catalog)
        let written = try session.encodeCanonical(Array(#"[{"number":1,"title":null},null,{"title":"t"}]"#.utf8), as: "Issue")
        #expect(String(decoding: written, as: UTF8.self) == #"[{"number":1},null,{"title":"t"}]"#)
    }

    @Test func canonicalJSONKeepsNulls() throws {
        var session = MappingSession(catalog: Self.catalog)
        session.omit = .empty
        let canonical = try session.decodeToCanonical(Array(#"{"number":1,"title":null,"labels":[]}"#.utf8), as: "Issue")
        #expect(String(decoding: canonical, as: UTF8.self) == #"{"number":1,"title":null,"labels":[]}"#)
    }

    @Test func aBareNullIsNotNulls() throws {
        do {
            _ = try Catalog(yaml: "mapper: 1\nmodels: { M: { omit: null, properties: { a: string } } }\n")
            Issue.record("omit: null loaded")
        } catch {
            let text = error.description
            #expect(text.contains("omit of model 'M' must be never, nulls or empty, not null"), "\(text)")
            #expect(text.contains("write 'nulls'"), "\(text)")
        }
    }

    @Test func omitOnAPropertyNeverWrittenIsRefused() throws {
        for field in ["transient: true", "computed: now", #"decode: "input.a""#] {
            let type = field.hasPrefix("computed") ? "date" : "string"
            do {
                _ = try Catalog(yaml: "mapper: 1\nmodels: { M: { properties: { a: { type: \(type), \(field), omit: nulls } } } }\n")
                Issue.record("omit with \(field) loaded")
            } catch {
                #expect(error.description.contains("'omit' of property 'a' of model 'M' does not apply"), "\(error.description)")
                #expect(error.diagnostics.map(\.code).contains("inapplicable-field"), "\(field)")
            }
        }
    }
}
