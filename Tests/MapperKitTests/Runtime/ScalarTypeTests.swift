import Testing

@testable import MapperKit

extension RuntimeTests {
    /// SPEC §3: what each scalar type accepts on decode, how canonical JSON writes it, and what encode
    /// writes back.
    struct ScalarTypeTests {
        let mapper: Mapper

        init() throws {
            mapper = try Mapper(
                """
                mapper: 1
                models:
                  T:
                    properties:
                      s: string
                      i: int
                      d: double
                      dec: decimal
                      b: bool
                      u: url
                      id: uuid
                      dt: date
                      a: any
                """)
        }

        private func canonical(_ member: String) throws -> String {
            try mapper.canonical("{\(member)}", as: "T")
        }

        private func errors(_ member: String) -> [String] {
            mapper.errors("{\(member)}", as: "T")
        }

        // MARK: string

        @Test func stringKeepsTextAndEscapes() throws {
            #expect(try canonical(#""s": "caf\u00e9 \"quoted\"\n\ttab""#) == #"{"s":"café \"quoted\"\n\ttab"}"#)
            #expect(try canonical(#""s": """#) == #"{"s":""}"#)
        }

        @Test(arguments: [
            ("666", "666"), ("true", "true"), ("[\"a\"]", "[\"a\"]"), ("{\"a\":1}", "{\"a\":1}"),
        ])
        func stringRejectsOtherKinds(json: String, quoted: String) {
            #expect(errors("\"s\": \(json)") == ["error: /s (T.s): expected a string, found \(quoted) [test.yaml:5:7]"])
        }

        // MARK: int

        @Test(arguments: [
            ("5", "5"), ("5.0", "5"), ("5e2", "500"), ("5E+2", "500"), ("1.5e1", "15"), ("-0", "0"), ("0.0e5", "0"),
            ("9223372036854775807", "9223372036854775807"), ("-9223372036854775808", "-9223372036854775808"),
            // Beyond 2^53 a Double would round these; int keeps them exact.
            ("9007199254740993", "9007199254740993"), ("1.2345678901234567e16", "12345678901234567"),
            ("9223372036854775807.000", "9223372036854775807"), ("922337203685477580.7e1", "9223372036854775807"),
        ])
        func intAcceptsIntegralNumbers(json: String, written: String) throws {
            #expect(try canonical("\"i\": \(json)") == "{\"i\":\(written)}")
            #expect(try mapper.roundTrip("{\"i\": \(json)}", as: "T") == "{\"i\":\(written)}")
        }

        @Test(arguments: [
            ("5.5", "expected an integer, found 5.5"),
            ("5e-1", "expected an integer, found 5e-1"),
            ("1e30", "expected an integer that fits in 64 bits, found 1e30"),
            ("9223372036854775808", "expected an integer that fits in 64 bits, found 9223372036854775808"),
            ("-9223372036854775809", "expected an integer that fits in 64 bits, found -9223372036854775809"),
            ("9223372036854775807.5", "expected an integer, found 9223372036854775807.5"),
            ("\"5\"", "expected an integer, found \"5\""),
            ("true", "expected an integer, found true"),
        ])
        func intRejects(json: String, message: String) {
            #expect(errors("\"i\": \(json)") == ["error: /i (T.i): \(message) [test.yaml:6:7]"])
        }

        // MARK: double

        /// Shortest round-trip digits, written the way ECMAScript's Number#toString writes them.
        @Test(arguments: [
            ("0.1", "0.1"), ("1.0", "1"), ("2.50", "2.5"), ("100", "100"), ("-0", "0"), ("0.30000000000000004", "0.30000000000000004"),
            ("1e21", "1e+21"), ("1e20", "100000000000000000000"), ("123456789012345678901", "123456789012345680000"),
            ("1e-6", "0.000001"), ("1e-7", "1e-7"), ("1.5e-7", "1.5e-7"), ("123e-20", "1.23e-18"),
            ("1.7976931348623157e308", "1.7976931348623157e+308"), ("5e-324", "5e-324"), ("-2.5E+3", "-2500"),
            ("9007199254740993", "9007199254740992"),
        ])
        func doubleIsWrittenShortest(json: String, written: String) throws {
            #expect(try canonical("\"d\": \(json)") == "{\"d\":\(written)}")
            #expect(try mapper.roundTrip("{\"d\": \(json)}", as: "T") == "{\"d\":\(written)}")
        }

