import Foundation
import MapperKit
import Testing
@testable import MapperImport

/// An OpenAPI 3.0 description split over files as DigitalOcean's is: operations, responses,
/// parameters and schemas in other files, referenced by relative paths.
struct OpenAPI30Tests {
    static let files: [String: String] = [
        "api.yaml": """
        openapi: 3.0.3
        info: { title: Shop, version: "1.0" }
        tags: [{ name: Orders }]
        paths:
          /v1/orders:
            get:
              $ref: resources/orders/orders_list.yml
          /v1/orders/{order_id}:
            parameters:
              - $ref: resources/orders/parameters.yml#/order_id
            get:
              $ref: resources/orders/orders_get.yml
            delete:
              operationId: orders_delete
              tags: [Orders]
              responses:
                '204': { description: deleted }
          /v1/customers/{login}:
            get:
              operationId: customers_get
              tags: [Customers]
              parameters:
                - { name: login, in: path, required: true, schema: { type: string } }
              responses:
                '200':
                  description: a customer
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [login]
                        properties:
                          login: { type: string }
                          favourite_colour: { type: string, nullable: true }
                '404':
                  $ref: shared/responses/not_found.yml
        """,
        "resources/orders/parameters.yml": """
        order_id:
          name: order_id
          in: path
          required: true
          schema: { type: integer, minimum: 1 }
        """,
        "resources/orders/orders_list.yml": """
        operationId: orders_list
        tags: [Orders]
        responses:
          '200':
            $ref: responses/all_orders.yml
          '401':
            $ref: ../../shared/responses/unauthorized.yml
        """,
        "resources/orders/orders_get.yml": """
        operationId: orders_get
        tags: [Orders]
        responses:
          '200':
            description: one order
            content:
              application/json:
                schema:
                  properties:
                    order: { $ref: models/order.yml }
                examples:
                  One:
                    $ref: responses/examples.yml#/one_order
          '404':
            $ref: ../../shared/responses/not_found.yml
        """,
        "resources/orders/responses/all_orders.yml": """
        description: every order
        content:
          application/json:
            schema:
              type: object
              properties:
                orders:
                  type: array
                  items: { $ref: ../models/order.yml }
        """,
        "resources/orders/responses/examples.yml": """
        one_order:
          value:
            order: { id: 7, status: shipped, total: 12.50, placed_at: "2024-02-01T10:00:00Z", lines: [] }
        """,
        "resources/orders/models/order.yml": """
        type: object
        description: An order as the shop keeps it.
        required: [id, status]
        properties:
          id: { type: integer, format: int64, minimum: 1 }
          status:
            type: string
            enum: [pending, shipped, in-transit]
            description: Where the order is.
          total: { type: number, format: decimal }
          placed_at: { type: string, format: date-time }
          delivery_day: { type: string, format: date }
          tracking_url: { type: string, format: uri }
          reference: { type: string, format: uuid }
          note: { type: string, maxLength: 140, pattern: "^[^<>]*$" }
          lines:
            type: array
            maxItems: 50
            items: { $ref: '#/line' }
          metadata:
            type: object
            additionalProperties: { type: string }
          odd:
            not: { type: string }
        line:
          type: object
          properties:
            sku: { type: string }
            quantity: { type: integer }
        """,
        "shared/responses/not_found.yml": """
        description: not found
        content:
          application/json:
            schema: { $ref: ../models/error.yml }
        """,
        "shared/responses/unauthorized.yml": """
        description: unauthorized
        content:
          application/json:
            schema: { $ref: ../models/error.yml }
        """,
        "shared/models/error.yml": """
        type: object
        properties:
          id: { type: string }
          message: { type: string }
        """,
    ]

