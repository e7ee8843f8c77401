import Testing

@testable import MapperJSON

/// SPEC §3's input rules, each with its exact message and location.
struct JSONTokenizerErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var input: [UInt8]
        var message: String
        var offset: Int
        var line = 1
        var column: Int
        var pointer = ""

        init(_ input: String, _ message: String, offset: Int, line: Int = 1, column: Int, pointer: String = "") {
            self.init(bytes: Array(input.utf8), message, offset: offset, line: line, column: column, pointer: pointer)
        }

        init(bytes: [UInt8], _ message: String, offset: Int, line: Int = 1, column: Int, pointer: String = "") {
            self.input = bytes
            self.message = message
            self.offset = offset
            self.line = line
            self.column = column
            self.pointer = pointer
        }

        var testDescription: String { message }
    }

    static let cases: [Case] = [
        // Duplicate keys, compared after unescaping; the pointer names the repeated member.
        Case(#"{"a":1,"\u0061":2}"#, #"duplicate key "a" in object"#, offset: 7, column: 8, pointer: "/a"),
        Case(
            #"{"user":{"login":"x","id":1,"login":"y"}}"#, #"duplicate key "login" in object"#, offset: 28, column: 29,
            pointer: "/user/login"),
        Case(#"{"\u0061b":1,"a\u0062":2}"#, #"duplicate key "ab" in object"#, offset: 13, column: 14, pointer: "/ab"),
        Case(#"[{"a":1},{"a":1,"a":2}]"#, #"duplicate key "a" in object"#, offset: 16, column: 17, pointer: "/1/a"),
        // Not JSON numbers.
        Case(#"{"a":NaN}"#, "NaN is not a JSON value", offset: 5, column: 6, pointer: "/a"),
        Case("[Infinity]", "Infinity is not a JSON value", offset: 1, column: 2, pointer: "/0"),
        Case("-Infinity", "-Infinity is not a JSON value", offset: 0, column: 1),
        Case("[1, 01]", "leading zeros are not allowed in numbers", offset: 4, column: 5, pointer: "/1"),
        Case("-01", "leading zeros are not allowed in numbers", offset: 0, column: 1),
        Case("[1.]", "expected a digit after the decimal point, found character ']'", offset: 3, column: 4, pointer: "/0"),
        Case("[1e+]", "expected a digit in the exponent, found character ']'", offset: 4, column: 5, pointer: "/0"),
        Case("1.", "unexpected end of input", offset: 2, column: 3),
        Case(".5", "a number cannot start with '.'", offset: 0, column: 1),
        Case("[+1]", "a number cannot start with '+'", offset: 1, column: 2, pointer: "/0"),
        Case("0x1F", "hexadecimal numbers are not allowed in JSON", offset: 0, column: 1),
        Case("[-]", "expected a digit after '-', found character ']'", offset: 2, column: 3, pointer: "/0"),
        // Surrogate escapes must pair up.
        Case(#"["\uD800"]"#, #"lone surrogate \uD800"#, offset: 2, column: 3, pointer: "/0"),
        Case(#"["\uDC00\uD800"]"#, #"lone surrogate \uDC00"#, offset: 2, column: 3, pointer: "/0"),
        Case(#"{"k":"ab\ud83dx"}"#, #"lone surrogate \uD83D"#, offset: 8, column: 9, pointer: "/k"),
        Case(#""\uD800\u0041""#, #"lone surrogate \uD800"#, offset: 1, column: 2),
        // Strings.
        Case("[\"a\tb\"]", "control character U+0009 must be escaped in strings", offset: 3, column: 4, pointer: "/0"),
        Case("\"a\u{0}\"", "control character U+0000 must be escaped in strings", offset: 2, column: 3),
        Case(#"["\x"]"#, #"invalid escape sequence '\x' in string"#, offset: 2, column: 3, pointer: "/0"),
        Case(#"["\u12"]"#, #"invalid \u escape: expected 4 hexadecimal digits"#, offset: 2, column: 3, pointer: "/0"),
        Case(#"["abc"#, "unexpected end of input", offset: 5, column: 6, pointer: "/0"),
        // UTF-8 only.
        Case(bytes: [0x22, 0xFF, 0x22], "invalid UTF-8 byte 0xFF", offset: 1, column: 2),
        Case(bytes: [0x22, 0x80, 0x22], "invalid UTF-8 byte 0x80", offset: 1, column: 2),
        Case(bytes: [0x22, 0xC0, 0xAF, 0x22], "overlong UTF-8 encoding starting with byte 0xC0", offset: 1, column: 2),
        Case(bytes: [0x22, 0xE0, 0x80, 0xAF, 0x22], "overlong UTF-8 encoding (bytes 0xE0 0x80)", offset: 1, column: 2),
        Case(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], "surrogate encoded in UTF-8 (bytes 0xED 0xA0)", offset: 1, column: 2),
        Case(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "UTF-8 sequence above U+10FFFF (bytes 0xF4 0x90)", offset: 1, column: 2),
        Case(
            bytes: [0x5B, 0x22, 0xE2, 0x82, 0x22, 0x5D], "incomplete UTF-8 sequence starting with byte 0xE2", offset: 2, column: 3,
            pointer: "/0"),
        Case(bytes: [0xEF, 0xBB, 0xBF, 0x7B, 0x7D], "a UTF-8 byte order mark is not allowed at the start of JSON", offset: 0, column: 1),
        Case(bytes: [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], "JSON must be UTF-8, found a UTF-16 byte order mark", offset: 0, column: 1),
        // Whitespace is space, tab, CR and LF only.
        Case("[\u{0C}1]", "unexpected control character U+000C", offset: 1, column: 2, pointer: "/0"),
        Case("[\u{A0}1]", "unexpected character '\u{A0}'", offset: 1, column: 2, pointer: "/0"),
        // Literals.
        Case("[tru]", #"invalid literal "tru", expected true, false or null"#, offset: 1, column: 2, pointer: "/0"),
        Case(#"{"ok":True}"#, #"invalid literal "True", expected true, false or null"#, offset: 6, column: 7, pointer: "/ok"),
        Case("nul", "unexpected end of input", offset: 3, column: 4),
        // Structure.
        Case("", "unexpected end of input", offset: 0, column: 1),
        Case(" \n ", "unexpected end of input", offset: 3, line: 2, column: 2),
        Case("{} {}", "unexpected data after the JSON value", offset: 3, column: 4),
        Case("[1,]", "trailing commas are not allowed in arrays", offset: 3, column: 4),
        Case(#"{"a":1,}"#, "trailing commas are not allowed in objects", offset: 7, column: 8),
        Case(#"{"a" 1}"#, "expected ':' after object key, found character '1'", offset: 5, column: 6),
        Case("{1:2}", "expected a string key in object, found character '1'", offset: 1, column: 2),
        Case("[1 2]", "expected ',' or ']' after array element, found character '2'", offset: 3, column: 4),
        Case(#"{"a":1 "b":2}"#, #"expected ',' or '}' after object member, found character '"'"#, offset: 7, column: 8),
        Case(#"{"a":{"b":[1,"#, "unexpected end of input", offset: 13, column: 14, pointer: "/a/b/1"),
        // Pointers escape `~` and `/` (RFC 6901).
        Case(
            #"{"a":[{"b~/c":[1,2,tru]}]}"#, #"invalid literal "tru", expected true, false or null"#, offset: 19, column: 20,
            pointer: "/a/0/b~0~1c/2"),
        // Lines count LF only (CRLF once); columns count characters.
        Case("[\n  1,\n  x\n]", #"invalid literal "x", expected true, false or null"#, offset: 9, line: 3, column: 3, pointer: "/1"),
        Case("[\r\n1,\r\nx]", #"invalid literal "x", expected true, false or null"#, offset: 7, line: 3, column: 1, pointer: "/1"),
        Case(#"["é", x]"#, #"invalid literal "x", expected true, false or null"#, offset: 7, column: 7, pointer: "/1"),
        Case(
            "{\"日本\":\n \"😀\" x}", "expected ',' or '}' after object member, found character 'x'", offset: 19, line: 2,
            column: 6),
    ]

    @Test(arguments: cases)
    func reportsTheRule(_ expected: Case) throws {
        let error = try #require(JSONTestSupport.syntaxError(expected.input))
        #expect(error.message == expected.message)
        #expect(error.offset == expected.offset)
        #expect(error.line == expected.line)
        #expect(error.column == expected.column)
        #expect(error.pointer == expected.pointer)
    }

    @Test func describesLocationThenMessage() throws {
        let error = try #require(JSONTestSupport.syntaxError("{\n  \"a\": 1,\n  \"b\": x\n}"))
        #expect(error.description == #"line 3, column 8 (byte 19): invalid literal "x", expected true, false or null"#)
        #expect(error.pointer == "/b")
    }

    @Test func nestingBeyondTheLimitIsAnError() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(JSONTestSupport.syntaxError(deep))
        #expect(error.message == "nesting deeper than 512 levels")
        #expect(error.offset == 512)
        #expect(error.pointer == String(repeating: "/0", count: 512))
        // 512 levels are fine.
        #expect(JSONTestSupport.syntaxError(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)) == nil)
        let objects = String(repeating: #"{"a":"#, count: 513) + "1" + String(repeating: "}", count: 513)
        #expect(JSONTestSupport.syntaxError(objects)?.message == "nesting deeper than 512 levels")
        let custom = try #require(JSONTestSupport.syntaxError("[[[[]]]]", maxDepth: 3))
        #expect(custom.message == "nesting deeper than 3 levels")
        #expect(custom.offset == 3)
    }

    @Test func deepNestingWithinARaisedLimitIsIterative() throws {
        let depth = 100_000
        let deep = Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
        try JSONTestSupport.withDocument(deep, maxDepth: depth) { document in
            #expect(document.entries.count == depth)
            for index in 0..<depth {
                let entry = document[index]
                #expect(entry.kind == .array && Int(entry.next) == depth && Int(entry.count) == (index == depth - 1 ? 0 : 1))
                #expect(Int(entry.length) == 2 * (depth - index))
            }
            var output = JSONOutput()
            document.write(valueAt: 0, to: &output)
            #expect(output.bytes == deep)
        }
    }

    @Test func documentsOver4GiBAreRefused() throws {
        // A bogus length is enough: the size is checked before any byte is read.
        let byte: [UInt8] = [0x30]
        let error = byte.withUnsafeBytes { buffer in
            var tape = JSONTape()
            let huge = UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(UInt32.max) + 1)
            do throws(JSONSyntaxError) {
                try JSONTokenizer.tokenize(huge, into: &tape)
                return nil as JSONSyntaxError?
            } catch {
                return error
            }
        }
        #expect(error?.message == "JSON input of 4294967296 bytes is larger than the 4 GiB limit")
    }

    @Test func theTapeIsEmptyAfterAnError() throws {
        var tape = JSONTape()
        let good = Array(#"{"a":[1,2,3]}"#.utf8)
        let bad = Array(#"{"a":[1,2,x]}"#.utf8)
        try good.withUnsafeBytes { try JSONTokenizer.tokenize($0, into: &tape) }
        #expect(tape.entries.count == 6)
        #expect(throws: JSONSyntaxError.self) { try bad.withUnsafeBytes { try JSONTokenizer.tokenize($0, into: &tape) } }
        #expect(tape.entries.isEmpty)
    }
}
