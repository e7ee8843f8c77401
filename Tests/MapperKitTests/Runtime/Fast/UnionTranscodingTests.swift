import Testing

import MapperSupport
@testable import MapperKit

/// Unions on the fast paths: each value goes to the member that reads its kind of JSON value
/// (external JSON when decoding, canonical JSON when encoding), as the general path picks it;
/// a kind no member reads is the general path's error.
struct UnionTranscodingTests {
    static let catalog = try! Catalog(
        yaml: """
            mapper: 1
            enums:
              State:
                cases: { open: open, closed: closed }
            models:
              Charge:
                properties:
                  customer: { type: "string | Customer" }
                  quantity: { type: "int | string" }
                  tags: { type: "[string | int]" }
                  flag: { type: "bool | State" }
                  counts: { type: "[string: int | bool]" }
              Customer:
                properties:
                  id: { type: string }
                  name: { type: string, key: full_name }
            """)

    /// External documents with their canonical JSON, worked out by hand.
    static let decoded: [(external: String, canonical: String)] = [
        (
            #"{"customer":{"id":"c1","full_name":"Ada"},"quantity":"3","tags":["a",2],"flag":"open","counts":{"x":1,"y":true}}"#,
            #"{"customer":{"id":"c1","name":"Ada"},"quantity":"3","tags":["a",2],"flag":"open","counts":{"x":1,"y":true}}"#
        ),
        (#"{"customer":"c2","quantity":4,"flag":true}"#, #"{"customer":"c2","quantity":4,"flag":true}"#),
    ]

    @Test(arguments: 0..<decoded.count)
    func decodingPicksTheMemberOnTheFastPath(_ index: Int) throws {
        let (external, canonical) = Self.decoded[index]
        let fast = try #require(try transcodeAlone(Array(external.utf8), as: "Charge", in: Self.catalog))
        #expect(String(decoding: fast, as: UTF8.self) == canonical)
        expectDecodingAgrees(Self.catalog, external, as: "Charge")
    }

    /// `4.0` is read by the int member, which writes canonical integers as plain digits.
    @Test func theMembersConversionApplies() throws {
        let fast = try #require(try transcodeAlone(Array(#"{"quantity":4.0}"#.utf8), as: "Charge", in: Self.catalog))
        #expect(String(decoding: fast, as: UTF8.self) == #"{"quantity":4}"#)
    }

    @Test(arguments: [#"{"customer":5}"#, #"{"quantity":true}"#, #"{"tags":[{}]}"#, #"{"flag":"reopened"}"#, #"{"counts":{"x":"1"}}"#])
    func aKindNoMemberReadsIsTheGeneralReadersError(_ external: String) throws {
        #expect(try transcodeAlone(Array(external.utf8), as: "Charge", in: Self.catalog) == nil)
        expectDecodingAgrees(Self.catalog, external, as: "Charge")
    }

    /// Encoding picks the member by the canonical value's kind: the canonical JSON above encodes
    /// to the external JSON it came from.
    @Test(arguments: 0..<decoded.count)
    func encodingPicksTheMemberOnTheFastPath(_ index: Int) throws {
        let (external, canonical) = Self.decoded[index]
        let fast = try #require(try encodeAlone(Array(canonical.utf8), as: "Charge", in: Self.catalog))
        #expect(try JSONValue(parsing: fast) == JSONValue(parsing: Array(external.utf8)))
        expectEncodingAgrees(Self.catalog, canonical, as: "Charge")
    }

    @Test func nonCanonicalInputIsTheGeneralPaths() throws {
        for canonical in [#"{"quantity":4.5}"#, #"{"customer":{"id":"c","full_name":"x"}}"#, #"{"flag":1}"#] {
            #expect(try encodeAlone(Array(canonical.utf8), as: "Charge", in: Self.catalog) == nil, "\(canonical)")
            expectEncodingAgrees(Self.catalog, canonical, as: "Charge")
        }
    }
}
