import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MapperKit
import MapperService
import MapperTestSupport
import Testing

/// Folder files (`_folder.yaml`) in the service: a reload sees a changed one, and `/v1/validate`
/// and `/v1/try` check posted files with the settings of the folder they are placed in.
struct FolderSettingsServiceTests {
    static let files = [
        "_folder.yaml": "mapper: 1\ndefaults: { key_style: snake_case }\nroutes: { prefix: api/v2 }\n",
        "shop/orders.yaml": """
        mapper: 1
        models:
          Order: { properties: { placedAt: string } }
        routes:
          paths: { /orders/*: Order }
        """,
    ]

    @Test func aReloadSeesAChangedFolderFile() async throws {
        let catalog = try TemporaryDirectory(Self.files)
        let app = try buildApplication(.testing([catalog.path]))
        try await app.test(.router) { client in
            let before = try await client.post("/v1/decode/Order", json: #"{"placed_at": "a", "placedAt": "b"}"#)
            #expect(before.text == #"{"placedAt":"a"}"#)
            // The folder file's prefix applies to the routes of shop/orders.yaml.
            let routed = try await client.post("/v1/route?url=/api/v2/orders/1", json: #"{"placed_at": "a"}"#)
            #expect(routed.text == #"{"placedAt":"a"}"#)

            try catalog.write("_folder.yaml", "mapper: 1\ndefaults: { key_style: camelCase }\n")
            let reload = try await client.post("/v1/reload", json: "")
            #expect(try reload.json["status"] == "reloaded")
            let after = try await client.post("/v1/decode/Order", json: #"{"placed_at": "a", "placedAt": "b"}"#)
            #expect(after.text == #"{"placedAt":"b"}"#)
        }
    }

    @Test func validatingAFileChecksItWithItsFoldersSettings() async throws {
        let catalog = try TemporaryDirectory(Self.files)
        let app = try buildApplication(.testing([catalog.path]))
        try await app.test(.router) { client in
            // The folder file's error_model must name a model: a posted folder file that names none
            // is reported at its place.
            let name = catalog.path + "/_folder.yaml"
            let response = try await client.post(
                "/v1/validate?name=\(name)", json: "mapper: 1\nroutes: { error_model: Nope }\n",
                headers: [.contentType: "application/yaml"])
            let report = try response.json
            #expect(report["errors"] == 1)
            let diagnostic = try #require(report["diagnostics"]?.array?.first)
            #expect(diagnostic["code"] == "unknown-model")
            #expect(diagnostic["file"]?.string == name)
            #expect(diagnostic["line"] == 2)
            #expect(diagnostic["column"] == 24)
        }
    }

    @Test func aPostedFileTakesTheLiveFolderFilesSettings() async throws {
        let catalog = try TemporaryDirectory(Self.files)
        let app = try buildApplication(.testing([catalog.path]))
        try await app.test(.router) { client in
            let customers = "mapper: 1\nmodels:\n  Customer: { properties: { fullName: string } }\n"
            let response = try await TryTests.post(
                client,
                [
                    "files": .object(JSONObject([.init(key: catalog.path + "/crm/customers.yaml", value: .string(customers))])),
                    "model": "Customer", "input": #"{"full_name": "Ada", "fullName": "B"}"#,
                ])
            let result = try response.json
            #expect(result["errors"] == [])
            let output = try JSONValue(parsing: try #require(result["output"]?.string, "\(result)"))
            #expect(output == ["fullName": "Ada"])
        }
    }
}
