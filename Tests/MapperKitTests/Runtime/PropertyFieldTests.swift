import Testing

@testable import MapperKit

extension RuntimeTests {
    /// SPEC §4.1 and §4.3: absent versus null, `default`, `required`, `transient`, `computed`, `flatten`.
    struct PropertyFieldTests {
        let mapper: Mapper

        init() throws {
            mapper = try Mapper(
                """
                mapper: 1
                enums:
                  State: { cases: { open: open, closed: closed } }
                models:
                  Plain:
                    properties: { a: string, b: int }
                  Defaults:
                    properties:
                      count: { type: int, default: 7 }
                      name: { type: string, default: anonymous }
                      state: { type: State, default: closed }
                      since: { type: date, default: "2020-01-01T00:00:00Z", format: unix }
                      tags: { type: "[string]", default: [a, b] }
                  Required:
                    properties:
                      title: { type: string, required: true }
                      number: { type: int, required: true, key: meta.number }
                  Local:
                    unknown_keys: reject
                    properties:
                      id: int
                      note: { type: string, transient: true, default: local }
                      cache: { type: int, transient: true }
                  Stamped:
                    properties:
                      id: int
                      retrievedAt: { type: date, computed: now }
                      seenAt: { type: date, computed: now, compare: false }
                      token: { type: uuid, computed: uuid }
                  Address:
                    key_style: snake_case
                    properties:
                      street: string
                      postCode: { type: string, key: postal.code }
                  Person:
                    unknown_keys: reject
                    properties:
                      name: string
                      address: { type: Address, flatten: true }
                """)
        }

        // MARK: absent and null

        @Test func absentAndNullSurviveEveryStep() throws {
            #expect(try mapper.canonical(#"{"a":null}"#, as: "Plain") == #"{"a":null}"#)
            #expect(try mapper.canonical("{}", as: "Plain") == "{}")
            #expect(try mapper.roundTrip(#"{"a":null}"#, as: "Plain") == #"{"a":null}"#)
            #expect(try mapper.roundTrip(#"{"b":null,"a":"x"}"#, as: "Plain") == #"{"a":"x","b":null}"#)
            #expect(try mapper.encode("{}", as: "Plain") == "{}")
            #expect(try mapper.encode(#"{"b":null}"#, as: "Plain") == #"{"b":null}"#)
            let absent = try mapper.model("{}", as: "Plain")
            let null = try mapper.model(#"{"a":null}"#, as: "Plain")
            #expect(absent.a == nil)
            #expect(null.a == .null)
            #expect(absent != null)
        }

        // MARK: default

        @Test func defaultsFillAbsentKeysOnly() throws {
            #expect(
                try mapper.canonical("{}", as: "Defaults")
                    == #"{"count":7,"name":"anonymous","state":"closed","since":"2020-01-01T00:00:00Z","tags":["a","b"]}"#)
            #expect(
                try mapper.canonical(#"{"count":null,"name":null,"state":null,"since":null,"tags":null}"#, as: "Defaults")
                    == #"{"count":null,"name":null,"state":null,"since":null,"tags":null}"#)
            #expect(
                try mapper.canonical(#"{"count":1,"state":"open","since":0}"#, as: "Defaults")
                    == #"{"count":1,"name":"anonymous","state":"open","since":"1970-01-01T00:00:00Z","tags":["a","b"]}"#)
            #expect(
                try mapper.roundTrip("{}", as: "Defaults")
                    == #"{"count":7,"name":"anonymous","state":"closed","since":1577836800,"tags":["a","b"]}"#)
        }

        // MARK: required

        @Test func requiredKeysMustBePresentAndNotNull() {
            #expect(
                mapper.errors("{}", as: "Required") == [
                    "error: /title (Required.title): required key 'title' is missing [test.yaml:16:7]",
                    "error: /meta/number (Required.number): required key 'meta.number' is missing [test.yaml:17:7]",
                ])
            #expect(
                mapper.errors(#"{"title":null,"meta":{"number":null}}"#, as: "Required") == [
                    "error: /title (Required.title): required key 'title' is null [test.yaml:16:7]",
                    "error: /meta/number (Required.number): required key 'meta.number' is null [test.yaml:17:7]",
                ])
            // A null intermediate makes the property absent, and a required one missing.
            #expect(
                mapper.errors(#"{"title":"t","meta":null}"#, as: "Required") == [
                    "error: /meta/number (Required.number): required key 'meta.number' is missing [test.yaml:17:7]"
                ])
        }

