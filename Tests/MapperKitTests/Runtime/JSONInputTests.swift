import Testing

@testable import MapperKit

extension RuntimeTests {
    /// SPEC §3 JSON input rules as decode (and canonical reading) applies them: one `invalid-json`
    /// error whose message gives line, column and byte offset, and whose pointer says where.
    struct JSONInputTests {
        let mapper: Mapper

        init() throws {
            mapper = try Mapper(
                """
                mapper: 1
                models:
                  M:
                    properties: { id: int, payload: any }
                """)
        }

        private func error(_ bytes: [UInt8]) throws -> MappingError {
            let errors = mapper.decodeErrors(bytes, as: "M")
            #expect(errors.count == 1)
            return try #require(errors.first)
        }

        private func error(_ text: String) throws -> MappingError {
            try error(Array(text.utf8))
        }

        @Test(arguments: [
            (#"{"id":1,"id":2}"#, #"malformed JSON: line 1, column 9 (byte 8): duplicate key "id" in object"#, "/id"),
            (#"{"ignored":{"k":1,"k":2}}"#, #"malformed JSON: line 1, column 19 (byte 18): duplicate key "k" in object"#, "/ignored/k"),
            (
                #"{"payload":[{"a":1,"\u0061":2}]}"#, #"malformed JSON: line 1, column 20 (byte 19): duplicate key "a" in object"#,
                "/payload/0/a"
            ),
            (#"{"id":NaN}"#, "malformed JSON: line 1, column 7 (byte 6): NaN is not a JSON value", "/id"),
            (#"{"id":Infinity}"#, "malformed JSON: line 1, column 7 (byte 6): Infinity is not a JSON value", "/id"),
            (#"{"id":-Infinity}"#, "malformed JSON: line 1, column 7 (byte 6): -Infinity is not a JSON value", "/id"),
            (#"{"id":01}"#, "malformed JSON: line 1, column 7 (byte 6): leading zeros are not allowed in numbers", "/id"),
            (#"{"payload":"\ud800"}"#, #"malformed JSON: line 1, column 13 (byte 12): lone surrogate \uD800"#, "/payload"),
            (#"{"payload":"\udc00x"}"#, #"malformed JSON: line 1, column 13 (byte 12): lone surrogate \uDC00"#, "/payload"),
            (
                "{\n  \"id\": 1,\n  \"payload\": [tru]\n}",
                #"malformed JSON: line 3, column 15 (byte 27): invalid literal "tru", expected true, false or null"#, "/payload/0"
            ),
            ("{\"id\": 1", "malformed JSON: line 1, column 9 (byte 8): unexpected end of input", ""),
            ("", "malformed JSON: line 1, column 1 (byte 0): unexpected end of input", ""),
        ])
        func malformedInputIsOneErrorWithItsPosition(json: String, message: String, pointer: String) throws {
            let error = try error(json)
            #expect(error.code == .invalidJSON)
            #expect(error.message == message)
            #expect(error.pointer == pointer)
            #expect(error.path == "")
            #expect(error.source == "")
        }

        @Test func invalidUTF8IsAnError() throws {
            let bytes = Array(#"{"payload":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
            let error = try error(bytes)
            #expect(error.code == .invalidJSON)
            #expect(error.message.hasPrefix("malformed JSON: line 1, column 13 (byte 12): "))
            #expect(error.message.contains("UTF-8"))
            #expect(
                try self.error([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00]).message
                    == "malformed JSON: line 1, column 1 (byte 0): JSON must be UTF-8, found a UTF-16 byte order mark")
        }

        @Test func nestingUpTo512LevelsIsFine() throws {
            // The model's object is level 1, so 511 arrays fill `payload` to level 512.
            let payload = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
            #expect(try mapper.canonical(#"{"payload":\#(payload)}"#, as: "M") == #"{"payload":\#(payload)}"#)
        }

        @Test(arguments: [512, 100_000])
        func nestingDeeperThan512IsAnErrorNotACrash(arrays: Int) throws {
            let payload = String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays)
            let error = try error(#"{"payload":\#(payload)}"#)
            #expect(error.code == .invalidJSON)
            #expect(error.message == "malformed JSON: line 1, column 523 (byte 522): nesting deeper than 512 levels")
        }

        @Test func canonicalInputFollowsTheSameRules() {
            #expect(
                mapper.canonicalErrors(#"{"id":1,"id":1}"#, as: "M") == [
                    #"error: /id: malformed JSON: line 1, column 9 (byte 8): duplicate key "id" in object"#
                ])
        }

        @Test func integersBeyondInt64AreKeptByAny() throws {
            #expect(
                try mapper.canonical(#"{"payload":[18446744073709551616,-99999999999999999999999,1E400]}"#, as: "M")
                    == #"{"payload":[18446744073709551616,-99999999999999999999999,1E400]}"#)
            #expect(
                mapper.errors(#"{"id":18446744073709551616}"#, as: "M") == [
                    "error: /id (M.id): expected an integer that fits in 64 bits, found 18446744073709551616 [test.yaml:4:19]"
                ])
        }
    }
}
