import Foundation
import Testing

/// `mapper import openapi --overlay`: overlays applied in the order given, their warnings and
/// errors printed with the overlay file's positions.
struct OverlayCommandTests {
    static let description = """
        openapi: 3.0.3
        info: { title: Shop, version: "1" }
        paths:
          /orders/{id}:
            get:
              operationId: get_order
              parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: { $ref: '#/components/schemas/Order' }
        components:
          schemas:
            Order:
              type: object
              required: [id, status]
              properties:
                id: { type: integer }
                status: { type: string, enum: [open, shipped] }
        """

    @Test func overlaysApplyInOrderBeforeTheImport() throws {
        let folder = try MapperProcess.directory([
            "api.yaml": Self.description,
            "statuses.yaml": """
            overlay: 1.0.0
            info: { title: Statuses the API sends, version: 1.0.0 }
            actions:
              - target: $.components.schemas.Order.properties.status.enum
                remove: true
            """,
            "more.yaml": """
            overlay: 1.0.0
            info: { title: More statuses, version: 1.0.0 }
            actions:
              - target: $.components.schemas.Order.properties.status
                update: { enum: [open, shipped, cancelled] }
              - target: $.paths['/orders'].get
                update: { deprecated: true }
            """,
        ])
        let result = try MapperProcess.run(
            ["import", "openapi", "api.yaml", "--overlay", "statuses.yaml", "--overlay", "more.yaml", "--out", "out"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "more.yaml:6:13: warning: actions[1] of more.yaml: the target '$.paths['/orders'].get' selects nothing in api.yaml; the action changed nothing [overlay-target-unmatched]"
            ), "\(result.stderr)")
        let decoded = try MapperProcess.run(
            ["decode", "--route", "/orders/7", "--mappings", "out", "--compact"], stdin: #"{"id": 7, "status": "cancelled"}"#, in: folder)
        #expect(decoded.status == 0, "\(decoded.stderr)")
        #expect(decoded.stdout == "{\"id\":7,\"status\":\"cancelled\"}\n")
    }

    @Test func aBadOverlayStopsTheImportWithItsPlace() throws {
        let folder = try MapperProcess.directory([
            "api.yaml": Self.description,
            "bad.yaml": "overlay: 1.0.0\ninfo: { title: Bad, version: 1.0.0 }\nactions:\n  - target: $.paths[?@.x ==]\n    remove: true\n",
        ])
        let result = try MapperProcess.run(["import", "openapi", "api.yaml", "--overlay", "bad.yaml", "--out", "out"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "bad.yaml:4:28: error: actions[0]: 'target' is not a JSONPath query: expected '@', '$', a string, a number, true, false or null, found ']' (column 16 of '$.paths[?@.x ==]') [invalid-jsonpath]\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        let missing = try MapperProcess.run(["import", "openapi", "api.yaml", "--overlay", "nope.yaml", "--out", "out"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr == "nope.yaml: error: no such file [unreadable]\n")
    }
}
