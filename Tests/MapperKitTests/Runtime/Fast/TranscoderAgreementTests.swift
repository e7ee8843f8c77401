import Foundation
import Testing

import MapperSupport
import MapperTestSupport
@testable import MapperKit

/// The transcoder (tokens → canonical bytes) must agree byte for byte with the general reader
/// (tokens → models → canonical bytes) wherever it takes a document.
struct TranscoderAgreementTests {
    static let inputs: [(name: String, model: String, bytes: [UInt8])] = RealDataTests.cases.compactMap { test in
        guard let data = try? Data(contentsOf: test.input) else { return nil }
        return (test.name, test.model, [UInt8](data))
    }

    @Test func realDataAgrees() throws {
        var fast = MappingSession(catalog: RealDataTests.catalog)
        var general = MappingSession(catalog: RealDataTests.catalog)
        general.usesTranscoder = false
        for input in Self.inputs {
            let a = try fast.decodeToCanonical(input.bytes, as: input.model, now: Instant(milliseconds: 0))
            let b = try general.decodeToCanonical(input.bytes, as: input.model, now: Instant(milliseconds: 0))
            #expect(a == b, "\(input.name)")
        }
    }

    @Test func realDataEncodesAlike() throws {
        var fast = MappingSession(catalog: RealDataTests.catalog)
        var general = MappingSession(catalog: RealDataTests.catalog)
        general.usesTranscoder = false
        for input in Self.inputs {
            let canonical = try general.decodeToCanonical(input.bytes, as: input.model, now: Instant(milliseconds: 0))
            let a = try fast.encodeCanonical(canonical, as: input.model)
            let b = try general.encodeCanonical(canonical, as: input.model)
            #expect(a == b, "\(input.name)")
        }
    }

    @Test func handWrittenEncodingAgrees() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                enums: { State: { cases: { open: open, closed: { json: 0, aliases: [done] } } } }
                formats: { day: { date: "MMMM d, yyyy", locale: en_US, time_zone: America/Los_Angeles } }
                models:
                  Item:
                    key_style: snake_case
                    properties:
                      name: string
                      count: { type: int, json: string }
                      ratio: { type: double, json: string }
                      price: { type: decimal, json: string }
                      flag: { type: bool, json: int }
                      word: { type: bool, json: string }
                      link: url
                      id: uuid
                      at: date
                      day: { type: date, format: day }
                      stamp: { type: date, format: unix }
                      ms: { type: date, format: unix_ms }
                      state: State
                      blob: any
                      login: { type: string, key: user.login }
                      userID: { type: int, key: user.id }
                      tags: "[string]"
                      scores: "[string: double]"
                      children: "[Item]"
                """)
        let documents = [
            #"{"name":"a\"b","count":5,"ratio":0.5,"price":1.50,"flag":true,"word":false,"link":"https://x/y","id":"abcdef01-2345-6789-abcd-ef0123456789","at":"2020-01-01T08:00:00Z","day":"2015-09-25T07:00:00Z","stamp":"2015-09-25T07:00:00.500Z","ms":"2015-09-25T07:00:00Z","state":"closed","blob":{"b":[1,2.50]},"login":"ann","tags":["x",null],"scores":{"a":1,"b":null},"children":[{"name":"c","state":"open"},null]}"#,
            #"[{"userID":7},null,{"name":null}]"#,
            #"{"count":5.0}"#,
            #"{"id":"ABCDEF01-2345-6789-abcd-ef0123456789"}"#,
            #"{"at":"2020-01-01T08:00:00+00:00"}"#,
            #"{"state":"closd"}"#,
            #"{"$type":"Item"}"#,
            #"{"nope":1}"#,
        ]
        for document in documents {
            expectBothPathsAgree(catalog, document) { session, bytes throws(MappingErrors) in
                try session.encodeCanonical(bytes, as: "Item")
            }
        }
    }

    @Test func handWrittenCasesAgree() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                enums: { State: { cases: { open: open, closed: { json: closed, aliases: [done, 0] } }, default: open } }
                formats: { day: { date: "MMMM d, yyyy", locale: en_US, time_zone: America/Los_Angeles } }
                models:
                  Item:
                    key_style: snake_case
                    properties:
                      name: string
                      count: int
                      ratio: double
                      price: decimal
                      flag: bool
                      link: url
                      id: uuid
                      at: date
                      day: { type: date, format: day }
                      stamp: { type: date, format: unix }
                      ms: { type: date, format: unix_ms }
                      state: State
                      blob: any
                      user: { type: string, key: user.login }
                      tags: "[string]"
                      scores: "[string: double]"
                      children: "[Item]"
                      fixed: { type: int, default: 7 }
                      seen: { type: date, computed: now }
                """)
        let documents = [
            #"{"name":"a\"b\u00e9","count":5.0,"ratio":1e-7,"price":18446744073709551616.50,"flag":true,"link":"https://x/y?z#w","id":"ABCDEF01-2345-6789-abcd-ef0123456789","at":"2020-01-01T10:00:00+02:00","day":"September 25, 2015","stamp":1443164400.5,"ms":1443164400500,"state":"done","blob":{"b":[1,2.50,"\u0041"],"a":null},"user":{"login":"ann","other":1},"tags":["x",null],"scores":{"a":1,"b":null},"children":[{"name":"c","state":0},null],"extra":{"ignored":true}}"#,
            #"[{"state":"unheard-of"},null,{"user":null,"fixed":null}]"#,
            #"{"count":"5"}"#,
            #"{"user":"not an object"}"#,
            #"{"id":"nope"}"#,
        ]
        for document in documents {
            expectBothPathsAgree(catalog, document) { session, bytes throws(MappingErrors) in
                try session.decodeToCanonical(bytes, as: "Item", now: Instant(milliseconds: 0))
            }
        }
    }
}
