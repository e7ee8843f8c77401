import Testing

import MapperSupport
@testable import MapperKit

/// Number formats and `json:` representation hints on the fast paths: decoding reads them, and
/// encoding writes number formats, with the general path's own scalar code, so both paths give
/// the same bytes and the same errors.
struct RepresentationTranscodingTests {
    static let catalog = try! Catalog(
        yaml: """
            mapper: 1
            formats:
              us_decimal: { number: decimal, locale: en_US }
              de_decimal: { number: decimal, locale: de_DE }
              share: { number: percent, locale: en_US }
            models:
              Invoice:
                properties:
                  id: { type: int, json: string }
                  total: { type: decimal, format: us_decimal }
                  net: { type: double, format: de_decimal }
                  count: { type: int, format: us_decimal }
                  rate: { type: decimal, format: share }
                  paid: { type: bool, json: string }
                  open: { type: bool, json: int }
                  amounts: { type: "[decimal]", json: string }
            """)

    /// External documents with their canonical JSON, worked out by hand from the formats' rules.
    static let decoded: [(external: String, canonical: String)] = [
        (
            #"{"id":"12345678901234567","total":"12,345.678","net":"1.234,5","count":"1,000","rate":"12.5%","paid":"true","open":1,"amounts":["1.50","-2"]}"#,
            #"{"id":12345678901234567,"total":12345.678,"net":1234.5,"count":1000,"rate":0.125,"paid":true,"open":true,"amounts":[1.50,-2]}"#
        ),
        (#"{"total":"0.5","paid":"false","open":0}"#, #"{"total":0.5,"paid":false,"open":false}"#),
        (#"{"id":null,"total":null}"#, #"{"id":null,"total":null}"#),
    ]

    @Test(arguments: 0..<decoded.count)
    func decodingReadsRepresentationsOnTheFastPath(_ index: Int) throws {
        let (external, canonical) = Self.decoded[index]
        let fast = try #require(try transcodeAlone(Array(external.utf8), as: "Invoice", in: Self.catalog))
        #expect(String(decoding: fast, as: UTF8.self) == canonical)
        expectDecodingAgrees(Self.catalog, external, as: "Invoice")
    }

    /// Values a representation does not take: the general reader's errors, whichever path starts.
    @Test(arguments: [
        #"{"id":12}"#, #"{"id":"1.5"}"#, #"{"total":"12.345,6"}"#, #"{"total":12}"#, #"{"count":"1.5"}"#, #"{"paid":true}"#,
        #"{"open":2}"#, #"{"amounts":[1]}"#, #"{"rate":"12.5"}"#,
    ])
    func mismatchesAreTheGeneralReadersErrors(_ external: String) throws {
        #expect(try transcodeAlone(Array(external.utf8), as: "Invoice", in: Self.catalog) == nil)
        expectDecodingAgrees(Self.catalog, external, as: "Invoice")
    }

    /// Encoding writes the formats back: the canonical JSON above encodes to the external JSON
    /// it came from (the formats write grouping separators as they read them).
    @Test(arguments: 0..<decoded.count)
    func encodingWritesFormatsOnTheFastPath(_ index: Int) throws {
        let (external, canonical) = Self.decoded[index]
        let fast = try #require(try encodeAlone(Array(canonical.utf8), as: "Invoice", in: Self.catalog))
        #expect(try JSONValue(parsing: fast) == JSONValue(parsing: Array(external.utf8)))
        expectEncodingAgrees(Self.catalog, canonical, as: "Invoice")
    }

    /// Canonical input that is not canonical (a string where a number belongs) is the general
    /// path's to report.
    @Test func nonCanonicalInputIsTheGeneralPaths() throws {
        for canonical in [#"{"total":"12.5"}"#, #"{"count":1.5}"#, #"{"paid":"true"}"#] {
            #expect(try encodeAlone(Array(canonical.utf8), as: "Invoice", in: Self.catalog) == nil, "\(canonical)")
            expectEncodingAgrees(Self.catalog, canonical, as: "Invoice")
        }
    }
}
