import Testing

@testable import MapperKit

extension RuntimeTests {
    /// SPEC §16: no input crashes or hangs the engine; each gets a clear error. Sizes are large
    /// enough to expose quadratic work or unbounded recursion, small enough to finish in seconds.
    /// One at a time: together they would hold every thread of the test run's pool for seconds,
    /// and the live service tests running beside them would miss their deadlines.
    @Suite(.serialized)
    struct HostileInputTests {
        let mapper: Mapper

        init() throws {
            mapper = try Mapper(
                """
                mapper: 1
                models:
                  M:
                    properties:
                      id: int
                      amount: decimal
                      ratio: double
                      text: string
                      code: { type: string, max_length: 8, pattern: "^[a-z]+$" }
                      payload: any
                """)
        }

        private func error(_ json: [UInt8]) throws -> MappingError {
            let errors = mapper.decodeErrors(json, as: "M")
            #expect(errors.count == 1)
            return try #require(errors.first)
        }

        private func error(_ json: String) throws -> MappingError {
            try error(Array(json.utf8))
        }

        @Test func hundredMegabyteStringDecodesWhole() throws {
            let text = String(repeating: "ab", count: 50_000_000)
            let json = Array(#"{"text":"\#(text)"}"#.utf8)
            var session = MappingSession(catalog: mapper.catalog)
            let canonical = try session.decodeToCanonical(json, as: "M")
            #expect(canonical == json)
        }

        @Test func hundredMegabyteStringBreaksAConstraintClearly() throws {
            let json = Array(#"{"code":""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: 100_000_000) + Array(#""}"#.utf8)
            let error = try error(json)
            #expect(error.code == .constraint)
            #expect(error.pointer == "/code")
            #expect(error.message.contains("at most 8"), "\(error.message.prefix(200))")
            #expect(error.message.count < 1_000)
        }

        @Test func millionKeysAreKeptInOrder() throws {
            let members = (0..<1_000_000).map { #""k\#($0)":\#($0 % 10)"# }.joined(separator: ",")
            let json = #"{"payload":{\#(members)}}"#
            #expect(try mapper.canonical(json, as: "M") == json)
        }

        @Test func millionUnknownKeysAreIgnoredAndADuplicateAmongThemIsFound() throws {
            let members = (0..<1_000_000).map { #""k\#($0)":0"# }.joined(separator: ",")
            #expect(try mapper.canonical("{\(members)}", as: "M") == "{}")
            let error = try error(#"{\#(members),"k999999":1}"#)
            #expect(error.code == .invalidJSON)
            #expect(error.message.hasSuffix(#"duplicate key "k999999" in object"#))
        }

        @Test func tenThousandDigitNumbers() throws {
            let digits = "9" + String(repeating: "0", count: 9_999)
            #expect(try mapper.canonical(#"{"amount":\#(digits).5}"#, as: "M") == #"{"amount":\#(digits).5}"#)
            #expect(try mapper.canonical(#"{"payload":-\#(digits)}"#, as: "M") == #"{"payload":-\#(digits)}"#)
            let tooBig = try error(#"{"id":\#(digits)}"#)
            #expect(tooBig.code == .typeMismatch)
            #expect(tooBig.message.hasPrefix("expected an integer that fits in 64 bits, found 9000"))
            #expect(tooBig.message.count < 1_000)
            let huge = try error(#"{"ratio":\#(digits)}"#)
            #expect(huge.code == .typeMismatch)
            #expect(huge.pointer == "/ratio")
        }

        @Test func hugeExponentsAreNotExpanded() throws {
            #expect(
                try mapper.canonical(#"{"amount":1e999999999,"payload":-1E-999999999}"#, as: "M")
                    == #"{"amount":1e999999999,"payload":-1E-999999999}"#)
            #expect(try error(#"{"id":1e999999999}"#).code == .typeMismatch)
        }

        @Test func nulBytes() throws {
            // Escaped, NUL is a character like any other and is written back escaped.
            #expect(try mapper.canonical(#"{"text":"a\u0000b"}"#, as: "M") == #"{"text":"a\u0000b"}"#)
            let raw = try error(Array(#"{"text":"a"#.utf8) + [0] + Array(#"b"}"#.utf8))
            #expect(raw.code == .invalidJSON)
            #expect(raw.message.hasPrefix("malformed JSON: line 1, column 11 (byte 10): "))
            let after = try error(Array(#"{"text":"a"}"#.utf8) + [0])
            #expect(after.code == .invalidJSON)
            #expect(after.message.hasPrefix("malformed JSON: line 1, column 13 (byte 12): "))
        }

        @Test(arguments: [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] as [[UInt8]])
        func invalidUTF8InAStringIsAnError(bytes: [UInt8]) throws {
            let error = try error(Array(#"{"text":""#.utf8) + bytes + Array(#""}"#.utf8))
            #expect(error.code == .invalidJSON)
            #expect(error.message.hasPrefix("malformed JSON: line 1, column 10 (byte 9): "))
            #expect(error.message.contains("UTF-8"))
        }

        @Test func patternOnALongNonMatchingStringFinishes() throws {
            let error = try error(#"{"code":"\#(String(repeating: "a", count: 8))!"}"#)
            #expect(error.code == .constraint)
            var session = MappingSession(catalog: try Mapper.withPattern("^(ab|cd)*$").catalog)
            let text = String(repeating: "ab", count: 500_000) + "!"
            #expect(throws: MappingErrors.self) { try session.decodeToCanonical(Array(#"{"s":"\#(text)"}"#.utf8), as: "P") }
        }
    }
}

extension Mapper {
    /// A catalog with one model `P` whose string `s` has the given pattern.
    static func withPattern(_ pattern: String) throws -> Mapper {
        try Mapper(
            """
            mapper: 1
            models:
              P:
                properties:
                  s: { type: string, pattern: \(JSONWriter.quote(pattern)) }
            """)
    }
}
