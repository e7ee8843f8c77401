import Foundation
import Testing

/// The first hour: `mapper init` in an empty folder gives a catalog that validates and whose
/// golden test passes, and commands run where there is no catalog say how to get one.
struct InitCommandTests {
    /// A new, empty temporary folder.
    private func emptyFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapper-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func initWritesACatalogWhoseTestPasses() throws {
        let folder = try emptyFolder()
        let written = try MapperProcess.run(["init", "shop"], in: folder)
        #expect(written.status == 0, "\(written.stderr)")
        for file in ["Mappings/orders.yaml", "Examples/orders.test.yaml", "Examples/order.json", "Examples/order.canonical.json"] {
            #expect(written.stdout.contains(file), "\(written.stdout)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("shop/" + file).path), "\(file)")
        }
        #expect(written.stdout.contains("cd shop"))
        for next in ["mapper validate", "mapper test", "mapper serve"] { #expect(written.stdout.contains(next)) }

        let shop = folder.appendingPathComponent("shop")
        let validate = try MapperProcess.run(["validate", "--strict"], in: shop)
        #expect(validate.status == 0, "\(validate.stdout)")
        #expect(validate.stdout == "0 errors, 0 warnings\n")
        let test = try MapperProcess.run(["test"], in: shop)
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        #expect(test.stdout.hasSuffix("1 passed, 0 failed\n"), "\(test.stdout)")

        // The test compares with the expected file: a wrong expectation fails it.
        let expected = shop.appendingPathComponent("Examples/order.canonical.json")
        let text = try String(contentsOf: expected, encoding: .utf8)
        try text.replacingOccurrences(of: "Ada Lovelace", with: "Grace Hopper").write(to: expected, atomically: true, encoding: .utf8)
        #expect(try MapperProcess.run(["test"], in: shop).status == 1)
    }

    @Test func initDecodesTheSampleAsTheCommentsSay() throws {
        let folder = try emptyFolder()
        #expect(try MapperProcess.run(["init"], in: folder).status == 0)
        let decoded = try MapperProcess.run(["decode", "Order", "Examples/order.json"], in: folder)
        #expect(decoded.status == 0, "\(decoded.stderr)")
        // snake_case keys become the property names, the decimal keeps its digits.
        #expect(
            decoded.stdout.trimmingCharacters(in: .newlines)
                == #"{"id":1042,"customerName":"Ada Lovelace","status":"shipped","placedAt":"2026-01-31T09:30:00Z","total":149.90}"#)
    }

    @Test func initWritesEditorSettingsForTheLanguageSchema() throws {
        let folder = try emptyFolder()
        #expect(try MapperProcess.run(["init"], in: folder).status == 0)
        let data = try Data(contentsOf: folder.appendingPathComponent(".vscode/settings.json"))
        let settings = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let schemas = try #require(settings["yaml.schemas"] as? [String: [String]])
        #expect(schemas[".mapper/mapping.schema.json"]?.contains("Mappings/*.yaml") == true)
        #expect(schemas[".mapper/tests.schema.json"]?.contains("**/*.test.yaml") == true)
        // The files the settings name are there, and are the schemas `mapper schema --language` prints.
        for (file, document) in [(".mapper/mapping.schema.json", "mappings"), (".mapper/tests.schema.json", "tests")] {
            let written = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(file))) as? NSDictionary
            let printed = try MapperProcess.run(["schema", "--language", document], in: folder)
            let expected = try JSONSerialization.jsonObject(with: Data(printed.stdout.utf8)) as? NSDictionary
            #expect(written?["$schema"] as? String == "http://json-schema.org/draft-07/schema#", "\(file)")
            #expect(written != nil && written == expected, "\(file)")
        }
    }

    @Test func initReplacesNothing() throws {
        let folder = try MapperProcess.directory(["Mappings/orders.yaml": "mine\n"])
        let result = try MapperProcess.run(["init"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("already holds 'Mappings/orders.yaml'"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let kept = try String(contentsOf: folder.appendingPathComponent("Mappings/orders.yaml"), encoding: .utf8)
        #expect(kept == "mine\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Examples").path))
    }

    /// With no Mappings/ here and nothing naming one, the commands point at the ways to name one.
    @Test(arguments: [["validate"], ["test"], ["decode", "Order"], ["models"], ["serve", "--port", "0"]])
    func noCatalogSaysHowToPointAtOne(arguments: [String]) throws {
        let folder = try MapperProcess.directory(["Examples/a.test.yaml": "tests: []\n"])
        let result = try MapperProcess.run(arguments, stdin: "{}", in: folder)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("no catalog found: there is no Mappings/ folder"), "\(result.stderr)")
        for way in ["--mappings", "MAPPER_MAPPINGS", "mapper init"] { #expect(result.stderr.contains(way), "\(result.stderr)") }
        #expect(!result.stderr.contains("no such file or directory"))
    }

    @Test func testWithoutAnExamplesFolderSaysWhatToName() throws {
        let folder = try MapperProcess.directory(["Mappings/a.yaml": "mapper: 1\n"])
        let result = try MapperProcess.run(["test"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("no golden tests found: there is no Examples/ folder"), "\(result.stderr)")
        #expect(result.stderr.contains("mapper init"))
        #expect(!result.stderr.contains("no such file or directory"))
    }

    /// A path the user names is still reported as the file-system error it is.
    @Test func aNamedMissingFolderIsStillReportedByName() throws {
        let folder = try emptyFolder()
        let result = try MapperProcess.run(["validate", "--mappings", "Nope"], in: folder)
        #expect(result.status == 2)
        #expect(result.stdout.contains("no such file or directory 'Nope'"), "\(result.stdout)")
    }
}
