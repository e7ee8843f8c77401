import Foundation
import Testing

/// `mapper validate` and `mapper test` with folder files (`_folder.yaml`).
struct FolderFileCommandTests {
    @Test func validateReportsAFolderFilesMistakesWhereTheyAre() throws {
        let directory = try MapperProcess.directory([
            "Mappings/_folder.yaml": "mapper: 1\ndefaults:\n  key_style: snake\nmodels: {}\n",
            "Mappings/shop/orders.yaml": "mapper: 1\nmodels:\n  Order: { properties: { placedAt: string } }\n",
        ])
        let result = try MapperProcess.run(["validate"], in: directory)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.stdout)")
        #expect(lines.first?.hasPrefix("Mappings/_folder.yaml:3:14: error: unknown key_style 'snake'") == true, "\(result.stdout)")
        #expect(lines.dropFirst().first?.hasPrefix("Mappings/_folder.yaml:4:1: error: unknown key 'models' in folder file") == true)
        #expect(lines.last == "2 errors, 0 warnings")
    }

    @Test func theFoldersExampleCatalogPassesItsTests() throws {
        let result = try MapperProcess.run(["test", "Examples/folders"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.hasSuffix("6 passed, 0 failed\n"), "\(result.stdout)")
    }
}
