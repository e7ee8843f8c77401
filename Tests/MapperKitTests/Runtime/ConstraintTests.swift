import Testing

@testable import MapperKit

extension RuntimeTests {
    /// SPEC §4.1 constraints: lengths in characters (Unicode scalars) or elements, inclusive numeric
    /// bounds compared exactly, unanchored patterns. They apply on decode, canonical reading and `set`.
    struct ConstraintTests {
        let mapper: Mapper

        init() throws {
            mapper = try Mapper(
                """
                mapper: 1
                models:
                  C:
                    properties:
                      name: { type: string, min_length: 2, max_length: 3 }
                      tags: { type: "[string]", min_length: 1, max_length: 2 }
                      scores: { type: "[string: int]", max_length: 1 }
                      n: { type: int, minimum: 1, maximum: 10 }
                      x: { type: double, minimum: -1.5, maximum: 1.5 }
                      amount: { type: decimal, minimum: 0, maximum: 18446744073709551616 }
                      code: { type: string, pattern: "[0-9]{3}" }
                      anchored: { type: string, pattern: "^[a-z]+$" }
                """)
        }

        @Test(arguments: ["ab", "abc", "👍👍👍", "e\u{301}", "日本語", "\u{1F1E9}\u{1F1EA}"])
        func lengthsWithinBoundsAreAccepted(name: String) {
            #expect(mapper.errors("{\"name\": \(JSONWriter.quote(name))}", as: "C") == [])
        }

        @Test func lengthsCountUnicodeScalars() {
            // "é" precomposed is one scalar; "👍👍👍👍" is four, though eight UTF-16 units.
            #expect(
                mapper.errors(#"{"name": "\u00e9"}"#, as: "C") == [
                    #"error: /name (C.name): expected at least 2 characters, found 1 in "é" [test.yaml:5:7]"#
                ])
            #expect(
                mapper.errors(#"{"name": "👍👍👍👍"}"#, as: "C") == [
                    #"error: /name (C.name): expected at most 3 characters, found 4 in "👍👍👍👍" [test.yaml:5:7]"#
                ])
        }

        @Test func collectionLengthsCountElements() {
            #expect(
                mapper.errors(#"{"tags": []}"#, as: "C") == [
                    "error: /tags (C.tags): expected at least 1 element, found 0 in [] [test.yaml:6:7]"
                ])
            #expect(
                mapper.errors(#"{"tags": ["a", null, "c"]}"#, as: "C") == [
                    #"error: /tags (C.tags): expected at most 2 elements, found 3 in ["a",null,"c"] [test.yaml:6:7]"#
                ])
            #expect(
                mapper.errors(#"{"scores": {"a": 1, "b": 2}}"#, as: "C") == [
                    #"error: /scores (C.scores): expected at most 1 element, found 2 in {"a":1,"b":2} [test.yaml:7:7]"#
                ])
            #expect(mapper.errors(#"{"tags": ["a"], "scores": {"a": 1}}"#, as: "C") == [])
        }

        @Test func boundsAreInclusive() {
            #expect(mapper.errors(#"{"n": 1, "x": -1.5, "amount": 0}"#, as: "C") == [])
            #expect(mapper.errors(#"{"n": 10, "x": 1.5, "amount": 18446744073709551616.000}"#, as: "C") == [])
            #expect(
                mapper.errors(#"{"n": 0, "x": 1.5000001, "amount": -0.01}"#, as: "C") == [
                    "error: /n (C.n): expected a number of at least 1, found 0 [test.yaml:8:7]",
                    "error: /x (C.x): expected a number of at most 1.5, found 1.5000001 [test.yaml:9:7]",
                    "error: /amount (C.amount): expected a number of at least 0, found -0.01 [test.yaml:10:7]",
                ])
        }

        @Test func decimalBoundsAreExactBeyondDoubles() {
            // 2^64 + 1 rounds to 2^64 as a double; compared exactly it is above the maximum.
            #expect(
                mapper.errors(#"{"amount": 18446744073709551617}"#, as: "C") == [
                    "error: /amount (C.amount): expected a number of at most 18446744073709551616, found 18446744073709551617 [test.yaml:10:7]"
                ])
            #expect(mapper.errors(#"{"amount": 18446744073709551616.0000000001}"#, as: "C").count == 1)
        }

        @Test func patternsAreUnanchored() {
            #expect(mapper.errors(#"{"code": "ab123cd", "anchored": "abc"}"#, as: "C") == [])
            #expect(
                mapper.errors(#"{"code": "12x3", "anchored": "abc1"}"#, as: "C") == [
                    #"error: /code (C.code): expected a string matching /[0-9]{3}/, found "12x3" [test.yaml:11:7]"#,
                    #"error: /anchored (C.anchored): expected a string matching /^[a-z]+$/, found "abc1" [test.yaml:12:7]"#,
                ])
        }

        @Test func nullSkipsConstraints() {
            #expect(mapper.errors(#"{"name": null, "n": null, "code": null, "tags": null}"#, as: "C") == [])
        }

        @Test func constraintsApplyToCanonicalInput() {
            #expect(
                mapper.canonicalErrors(#"{"name": "a", "n": 11}"#, as: "C") == [
                    #"error: /name (C.name): expected at least 2 characters, found 1 in "a" [test.yaml:5:7]"#,
                    "error: /n (C.n): expected a number of at most 10, found 11 [test.yaml:8:7]",
                ])
        }
    }
}
