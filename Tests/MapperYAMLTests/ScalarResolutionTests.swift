import Testing
@testable import MapperYAML

/// Plain scalars resolve by the YAML 1.2 core schema (SPEC §2), not by YAML 1.1 as libyaml's users
/// usually do: `yes`/`no`/`on`/`off` stay strings.
struct ScalarResolutionTests {
    /// The scalar under `value:` in a one-line document.
    func scalar(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Scalar {
        let node = try root("value: \(text)\n", sourceLocation: sourceLocation)["value"]
        return try #require(node?.scalar, sourceLocation: sourceLocation)
    }

    @Test(arguments: ["null", "Null", "NULL", "~", ""])
    func nullSpellings(text: String) throws {
        let scalar = try scalar(text)
        #expect(scalar.kind == .null)
        #expect(scalar.text == text)
    }

    @Test(arguments: ["nULL", "nil", "None", "NULl"])
    func otherNullLookalikesAreStrings(text: String) throws {
        #expect(try scalar(text) == Scalar(text: text, kind: .string, style: .plain))
    }

    @Test(arguments: [
        ("true", true), ("True", true), ("TRUE", true), ("tRuE", true),
        ("false", false), ("False", false), ("FALSE", false), ("fAlSe", false),
    ])
    func booleansInAnyCase(text: String, value: Bool) throws {
        let scalar = try scalar(text)
        #expect(scalar.kind == .bool)
        #expect(scalar.bool == value)
    }

    @Test(arguments: ["yes", "no", "on", "off", "y", "n", "Yes", "NO", "On", "OFF", "Y", "N"])
    func yaml11BooleansAreStrings(text: String) throws {
        let scalar = try scalar(text)
        #expect(scalar == Scalar(text: text, kind: .string, style: .plain))
        #expect(scalar.bool == nil)
    }

    @Test(arguments: [
        ("12", 12), ("+12", 12), ("-3", -3), ("0", 0), ("-0", 0), ("012", 12),
        ("0x1F", 31), ("0xff", 255), ("0o17", 15), ("0o0", 0),
        ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min),
        ("0x7FFFFFFFFFFFFFFF", Int64.max),
    ])
    func integers(text: String, value: Int64) throws {
        let scalar = try scalar(text)
        #expect(scalar.kind == .int)
        #expect(scalar.int == value)
        #expect(scalar.double == Double(value))
    }

    @Test(arguments: [
        "9223372036854775808", "-9223372036854775809", "123456789012345678901234567890",
        "0x10000000000000000", "0o7777777777777777777777",
    ])
    func integersBeyondInt64KeepTheirKind(text: String) throws {
        let scalar = try scalar(text)
        #expect(scalar.kind == .int)
        #expect(scalar.int == nil)
        #expect(scalar.text == text)
    }

    @Test func hugeDecimalIntegerStillHasADoubleValue() throws {
        #expect(try scalar("123456789012345678901234567890").double == 1.2345678901234568e29)
    }

    @Test(arguments: [
        ("1.5", 1.5), (".5", 0.5), ("+.5", 0.5), ("-.5", -0.5), ("1.", 1.0), ("1e3", 1000.0),
        ("1E+2", 100.0), ("-1.5E-3", -0.0015), ("2.5e-1", 0.25), ("0.0", 0.0),
    ])
    func floats(text: String, value: Double) throws {
        let scalar = try scalar(text)
        #expect(scalar.kind == .float)
        #expect(scalar.double == value)
        #expect(scalar.int == nil)
    }

    @Test(arguments: [
        (".inf", Double.infinity), (".Inf", .infinity), (".INF", .infinity), ("+.inf", .infinity),
        ("-.inf", -.infinity), ("-.Inf", -.infinity), ("-.INF", -.infinity),
    ])
    func infinities(text: String, value: Double) throws {
        let scalar = try scalar(text)
        #expect(scalar.kind == .float)
        #expect(scalar.double == value)
    }

    @Test(arguments: [".nan", ".NaN", ".NAN"])
    func notANumber(text: String) throws {
        let scalar = try scalar(text)
        #expect(scalar.kind == .float)
        #expect(try #require(scalar.double).isNaN)
    }

    @Test(arguments: [
        "1.2.3", "0x", "0o", "0x1G", "0o8", "12abc", "+0x1", "-0x1", "1_000", "0b101", "1e", "1e+",
        ".", "+", "-.nan", "+.nan", ".infinity", "inf", "NaN", "1,5", "12 monkeys", "0x1F.5",
    ])
    func numberLookalikesAreStrings(text: String) throws {
        #expect(try scalar(text) == Scalar(text: text, kind: .string, style: .plain))
    }

    @Test(arguments: [
        ("'12'", "12", Scalar.Style.singleQuoted), ("\"true\"", "true", .doubleQuoted),
        ("'null'", "null", .singleQuoted), ("\"~\"", "~", .doubleQuoted), ("''", "", .singleQuoted),
        ("\"0x1F\"", "0x1F", .doubleQuoted), ("'.inf'", ".inf", .singleQuoted),
    ])
    func quotedScalarsAreStrings(text: String, value: String, style: Scalar.Style) throws {
        #expect(try scalar(text) == Scalar(text: value, kind: .string, style: style))
    }