        @Test func doubleRejectsNonNumbersAndOverflow() {
            #expect(errors(#""d": "1.5""#) == [#"error: /d (T.d): expected a number, found "1.5" [test.yaml:7:7]"#])
            #expect(
                errors(#""d": 1e400"#) == [
                    "error: /d (T.d): expected a number within the range of a double, found 1e400 [test.yaml:7:7]"
                ])
        }

        // MARK: decimal

        @Test(arguments: [
            "18446744073709551616.50", "1e400", "-0.0", "0.1", "1E+5", "123456789012345678901234567890.000000000000000000001", "5",
        ])
        func decimalKeepsItsDigits(json: String) throws {
            #expect(try canonical("\"dec\": \(json)") == "{\"dec\":\(json)}")
            #expect(try mapper.roundTrip("{\"dec\": \(json)}", as: "T") == "{\"dec\":\(json)}")
            #expect(try mapper.encode("{\"dec\":\(json)}", as: "T") == "{\"dec\":\(json)}")
        }

        @Test func decimalRejectsStrings() {
            #expect(errors(#""dec": "1.5""#) == [#"error: /dec (T.dec): expected a number, found "1.5" [test.yaml:8:7]"#])
        }

        // MARK: bool

        @Test func boolAcceptsTrueAndFalseOnly() throws {
            #expect(try canonical(#""b": true"#) == #"{"b":true}"#)
            #expect(try canonical(#""b": false"#) == #"{"b":false}"#)
            for json in [#""Potentially""#, "1", "0", #""true""#] {
                #expect(errors("\"b\": \(json)") == ["error: /b (T.b): expected true or false, found \(json) [test.yaml:9:7]"])
            }
        }

        // MARK: url

        @Test(arguments: [
            "https://api.github.com/repos/o/r/issues?state=open&page=2#top", "/relative/path", "relative/path", "",
            "mailto:someone@example.com", "urn:isbn:0451450523", "http://[::1]:8080/", "https://example.com/caf%C3%a9",
            "git+ssh://git@github.com/o/r.git", "?query=only", "#fragment", "//host:8080/p", "file:///etc/hosts",
        ])
        func urlAcceptsURIReferences(text: String) throws {
            let json = JSONWriter.quote(text)
            #expect(try canonical("\"u\": \(json)") == "{\"u\":\(json)}")
            #expect(try mapper.roundTrip("{\"u\": \(json)}", as: "T") == "{\"u\":\(json)}")
        }

