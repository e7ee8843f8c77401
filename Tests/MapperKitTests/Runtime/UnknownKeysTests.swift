import Testing

import MapperSupport
import MapperTestSupport
@testable import MapperKit

extension RuntimeTests {
    /// SPEC §4.3 `unknown_keys`: ignore, reject (one error listing the keys), keep (`$extra` last in
    /// canonical JSON, written back after the mapped keys, mapped keys win, exact round trips).
    struct UnknownKeysTests {
        let mapper: Mapper

        init() throws {
            mapper = try Mapper(
                """
                mapper: 1
                models:
                  Ignoring:
                    properties: { id: int }
                  Rejecting:
                    unknown_keys: reject
                    properties:
                      id: int
                      login: { type: string, key: user.login }
                      child: Ignoring
                  Keeping:
                    unknown_keys: keep
                    properties:
                      id: int
                      login: { type: string, key: user.login }
                      price: decimal
                      child: Keeping
                  Child:
                    extends: Rejecting
                    properties: { name: string }
                """)
        }

        @Test func ignoreDropsUnknownKeys() throws {
            #expect(try mapper.canonical(#"{"x":1,"id":2,"y":{"z":[]}}"#, as: "Ignoring") == #"{"id":2}"#)
            #expect(try mapper.roundTrip(#"{"x":1,"id":2}"#, as: "Ignoring") == #"{"id":2}"#)
        }

