import Testing

@testable import MapperKit

extension RuntimeTests {
    /// SPEC §3 representation hints (`json: string`, `json: int`) and §6 formats at run time: decode
    /// reads them, canonical JSON normalises them, encode writes them back in the same form.
    struct RepresentationTests {
        let mapper: Mapper

        init() throws {
            mapper = try Mapper(
                """
                mapper: 1
                formats:
                  us_decimal: { number: decimal, locale: en_US }
                  la_day: { date: "MMMM d, yyyy", locale: en_US, time_zone: America/Los_Angeles }
                  github_time: { date: "yyyy-MM-dd'T'HH:mm:ss'Z'" }
                models:
                  R:
                    properties:
                      count: { type: int, json: string }
                      ratio: { type: double, json: string }
                      amount: { type: decimal, json: string }
                      flag: { type: bool, json: string }
                      bit: { type: bool, json: int }
                      price: { type: decimal, format: us_decimal }
                      share: { type: double, format: us_decimal }
                      seconds: { type: date, format: unix }
                      millis: { type: date, format: unix_ms }
                      day: { type: date, format: la_day }
                      updatedAt: { type: date, format: github_time, key: updated_at }
                      counts: { type: "[int]", json: string }
                """)
        }

        @Test func everyHintDecodesToTheCanonicalValueAndEncodesBack() throws {
            let external = """
                {"count":"5","ratio":"0.5","amount":"18446744073709551616.50","flag":"true","bit":1,\
                "price":"12,345.678","share":"0.12345","seconds":1443164400,"millis":1443164400123,\
                "day":"September 25, 2015","updated_at":"2012-10-31T04:05:06Z","counts":["1","-2"]}
                """
            let canonical = """
                {"count":5,"ratio":0.5,"amount":18446744073709551616.50,"flag":true,"bit":true,\
                "price":12345.678,"share":0.12345,"seconds":"2015-09-25T07:00:00Z","millis":"2015-09-25T07:00:00.123Z",\
                "day":"2015-09-25T07:00:00Z","updatedAt":"2012-10-31T04:05:06Z","counts":[1,-2]}
                """
            #expect(try mapper.canonical(external, as: "R") == canonical)
            #expect(try mapper.encode(canonical, as: "R") == external)
        }

        @Test func falseAndZeroForms() throws {
            #expect(try mapper.canonical(#"{"flag":"false","bit":0}"#, as: "R") == #"{"flag":false,"bit":false}"#)
            #expect(try mapper.encode(#"{"flag":false,"bit":false}"#, as: "R") == #"{"flag":"false","bit":0}"#)
        }

