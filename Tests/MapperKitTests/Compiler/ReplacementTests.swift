import MapperKit
import Testing

/// A did-you-mean carries the name it proposes as data (`Diagnostic.replacement`), so that a tool
/// (the language server's quick fix) applies it without reading the hint's words.
struct ReplacementTests {
    static func diagnostics(_ yaml: String) -> [Diagnostic] {
        Catalog.check(sources: [.init(name: "x.yaml", text: yaml)]).diagnostics
    }

    @Test(arguments: [
        // A misspelt built-in type, a foreign type name, a misspelt model, key, word and format.
        ("      id: itn", "itn", "int"),
        ("      id: integer", "integer", "int"),
        ("      owner: Usr", "Usr", "User"),
        ("      id: { type: int, requird: true }", "requird", "required"),
        ("      id: { type: int, on_error: fial }", "fial", "fail"),
        ("      at: { type: date, format: iso8610 }", "iso8610", "iso8601"),
        ("      at: { type: date, format: epoch_ms }", "epoch_ms", "unix_ms"),
    ])
    func aMisspeltNameHasItsReplacement(line: String, written: String, intended: String) throws {
        let diagnostics = Self.diagnostics(
            "mapper: 1\nmodels:\n  User:\n    properties:\n      login: string\n  Issue:\n    properties:\n\(line)\n")
        let diagnostic = try #require(diagnostics.first { $0.severity == .error })
        #expect(diagnostic.replacement == intended, "\(diagnostic)")
        // The replacement stands where the diagnostic points: the misspelt word itself.
        #expect(diagnostic.line == 8, "\(diagnostic)")
        #expect(String(line.unicodeScalars.dropFirst(diagnostic.column - 1)).hasPrefix(written), "\(diagnostic)")
    }

    @Test func aHintWithoutOneNameHasNoReplacement() throws {
        let diagnostics = Self.diagnostics(
            "mapper: 1\nmodels:\n  Issue:\n    properties:\n      a: object\n      b: { type: int, zzzzzz: 1 }\n")
        #expect(diagnostics.count == 2)
        #expect(diagnostics.allSatisfy { $0.replacement == nil }, "\(diagnostics)")
    }
}
