import Testing

@testable import MapperKit

extension RuntimeTests {
    /// SPEC §5: case names in canonical JSON, JSON values compared by JSON equality on decode,
    /// aliases decode but are never encoded, `default` for unknown values, errors listing the values.
    struct EnumTests {
        let mapper: Mapper

        init() throws {
            mapper = try Mapper(
                """
                mapper: 1
                enums:
                  State:
                    cases:
                      open: open
                      closed: { json: closed, aliases: [resolved, 0] }
                  Sign:
                    cases:
                      negative: -1
                      zero: [zero]
                      positive: 1
                      pair: [1, 2.5]
                      shape: { json: { kind: square } }
                      other: default
                    default: other
                  Level: { cases: { low: 1, high: 2 } }
                models:
                  E:
                    properties:
                      state: State
                      sign: Sign
                      level: Level
                      states: "[State]"
                """)
        }

        @Test func jsonValuesDecodeToCaseNames() throws {
            #expect(
                try mapper.canonical(#"{"state":"open","sign":-1,"level":2,"states":["closed",null,"open"]}"#, as: "E")
                    == #"{"state":"open","sign":"negative","level":"high","states":["closed",null,"open"]}"#)
        }

        @Test(arguments: [
            ("1", "positive"), ("1.0", "positive"), ("1e0", "positive"), ("0.1e1", "positive"), ("-1.00", "negative"),
            (#"["zero"]"#, "zero"), ("[1,2.5]", "pair"), ("[1.0,2.50]", "pair"), ("[1e0,25e-1]", "pair"),
            (#"{"kind":"square"}"#, "shape"), (#""default""#, "other"),
        ])
        func valuesCompareByJSONEquality(json: String, caseName: String) throws {
            #expect(try mapper.canonical("{\"sign\":\(json)}", as: "E") == "{\"sign\":\"\(caseName)\"}")
        }

        /// `null` is the absence of a value, not a case's JSON value: it stays null.
        @Test func nullStaysNull() throws {
            #expect(try mapper.canonical(#"{"sign":null,"state":null}"#, as: "E") == #"{"state":null,"sign":null}"#)
        }

        @Test(arguments: [#""positive""#, "2", "[1]", "[2.5,1]", #"{"kind":"circle"}"#, "true", #""Default""#])
        func unknownValuesUseTheDefault(json: String) throws {
            #expect(try mapper.canonical("{\"sign\":\(json)}", as: "E") == #"{"sign":"other"}"#)
        }

        @Test func aliasesDecodeButAreNeverEncoded() throws {
            #expect(
                try mapper.canonical(#"{"state":"resolved","states":[0,"closed"]}"#, as: "E")
                    == #"{"state":"closed","states":["closed","closed"]}"#)
            #expect(try mapper.roundTrip(#"{"state":"resolved","states":[0]}"#, as: "E") == #"{"state":"closed","states":["closed"]}"#)
        }

        @Test func encodeWritesEachCasesJSONValue() throws {
            #expect(try mapper.encode(#"{"sign":"pair","level":"low"}"#, as: "E") == #"{"sign":[1,2.5],"level":1}"#)
            #expect(try mapper.encode(#"{"sign":"shape"}"#, as: "E") == #"{"sign":{"kind":"square"}}"#)
            #expect(try mapper.encode(#"{"sign":"zero"}"#, as: "E") == #"{"sign":["zero"]}"#)
            #expect(try mapper.encode(#"{"sign":"other"}"#, as: "E") == #"{"sign":"default"}"#)
        }

        @Test func unknownValuesWithoutDefaultListTheAcceptedValues() {
            #expect(
                mapper.errors(#"{"state":"reopened","level":3,"states":["open","Open"]}"#, as: "E") == [
                    #"error: /state (E.state): unknown value "reopened" for enum 'State'; expected one of "open", "closed" [test.yaml:20:7]"#,
                    "error: /level (E.level): unknown value 3 for enum 'Level'; expected one of 1, 2 [test.yaml:22:7]",
                    #"error: /states/1 (E.states[1]): unknown value "Open" for enum 'State'; expected one of "open", "closed" [test.yaml:23:7]"#,
                ])
        }

        @Test func canonicalJSONUsesCaseNamesOnly() {
            #expect(mapper.canonicalErrors(#"{"state":"closed","sign":"pair","level":"low"}"#, as: "E") == [])
            #expect(
                mapper.canonicalErrors(#"{"state":"resolved","level":1}"#, as: "E") == [
                    #"error: /state (E.state): expected a case of enum 'State' (open, closed), found "resolved" [test.yaml:20:7]"#,
                    "error: /level (E.level): expected a case of enum 'Level' (low, high), found 1 [test.yaml:22:7]",
                ])
        }
    }
}
