import Testing

@testable import MapperKit

/// Routes whose body is not an object name its type (docs/language/routes.md, "Bodies that are
/// not objects"); the body is mapped as a property of that type would be. Expected values follow
/// the types page: an int reads `5.0` as 5, a date's canonical form is UTC with its fraction in
/// groups of three digits, an enum's alias decodes to its case and encodes as the case's JSON.
struct RouteValueTests {
    static let yaml = """
        mapper: 1
        enums:
          State: { cases: { open: open, closed: { json: closed, aliases: [resolved] } } }
        models:
          Problem: { properties: { message: string } }
        routes:
          error_model: Problem
          paths:
            /count: int
            /tags: [string]
            /seen: "[date]"
            /totals: [string: decimal]
            /labels/*: "string | int"
            /state: State
            /states: "[ State ]"
        """

    func session() throws -> MappingSession {
        MappingSession(catalog: try Catalog(yaml: Self.yaml))
    }

    func decode(_ json: String, route: String) throws -> String {
        var session = try session()
        let model = try #require(session.catalog.routes.match(route)?.model)
        return String(decoding: try session.decodeToCanonical(Array(json.utf8), as: model), as: UTF8.self)
    }

    func encode(_ canonical: String, route: String) throws -> String {
        var session = try session()
        let model = try #require(session.catalog.routes.match(route)?.model)
        return String(decoding: try session.encodeCanonical(Array(canonical.utf8), as: model), as: UTF8.self)
    }

    @Test func theRouteNamesTheTypeInItsCanonicalSpelling() throws {
        let routes = try Catalog(yaml: Self.yaml).routes
        #expect(routes.match("/count")?.model == "int")
        #expect(routes.match("/tags")?.model == "[string]")
        #expect(routes.match("/totals")?.model == "[string: decimal]")
        #expect(routes.match("/labels/x")?.model == "string | int")
        #expect(routes.match("/state")?.model == "State")
        #expect(routes.match("/states")?.model == "[State]")
        #expect(routes.match("/count", status: 404)?.model == "Problem")
    }

    @Test func scalarsConvertAsTheirType() throws {
        #expect(try decode("5.0", route: "/count") == "5")
        #expect(try decode("null", route: "/count") == "null")
        #expect(try decode(#"["2026-11-27T10:11:12.5+01:00"]"#, route: "/seen") == #"["2026-11-27T09:11:12.500Z"]"#)
        #expect(try decode(#"{"eur": 10.50}"#, route: "/totals") == #"{"eur":10.50}"#)
        #expect(try decode("7", route: "/labels/x") == "7")
        #expect(try decode(#""x""#, route: "/labels/x") == #""x""#)
    }

    @Test func enumsDecodeAliasesAndEncodeTheirCase() throws {
        #expect(try decode(#""resolved""#, route: "/state") == #""closed""#)
        #expect(try decode(#"["open", "resolved", null]"#, route: "/states") == #"["open","closed",null]"#)
        #expect(try encode(#"["closed"]"#, route: "/states") == #"["closed"]"#)
    }

    @Test func errorsPointIntoTheBodyFromItsRoot() throws {
        let scalar = try #require(throws: MappingErrors.self) { try decode(#""5""#, route: "/count") }
        #expect(scalar.errors.map(\.pointer) == [""])
        #expect(scalar.errors.map(\.code) == [.typeMismatch])
        let element = try #require(throws: MappingErrors.self) { try decode(#"["a", 2, "b", true]"#, route: "/tags") }
        #expect(element.errors.map(\.pointer) == ["/1", "/3"])
        let unknown = try #require(throws: MappingErrors.self) { try decode(#""reopened""#, route: "/state") }
        #expect(unknown.errors.map(\.code) == [.unknownEnumValue])
        let malformed = try #require(throws: MappingErrors.self) { try decode("[1,", route: "/tags") }
        #expect(malformed.errors.map(\.code) == [.invalidJSON])
    }

    /// Canonical JSON is read strictly on encode: a date must be an instant string.
    @Test func encodeReadsCanonicalJSONOfTheType() throws {
        #expect(try encode(#"["2026-11-27T09:11:12.500Z"]"#, route: "/seen") == #"["2026-11-27T09:11:12.500Z"]"#)
        #expect(try encode("5", route: "/count") == "5")
        #expect(throws: MappingErrors.self) { try encode(#"["yesterday"]"#, route: "/seen") }
    }

