import Testing

@testable import MapperJSON

/// `JSONDocument.byteRanges(of:in:)`: where the value a JSON pointer names sits in the text, as an
/// editor highlights it.
struct JSONLocateTests {
    /// The text each pointer's range covers.
    static func located(_ pointers: [String], in text: String) throws -> [String] {
        let bytes = Array(text.utf8)
        let ranges = try #require(JSONDocument.byteRanges(of: pointers, in: bytes))
        return ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    @Test func valuesAreFoundWithTheirQuotesAndBrackets() throws {
        let text = #"{"a": {"b": [10, "x\"y", null, {"c": true}]}, "é": -2.5e3}"#
        #expect(
            try Self.located(["", "/a", "/a/b", "/a/b/0", "/a/b/1", "/a/b/2", "/a/b/3/c", "/é"], in: text) == [
                text, #"{"b": [10, "x\"y", null, {"c": true}]}"#, #"[10, "x\"y", null, {"c": true}]"#, "10", #""x\"y""#, "null", "true",
                "-2.5e3",
            ])
    }

    @Test func pointerTokensAreUnescaped() throws {
        #expect(try Self.located(["/a~1b", "/m~0n", "/"], in: #"{"a/b": 1, "m~n": 2, "": 3}"#) == ["1", "2", "3"])
    }

    @Test func whatIsMissingPointsAtWhatIsInTheWay() throws {
        let text = #"{"a": [1, {"b": 2}], "s": "x"}"#
        // A missing member, an element past the end, an index written "01", two steps too far.
        #expect(try Self.located(["/z", "/a/5", "/a/01", "/a/1/c/d"], in: text) == ["{", "[", "[", "{"])
        // A step into a scalar: the scalar is in the way.
        #expect(try Self.located(["/s/0", "/a/0/x"], in: text) == [#""x""#, "1"])
    }

    @Test func textThatIsNotJSONHasNoRanges() {
        #expect(JSONDocument.byteRanges(of: [""], in: Array(#"{"a": }"#.utf8)) == nil)
    }
}
