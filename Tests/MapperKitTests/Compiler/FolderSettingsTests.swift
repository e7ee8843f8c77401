import Testing

@testable import MapperKit

/// Folder files (`_folder.yaml`): `defaults:`, a route `prefix` and an `error_model` written once
/// for a folder and the folders below it; a nearer folder file, then the file itself, wins.
struct FolderSettingsTests {
    static let root = """
        mapper: 1
        defaults: { key_style: snake_case, unknown_keys: reject }
        routes: { prefix: api/v2, error_model: ApiError }
        """
    static let errors = """
        mapper: 1
        models:
          ApiError: { properties: { errorCode: string } }
        """
    static let orders = """
        mapper: 1
        models:
          Order: { properties: { placedAt: string } }
        routes:
          paths: { /orders/*: Order }
        """

    private func check(_ files: [String: String]) -> Catalog.Check {
        Catalog.check(sources: files.sorted { $0.key < $1.key }.map { Catalog.Source(name: $0.key, text: $0.value) })
    }

    @Test func aFolderFileSetsTheDefaultsPrefixAndErrorModelOfTheFilesBelow() throws {
        let check = check([
            "Mappings/_folder.yaml": Self.root, "Mappings/errors.yaml": Self.errors, "Mappings/shop/orders.yaml": Self.orders,
        ])
        let catalog = try #require(check.catalog, "\(check.diagnostics)")
        let order = try #require(catalog.models["Order"])
        #expect(order.keyStyle == .snakeCase)
        #expect(order.unknownKeys == .reject)
        #expect(order.property(named: "placedAt")?.key?.segments == ["placed_at"])
        #expect(catalog.routes.match("/api/v2/orders/1")?.model == "Order")
        #expect(catalog.routes.match("/api/v2/orders/1", status: 404)?.model == "ApiError")
    }

    @Test func theFileAndANearerFolderFileWinSettingBySetting() throws {
        let check = check([
            "Mappings/_folder.yaml": Self.root, "Mappings/errors.yaml": Self.errors,
            "Mappings/legacy/_folder.yaml": "mapper: 1\ndefaults: { key_style: camelCase }\nroutes: { prefix: api/v1 }\n",
            "Mappings/legacy/a.yaml": """
            mapper: 1
            defaults: { unknown_keys: keep }
            models:
              Customer: { properties: { fullName: string } }
              LegacyError: { properties: { reason: string } }
            routes:
              error_model: LegacyError
              paths: { /customers/*: Customer }
            """,
            "Mappings/legacy/b.yaml": "mapper: 1\nmodels:\n  Note: { key_style: kebab-case, properties: { sentAt: string } }\n",
        ])
        let catalog = try #require(check.catalog, "\(check.diagnostics)")
        // camelCase from the nearer folder file, unknown_keys from the file itself.
        #expect(catalog.models["Customer"]?.keyStyle == .camelCase)
        #expect(catalog.models["Customer"]?.unknownKeys == .keep)
        // A model's own setting wins over every default; what it leaves unsaid comes from the root.
        #expect(catalog.models["Note"]?.keyStyle == .kebabCase)
        #expect(catalog.models["Note"]?.unknownKeys == .reject)
        #expect(catalog.routes.match("/api/v1/customers/1")?.model == "Customer")
        #expect(catalog.routes.match("/api/v2/customers/1") == nil)
        #expect(catalog.routes.match("/api/v1/customers/1", status: 500)?.model == "LegacyError")
    }

    @Test func aFolderFileDoesNotReachSiblingFolders() throws {
        let check = check([
            "Mappings/shop/_folder.yaml": "mapper: 1\ndefaults: { key_style: snake_case }\n",
            "Mappings/shopping/a.yaml": "mapper: 1\nmodels:\n  Cart: { properties: { itemCount: int } }\n",
        ])
        let catalog = try #require(check.catalog, "\(check.diagnostics)")
        #expect(catalog.models["Cart"]?.keyStyle == .asIs)
        #expect(catalog.models["Cart"]?.property(named: "itemCount")?.key?.segments == ["itemCount"])
    }

    @Test func aFolderFileAtTheTopAppliesToBareFileNames() throws {
        let check = check([
            "_folder.yaml": "mapper: 1\ndefaults: { key_style: snake_case }\n",
            "a.yaml": "mapper: 1\nmodels:\n  Cart: { properties: { itemCount: int } }\n",
        ])
        let catalog = try #require(check.catalog, "\(check.diagnostics)")
        #expect(catalog.models["Cart"]?.property(named: "itemCount")?.key?.segments == ["item_count"])
    }

    /// Mistakes in a folder file are diagnostics at their place, with a hint.
    @Test(
        arguments: [
            (
                "mapper: 1\nmodels:\n  A: { properties: { x: int } }\n", "Mappings/_folder.yaml:2:1 unknown-key",
                "declare it in another file of the folder"
            ),
            (
                "mapper: 1\nroutes:\n  prefix: v1\n  paths: { /a: A }\n", "Mappings/_folder.yaml:4:3 unknown-key",
                "write the paths in the routes of another file"
            ),
            ("mapper: 1\nroutes: { error_model: Nope }\n", "Mappings/_folder.yaml:2:24 unknown-model", nil),
            (
                "mapper: 1\ndefaults: { key_style: snakecase }\n", "Mappings/_folder.yaml:2:24 unknown-key-style",
                "did you mean 'snake_case'?"
            ),
            ("defaults: { key_style: snake_case }\n", "Mappings/_folder.yaml:1:1 missing-version", "add 'mapper: 1'"),
            ("mapper: 1\nroutes: { prefix: \"a?b\" }\n", "Mappings/_folder.yaml:2:19 invalid-route", "write it like 'v3' or 'api/v3'"),
        ] as [(String, String, String?)])
    func mistakesInAFolderFileAreReportedWhereTheyAre(text: String, expected: String, hint: String?) throws {
        let check = check(["Mappings/_folder.yaml": text, "Mappings/a.yaml": "mapper: 1\nmodels:\n  A: { properties: { x: int } }\n"])
        let errors = check.diagnostics.filter { $0.severity == .error }
        #expect(errors.map { "\($0.file):\($0.line):\($0.column) \($0.code)" } == [expected], "\(check.diagnostics)")
        if let hint { #expect(errors.first?.hint?.contains(hint) == true, "\(errors.first?.hint ?? "no hint")") }
    }

    @Test func twoFolderFilesInOneFolderAreAnError() {
        let check = check([
            "Mappings/_folder.yaml": "mapper: 1\n", "Mappings/_folder.yml": "mapper: 1\n",
            "Mappings/a.yaml": "mapper: 1\nmodels:\n  A: { properties: { x: int } }\n",
        ])
        #expect(check.diagnostics.map(\.code) == ["duplicate-definition"])
        #expect(check.diagnostics.first?.file == "Mappings/_folder.yml")
    }
}