    @Test func modelsAndRoutesFromFilesReferencingEachOther() throws {
        let imported = try ImportFixture.importing(Self.files, root: "api.yaml")
        let order = try #require(imported.catalog.models["Order"])
        #expect(order.doc == "An order as the shop keeps it.")
        #expect(order.keyStyle == .snakeCase)
        #expect(order.property(named: "placedAt") != nil)
        #expect(imported.text.contains("id: { type: int, required: true, minimum: 1 }"))
        #expect(
            imported.text.contains("      status:\n        type: OrderStatus\n        required: true\n        doc: Where the order is.\n"))
        #expect(imported.text.contains("total: decimal"))
        #expect(imported.text.contains("trackingUrl: url"))
        #expect(imported.text.contains("reference: uuid"))
        // OpenAPI's `format: date` is a calendar day.
        #expect(imported.text.contains("deliveryDay: local_date"))
        #expect(order.property(named: "deliveryDay")?.type == .localDate)
        #expect(imported.text.contains("note: { type: string, max_length: 140, pattern: \"^[^<>]*$\" }"))
        #expect(imported.text.contains("lines: { type: \"[Line]\", max_length: 50 }"))
        #expect(imported.text.contains("metadata: \"[string: string]\""))
        #expect(imported.text.contains("cases: { pending: pending, shipped: shipped, in_transit: in-transit }"))
        // Routes: the integer parameter is `#`, the string one `*`; 204 has nothing to map.
        // `{order: Order}` of one operation is named for what it holds, as it would be if a second
        // operation answered it too: its name does not change when one does.
        #expect(imported.catalog.routes.match("/v1/orders/42", method: "GET")?.model == "OrderEnvelope")
        #expect(imported.catalog.routes.match("/v1/orders/abc", method: "GET") == nil)
        #expect(imported.catalog.routes.match("/v1/orders", method: "GET")?.model == "AllOrdersResponse")
        #expect(imported.catalog.routes.match("/v1/customers/octocat", method: "GET")?.model == "CustomersGetResponse")
        #expect(imported.catalog.routes.match("/v1/orders/42", method: "DELETE") == nil)
        #expect(imported.catalog.routes.match("/v1/orders/42", method: "GET", status: 404)?.model == "Error")
        #expect(imported.result.summary.operations == 4)
        #expect(imported.result.summary.operationsWithoutJSONBody == 1)
        #expect(imported.result.summary.routes == 3)
        // One file per tag, routes with their tag.
        #expect(imported.result.files.map(\.name).contains("orders.yaml"))
        #expect(imported.result.files.map(\.name).contains("customers.yaml"))
    }

    @Test func theDescriptionsExampleDecodesAndEncodesBack() throws {
        let imported = try ImportFixture.importing(Self.files, root: "api.yaml")
        let example = #"{"order": {"id": 7, "status": "shipped", "total": 12.50, "placed_at": "2024-02-01T10:00:00Z", "lines": []}}"#
        let canonical = try imported.decode(example, route: "/v1/orders/7")
        #expect(
            canonical == [
                "order": [
                    "id": 7, "status": "shipped", "total": .number(JSONNumber("12.50")!),
                    "placedAt": "2024-02-01T10:00:00Z", "lines": [],
                ]
            ])
        #expect(try imported.roundtrip(example, route: "/v1/orders/7") == (try JSONValue(parsing: example)))
        // Keys the description does not list are kept (unknown_keys: keep) and written back.
        let extra = #"{"order": {"id": 1, "status": "pending", "gift": true}, "meta": {"total": 1}}"#
        #expect(try imported.roundtrip(extra, route: "/v1/orders/1") == (try JSONValue(parsing: extra)))
    }

    @Test func nullableIsNotRequiredAndNotIsAWarning() throws {
        let imported = try ImportFixture.importing(Self.files, root: "api.yaml")
        #expect(imported.text.contains("login: { type: string, required: true }"))
        #expect(imported.text.contains("favouriteColour: string"))
        let not = try #require(imported.warnings("not").first)
        #expect(not.location == "resources/orders/models/order.yml#/properties/odd")
        #expect(not.message.contains("'not' is not supported, typed as any") || not.message.contains("typed as any"))
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let folder = try ImportFixture.folder(Self.files)
        let first = try OpenAPIImport.run(path: folder.appendingPathComponent("api.yaml").path)
        let second = try OpenAPIImport.run(path: folder.appendingPathComponent("api.yaml").path)
        #expect(first.files.map(\.name) == second.files.map(\.name))
        #expect(first.files.map(\.text) == second.files.map(\.text))
        #expect(first.files.allSatisfy { $0.text.hasPrefix(OpenAPIImport.generatedMarker + " from api.yaml (Shop 1.0).") })
    }

    @Test func aDanglingReferenceIsAWarningNotAFailure() throws {
        var files = Self.files
        files["resources/orders/models/order.yml"] = files["resources/orders/models/order.yml"]!.replacingOccurrences(
            of: "  odd:\n", with: "  customer: { $ref: ../customers/missing.yml }\n  odd:\n")
        let imported = try ImportFixture.importing(files, root: "api.yaml")
        let dangling = try #require(imported.warnings("dangling-ref").first)
        #expect(dangling.location == "resources/orders/models/order.yml#/properties/customer")
        #expect(dangling.message.contains("../customers/missing.yml"))
        #expect(imported.text.contains("customer: any"))
    }
}
