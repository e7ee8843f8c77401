import Foundation
import Testing

@testable import MapperJSON

/// The byte writer behind all JSON output: strings, integers, doubles (ECMAScript / RFC 8785 form).
struct JSONOutputTests {
    @Test(
        arguments: [
            (5.0, "5"), (-5.0, "-5"), (0.1, "0.1"), (0.1 + 0.2, "0.30000000000000004"), (1e21, "1e+21"), (1e20, "100000000000000000000"),
            (123456789012345680000.0, "123456789012345680000"), (1e-6, "0.000001"), (1e-7, "1e-7"), (-1e-7, "-1e-7"), (-0.0, "0"),
            (0.0, "0"), (.leastNonzeroMagnitude, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"),
            (1e16, "10000000000000000"),
            (9007199254740992.0, "9007199254740992"), (9007199254740994.0, "9007199254740994"), (123.456, "123.456"),
            (1.5e-10, "1.5e-10"), (4.35, "4.35"), (0.000001234, "0.000001234"), (2.5e-6, "0.0000025"), (1.2345e21, "1.2345e+21"),
            (1e300, "1e+300"), (2.2250738585072014e-308, "2.2250738585072014e-308"), (-1.5, "-1.5"), (100.0, "100"),
            (1e15 + 0.3, "1000000000000000.2"), (33.0 / 3, "11"), (1.0 / 3, "0.3333333333333333"), (-123e-20, "-1.23e-18"),
        ] as [(Double, String)])
    func doublesUseTheECMAScriptForm(_ value: Double, _ expected: String) {
        var output = JSONOutput()
        output.appendDouble(value)
        #expect(output.string == expected)
        #expect(JSONOutput.doubleText(value) == expected)
        #expect(Double(expected) == value)
    }

    @Test func doublesRoundTripWithTheFewestDigits() {
        var generator = JSONTestGenerator(seed: 99)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            let text = JSONOutput.doubleText(value)
            #expect(Double(text) == value, "\(text)")
            // Same significant digits as Swift's shortest representation.
            let digits = { (s: String) in
                String(s.split(separator: "e")[0].filter(\.isNumber).drop { $0 == "0" }.reversed().drop { $0 == "0" }.reversed())
            }
            #expect(digits(text) == digits(value.description), "\(value)")
            #expect(JSONNumber(text) != nil)
        }
    }

    @Test func nonFiniteDoublesAreNotWritable() async {
        await #expect(processExitsWith: .failure) {
            var output = JSONOutput()
            output.appendDouble(.infinity)
        }
    }

    @Test(arguments: [0, 7, -1, 42, -9, 1_000_000, .max, .min] as [Int64])
    func integersAreDecimal(_ value: Int64) {
        var output = JSONOutput()
        output.appendInt64(value)
        #expect(output.string == String(value))
    }

    @Test func stringsEscapeOnlyWhatJSONRequires() {
        var output = JSONOutput()
        output.appendString("\"\\\n\r\t\u{08}\u{0C}\u{01}\u{1F}\u{7F}/é😀")
        #expect(output.string == #""\"\\\n\r\t\b\f\u0001\u001f"# + "\u{7F}/é😀\"")
        output.reset()
        output.appendString("")
        #expect(output.bytes == [0x22, 0x22])
    }

    @Test func escapesLandRightAtEveryPosition() throws {
        // Escapes before, across and after 8-byte word boundaries.
        for length in 0..<40 {
            for position in 0..<max(length, 1) {
                var text = String(repeating: "a", count: length)
                if length > 0 {
                    text = String(text.prefix(position)) + "\"" + String(text.dropFirst(position + 1))
                }
                var output = JSONOutput()
                output.appendString(text)
                #expect(try JSONValue(parsing: output.bytes) == .string(text))
                #expect(output.bytes.count == text.utf8.count + 2 + (length > 0 ? 1 : 0))
            }
        }
    }

    @Test func rawTextAndBytesAppendAsTheyAre() {
        var output = JSONOutput(capacity: 16)
        output.append(UInt8(ascii: "["))
        output.append(contentsOf: "1.50")
        output.append(UInt8(ascii: ","))
        output.append(contentsOf: Array("null".utf8))
        output.append(UInt8(ascii: ","))
        output.append(.object(JSONObject([.init(key: "k", value: [true])])))
        output.append(UInt8(ascii: "]"))
        #expect(output.string == #"[1.50,null,{"k":[true]}]"#)
        let capacity = output.capacity
        output.reset()
        #expect(output.count == 0 && output.bytes.isEmpty && output.capacity == capacity)
    }

    @Test func writerFormatsCompactAndPretty() {
        let value: JSONValue = ["a": [1, nil, ["b": "c"]], "e": [:], "f": []]
        #expect(JSONWriter.write(value) == #"{"a":[1,null,{"b":"c"}],"e":{},"f":[]}"#)
        #expect(
            JSONWriter.write(value, pretty: true) == """
                {
                  "a": [
                    1,
                    null,
                    {
                      "b": "c"
                    }
                  ],
                  "e": {},
                  "f": []
                }
                """)
        #expect(JSONWriter.quote("a\"b\u{0}") == #""a\"b\u0000""#)
    }

    /// The bytes catalogs keep for each member key are the quoted string (`"` and `\` escaped,
    /// control characters too) and the suffix: Foundation's JSON decoder reads the string back.
    @Test(arguments: ["", "id", "html_url", "a long property name, well past sixteen bytes", "é😀", "quote\"back\\slash", "\u{1}tab\t"])
    func quotedBytesAreTheQuotedString(_ text: String) throws {
        let key = JSONWriter.quotedBytes(text, then: UInt8(ascii: ":"))
        #expect(key.last == UInt8(ascii: ":"))
        let quoted = Array(key.dropLast())
        #expect(try JSONDecoder().decode(String.self, from: Data(quoted)) == text)
        #expect(JSONWriter.quotedBytes(text) == quoted)
    }
}
