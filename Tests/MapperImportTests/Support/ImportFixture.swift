import Foundation
import MapperImport
import MapperKit
import Testing

/// Descriptions written to a temporary folder, imported, and the catalog loaded from the output.
enum ImportFixture {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// A fresh folder with the given files (relative path → text); returns its URL.
    static func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapper-import-\(UUID().uuidString)")
        for (name, text) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return url
    }

    struct Imported {
        var result: OpenAPIImport.Result
        var catalog: Catalog

        /// All files' text, for looking at what was written.
        var text: String { result.files.map(\.text).joined(separator: "\n") }

        func warnings(_ kind: String) -> [ImportWarning] { result.warnings.filter { $0.kind == kind } }

        /// Decodes through the routes and returns canonical JSON.
        func decode(_ json: String, route: String, method: String = "GET", status: Int? = nil) throws -> JSONValue {
            let match = try #require(catalog.routes.match(route, method: method, status: status), "no route for \(method) \(route)")
            var session = MappingSession(catalog: catalog)
            return try JSONValue(parsing: session.decodeToCanonical(Array(json.utf8), as: match.model))
        }

        /// decode then encode: the external JSON written back.
        func roundtrip(_ json: String, route: String, method: String = "GET") throws -> JSONValue {
            let match = try #require(catalog.routes.match(route, method: method))
            var session = MappingSession(catalog: catalog)
            let canonical = try session.decodeToCanonical(Array(json.utf8), as: match.model)
            return try JSONValue(parsing: session.encodeCanonical(canonical, as: match.model))
        }
    }

    /// Imports `root` in `files` and loads what it wrote; the output must load without a diagnostic.
    static func importing(_ files: [String: String], root: String, options: OpenAPIImport.Options = .init()) throws -> Imported {
        let folder = try folder(files)
        return try importing(path: folder.appendingPathComponent(root).path, options: options)
    }

    static func importing(path: String, options: OpenAPIImport.Options = .init()) throws -> Imported {
        let result = try OpenAPIImport.run(path: path, options: options)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let sources = result.files.map { Catalog.Source(name: $0.name, text: $0.text) }
        let check = Catalog.check(sources: sources)
        #expect(check.diagnostics.isEmpty, "\(check.diagnostics.map(\.description))")
        return Imported(result: result, catalog: try #require(check.catalog))
    }

    /// Whether the mapping language has union types (`string | Model`) yet.
    static let languageHasUnions: Bool = {
        let yaml = """
            mapper: 1
            models:
              A: { properties: { x: string } }
              B: { properties: { y: "string | A" } }
            """
        return Catalog.check(sources: [Catalog.Source(name: "probe.yaml", text: yaml)]).diagnostics.isEmpty
    }()
}
