import Foundation
import Testing

import MapperTestSupport
@testable import MapperKit

extension RuntimeTests {
    /// Dates exact to the nanosecond in every format (issue 35): canonical JSON writes the fraction
    /// in groups of three digits, a format that cannot write a value's digits refuses it on encode.
    struct NanosecondDateTests {
        static let yaml = """
            mapper: 1
            formats:
              micro: { date: "yyyy-MM-dd HH:mm:ss.SSSSSS" }
              milli: { date: "yyyy-MM-dd HH:mm:ss.SSS" }
            models:
              R:
                properties:
                  iso: date
                  seconds: { type: date, format: unix }
                  millis: { type: date, format: unix_ms }
                  micros: { type: date, format: unix_us }
                  nanos: { type: date, format: unix_ns }
                  micro: { type: date, format: micro }
                  milli: { type: date, format: milli }
                  latest: { type: date, merge: max }
                  earliest: { type: date, merge: min }
            """
        let mapper: Mapper
        init() throws { mapper = try Mapper(Self.yaml) }

        @Test(arguments: [
            ("2026-11-27T10:11:12Z", "2026-11-27T10:11:12Z"),
            ("2026-11-27T10:11:12.12Z", "2026-11-27T10:11:12.120Z"),
            ("2026-11-27T10:11:12.120Z", "2026-11-27T10:11:12.120Z"),
            ("2026-11-27T10:11:12.1234Z", "2026-11-27T10:11:12.123400Z"),
            ("2026-11-27T10:11:12.123456Z", "2026-11-27T10:11:12.123456Z"),
            ("2026-11-27T12:11:12.1234567+02:00", "2026-11-27T10:11:12.123456700Z"),
            ("2026-11-27T10:11:12.000000001Z", "2026-11-27T10:11:12.000000001Z"),
            ("2026-11-27T10:11:12.000Z", "2026-11-27T10:11:12Z"),
        ])
        func canonicalJSONWritesTheFractionInGroupsOfThree(input: String, canonical: String) throws {
            #expect(try mapper.canonical(#"{"iso":"\#(input)"}"#, as: "R") == #"{"iso":"\#(canonical)"}"#)
            expectDecodingAgrees(mapper.catalog, #"{"iso":"\#(input)"}"#, as: "R")
        }

        @Test func canonicalInputAcceptsOnlyTheGroupsItWrites() {
            #expect(mapper.canonicalErrors(#"{"iso":"2026-11-27T10:11:12.123456Z"}"#, as: "R") == [])
            #expect(mapper.canonicalErrors(#"{"iso":"2026-11-27T10:11:12.123456789Z"}"#, as: "R") == [])
            #expect(mapper.canonicalErrors(#"{"iso":"2026-11-27T10:11:12.1234Z"}"#, as: "R").count == 1)
            #expect(mapper.canonicalErrors(#"{"iso":"2026-11-27T10:11:12.123000Z"}"#, as: "R").count == 1)
        }

        @Test func numericFormatsReadAndWriteTheirUnits() throws {
            let input = #"{"seconds":1700000000.123456,"micros":1700000000123456,"nanos":1700000000123456789}"#
            #expect(
                try mapper.canonical(input, as: "R")
                    == #"{"seconds":"2023-11-14T22:13:20.123456Z","micros":"2023-11-14T22:13:20.123456Z","nanos":"2023-11-14T22:13:20.123456789Z"}"#
            )
            #expect(try mapper.roundTrip(input, as: "R") == input)
            expectDecodingAgrees(mapper.catalog, input, as: "R")
        }

        @Test func finerThanTheFormatOnInputIsAnError() {
            #expect(
                mapper.errors(#"{"seconds":1.0000000001}"#, as: "R") == [
                    "error: /seconds (R.seconds): expected a date in format unix (seconds since 1970), found 1.0000000001: more than 9 fraction digits (finer than a nanosecond) [test.yaml:9:7]"
                ])
            #expect(mapper.errors(#"{"micros":1.5}"#, as: "R").count == 1)
            #expect(mapper.errors(#"{"iso":"2026-11-27T10:11:12.1234567891Z"}"#, as: "R").count == 1)
        }

