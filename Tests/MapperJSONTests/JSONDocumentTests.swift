import Testing

@testable import MapperJSON

/// The accessors the mapping engine reads the tape with.
struct JSONDocumentTests {
    @Test func stringsAreUnescaped() throws {
        try JSONTestSupport.withDocument(#"["a\nb\u00e9\uD83D\uDE00\/\"\\\t\u0000", "plain é", ""]"#) { document in
            #expect(document.string(at: 1) == "a\nbé😀/\"\\\t\u{0}")
            #expect(document.string(at: 2) == "plain é")
            #expect(document.string(at: 3) == "")
            #expect(document.withStringBytes(at: 1) { Array($0) } == Array("a\nbé😀/\"\\\t\u{0}".utf8))
        }
    }

    @Test func unescapedStringBytesAreTheInputItself() throws {
        let bytes = Array(#"{"url":"https://example.com/x"}"#.utf8)
        try bytes.withUnsafeBytes { buffer in
            var tape = JSONTape()
            try JSONTokenizer.tokenize(buffer, into: &tape)
            JSONDocument.with(bytes: buffer, tape: tape) { document in
                document.withStringBytes(at: 2) { content in
                    #expect(content.baseAddress == buffer.baseAddress! + 8)
                    #expect(content.count == 21)
                }
            }
        }
    }

    @Test func keysCompareAfterUnescaping() throws {
        try JSONTestSupport.withDocument(#"{"id":1,"\u0069d2":2,"":3}"#) { document in
            let keys = document.members(ofObjectAt: 0).map(\.key)
            #expect(document.keyEquals(at: keys[0], "id"))
            #expect(!document.keyEquals(at: keys[0], "i"))
            #expect(!document.keyEquals(at: keys[0], "idx"))
            #expect(document.keyEquals(at: keys[1], "id2"))
            #expect(document.keyEquals(at: keys[1], Array("id2".utf8)))
            #expect(!document.keyEquals(at: keys[1], "id3"))
            #expect(document.keyEquals(at: keys[2], ""))
            #expect(!document.keyEquals(at: keys[2], "a"))
        }
    }

    @Test func containersIterateInOrder() throws {
        try JSONTestSupport.withDocument(#"{"a":[10,[20,21],{"x":30}],"b":null,"c":{}}"#) { document in
            let members = Array(document.members(ofObjectAt: 0))
            #expect(members.map { document.string(at: $0.key) } == ["a", "b", "c"])
            #expect(document.count(at: 0) == 3)
            let array = members[0].value
            let elements = Array(document.elements(ofArrayAt: array))
            #expect(elements.map { document.kind(at: $0) } == [.number, .array, .object])
            #expect(document.count(at: array) == 3)
            #expect(document.elements(ofArrayAt: elements[1]).map { document.int64(at: $0) } == [20, 21])
            #expect(document.kind(at: members[1].value) == .null)
            #expect(Array(document.members(ofObjectAt: members[2].value)).isEmpty)
            #expect(document.next(after: array) == members[1].key)
        }
    }

    @Test func keyPathsFollowObjects() throws {
        try JSONTestSupport.withDocument(#"{"user":{"login":"octocat","site":{"admin":false}},"list":[1]}"#) { document in
            let login = try #require(document.value(at: ["user", "login"], inObjectAt: 0))
            #expect(document.string(at: login) == "octocat")
            let admin = try #require(document.value(at: ["user", "site", "admin"], inObjectAt: 0))
            #expect(document.kind(at: admin) == .false)
            #expect(document.value(at: ["user", "name"], inObjectAt: 0) == nil)
            #expect(document.value(at: ["list", "0"], inObjectAt: 0) == nil)
            #expect(document.value(at: [String](), inObjectAt: 0) == 0)
            #expect(document.member("list", ofObjectAt: 0).map { document.kind(at: $0) } == .array)
        }
    }

    @Test(
        arguments: [
            ("0", 0), ("-0", 0), ("42", 42), ("-7", -7), ("9223372036854775807", .max), ("-9223372036854775808", .min),
            ("9223372036854775808", nil), ("-9223372036854775809", nil), ("10000000000000000000", nil), ("5.0", nil), ("5e2", nil),
        ] as [(String, Int64?)])
    func int64IsExactForIntegerLiterals(_ text: String, _ expected: Int64?) throws {
        try JSONTestSupport.withDocument(text) { #expect($0.int64(at: 0) == expected) }
    }

    @Test(
        arguments: [
            ("5", 5), ("5.0", 5), ("5e2", 500), ("5E+2", 500), ("1.5e1", 15), ("-2.50e1", -25), ("1.25e1", nil), ("5.5", nil),
            ("0.0e99999", 0), ("-0.0", 0), ("1e18", 1_000_000_000_000_000_000), ("1e19", nil), ("100e-2", 1), ("1e-1", nil),
            ("-92233720368547758.08e2", .min), ("92233720368547758.08e2", nil), ("0.00000000000000000000000000001e29", 1),
            ("123456789012345678901234567890e-20", nil), ("1e99999999999999999999999", nil),
        ] as [(String, Int64?)])
    func integralInt64AcceptsWholeNumbersInAnyNotation(_ text: String, _ expected: Int64?) throws {
        try JSONTestSupport.withDocument(text) { #expect($0.integralInt64(at: 0) == expected) }
    }

    @Test(arguments: [
        "0.1", "-0.1", "1e400", "-1e400", "1e-400", "2.2250738585072011e-308", "2.2250738585072014e-308", "4.9e-324",
        "1.7976931348623157e308", "1.7976931348623158e308", "9007199254740993", "123456789012345678901234567890",
        "0.30000000000000004", "3.141592653589793238462643383279", "1e22", "1e23", "-12.5e-3", "0.000001", "7",
    ])
    func doublesRoundCorrectly(_ text: String) throws {
        try JSONTestSupport.withDocument(text) { document in
            let expected = Double(text)!
            let value = document.double(at: 0)
            #expect(value == expected && value.sign == expected.sign)
            #expect(document.finiteDouble(at: 0) == (expected.isFinite ? expected : nil))
        }
    }

    @Test func negativeZeroKeepsItsSign() throws {
        try JSONTestSupport.withDocument("[-0, -0.0, 0]") { document in
            #expect(document.double(at: 1).sign == .minus)
            #expect(document.double(at: 2).sign == .minus)
            #expect(document.double(at: 3).sign == .plus)
            #expect(document.numberText(at: 2) == "-0.0")
        }
    }

    @Test func jsonValueKeepsOrderAndDigits() throws {
        let text = #"{"z":18446744073709551616.50,"a":[true,null,"x"],"m":{"k":-0}}"#
        try JSONTestSupport.withDocument(text) { document in
            let value = document.jsonValue(at: 0)
            guard case .object(let object) = value else {
                Issue.record("expected an object")
                return
            }
            #expect(object.keys == ["z", "a", "m"])
            #expect(object["z"] == .number(JSONNumber("18446744073709551616.50")!))
            #expect(JSONWriter.write(value) == text)
            // A value inside the document.
            let inner = try #require(document.member("m", ofObjectAt: 0))
            #expect(document.jsonValue(at: inner) == ["k": .number(JSONNumber("-0")!)])
        }
    }

    @Test func writingAValueMakesItCanonicalAndCompact() throws {
        let text = " { \"a\" : \"\\u00e9\\/\\n\\u001F\\u0041\" ,\n \"b\" : [ 1 , 2.50 , true ] , \"c\" : { } } "
        try JSONTestSupport.withDocument(text) { document in
            var output = JSONOutput()
            document.write(valueAt: 0, to: &output)
            #expect(output.string == #"{"a":"é/\n\u001fA","b":[1,2.50,true],"c":{}}"#)
            output.reset()
            document.write(valueAt: 2, to: &output)
            document.writeString(at: 1, to: &output)
            #expect(output.string == #""é/\n\u001fA""a""#)
            output.reset()
            document.write(valueAt: 0, to: &output, limit: 10)
            #expect(output.string == #"{"a":"é/\n\u001fA""#)
            #expect(output.bytes.count < 40)
        }
    }

    @Test func quotedValuesAreShortForMessages() throws {
        let long = String(repeating: "x", count: 200)
        try JSONTestSupport.withDocument(#"["2012-13-45", 42, {"a": [1, 2]}, "\#(long)", null]"#) { document in
            let items = Array(document.elements(ofArrayAt: 0))
            #expect(document.quoted(at: items[0]) == #""2012-13-45""#)
            #expect(document.quoted(at: items[1]) == "42")
            #expect(document.quoted(at: items[2]) == #"{"a":[1,2]}"#)
            #expect(document.quoted(at: items[3]) == "\"" + String(repeating: "x", count: 76) + "...")
            #expect(document.quoted(at: items[4]) == "null")
        }
    }

    @Test func parsingConvenienceThrowsSyntaxErrors() throws {
        #expect(try JSONValue(parsing: #"{"a":[1,2]}"#) == ["a": [1, 2]])
        #expect(try JSONValue(parsing: Array(" true ".utf8)) == true)
        #expect(try JSONValue(parsing: "\"é\"".utf8) == "é")
        #expect(try JSONValue(parsing: ArraySlice(Array("[null]".utf8))[...]) == [nil])
        let error = #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: #"{"a":1,"a":2}"#) }
        #expect(error?.message == #"duplicate key "a" in object"#)
        #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: "") }
    }

    @Test func linesAndColumnsCountCharacters() {
        let bytes = Array("ab\r\ncé\nd😀x".utf8)
        bytes.withUnsafeBytes { buffer in
            func position(_ offset: Int) -> [Int] {
                let (line, column) = JSONTokenizer.lineAndColumn(ofOffset: offset, in: buffer)
                return [line, column]
            }
            #expect(position(0) == [1, 1])
            #expect(position(2) == [1, 3])  // the CR still belongs to line 1
            #expect(position(4) == [2, 1])
            #expect(position(5) == [2, 2])  // é
            #expect(position(7) == [2, 3])  // the LF after é: é is one column
            #expect(position(8) == [3, 1])
            #expect(position(13) == [3, 3])  // x after a 4-byte emoji
            #expect(position(bytes.count) == [3, 4])
        }
    }
}
