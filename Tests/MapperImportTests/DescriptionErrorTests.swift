import Foundation
import Testing
@testable import MapperImport
import MapperYAML

/// What is not an OpenAPI description at all is a clear error with a place; what is merely wrong
/// inside one is a warning.
struct DescriptionErrorTests {
    func failure(_ files: [String: String], root: String) throws -> ImportError {
        let folder = try ImportFixture.folder(files)
        do {
            _ = try OpenAPIImport.run(path: folder.appendingPathComponent(root).path)
        } catch {
            return error
        }
        Issue.record("the import succeeded")
        return ImportError(code: .unreadable, message: "", location: .source(""))
    }

    @Test func badYAMLHasALineAndColumn() throws {
        let error = try failure(["api.yaml": "openapi: 3.0.0\ninfo:\n  title: [unclosed\n"], root: "api.yaml")
        #expect(error.code == .invalidYAML)
        guard case .position(let mark) = error.location else {
            Issue.record("no position: \(error)")
            return
        }
        #expect(mark.file == "api.yaml")
    }

    @Test func badJSONHasALineAndColumn() throws {
        let error = try failure(["api.json": "{\n  \"openapi\": \"3.1.0\",\n  \"info\": }\n"], root: "api.json")
        #expect(error.code == .invalidJSON)
        #expect(error.location == .position(Mark(file: "api.json", line: 3, column: 11)))
        // The CLI prints it so: the position as compilers write one, the code as its word.
        #expect(error.description == "api.json:3:11: error: not valid JSON: unexpected character '}' [invalid-json]")
    }

    @Test func swaggerTwoIsRefusedWithAHint() throws {
        let error = try failure(["api.yaml": "swagger: \"2.0\"\ninfo: { title: x, version: \"1\" }\npaths: {}\n"], root: "api.yaml")
        #expect(error.code == .unsupportedVersion)
        #expect(error.location == .position(Mark(file: "api.yaml", line: 1, column: 10)))
        #expect(error.message.contains("convert it first"))
    }

    @Test func missingOpenAPIField() throws {
        let error = try failure(["api.yaml": "title: not a description\n"], root: "api.yaml")
        #expect(error.code == .notOpenAPI)
        #expect(error.message == "no 'openapi' field: this is not an OpenAPI description")
    }

    @Test func unknownVersion() throws {
        let error = try failure(["api.yaml": "openapi: \"4.0.0\"\ninfo: { title: x, version: \"1\" }\n"], root: "api.yaml")
        #expect(error.code == .unsupportedVersion)
        #expect(error.location == .position(Mark(file: "api.yaml", line: 1, column: 10)))
    }

    @Test func missingFile() throws {
        let error = try failure([:], root: "nothing.yaml")
        #expect(error.code == .unreadable)
        #expect(error.message == "no such file")
    }

    @Test func aSchemaOpenAPIKitCannotReadIsAnyWithAWarning() throws {
        let files = [
            "api.yaml": """
            openapi: 3.0.0
            info: { title: x, version: "1" }
            paths:
              /things:
                get:
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: { $ref: '#/components/schemas/Thing' }
            components:
              schemas:
                Thing:
                  type: object
                  properties:
                    size: { type: integer, minimum: 0, maximum: 1.8446744073709552e+19 }
                    name: { type: string }
                    broken:
                      type: object
                      properties: { $ref: not-a-schema }
            """
        ]
        let imported = try ImportFixture.importing(files, root: "api.yaml")
        // A bound OpenAPIKit would refuse is left out before it reads the schema.
        let bound = try #require(imported.warnings("integer-bound").first)
        #expect(bound.location == "api.yaml#/components/schemas/Thing/properties/size/maximum")
        #expect(imported.text.contains("size: { type: int, minimum: 0 }"))
        // What it cannot read is emptied where it fails, and the rest of the schema stays.
        let unreadable = try #require(imported.warnings("unreadable-schema").first)
        #expect(unreadable.location.hasPrefix("api.yaml#/components/schemas/Thing/properties/broken"))
        #expect(imported.text.contains("name: string"))
    }
}