        @Test func writingMoreDigitsThanTheFormatHoldsIsAnEncodeError() {
            let canonical = #"{"millis":"2026-11-27T10:11:12.123456Z","milli":"2026-11-27T10:11:12.123456700Z"}"#
            #expect(
                mapper.encodeErrors(canonical, as: "R") == [
                    "error: /millis (R.millis): 2026-11-27T10:11:12.123456Z has 6 fraction digits, more than format unix_ms (milliseconds since 1970) writes (3); use a format that holds them (iso8601, unix, unix_ns) or round the value before encoding [test.yaml:10:7]",
                    #"error: /milli (R.milli): 2026-11-27T10:11:12.123456700Z has 9 fraction digits, more than format milli ("yyyy-MM-dd HH:mm:ss.SSS") writes (3); use a format that holds them (iso8601, unix, unix_ns) or round the value before encoding [test.yaml:14:7]"#,
                ])
            expectEncodingAgrees(mapper.catalog, canonical, as: "R")
            let codes = Result { () throws(MappingErrors) in
                try mapper.catalog.encode(mapper.catalog.readCanonical(Array(canonical.utf8), as: "R"), as: "R")
            }
            guard case .failure(let errors) = codes else {
                Issue.record("the values encoded although their formats cannot hold them")
                return
            }
            #expect(errors.errors.map(\.code) == [.unrepresentable, .unrepresentable])
            // What the format holds encodes.
            #expect(mapper.encodeErrors(#"{"millis":"2026-11-27T10:11:12.123Z","micro":"2026-11-27T10:11:12.123456Z"}"#, as: "R") == [])
        }

        @Test func equalityMergeAndDifferencesSeeNanoseconds() throws {
            let a = try #require(
                try mapper.catalog.readCanonical(
                    Array(#"{"latest":"2020-01-01T00:00:00.000000001Z","earliest":"2020-01-01T00:00:00.000000002Z"}"#.utf8), as: "R"
                ).model)
            let b = try #require(
                try mapper.catalog.readCanonical(
                    Array(#"{"latest":"2020-01-01T00:00:00.000000002Z","earliest":"2020-01-01T00:00:00.000000001Z"}"#.utf8), as: "R"
                ).model)
            #expect(a != b)
            #expect(a.differences(from: b) == ["latest", "earliest"])
            let merged = try a.merging(b)
            #expect(
                String(decoding: try mapper.catalog.canonicalJSON(.model(merged), as: "R"), as: UTF8.self)
                    == #"{"latest":"2020-01-01T00:00:00.000000002Z","earliest":"2020-01-01T00:00:00.000000001Z"}"#)
        }

        @Test func expressionsSeeNanosecondTimestamps() throws {
            let mapper = try Mapper(
                """
                mapper: 1
                models:
                  E:
                    properties:
                      at: date
                      later: { type: date, decode: "self.at + duration('1ns')" }
                      micro: { type: string, decode: "string(self.at)" }
                    rules:
                      - { rule: "self.later > self.at", message: later is later }
                """)
            #expect(
                try mapper.canonical(#"{"at":"2020-01-01T00:00:00.123456Z"}"#, as: "E")
                    == #"{"at":"2020-01-01T00:00:00.123456Z","later":"2020-01-01T00:00:00.123456001Z","micro":"2020-01-01T00:00:00.123456Z"}"#
            )
        }

        @Test func canonicalSchemaPatternAcceptsEveryGroup() throws {
            let schema = try mapper.catalog.jsonSchema(for: "R", side: .canonical)
            let text = JSONWriter.write(schema)
            #expect(text.contains(#"(\\.([0-9]{3}){1,3})?Z$"#))
        }

        /// Random instants at every precision through every format: decoded to the canonical text
        /// computed here from the calendar, encoded back to the same external text when the format
        /// holds the digits and refused when it does not; both paths agree.
        @Test func randomInstantsRoundTripThroughEveryFormat() throws {
            var generator = SplitMix64(seed: 35)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            for _ in 0..<300 {
                let seconds = Int64.random(in: -2_208_988_800...253_402_300_799, using: &generator)
                let precision = Int(generator.next() % 10)
                let scale = Int64(pow(10, Double(9 - precision)))
                let nanosecond = precision == 0 ? 0 : Int64.random(in: 0..<1_000_000_000, using: &generator) / scale * scale
                let parts = calendar.dateComponents(
                    [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(seconds)))
                func pad(_ value: Int?, _ width: Int) -> String {
                    let text = String(value ?? 0)
                    return String(repeating: "0", count: max(0, width - text.count)) + text
                }
                let civil =
                    "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))"
                    + "T\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2))"
                let nine = pad(Int(nanosecond), 9)
                let groups = nanosecond == 0 ? 0 : nanosecond % 1_000_000 == 0 ? 3 : nanosecond % 1000 == 0 ? 6 : 9
                let canonical = civil + (groups == 0 ? "" : "." + nine.prefix(groups)) + "Z"
                let total = Int128(seconds) * 1_000_000_000 + Int128(nanosecond)
                var fraction = pad(Int(total.magnitude % 1_000_000_000), 9)
                while fraction.last == "0" { fraction.removeLast() }
                let secondsText =
                    (total < 0 ? "-" : "") + String(total.magnitude / 1_000_000_000) + (fraction.isEmpty ? "" : "." + fraction)
                let external: [(key: String, value: String, digits: Int)] = [
                    ("iso", "\"\(canonical)\"", 9),
                    ("seconds", secondsText, 9),
                    ("millis", String(total / 1_000_000), 3), ("micros", String(total / 1000), 6),
                    ("nanos", String(total), 9),
                    ("micro", "\"\(civil.replacingOccurrences(of: "T", with: " ")).\(nine.prefix(6))\"", 6),
                    ("milli", "\"\(civil.replacingOccurrences(of: "T", with: " ")).\(nine.prefix(3))\"", 3),
                ]
                let fitting = external.filter { nanosecond % Int64(pow(10, Double(9 - $0.digits))) == 0 }
                let input = "{" + fitting.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
                let expected = "{" + fitting.map { "\"\($0.key)\":\"\(canonical)\"" }.joined(separator: ",") + "}"
                #expect(try mapper.canonical(input, as: "R") == expected, "\(input)")
                #expect(try mapper.encode(expected, as: "R") == input)
                expectDecodingAgrees(mapper.catalog, input, as: "R")
                let all = "{" + external.map { "\"\($0.key)\":\"\(canonical)\"" }.joined(separator: ",") + "}"
                #expect(mapper.encodeErrors(all, as: "R").count == external.count - fitting.count, "\(all)")
                expectEncodingAgrees(mapper.catalog, all, as: "R")
            }
        }
    }
}