    @Test func blockScalarsAreStrings() throws {
        let node = try root("literal: |\n  12\nfolded: >\n  true\n  false\n")
        #expect(node["literal"]?.scalar == Scalar(text: "12\n", kind: .string, style: .literal))
        #expect(node["folded"]?.scalar == Scalar(text: "true false\n", kind: .string, style: .folded))
    }

    @Test(arguments: [
        ("!!str 12", Scalar(text: "12", kind: .string, style: .plain)),
        ("!!str", Scalar(text: "", kind: .string, style: .plain)),
        ("!!int \"12\"", Scalar(text: "12", kind: .int, style: .doubleQuoted)),
        ("!!int 0x1F", Scalar(text: "0x1F", kind: .int, style: .plain)),
        ("!!float 1", Scalar(text: "1", kind: .float, style: .plain)),
        ("!!float '1.5'", Scalar(text: "1.5", kind: .float, style: .singleQuoted)),
        ("!!bool true", Scalar(text: "true", kind: .bool, style: .plain)),
        ("!!bool \"False\"", Scalar(text: "False", kind: .bool, style: .doubleQuoted)),
        ("!!null ~", Scalar(text: "~", kind: .null, style: .plain)),
        ("!!null ''", Scalar(text: "", kind: .null, style: .singleQuoted)),
        ("! 12", Scalar(text: "12", kind: .string, style: .plain)),
        ("! true", Scalar(text: "true", kind: .string, style: .plain)),
        ("!<tag:yaml.org,2002:int> 7", Scalar(text: "7", kind: .int, style: .plain)),
    ])
    func explicitCoreTags(text: String, expected: Scalar) throws {
        #expect(try scalar(text) == expected)
    }

    @Test func floatTagGivesIntegerTextAFloatValue() throws {
        #expect(try scalar("!!float 1").double == 1.0)
    }

    @Test(arguments: [
        ("!!int abc", "abc", "!!int"), ("!!int 1.5", "1.5", "!!int"), ("!!float abc", "abc", "!!float"),
        ("!!bool yes", "yes", "!!bool"), ("!!null 0", "0", "!!null"), ("!!int 0x", "0x", "!!int"),
    ])
    func tagThatDoesNotFitItsText(text: String, value: String, tag: String) throws {
        let document = parse("value: \(text)\n")
        #expect(
            document.errors == [
                YAMLError(.invalidTaggedValue, "'\(value)' is not a valid \(tag) value", at: mark(1, 8))
            ])
        // The reader goes on with the text as a string, so later problems are reported too.
        #expect(document.root?["value"]?.scalar == Scalar(text: value, kind: .string, style: .plain))
    }

    @Test(arguments: [
        ("!foo x", "!foo"), ("!!binary aGk=", "!!binary"), ("!!timestamp 2001-12-14", "!!timestamp"),
        ("!<tag:example.com,2000:app/x> x", "tag:example.com,2000:app/x"),
    ])
    func unsupportedScalarTags(text: String, tag: String) throws {
        let document = parse("value: \(text)\n")
        #expect(
            document.errors == [
                YAMLError(
                    .unsupportedTag,
                    "unsupported tag '\(tag)'; only !!str, !!int, !!float, !!bool and !!null are understood",
                    at: mark(1, 8))
            ])
        #expect(document.root?["value"]?.scalar?.kind == .string)
    }

    @Test func tagHandlesAreResolvedBeforeTheyAreChecked() {
        let document = parse("%TAG !e! tag:example.com,2000:\n---\nvalue: !e!foo x\n")
        #expect(
            document.errors == [
                YAMLError(
                    .unsupportedTag,
                    "unsupported tag 'tag:example.com,2000:foo'; only !!str, !!int, !!float, !!bool and !!null are understood",
                    at: mark(3, 8))
            ])
    }

    @Test func collectionTags() throws {
        #expect(try plain("a: !!map {x: 1}\nb: !!seq [1]\nc: ! [2]\n") == ["a": ["x": 1], "b": [1], "c": [2]])
        let document = parse("a: !!seq {x: 1}\nb: !!str [1]\nc: !foo {}\n")
        #expect(
            document.errors == [
                YAMLError(.unsupportedTag, "unsupported tag '!!seq' on a mapping", at: mark(1, 4)),
                YAMLError(.unsupportedTag, "unsupported tag '!!str' on a sequence", at: mark(2, 4)),
                YAMLError(.unsupportedTag, "unsupported tag '!foo' on a mapping", at: mark(3, 4)),
            ])
    }

    @Test func escapesAreDecoded() throws {
        #expect(try scalar(#""tab\there\u00e9\x41 \"q\"""#).text == "tab\there\u{e9}A \"q\"")
        #expect(try scalar("'it''s'").text == "it's")
        #expect(try scalar("\"nul\\0byte\"").text == "nul\0byte")
    }
}
