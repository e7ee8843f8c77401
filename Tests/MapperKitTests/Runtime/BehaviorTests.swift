import Testing

@testable import MapperKit

extension RuntimeTests {
    /// Merging, equality, archives and schemas through the library API (§10, §11, §13).
    struct BehaviorTests {
        static let yaml = """
            mapper: 1
            models:
              Counter:
                properties:
                  name: string
                  count: { type: int, merge: sum }
                  best: { type: double, merge: max }
                  tags: { type: "[string]", merge: union }
                  history: { type: "[int]", merge: append }
                  owner: { type: Person, merge: deep }
                  note: { type: string, merge: keep }
                  seen: { type: date, compare: false }
              Person:
                properties:
                  name: string
                  visits: { type: int, merge: sum }
              NamedCounter:
                extends: Counter
                properties:
                  label: string
              Profile:
                version: 3
                properties:
                  name: string
                  title: string
                  count: int
                  token: { type: string, archive: false }
                migrations:
                  - { from: 1, rename: { mtl_name: name }, template: { title: "M: ${name}" }, drop: [legacy] }
                  - { from: 2, set: { count: 1 } }
            """

        let mapper: Mapper
        init() throws { mapper = try Mapper(Self.yaml) }

        func canonicalModel(_ json: String, as model: String) throws -> Model {
            try #require(try mapper.catalog.readCanonical(Array(json.utf8), as: model).model)
        }

        func canonical(_ model: Model) throws -> String {
            String(decoding: try mapper.catalog.canonicalJSON(.model(model), as: model.name), as: UTF8.self)
        }

        @Test func mantlesMergeExample() throws {
            let target = try canonicalModel(#"{"name":"foo","count":5}"#, as: "Counter")
            let source = try canonicalModel(#"{"name":"bar","count":3}"#, as: "Counter")
            #expect(try canonical(target.merging(source)) == #"{"name":"bar","count":8}"#)
        }

        @Test func everyStrategy() throws {
            let target = try canonicalModel(
                #"{"count":1,"best":2.5,"tags":["a","b"],"history":[1],"owner":{"name":"ann","visits":1},"note":"mine"}"#, as: "Counter")
            let source = try canonicalModel(
                #"{"name":null,"count":2,"best":1,"tags":["b","c"],"history":[1,2],"owner":{"visits":4},"note":"theirs"}"#, as: "Counter")
            #expect(
                try canonical(target.merging(source))
                    == #"{"name":null,"count":3,"best":2.5,"tags":["a","b","c"],"history":[1,1,2],"owner":{"name":"ann","visits":5},"note":"mine"}"#
            )
        }

        @Test func mergingAcrossSubclassAndSuperclass() throws {
            let plain = try canonicalModel(#"{"name":"p","count":1}"#, as: "Counter")
            let named = try canonicalModel(#"{"name":"n","count":2,"label":"x"}"#, as: "NamedCounter")
            let intoPlain = try plain.merging(named)
            #expect(intoPlain.name == "Counter")
            #expect(try canonical(intoPlain) == #"{"name":"n","count":3}"#)
            let intoNamed = try named.merging(plain)
            #expect(intoNamed.name == "NamedCounter")
            #expect(try canonical(intoNamed) == #"{"name":"p","count":3,"label":"x"}"#)
        }

        @Test func mergingWithAnEmptySourceChangesNothing() throws {
            let target = try canonicalModel(#"{"name":"a","count":1,"tags":["x"],"owner":{"name":"o"}}"#, as: "Counter")
            let empty = try canonicalModel("{}", as: "Counter")
            #expect(try target.merging(empty) == target)
        }

        @Test func overflowingSumIsAnError() throws {
            let target = try canonicalModel(#"{"count":9223372036854775807}"#, as: "Counter")
            let source = try canonicalModel(#"{"count":1}"#, as: "Counter")
            #expect(throws: MappingErrors.self) { try target.merging(source) }
        }

        @Test func equalityIgnoresCompareFalse() throws {
            let a = try canonicalModel(#"{"name":"a","seen":"2020-01-01T00:00:00Z"}"#, as: "Counter")
            let b = try canonicalModel(#"{"name":"a","seen":"2021-01-01T00:00:00Z"}"#, as: "Counter")
            let c = try canonicalModel(#"{"name":"c"}"#, as: "Counter")
            #expect(a == b)
            #expect(a.hashValue == b.hashValue)
            #expect(a != c)
            #expect(a.differences(from: b).isEmpty)
            #expect(a.differences(from: c) == ["name"])
        }

        @Test func differencesNameNestedPaths() throws {
            let a = try canonicalModel(#"{"tags":["x","y"],"owner":{"name":"ann","visits":1}}"#, as: "Counter")
            let b = try canonicalModel(#"{"tags":["x","z"],"owner":{"name":"ann","visits":2}}"#, as: "Counter")
            #expect(a.differences(from: b) == ["tags[1]", "owner.visits"])
        }

        @Test func archiveAndUnarchive() throws {
            var session = MappingSession(catalog: mapper.catalog)
            let archived = try session.archive(Array(#"{"name":"ann","title":"t","count":2,"token":"s3cret"}"#.utf8), as: "Profile")
            #expect(String(decoding: archived, as: UTF8.self) == #"{"$model":"Profile","$version":3,"name":"ann","title":"t","count":2}"#)
            let (model, canonical) = try session.unarchive(archived)
            #expect(model == "Profile")
            #expect(String(decoding: canonical, as: UTF8.self) == #"{"name":"ann","title":"t","count":2}"#)
        }

        @Test func migrationsRunInOrderFromAnyOlderVersion() throws {
            var session = MappingSession(catalog: mapper.catalog)
            let fromOne = try session.unarchive(Array(#"{"$model":"Profile","$version":1,"mtl_name":"ann","legacy":1}"#.utf8))
            #expect(String(decoding: fromOne.canonical, as: UTF8.self) == #"{"name":"ann","title":"M: ann","count":1}"#)
            let fromTwo = try session.unarchive(Array(#"{"$model":"Profile","$version":2,"name":"bob","count":7}"#.utf8))
            #expect(String(decoding: fromTwo.canonical, as: UTF8.self) == #"{"name":"bob","count":7}"#)
        }

        @Test func newerArchivesAreRefused() throws {
            var session = MappingSession(catalog: mapper.catalog)
            do {
                _ = try session.unarchive(Array(#"{"$model":"Profile","$version":4}"#.utf8))
                Issue.record("expected an error")
            } catch {
                #expect(error.errors.map(\.message) == ["archive from a newer schema: $version 4, but model 'Profile' is at version 3"])
                #expect(error.errors.first?.pointer == "/$version")
            }
        }

        @Test func schemasOfBothSides() throws {
            let canonical = try mapper.catalog.jsonSchema(for: "Counter", side: .canonical)
            #expect(canonical["$schema"] == "https://json-schema.org/draft/2020-12/schema")
            #expect(canonical["$ref"] == "#/$defs/Counter")
            let counter = try #require(canonical["$defs"]?["Counter"])
            #expect(counter["additionalProperties"] == false)
            #expect(counter["properties"]?["count"]?["type"] == ["integer", "null"])
            #expect(counter["properties"]?["owner"]?["anyOf"] == [["$ref": "#/$defs/Person"], ["type": "null"]])
            let external = try mapper.catalog.jsonSchema(for: "Counter", side: .external)
            #expect(external["$defs"]?["Counter"]?["additionalProperties"] == nil)  // unknown keys are ignored
            #expect(throws: MappingErrors.self) { try mapper.catalog.jsonSchema(for: "Nope", side: .canonical) }
        }
    }
}
