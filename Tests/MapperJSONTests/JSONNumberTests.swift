import Testing

@testable import MapperJSON

struct JSONNumberTests {
    @Test(arguments: ["0", "-0", "5", "-12", "1.5", "0.001", "1e3", "1E+3", "2.5e-3", "18446744073709551616"])
    func acceptsJSONNumbers(_ text: String) {
        #expect(JSONNumber(text) != nil)
    }

    @Test(arguments: ["", "-", "01", "1.", ".5", "+1", "1e", "1e+", "0x10", "NaN", "Infinity", "1 ", "--1"])
    func rejectsWhatJSONRejects(_ text: String) {
        #expect(JSONNumber(text) == nil)
    }

    @Test func equalityIsByValue() throws {
        let one = try #require(JSONNumber("1"))
        #expect(one == JSONNumber("1.0"))
        #expect(one == JSONNumber("10e-1"))
        #expect(one == JSONNumber("0.1e1"))
        #expect(one != JSONNumber("1.0000000000000000000001"))
        #expect(JSONNumber("0") == JSONNumber("-0.0"))
        #expect(Set([one, JSONNumber("1.00")!, JSONNumber("100e-2")!]).count == 1)
    }

    @Test func integersAreExact() {
        #expect(JSONNumber("9223372036854775807")?.int64 == .max)
        #expect(JSONNumber("-9223372036854775808")?.int64 == .min)
        #expect(JSONNumber("9223372036854775808")?.int64 == nil)
        #expect(JSONNumber("5e2")?.int64 == 500)
        #expect(JSONNumber("5.0")?.int64 == 5)
        #expect(JSONNumber("5.5")?.int64 == nil)
        #expect(JSONNumber("1e400")?.int64 == nil)
        // 2^53 + 1 is not representable as a Double, yet stays exact here.
        #expect(JSONNumber("9007199254740993")?.int64 == 9_007_199_254_740_993)
    }

    @Test func comparisonIsExact() throws {
        func compare(_ a: String, _ b: String) throws -> Int {
            JSONNumber.compare(try #require(JSONNumber(a)), try #require(JSONNumber(b)))
        }
        #expect(try compare("1", "2") == -1)
        #expect(try compare("-1", "-2") == 1)
        #expect(try compare("10", "9.99") == 1)
        #expect(try compare("0.1", "0.10") == 0)
        #expect(try compare("-0.5", "0") == -1)
        #expect(try compare("18446744073709551617", "18446744073709551616") == 1)
        #expect(try compare("1e-400", "0") == 1)
    }

    @Test func objectsCompareWithoutOrder() {
        let a: JSONValue = ["a": 1, "b": [true, nil]]
        let b: JSONValue = ["b": [true, nil], "a": .number(JSONNumber("1.0")!)]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != ["a": 1, "b": [true]])
    }

    @Test func writerKeepsDigitsAndOrder() {
        let value: JSONValue = [
            "z": .number(JSONNumber("18446744073709551616.50")!), "a": "tab\tquote\"\u{01}", "list": [1, nil, false],
        ]
        #expect(JSONWriter.write(value) == #"{"z":18446744073709551616.50,"a":"tab\tquote\"\u0001","list":[1,null,false]}"#)
        #expect(JSONWriter.write(["a": [1]], pretty: true) == "{\n  \"a\": [\n    1\n  ]\n}")
    }
}