        @Test func rejectListsEveryUnknownKey() {
            #expect(
                mapper.errors(#"{"b":1,"id":2,"a":null,"c/d":{}}"#, as: "Rejecting") == [
                    #"error: / (Rejecting): model 'Rejecting' does not map the keys "b", "a", "c/d" [test.yaml:5:3]"#
                ])
            #expect(
                mapper.errors(#"{"b":1}"#, as: "Rejecting") == [
                    #"error: / (Rejecting): model 'Rejecting' does not map the key "b" [test.yaml:5:3]"#
                ])
        }

        @Test func rejectGovernsOnlyTheModelsOwnObject() {
            // `user` is the first segment of a key path; keys inside it and inside nested models that
            // ignore unknown keys are not this model's business.
            #expect(mapper.errors(#"{"user":{"login":"a","site_admin":false},"child":{"extra":1}}"#, as: "Rejecting") == [])
        }

        @Test func rejectIsInheritedAndReportedWithOtherErrors() {
            #expect(
                mapper.errors(#"{"id":"x","name":"n","nope":1}"#, as: "Child") == [
                    #"error: /id (Child.id): expected an integer, found "x" [test.yaml:8:7]"#,
                    #"error: / (Child): model 'Child' does not map the key "nope" [test.yaml:18:3]"#,
                ])
        }

        @Test func keepWritesExtraLastInCanonicalJSON() throws {
            #expect(
                try mapper.canonical(#"{"z":0,"id":1,"m":[1,{"k":2.50}],"a":null}"#, as: "Keeping")
                    == #"{"id":1,"$extra":{"z":0,"m":[1,{"k":2.50}],"a":null}}"#)
            #expect(try mapper.canonical(#"{"id":1}"#, as: "Keeping") == #"{"id":1}"#)
        }

        @Test func keepWritesExtraBackAfterMappedKeys() throws {
            #expect(try mapper.roundTrip(#"{"z":0,"id":1,"a":"x"}"#, as: "Keeping") == #"{"id":1,"z":0,"a":"x"}"#)
            #expect(try mapper.encode(#"{"id":1,"$extra":{"b":true,"a":[]}}"#, as: "Keeping") == #"{"id":1,"b":true,"a":[]}"#)
        }

        @Test func mappedKeysWinOverExtraKeys() throws {
            #expect(try mapper.encode(#"{"id":1,"$extra":{"id":2,"other":4}}"#, as: "Keeping") == #"{"id":1,"other":4}"#)
            #expect(try mapper.encode(#"{"id":null,"$extra":{"id":2}}"#, as: "Keeping") == #"{"id":null}"#)
            // No collision when no property writes the key.
            #expect(try mapper.encode(#"{"id":1,"$extra":{"price":3}}"#, as: "Keeping") == #"{"id":1,"price":3}"#)
            #expect(
                try mapper.encode(#"{"id":1,"login":"a","$extra":{"user":{"login":"b","x":1},"other":3}}"#, as: "Keeping")
                    == #"{"id":1,"user":{"login":"a","x":1},"other":3}"#)
        }

        /// `encode(decode(x)) == x` for objects whose mapped values are already canonical.
        @Test(arguments: [
            #"{"id":1,"user":{"login":"octocat"},"price":18446744073709551616.50,"zeta":null,"alpha":{"deep":[1,2.50,"\u00e9"]}}"#,
            #"{"id":1,"child":{"id":2,"x":[1e400],"child":{"y":{}}},"w":"w"}"#,
            #"{"price":1e-7,"id":null,"extra":{"id":5}}"#,
            // What the key paths do not read inside their objects is kept too.
            #"{"id":1,"user":{"login":"octocat","site_admin":false,"plan":{"name":"pro"}},"z":0}"#,
            #"{"user":null,"id":2}"#,
            #"{"user":{},"id":3}"#,
            #"{"user":{"login":null}}"#,
            #"{"user":{"avatar":null}}"#,
        ])
        func keepRoundTripsExactly(json: String) throws {
            let again = try mapper.roundTrip(json, as: "Keeping")
            #expect(try JSONValue(parsing: again) == JSONValue(parsing: json))
            #expect(try mapper.canonical(again, as: "Keeping") == mapper.canonical(json, as: "Keeping"))
        }

        @Test func keepRoundTripsKeyOrderWhenMappedKeysComeFirst() throws {
            let json = #"{"id":1,"user":{"login":"a"},"price":2.50,"zeta":null,"alpha":[1e400,18446744073709551616]}"#
            #expect(try mapper.roundTrip(json, as: "Keeping") == json)
        }

        @Test func keepHoldsWhatKeyPathObjectsLeaveUnread() throws {
            #expect(
                try mapper.canonical(#"{"user":{"login":"a","site_admin":false},"id":1}"#, as: "Keeping")
                    == #"{"id":1,"login":"a","$extra":{"user":{"site_admin":false}}}"#)
            #expect(try mapper.canonical(#"{"user":null}"#, as: "Keeping") == #"{"$extra":{"user":null}}"#)
            #expect(try mapper.canonical(#"{"user":{"login":"a"}}"#, as: "Keeping") == #"{"login":"a"}"#)
            #expect(
                try mapper.roundTrip(#"{"user":{"login":"a","site_admin":false},"id":1}"#, as: "Keeping")
                    == #"{"id":1,"user":{"login":"a","site_admin":false}}"#)
        }

        /// `encode(decode(x)) == x` over generated objects: keys drawn from the mapped path segments
        /// and others, nested, with every kind of value (documents that do not decode are skipped).
        @Test func keepRoundTripsGeneratedObjects() throws {
            let paths = try Mapper(
                """
                mapper: 1
                models:
                  P:
                    unknown_keys: keep
                    properties:
                      a: any
                      c: { type: any, key: b.c }
                      e: { type: any, key: b.d.e }
                      g: { type: any, key: f.g }
                      h: { type: P, key: f.h }
                """)
            var generator = SplitMix64(seed: 4_3_2015)
            func value(_ depth: Int) -> JSONValue {
                switch generator.next() % (depth > 3 ? 4 : 6) {
                case 0: return .null
                case 1: return .number(JSONNumber(Int64(generator.next() % 1000)))
                case 2: return .string(["a", "b", "x"][Int(generator.next() % 3)])
                case 3: return .bool(generator.next() % 2 == 0)
                case 4: return .array((0..<generator.next() % 3).map { _ in value(depth + 1) })
                default: return object(depth + 1)
                }
            }
            func object(_ depth: Int) -> JSONValue {
                var members = JSONObject()
                for key in ["a", "b", "c", "d", "e", "f", "g", "h", "x"] where generator.next() % 3 == 0 {
                    members.append(key, value(depth))
                }
                return .object(members)
            }
            var checked = 0
            for _ in 0..<3000 {
                let input = JSONWriter.write(object(0))
                guard let decoded = try? paths.catalog.decode(Array(input.utf8), as: "P") else { continue }
                checked += 1
                let output = String(decoding: try paths.catalog.encode(decoded, as: "P"), as: UTF8.self)
                #expect(try JSONValue(parsing: output) == JSONValue(parsing: input), "\(input) → \(output)")
            }
            #expect(checked > 1000)
        }

        @Test func keptKeysSurviveCanonicalJSON() throws {
            let canonical = try mapper.canonical(#"{"id":1,"x":{"y":1}}"#, as: "Keeping")
            let model = try #require(mapper.catalog.readCanonical(Array(canonical.utf8), as: "Keeping").model)
            #expect(model.extra == JSONObject([.init(key: "x", value: ["y": 1])]))
            #expect(try mapper.encode(canonical, as: "Keeping") == #"{"id":1,"x":{"y":1}}"#)
        }
    }
}
