@testable import MapperKit
@testable import MapperTooling
import Testing

/// The list of docs/language/round-trips.md, one test an item: what decode → encode changes, with
/// the expected external JSON worked out by hand from the item's rule, and `RoundTripCheck`
/// accepting it; then differences no item explains, which the check reports.
struct RoundTripListTests {
    static let catalog = try! Catalog(
        yaml:
            """
            mapper: 1
            formats:
              us_day: { date: "MMMM d, yyyy", locale: en_US }
            enums:
              State:
                cases:
                  open: open
                  closed: { json: closed, aliases: [resolved] }
                default: open
            models:
              Thing:
                properties:
                  n: int
                  d: double
                  x: decimal
                  s: string
                  at: date
                  id: uuid
                  count: { type: int, json: string }
                  state: State
                  label: { type: string, default: none }
                  city: { type: string, key: address.city }
                  due: local_date
                  dueUS: { type: local_date, format: us_day }
                  note: { type: string, omit: nulls }
                  tags: { type: "[string]", omit: empty }
              Full:
                properties:
                  first: { type: string, required: true }
                  full: { type: string, decode: "self.first + '!'" }
                  shout: { type: string, decode: "self.first + '?'", encode: "self.shout" }
            """, name: "test.yaml")

    /// decode → encode of `input` as `model`, checked against `expected`; the check finds nothing.
    func expectRoundTrip(_ input: String, _ expected: String, model: String = "Thing") throws {
        let written = String(
            decoding: try Self.catalog.encode(try Self.catalog.decode(Array(input.utf8), as: model), as: model), as: UTF8.self)
        #expect(written == expected)
        #expect(try problems(input, written, model: model) == [])
    }

    func problems(_ original: String, _ written: String, model: String = "Thing") throws -> [String] {
        var check = RoundTripCheck(catalog: Self.catalog, warned: [])
        check.compare(try JSONValue(parsing: original), try JSONValue(parsing: written), type: .model(model))
        return check.problems
    }

    @Test func layoutAndKeyOrder() throws {
        try expectRoundTrip("{ \"s\" : \"a\",\n  \"n\" : 1 }", #"{"n":1,"s":"a","label":"none"}"#)
    }

    @Test func stringEscapes() throws {
        try expectRoundTrip(#"{"s":"\u00e9\/","label":"x"}"#, #"{"s":"é/","label":"x"}"#)
    }

    @Test func numberSpelling() throws {
        try expectRoundTrip(
            #"{"n":1.0,"d":1e2,"x":1.50,"count":"1e1","label":"x"}"#, #"{"n":1,"d":100,"x":1.50,"count":"10","label":"x"}"#)
    }

    @Test func datesAsInstants() throws {
        // 10:00 at +02:00 is 08:00 UTC; half a second is written to the millisecond.
        try expectRoundTrip(#"{"at":"2026-01-01T10:00:00.5+02:00","label":"x"}"#, #"{"at":"2026-01-01T08:00:00.500Z","label":"x"}"#)
    }

    @Test func uuidCase() throws {
        try expectRoundTrip(
            #"{"id":"6BA7B810-9DAD-11D1-80B4-00C04FD430C8","label":"x"}"#, #"{"id":"6ba7b810-9dad-11d1-80b4-00c04fd430c8","label":"x"}"#)
    }

    @Test func enumAliasesAndFallback() throws {
        try expectRoundTrip(#"{"state":"resolved","label":"x"}"#, #"{"state":"closed","label":"x"}"#)
        try expectRoundTrip(#"{"state":"reopened","label":"x"}"#, #"{"state":"open","label":"x"}"#)
    }

    @Test func defaultsAreWritten() throws {
        try expectRoundTrip(#"{"n":1}"#, #"{"n":1,"label":"none"}"#)
        // A decode expression with an encode writes its value at its key.
        try expectRoundTrip(#"{"first":"a"}"#, #"{"first":"a","shout":"a?"}"#, model: "Full")
    }

    @Test func unknownKeysDropped() throws {
        try expectRoundTrip(#"{"n":1,"extra":{"a":1},"label":"x"}"#, #"{"n":1,"label":"x"}"#)
    }

    @Test func nullOnAKeyPath() throws {
        try expectRoundTrip(#"{"address":null,"label":"x"}"#, #"{"label":"x"}"#)
        try expectRoundTrip(#"{"address":{"city":"Oslo"},"label":"x"}"#, #"{"label":"x","address":{"city":"Oslo"}}"#)
    }

    @Test func calendarDaysInTheirFormat() throws {
        // 'd' writes the day without a leading zero; the day itself is unchanged. Keys in property order.
        try expectRoundTrip(
            #"{"due":"2019-09-15","dueUS":"July 04, 2026","label":"x"}"#, #"{"label":"x","due":"2019-09-15","dueUS":"July 4, 2026"}"#)
    }

    @Test func omittedNullsAndEmpties() throws {
        try expectRoundTrip(#"{"note":null,"tags":[],"label":"x"}"#, #"{"label":"x"}"#)
        // omit: nulls keeps an empty string; omit: empty keeps a non-empty array.
        try expectRoundTrip(#"{"note":"","tags":["a"],"label":"x"}"#, #"{"label":"x","note":"","tags":["a"]}"#)
    }

    @Test func decodeOnlyLeftOut() throws {
        try expectRoundTrip(#"{"first":"a","full":"ignored"}"#, #"{"first":"a","shout":"a?"}"#, model: "Full")
    }

    @Test func whatNoItemExplainsIsReported() throws {
        #expect(try problems(#"{"n":1,"s":"a"}"#, #"{"n":1}"#) == ["/s: the key was not written back"])
        #expect(try problems(#"{"note":"a"}"#, #"{}"#) == ["/note: the key was not written back"])
        #expect(try problems(#"{"n":null}"#, #"{}"#) == ["/n: the key was not written back"])
        #expect(try problems(#"{"s":"a"}"#, #"{"s":"b"}"#) == [#"/s: "a" was written as "b""#])
        #expect(try problems(#"{"n":1}"#, #"{"n":2}"#) == ["/n: 1 was written as 2"])
        #expect(try problems(#"{"n":1}"#, #"{"n":1,"s":"a"}"#) == ["/s: a key the input did not have was written"])
        #expect(try problems(#"{"n":1}"#, #"{"n":1,"other":2}"#) == ["/other: a key no property maps was written"])
        #expect(try problems(#"{"state":"open"}"#, #"{"state":"closed"}"#) == [#"/state: "open" was written as "closed""#])
        #expect(try problems(#"{"count":"7"}"#, #"{"count":"8"}"#) == [#"/count: "7" was written as "8""#])
        #expect(try problems(#"{"address":{"city":"a"}}"#, #"{"address":{"city":"b"}}"#) == [#"/address/city: "a" was written as "b""#])
    }
}
