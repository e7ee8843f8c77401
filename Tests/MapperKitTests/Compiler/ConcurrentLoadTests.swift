import Testing

@testable import MapperKit

/// A catalog's files are parsed and its model plans built on every core: what a load reports and
/// builds must not depend on which thread did what.
struct ConcurrentLoadTests {
    @Test("concurrentMap gives map's results in order", arguments: [0, 1, 2, 3, 15, 16, 17, 1_000])
    func concurrentMapKeepsOrder(count: Int) {
        let elements = (0..<count).map { "element \($0)" }
        #expect(elements.concurrentMap { $0.uppercased() } == elements.map { $0.uppercased() })
    }

    /// Forty files, each broken at its own line: the problems come in load order, file by file,
    /// as the files were given (not as their parses finished).
    @Test func problemsOfFilesParsedInParallelComeInLoadOrder() {
        let sources = (0..<40).map { file in
            Catalog.Source(
                name: "file\(file).yaml",
                text: "mapper: 1\n" + String(repeating: "# padding\n", count: file % 7) + "models: [unclosed\n")
        }
        let check = Catalog.check(sources: sources)
        #expect(check.catalog == nil)
        #expect(check.diagnostics.map(\.file) == sources.map(\.name))
        // Each at its unclosed '[' (the line after the padding).
        #expect(check.diagnostics.map(\.line) == (0..<40).map { 2 + $0 % 7 })
    }

    /// Model plans built in parallel keep the declaration order: each model's index is its
    /// position in the files, and each reads its own keys.
    @Test func modelsBuiltInParallelKeepTheirPlaces() throws {
        let sources = (0..<30).map { file in
            Catalog.Source(
                name: "file\(file).yaml",
                text: "mapper: 1\nmodels:\n"
                    + (0..<5).map { "  M\(file)x\($0):\n    properties:\n      v\(file)x\($0): { type: int, key: k\(file)x\($0) }\n" }
                    .joined())
        }
        let catalog = try Catalog(sources: sources)
        let names = (0..<30).flatMap { file in (0..<5).map { "M\(file)x\($0)" } }
        #expect(catalog.modelNames == names)
        var session = MappingSession(catalog: catalog)
        for (position, name) in names.enumerated() where position % 7 == 0 {
            let key = "k" + name.dropFirst()
            let decoded = try session.decodeToCanonical(Array(#"{"\#(key)": \#(position)}"#.utf8), as: name)
            #expect(String(decoding: decoded, as: UTF8.self) == #"{"v\#(name.dropFirst())":\#(position)}"#)
        }
    }
}