        @Test func numbersAsStringsKeepTheirExactness() throws {
            #expect(
                try mapper.canonical(#"{"count":"9007199254740993","amount":"1e400"}"#, as: "R")
                    == #"{"count":9007199254740993,"amount":1e400}"#)
            #expect(
                try mapper.encode(#"{"count":-9223372036854775808,"ratio":1e21}"#, as: "R")
                    == #"{"count":"-9223372036854775808","ratio":"1e+21"}"#)
        }

        @Test(arguments: [
            (#""count": 5"#, #"error: /count (R.count): expected an integer written as a string, found 5 [test.yaml:9:7]"#),
            (#""count": "five""#, #"error: /count (R.count): expected an integer written as a string, found "five" [test.yaml:9:7]"#),
            (#""count": " 5""#, #"error: /count (R.count): expected an integer written as a string, found " 5" [test.yaml:9:7]"#),
            (#""count": "5.5""#, #"error: /count (R.count): expected an integer, found "5.5" [test.yaml:9:7]"#),
            (#""ratio": 0.5"#, #"error: /ratio (R.ratio): expected a number written as a string, found 0.5 [test.yaml:10:7]"#),
            (#""amount": "NaN""#, #"error: /amount (R.amount): expected a number written as a string, found "NaN" [test.yaml:11:7]"#),
            (#""flag": true"#, #"error: /flag (R.flag): expected "true" or "false", found true [test.yaml:12:7]"#),
            (#""flag": "yes""#, #"error: /flag (R.flag): expected "true" or "false", found "yes" [test.yaml:12:7]"#),
            (#""bit": 2"#, #"error: /bit (R.bit): expected 0 or 1, found 2 [test.yaml:13:7]"#),
            (#""bit": true"#, #"error: /bit (R.bit): expected 0 or 1, found true [test.yaml:13:7]"#),
            (#""bit": "1""#, #"error: /bit (R.bit): expected 0 or 1, found "1" [test.yaml:13:7]"#),
            (
                #""price": "Apple""#,
                #"error: /price (R.price): expected a number in format us_decimal (decimal), found "Apple" [test.yaml:14:7]"#
            ),
            (#""price": 12.5"#, #"error: /price (R.price): expected a number in format us_decimal (decimal), found 12.5 [test.yaml:14:7]"#),
            (
                #""seconds": "1443164400""#,
                #"error: /seconds (R.seconds): expected a date in format unix (seconds since 1970), found "1443164400" [test.yaml:16:7]"#
            ),
            (
                #""millis": 1.5"#,
                #"error: /millis (R.millis): expected a date in format unix_ms (milliseconds since 1970), found 1.5 [test.yaml:17:7]"#
            ),
            (
                #""day": "September 37, 2015""#,
                #"error: /day (R.day): expected a date in format la_day ("MMMM d, yyyy"), found "September 37, 2015" [test.yaml:18:7]"#
            ),
            (
                #""updated_at": "2012-13-45""#,
                #"error: /updated_at (R.updatedAt): expected a date in format github_time ("yyyy-MM-dd'T'HH:mm:ss'Z'"), found "2012-13-45" [test.yaml:19:7]"#
            ),
            (#""counts": [1]"#, #"error: /counts/0 (R.counts[0]): expected an integer written as a string, found 1 [test.yaml:20:7]"#),
        ])
        func wrongRepresentationsAreErrors(member: String, error: String) {
            #expect(mapper.errors("{\(member)}", as: "R") == [error])
        }

        @Test func unixSecondsWithFractionsAndWholeSeconds() throws {
            #expect(try mapper.canonical(#"{"seconds": 1443164400.5}"#, as: "R") == #"{"seconds":"2015-09-25T07:00:00.500Z"}"#)
            #expect(try mapper.roundTrip(#"{"seconds": 1443164400.5}"#, as: "R") == #"{"seconds":1443164400.5}"#)
            #expect(try mapper.roundTrip(#"{"seconds": 1443164400.0}"#, as: "R") == #"{"seconds":1443164400}"#)
            #expect(try mapper.canonical(#"{"seconds": -1}"#, as: "R") == #"{"seconds":"1969-12-31T23:59:59Z"}"#)
            #expect(try mapper.roundTrip(#"{"millis": -1}"#, as: "R") == #"{"millis":-1}"#)
        }

        @Test func patternDatesAreWrittenInTheirZone() throws {
            // SPEC §6: the instant 1183135260 is written "June 29, 2007".
            #expect(try mapper.encode(#"{"day":"2007-06-29T16:41:00Z"}"#, as: "R") == #"{"day":"June 29, 2007"}"#)
            #expect(try mapper.canonical(#"{"day":"June 29, 2007"}"#, as: "R") == #"{"day":"2007-06-29T07:00:00Z"}"#)
        }

        @Test func numberFormatsWriteGroupedText() throws {
            #expect(try mapper.encode(#"{"price":12345.678,"share":0.12345}"#, as: "R") == #"{"price":"12,345.678","share":"0.12345"}"#)
            #expect(try mapper.roundTrip(#"{"price":"-1,000,000.5"}"#, as: "R") == #"{"price":"-1,000,000.5"}"#)
        }

        /// Canonical JSON holds plain values whatever the external representation (§9).
        @Test func canonicalInputIgnoresRepresentation() {
            #expect(mapper.canonicalErrors(#"{"count":5,"flag":true,"bit":false,"seconds":"2015-09-25T07:00:00Z"}"#, as: "R") == [])
            #expect(
                mapper.canonicalErrors(#"{"count":"5"}"#, as: "R") == [
                    #"error: /count (R.count): expected an integer, found "5" [test.yaml:9:7]"#
                ])
            #expect(
                mapper.canonicalErrors(#"{"seconds":1443164400}"#, as: "R") == [
                    #"error: /seconds (R.seconds): expected a date in canonical form ("2006-01-02T15:04:05Z"), found 1443164400 [test.yaml:16:7]"#
                ])
        }
    }
}
