import Foundation
import Testing

import MapperSupport
import MapperTestSupport
@testable import MapperKit

/// Constraints are checked on the fast paths too: they must accept and refuse exactly what the
/// general path does, counting a string's Unicode scalars (not bytes, not escapes), comparing
/// bounds exactly (a double by its shortest text, a decimal by its digits) and matching patterns
/// against the unescaped string.
struct ConstraintTranscodingTests {
    static let catalog = try! Catalog(
        yaml: """
            mapper: 1
            models:
              Item:
                properties:
                  name: { type: string, min_length: 2, max_length: 3 }
                  tags: { type: "[string]", min_length: 1, max_length: 2 }
                  scores: { type: "[string: int]", max_length: 1 }
                  n: { type: int, minimum: 1, maximum: 10 }
                  half: { type: int, minimum: 0.5, maximum: 1e30 }
                  wide: { type: int, minimum: -9223372036854775808, maximum: 20e-1 }
                  x: { type: double, minimum: -1.5, maximum: 1.5 }
                  amount: { type: decimal, minimum: 0, maximum: 18446744073709551616 }
                  precise: { type: double, minimum: 0.10000000000000000001 }
                  code: { type: string, pattern: "[0-9]{3}" }
                  anchored: { type: string, pattern: "^[a-z]+$" }
            """)
    static let documents = [
        #"{"name":"ab","tags":["x"],"scores":{"a":1}}"#,
        #"{"name":"é€😀","tags":["x",null]}"#,  // 3 scalars in 9 bytes
        #"{"name":"\u00e9\u20ac"}"#,  // 2 scalars, escaped
        #"{"name":"\u00e9\u20ac\ud83d\ude00x"}"#,  // 4 scalars, escaped
        #"{"name":"a"}"#,
        #"{"name":"abcd"}"#,
        #"{"name":null,"tags":null,"scores":null}"#,
        #"{"tags":[]}"#,
        #"{"tags":["x","y","z"]}"#,
        #"{"scores":{}}"#,
        #"{"scores":{"a":1,"b":2}}"#,
        #"{"name":5}"#,
        #"{"n":1,"x":-1.5,"amount":0}"#,
        #"{"n":10,"x":1.5,"amount":18446744073709551616.000}"#,
        #"{"n":0}"#,
        #"{"n":11}"#,
        #"{"n":1e1}"#,
        #"{"n":10.0}"#,
        #"{"n":"5"}"#,
        #"{"half":0}"#,  // integer bounds that are not integers or not Int64s are compared exactly
        #"{"half":1,"wide":2}"#,
        #"{"half":9223372036854775807,"wide":-9223372036854775808}"#,
        #"{"wide":3}"#,
        #"{"n":null,"x":null,"amount":null,"code":null}"#,
        #"{"x":1.5000001}"#,
        #"{"x":-15e-1}"#,
        #"{"amount":18446744073709551617}"#,
        #"{"amount":18446744073709551616.0000000001}"#,
        #"{"amount":-0.01}"#,
        #"{"precise":0.10000000000000000001}"#,  // reads as the double 0.1: below the bound
        #"{"precise":0.2}"#,
        #"{"code":"ab123cd","anchored":"abc"}"#,
        #"{"code":"12x3"}"#,
        #"{"code":"\u0031\u0032\u0033"}"#,  // escaped digits match
        #"{"anchored":"abc1"}"#,
        #"{"anchored":"abc\n"}"#,
        #"{"code":123}"#,
    ]

    @Test(arguments: documents) func decodingAgrees(document: String) {
        expectBothPathsAgree(Self.catalog, document) { session, bytes throws(MappingErrors) in
            try session.decodeToCanonical(bytes, as: "Item", now: Instant(milliseconds: 0))
        }
    }

    @Test(arguments: documents) func encodingAgrees(document: String) {
        expectBothPathsAgree(Self.catalog, document) { session, bytes throws(MappingErrors) in
            try session.encodeCanonical(bytes, as: "Item")
        }
    }

    /// `Item` above, the Twitter search result (lengths on `indices`) and GitHub's issues (hex
    /// colours of labels are patterns) go the fast way both ways; a bound on a number written as
    /// a string (`json: string`) still sends a model the general way.
    @Test func constraintsKeepModelsOnTheFastPaths() throws {
        let item = try Self.catalog.requireType("Item").index
        #expect(Self.catalog.table.flat.arenas.models[item].transcodable && Self.catalog.table.flat.arenas.models[item].encodable)
        let flat = RealDataTests.catalog.table.flat
        for name in ["TwitterSearchResult", "Issue", "Label"] {
            let index = try RealDataTests.catalog.requireType(name).index
            #expect(flat.arenas.models[index].transcodable && flat.arenas.models[index].encodable, "\(name)")
        }
        let constrained = try Catalog(
            yaml: """
                mapper: 1
                models:
                  Bounded: { properties: { count: { type: int, json: string, minimum: 0 } } }
                """)
        let bounded = try constrained.requireType("Bounded").index
        #expect(!constrained.table.flat.arenas.models[bounded].transcodable && !constrained.table.flat.arenas.models[bounded].encodable)
    }
}
