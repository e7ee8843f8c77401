import Testing

@testable import MapperKit

extension RuntimeTests {
    /// `local_date` (issue 35): a calendar day with no time and no zone, `YYYY-MM-DD` in canonical
    /// JSON, read and written by day-only date patterns whatever their time zone.
    struct LocalDateTests {
        static let yaml = """
            mapper: 1
            formats:
              german_day: { date: "dd.MM.yyyy", time_zone: America/New_York }
              us_day: { date: "MMM d, yyyy", locale: en_US }
            models:
              Task:
                properties:
                  dueOn: { type: local_date, key: due_on }
                  german: { type: local_date, format: german_day }
                  us: { type: local_date, format: us_day }
                  days: "[local_date]"
                  latest: { type: local_date, merge: max }
                  earliest: { type: local_date, merge: min }
                  either: local_date | int
                rules:
                  - { rule: "!has(self.dueOn) || self.dueOn >= '2000-01-01'", message: due before 2000 }
            """
        let mapper: Mapper
        init() throws { mapper = try Mapper(Self.yaml) }

        @Test func asanasDueOnStaysADay() throws {
            // Asana's `due_on`, with a New York format in the same catalog: no zone shifts it.
            let input = #"{"due_on":"2019-09-15","german":"15.09.2019","us":"Sep 15, 2019"}"#
            let canonical = #"{"dueOn":"2019-09-15","german":"2019-09-15","us":"2019-09-15"}"#
            #expect(try mapper.canonical(input, as: "Task") == canonical)
            #expect(try mapper.encode(canonical, as: "Task") == input)
            #expect(try mapper.roundTrip(input, as: "Task") == input)
            expectDecodingAgrees(mapper.catalog, input, as: "Task")
            expectEncodingAgrees(mapper.catalog, canonical, as: "Task")
        }

        @Test func theEdgesOfTheCalendar() throws {
            let input = #"{"days":["0000-01-01","9999-12-31","2016-02-29","1969-12-31"]}"#
            #expect(try mapper.canonical(input, as: "Task") == input)
            #expect(try mapper.encode(input, as: "Task") == input)
        }

        @Test func impossibleDaysAreErrorsAtTheirPointer() {
            #expect(
                mapper.errors(#"{"due_on":"2019-02-30"}"#, as: "Task") == [
                    #"error: /due_on (Task.dueOn): expected a calendar date ("2006-01-02"), found "2019-02-30" [test.yaml:8:7]"#
                ])
            #expect(
                mapper.errors(#"{"days":["2019-09-15","2019-13-01"]}"#, as: "Task") == [
                    #"error: /days/1 (Task.days[1]): expected a calendar date ("2006-01-02"), found "2019-13-01" [test.yaml:11:7]"#
                ])
            #expect(
                mapper.errors(#"{"german":"31.04.2019"}"#, as: "Task") == [
                    #"error: /german (Task.german): expected a calendar date in format german_day ("dd.MM.yyyy"), found "31.04.2019" [test.yaml:9:7]"#
                ])
            for text in ["2019-9-15", "2019-09-15T00:00:00Z", "20190915", " 2019-09-15", "2015-02-29"] {
                #expect(mapper.errors(#"{"due_on":"\#(text)"}"#, as: "Task").count == 1, "\(text)")
                expectDecodingAgrees(mapper.catalog, #"{"due_on":"\#(text)"}"#, as: "Task")
            }
            #expect(mapper.canonicalErrors(#"{"dueOn":"2019-02-30"}"#, as: "Task").count == 1)
        }

        @Test func mergeOrdersByTheCalendarAndEqualityComparesDays() throws {
            let a = try #require(
                try mapper.catalog.readCanonical(Array(#"{"latest":"2019-12-31","earliest":"2020-01-01"}"#.utf8), as: "Task").model)
            let b = try #require(
                try mapper.catalog.readCanonical(Array(#"{"latest":"2020-01-01","earliest":"2019-12-31"}"#.utf8), as: "Task").model)
            #expect(a != b)
            #expect(a.differences(from: b) == ["latest", "earliest"])
            #expect(a["latest"] == .localDate(try #require(LocalDate(year: 2019, month: 12, day: 31))))
            let merged = String(decoding: try mapper.catalog.canonicalJSON(.model(a.merging(b)), as: "Task"), as: UTF8.self)
            #expect(merged == #"{"latest":"2020-01-01","earliest":"2019-12-31"}"#)
        }

        @Test func unionsTellADayFromANumber() throws {
            #expect(try mapper.canonical(#"{"either":"2019-09-15"}"#, as: "Task") == #"{"either":"2019-09-15"}"#)
            #expect(try mapper.canonical(#"{"either":7}"#, as: "Task") == #"{"either":7}"#)
            #expect(throws: (any Error).self) { try Mapper("mapper: 1\nmodels: { M: { properties: { x: local_date | string } } }") }
        }

        @Test func expressionsSeeTheDayAsText() throws {
            let errors = mapper.decodeErrors(Array(#"{"due_on":"1999-12-31"}"#.utf8), as: "Task")
            #expect(errors.map(\.code) == [.ruleFailed])
            #expect(errors.first?.message == "due before 2000")
            #expect(mapper.errors(#"{"due_on":"2000-01-01"}"#, as: "Task") == [])
            let computed = try Mapper(
                """
                mapper: 1
                models:
                  Event:
                    properties:
                      at: date
                      day: { type: local_date, decode: "string(self.at).substring(0, 10)" }
                """)
            #expect(
                try computed.canonical(#"{"at":"2020-02-29T23:00:00Z"}"#, as: "Event")
                    == #"{"at":"2020-02-29T23:00:00Z","day":"2020-02-29"}"#)
        }

        @Test func schemasSayFormatDate() throws {
            let canonical = JSONWriter.write(try mapper.catalog.jsonSchema(for: "Task", side: .canonical))
            #expect(canonical.contains(#""dueOn":{"type":["string","null"],"format":"date","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}"#))
            let external = JSONWriter.write(try mapper.catalog.jsonSchema(for: "Task", side: .external))
            #expect(external.contains(#""due_on":{"type":["string","null"],"format":"date""#))
            #expect(external.contains(#"a calendar date in format german_day (\"dd.MM.yyyy\")"#))
        }

        @Test func aDateWithADayOnlyFormatIsWarnedAbout() throws {
            let check = Catalog.check(
                sources: [
                    Catalog.Source(
                        name: "w.yaml",
                        text: """
                            mapper: 1
                            formats: { day: { date: "yyyy-MM-dd" } }
                            models: { T: { properties: { due: { type: date, format: day }, on: { type: local_date, format: day } } } }
                            """)
                ])
            #expect(check.diagnostics.map(\.code) == [Diagnostic.Code.dayOnlyDate.rawValue])
            #expect(check.diagnostics.first?.hint == "use 'type: local_date' for calendar days")
        }
    }
}