        // MARK: transient

        @Test func transientPropertiesAreNeverReadOrWritten() throws {
            #expect(try mapper.canonical(#"{"id":1}"#, as: "Local") == #"{"id":1,"note":"local"}"#)
            // The JSON key is not the property's: with unknown_keys: reject it is an unknown key.
            #expect(
                mapper.errors(#"{"id":1,"note":"from json"}"#, as: "Local") == [
                    #"error: / (Local): model 'Local' does not map the key "note" [test.yaml:18:3]"#
                ])
            #expect(try mapper.encode(#"{"id":1,"note":"mine","cache":5}"#, as: "Local") == #"{"id":1}"#)
            let model = try #require(mapper.catalog.readCanonical(Array(#"{"id":1,"note":"mine","cache":5}"#.utf8), as: "Local").model)
            #expect(model.note == .string("mine"))
            #expect(model.cache == .int(5))
        }

        // MARK: computed

        @Test func computedNowIsOneInstantPerCall() throws {
            let now = try #require(Instant(iso8601: "2020-01-01T00:00:00.250Z"))
            #expect(
                try mapper.canonical(#"{"id":1,"retrievedAt":"1999-01-01T00:00:00Z"}"#, as: "Stamped", now: now)
                    .hasPrefix(#"{"id":1,"retrievedAt":"2020-01-01T00:00:00.250Z","seenAt":"2020-01-01T00:00:00.250Z","token":""#))
            let decoded = try mapper.catalog.decode(Array(#"[{"id":1},{"id":2}]"#.utf8), as: "Stamped", now: now)
            guard case .array(let models) = decoded else { Issue.record("expected an array"); return }
            #expect(models.map { $0?.retrievedAt } == [.date(now), .date(now)])
        }

        @Test func computedNowDefaultsToTheTimeOfTheCall() throws {
            let before = Instant.now
            let model = try mapper.model(#"{"id":1}"#, as: "Stamped")
            let after = Instant.now
            let stamp = try #require(model.retrievedAt?.date)
            #expect(before <= stamp && stamp <= after)
        }

        @Test func computedUUIDsAreFreshLowerCaseVersion4() throws {
            let first = try mapper.model(#"{"id":1}"#, as: "Stamped")
            let second = try mapper.model(#"{"id":1}"#, as: "Stamped")
            let token = try #require(first.token?.string)
            #expect(token.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil)
            #expect(first.token != second.token)
        }

        @Test func computedPropertiesAreNotEncoded() throws {
            #expect(try mapper.roundTrip(#"{"id":1}"#, as: "Stamped") == #"{"id":1}"#)
        }

        // MARK: flatten

        @Test func flattenedModelsReadTheParentsObject() throws {
            let input = #"{"name":"n","street":"Main St","postal":{"code":"12345"}}"#
            #expect(try mapper.canonical(input, as: "Person") == #"{"name":"n","address":{"street":"Main St","postCode":"12345"}}"#)
            #expect(try mapper.roundTrip(input, as: "Person") == input)
            #expect(try mapper.encode(#"{"address":{"postCode":"1"},"name":"n"}"#, as: "Person") == #"{"name":"n","postal":{"code":"1"}}"#)
        }

        @Test func flattenedKeysAreNotUnknownButOthersAre() {
            #expect(mapper.errors(#"{"name":"n","street":"s","postal":{"code":"1"}}"#, as: "Person") == [])
            #expect(
                mapper.errors(#"{"name":"n","street":"s","city":"c"}"#, as: "Person") == [
                    #"error: / (Person): model 'Person' does not map the key "city" [test.yaml:35:3]"#
                ])
        }

        @Test func errorsInFlattenedModelsPointIntoTheParentsObject() {
            #expect(
                mapper.errors(#"{"street":5,"postal":"x"}"#, as: "Person") == [
                    "error: /street (Person.address.street): expected a string, found 5 [test.yaml:33:7]",
                    #"error: /postal (Person.address.postCode): expected an object at 'postal' for key path 'postal.code', found "x" [test.yaml:34:7]"#,
                ])
        }
    }
}
