import Testing

@testable import MapperKit

/// The scalar types' homes (`ScalarType`, registered in `ScalarPlan.types`) against what the
/// language names and what the engine writes.
struct ScalarHomeTests {
    /// The language's scalar types, as the manual lists them.
    static let names = ["string", "int", "double", "decimal", "bool", "url", "uuid", "date", "local_date", "any"]

    @Test func everyScalarNameDenotesItsTypeAndNamesItBack() throws {
        #expect(Set(TypeSpec.scalars.keys) == Set(Self.names))
        let yaml = "mapper: 1\nmodels:\n  T:\n    properties:\n" + Self.names.map { "      p_\($0): \($0)\n" }.joined()
        let catalog = try Mapper(yaml).catalog
        for name in Self.names {
            let type = try #require(catalog.models["T"]?.properties.first { $0.name == "p_\(name)" }?.type)
            #expect(type.description == name)
            #expect(type.scalarType?.name == name)
        }
    }

    /// What canonical JSON holds for each scalar is of a kind its home declares (unions and
    /// coverage tell members apart by those kinds).
    @Test func canonicalJSONIsOfTheKindsTheHomesDeclare() throws {
        let mapper = try Mapper(
            """
            mapper: 1
            models:
              T:
                properties:
                  s: string
                  i: { type: int, json: string }
                  d: double
                  n: { type: decimal, json: string }
                  b: { type: bool, json: int }
                  u: url
                  id: uuid
                  at: { type: date, format: unix }
                  day: local_date
                  x: any
            """)
        let external = """
            {"s": "a", "i": "7", "d": 1.5, "n": "2.50", "b": 1, "u": "https://example.com/a", \
            "id": "0F8FAD5B-D9CB-469F-A165-70867728950E", "at": 1700000000, "day": "2019-09-15", "x": [1]}
            """
        let canonical = try JSONValue(parsing: Array(try mapper.canonical(external, as: "T").utf8))
        let types: [String: TypeSpec] = [
            "s": .string, "i": .int, "d": .double, "n": .decimal, "b": .bool, "u": .url, "id": .uuid, "at": .date, "day": .localDate,
            "x": .any,
        ]
        for (key, type) in types {
            let value = try #require(canonical[key], "no \(key) in \(canonical)")
            let kind = try #require(JSONKind(value))
            #expect(type.scalarType?.canonicalKinds.contains(kind) == true, "\(key): \(value) is a JSON \(kind.name)")
        }
    }
}
