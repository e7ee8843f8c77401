import MapperKit

/// The files `mapper init` writes: a mapping file with a model, an enum and a route, a golden test
/// with its input and expected canonical JSON, and the editor settings that give the YAML
/// extension the language's JSON Schema. Paths are relative to the folder written into.
enum StartingCatalog {
    struct File {
        var path: String
        var text: String
        /// What the file is, for the summary `mapper init` prints.
        var role: String
    }

    /// Where the editor settings expect the language's JSON Schemas (`mapper schema --language`).
    static let schemaPath = ".mapper/mapping.schema.json"
    static let testsSchemaPath = ".mapper/tests.schema.json"

    static var files: [File] {
        [
            File(path: "Mappings/orders.yaml", text: mapping, role: "a model (Order), an enum (OrderStatus) and a route"),
            File(path: "Examples/orders.test.yaml", text: goldenTest, role: "a golden test: decode the input, compare"),
            File(path: "Examples/order.json", text: input, role: "its input, as the API sends it"),
            File(path: "Examples/order.canonical.json", text: expected, role: "the canonical JSON it must give"),
            File(path: schemaPath, text: languageSchema(.mappings), role: "the JSON Schema of mapping files"),
            File(path: testsSchemaPath, text: languageSchema(.tests), role: "the JSON Schema of golden test files"),
            File(
                path: ".vscode/settings.json", text: editorSettings(schema: schemaPath, testsSchema: testsSchemaPath),
                role: "the schemas for YAML in VS Code"),
        ]
    }

    static let mapping = """
        mapper: 1
        # A starting catalog written by `mapper init`. Check it with `mapper validate`.
        defaults:
          key_style: snake_case          # JSON keys are snake_case: customerName <-> customer_name
        models:
          Order:
            doc: An order as the shop's API sends it.
            properties:
              id: { type: int, required: true }
              customerName: string
              status: OrderStatus
              placedAt: date             # ISO 8601 text, such as 2026-01-31T09:30:00Z
              total: decimal             # kept digit for digit: 149.90 stays 149.90
        enums:
          OrderStatus:
            cases:
              pending: pending
              shipped: shipped
              delivered: delivered
        routes:
          paths:
            /orders/*: Order             # POST /v1/route with {"path": "/orders/1042", ...}

        """

    static let goldenTest = """
        # Golden tests written by `mapper init`: each decodes its input with a model and compares
        # the result with the expected canonical JSON. Run them with `mapper test`.
        tests:
          - name: an order from the API, in canonical form
            model: Order
            input: order.json
            expect: order.canonical.json
            roundtrip: true

        """

    static let input = """
        {
          "id": 1042,
          "customer_name": "Ada Lovelace",
          "status": "shipped",
          "placed_at": "2026-01-31T09:30:00Z",
          "total": 149.90
        }

        """

    static let expected = """
        {
          "id": 1042,
          "customerName": "Ada Lovelace",
          "status": "shipped",
          "placedAt": "2026-01-31T09:30:00Z",
          "total": 149.90
        }

        """

    /// VS Code settings mapping the YAML extension's `yaml.schemas` from the schema at `schema` to
    /// the mapping files, and from `testsSchema` to the golden test files.
    static func editorSettings(schema: String, testsSchema: String) -> String {
        """
        {
          "yaml.schemas": {
            "\(schema)": ["Mappings/*.yaml", "Mappings/**/*.yaml"],
            "\(testsSchema)": ["*.test.yaml", "**/*.test.yaml"]
          }
        }

        """
    }

    /// The JSON Schema `mapper schema --language` prints, as the file the editor settings name.
    static func languageSchema(_ document: MappingLanguage.Document) -> String {
        JSONWriter.write(MappingLanguage.jsonSchema(for: document), pretty: true) + "\n"
    }
}
