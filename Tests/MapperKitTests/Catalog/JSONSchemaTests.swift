import Foundation
import MapperTestSupport
import Testing

@testable import MapperKit

/// The JSON Schema a catalog generates, as the text `mapper schema` prints, read back by a parser
/// that refuses duplicate keys (two `minimum`s mean whatever each reader decides).
func checkedSchema(_ catalog: Catalog, _ model: String, side: SchemaSide) throws -> JSONValue {
    let text = JSONWriter.write(try catalog.jsonSchema(for: model, side: side))
    return try JSONValue(parsing: text)
}

struct JSONSchemaTests {
    @Test func numberBoundsAreWrittenOnceEach() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models:
                  Stock:
                    properties:
                      count: { type: int, minimum: 0, maximum: 10 }
                      low: { type: int, minimum: -5 }
                      ratio: { type: double, minimum: 0.5 }
                """, name: "test.yaml")
        for side in SchemaSide.allCases {
            let schema = try checkedSchema(catalog, "Stock", side: side)
            let properties = try #require(schema["$defs"]?["Stock"]?["properties"])
            #expect(properties["count"]?["minimum"] == 0, "\(side)")
            #expect(properties["count"]?["maximum"] == 10, "\(side)")
            // The bound not given stays the type's own: an int holds at most Int64.max.
            #expect(properties["low"]?["minimum"] == -5, "\(side)")
            #expect(properties["low"]?["maximum"] == .number(JSONNumber(Int64.max)), "\(side)")
            #expect(properties["ratio"]?["minimum"] == .number(JSONNumber("0.5")!), "\(side)")
        }
    }

    @Test func aBoundLooserThanTheTypeKeepsTheType() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models:
                  Wide:
                    properties:
                      n: { type: int, minimum: -1e30, maximum: 1e30 }
                """, name: "test.yaml")
        let schema = try checkedSchema(catalog, "Wide", side: .canonical)
        let n = try #require(schema["$defs"]?["Wide"]?["properties"]?["n"])
        #expect(n["minimum"] == .number(JSONNumber(Int64.min)))
        #expect(n["maximum"] == .number(JSONNumber(Int64.max)))
    }

    /// Every model of every catalog in the repository, both sides.
    @Test(arguments: ["Mappings"] + Self.exampleCatalogs)
    func everyBundledSchemaHasNoDuplicateKeys(folder: String) throws {
        let catalog = try Catalog(paths: [MapperBinary.packageRoot.appendingPathComponent(folder).path])
        for model in catalog.modelNames {
            for side in SchemaSide.allCases {
                #expect(throws: Never.self, "\(model) \(side)") { try checkedSchema(catalog, model, side: side) }
            }
        }
    }

    static let exampleCatalogs: [String] = {
        let examples = MapperBinary.packageRoot.appendingPathComponent("Examples")
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
        return folders.sorted().map { "Examples/\($0)/Mappings" }.filter {
            FileManager.default.fileExists(atPath: MapperBinary.packageRoot.appendingPathComponent($0).path)
        }
    }()
}