        @Test(arguments: [
            "not a valid URL", "http://example.com/a b", "http://example.com/%zz", "http://example.com/%4",
            "http://example.com/%", "1http://example.com", "ht_tp://example.com", "-x:y", "http://example.com/<b>",
            "http://example.com/\u{7}", "http://example.com/\\", "a:b c", "tab\there",
            // RFC 3986 is ASCII: other characters are written %XX (https://example.com/caf%C3%A9).
            "https://example.com/café", "https://x/a#b#c", "http://[::1/", "http://host:80a/", "http://[zz]/",
        ])
        func urlRejects(text: String) {
            let json = JSONWriter.quote(text)
            #expect(
                errors("\"u\": \(json)") == [
                    "error: /u (T.u): expected a valid URL (RFC 3986 URI reference), found \(json) [test.yaml:10:7]"
                ])
        }

        @Test func urlRejectsNonStrings() {
            #expect(errors(#""u": 5"#) == ["error: /u (T.u): expected a URL string, found 5 [test.yaml:10:7]"])
        }

        // MARK: uuid

        @Test func uuidAcceptsAnyCaseAndWritesLowerCase() throws {
            #expect(try canonical(#""id": "ABCDEF01-2345-6789-AbCd-EF0123456789""#) == #"{"id":"abcdef01-2345-6789-abcd-ef0123456789"}"#)
            #expect(
                try mapper.roundTrip(#"{"id": "ABCDEF01-2345-6789-ABCD-EF0123456789"}"#, as: "T")
                    == #"{"id":"abcdef01-2345-6789-abcd-ef0123456789"}"#)
        }

        @Test(arguments: [
            "abc", "ABCDEF01-2345-6789-ABCD-EF012345678G", "{abcdef01-2345-6789-abcd-ef0123456789}",
            "abcdef0123456789abcdef0123456789", "abcdef01-2345-6789-abcd-ef01234567890", "abcdef01_2345-6789-abcd-ef0123456789",
        ])
        func uuidRejects(text: String) {
            #expect(
                errors("\"id\": \"\(text)\"") == [
                    "error: /id (T.id): expected a UUID (8-4-4-4-12 hex digits), found \"\(text)\" [test.yaml:11:7]"
                ])
        }

        // MARK: date (default format iso8601)

        @Test(arguments: [
            ("2015-09-25T10:00:00Z", "2015-09-25T10:00:00Z"),
            ("2015-09-25T10:00:00+02:00", "2015-09-25T08:00:00Z"),
            ("2015-09-25T01:30:00-05:30", "2015-09-25T07:00:00Z"),
            ("2015-12-31T23:30:00-01:00", "2016-01-01T00:30:00Z"),
            ("2015-09-25T10:00:00.000Z", "2015-09-25T10:00:00Z"),
            ("2015-09-25T10:00:00.5Z", "2015-09-25T10:00:00.500Z"),
            ("2015-09-25T10:00:00.123+01:00", "2015-09-25T09:00:00.123Z"),
            ("2015-09-25T10:00:00.120Z", "2015-09-25T10:00:00.120Z"),
        ])
        func dateIsConvertedToUTC(json: String, written: String) throws {
            #expect(try canonical("\"dt\": \"\(json)\"") == "{\"dt\":\"\(written)\"}")
            #expect(try mapper.roundTrip("{\"dt\": \"\(json)\"}", as: "T") == "{\"dt\":\"\(written)\"}")
        }

        @Test(arguments: [
            "\"2015-09-25\"", "\"2015-09-25T10:00:00\"", "\"2015-13-01T00:00:00Z\"", "\"2015-02-30T00:00:00Z\"",
            "\"2015-09-25T25:00:00Z\"", "\"September 25, 2015\"", "1443164400",
        ])
        func dateRejects(json: String) {
            #expect(errors("\"dt\": \(json)") == ["error: /dt (T.dt): expected a date in format iso8601, found \(json) [test.yaml:12:7]"])
        }

        // MARK: any

        @Test func anyKeepsTheValueAsIs() throws {
            let json = #"{"x":1e400,"y":18446744073709551616,"z":1.0,"w":[null,"s",{"k":false,"e":{}}],"n":-0.50}"#
            #expect(try canonical("\"a\": \(json)") == "{\"a\":\(json)}")
            #expect(try mapper.roundTrip("{\"a\": \(json)}", as: "T") == "{\"a\":\(json)}")
            #expect(try canonical(#""a": "text""#) == #"{"a":"text"}"#)
            #expect(try canonical(#""a": 12345678901234567890123"#) == #"{"a":12345678901234567890123}"#)
        }

        // MARK: all at once

        @Test func canonicalJSONFollowsDeclarationOrder() throws {
            let input = """
                {"a": [1], "dt": "2015-09-25T10:00:00+02:00", "id": "ABCDEF01-2345-6789-ABCD-EF0123456789",
                 "u": "http://a/b", "b": true, "dec": 1.50, "d": 2.50, "i": 5.0, "s": "x"}
                """
            #expect(
                try mapper.canonical(input, as: "T") == """
                    {"s":"x","i":5,"d":2.5,"dec":1.50,"b":true,"u":"http://a/b","id":"abcdef01-2345-6789-abcd-ef0123456789",\
                    "dt":"2015-09-25T08:00:00Z","a":[1]}
                    """)
            #expect(
                try mapper.roundTrip(input, as: "T") == """
                    {"s":"x","i":5,"d":2.5,"dec":1.50,"b":true,"u":"http://a/b","id":"abcdef01-2345-6789-abcd-ef0123456789",\
                    "dt":"2015-09-25T08:00:00Z","a":[1]}
                    """)
        }
    }
}