    /// The hidden models are no models of the catalog: not listed, and refused where models are
    /// handed over.
    @Test func theTypeIsNotAModelOfTheCatalog() throws {
        let catalog = try Catalog(yaml: Self.yaml)
        #expect(catalog.modelNames == ["Problem"])
        #expect(catalog.models.keys.sorted() == ["Problem"])
        var session = MappingSession(catalog: catalog)
        let error = try #require(throws: MappingErrors.self) { try session.decode(Array("5".utf8), as: "int") }
        #expect(error.errors.first?.message.contains("the type of a route's body, not a model") == true)
    }

    @Test func anUnknownTypeInARouteIsReportedAsATypeError() throws {
        let yaml = "mapper: 1\nroutes:\n  paths:\n    /tags: [Tag]\n    /user: Usr\nmodels:\n  User: { properties: { login: string } }\n"
        let error = try #require(throws: CatalogError.self) { try Catalog(yaml: yaml) }
        let codes = error.diagnostics.filter { $0.severity == .error }.map(\.code)
        #expect(codes == ["unknown-type", "unknown-model"], "\(error)")
    }

    /// `Model?`: a body that is the model or `null` (docs/language/routes.md, "A body that may be
    /// null"); null stays null both ways, an object is read with the model's rules.
    @Test func aModelWithAQuestionMarkTakesNull() throws {
        let yaml =
            "mapper: 1\nmodels:\n  User: { properties: { login: { type: string, required: true } } }\nroutes:\n  paths:\n    /me: User?\n    /users: User\n"
        let catalog = try Catalog(yaml: yaml)
        #expect(catalog.routes.match("/me")?.model == "User?")
        #expect(catalog.modelNames == ["User"])
        var session = MappingSession(catalog: catalog)
        #expect(String(decoding: try session.decodeToCanonical(Array("null".utf8), as: "User?"), as: UTF8.self) == "null")
        #expect(String(decoding: try session.encodeCanonical(Array("null".utf8), as: "User?"), as: UTF8.self) == "null")
        #expect(
            String(decoding: try session.decodeToCanonical(Array(#"{"login":"octocat"}"#.utf8), as: "User?"), as: UTF8.self)
                == #"{"login":"octocat"}"#)
        let missing = try #require(throws: MappingErrors.self) { try session.decodeToCanonical(Array("{}".utf8), as: "User?") }
        #expect(missing.errors.map(\.code) == [.missingRequired])
        // The model's own route still refuses null.
        #expect(throws: MappingErrors.self) { try session.decodeToCanonical(Array("null".utf8), as: "User") }
    }

    @Test func aQuestionMarkGoesOnlyAfterAModelsName() throws {
        let yaml =
            "mapper: 1\nroutes:\n  paths:\n    /count: int?\n    /user: Usr?\n    /tags: \"[Tag]?\"\nmodels:\n  User: { properties: { login: string } }\n"
        let error = try #require(throws: CatalogError.self) { try Catalog(yaml: yaml) }
        let errors = error.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.code) == ["invalid-type", "unknown-model", "unknown-type"], "\(error)")
        #expect(errors.first?.message == "route '/count' names 'int?', but a body of type 'int' may be null already")
    }

    /// The JSON Schema of a route's type describes the body itself (an array, or the model or
    /// null), not the hidden model's object.
    @Test func theSchemaOfARoutesTypeIsTheBodys() throws {
        let yaml = "mapper: 1\nmodels:\n  User: { properties: { login: string } }\nroutes:\n  paths:\n    /me: User?\n    /tags: [string]\n"
        let catalog = try Catalog(yaml: yaml)
        let tags = try catalog.jsonSchema(for: "[string]", side: .external)
        #expect(tags["type"] == ["array", "null"])
        #expect(tags["properties"] == nil)
        let me = try catalog.jsonSchema(for: "User?", side: .canonical)
        #expect(me["anyOf"] == [["$ref": "#/$defs/User"], ["type": "null"]])
        #expect(me["$defs"]?["User"]?["type"] == "object")
    }
}
