import Testing

@testable import MapperKit

/// Mapping files built to exhaust the loader come back as diagnostics with a position, never a
/// crash or a hang (SPEC §16). The YAML reader's own limits are tested in MapperYAMLTests; these go
/// through the public `Catalog` API as `mapper validate` and `mapper serve` do.
struct HostileCatalogTests {
    private func diagnostics(_ bytes: [UInt8]) -> [Diagnostic] {
        let check = Catalog.check(sources: [.init(name: "hostile.yaml", bytes: bytes)])
        #expect(check.catalog == nil)
        return check.diagnostics
    }

    private func diagnostics(_ text: String) -> [Diagnostic] {
        diagnostics(Array(text.utf8))
    }

    @Test func aliasBombInAModel() {
        var text = "mapper: 1\nanchors:\n  a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for (previous, name) in zip("abcdefghi", "bcdefghij") {
            text += "  \(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
        }
        text += "models:\n  M:\n    properties: { a: int }\n"
        let found = diagnostics(text)
        #expect(found.map(\.code) == ["yaml-alias-limit"])
        #expect(found.first.map { "\($0.line):\($0.column)" } == "8:38")
    }

    @Test func nestingOneHundredThousandDeep() {
        let found = diagnostics("mapper: 1\nmodels: " + String(repeating: "[", count: 100_000))
        #expect(found.map(\.code) == ["yaml-too-deep"])
        #expect(found.first?.line == 2)
    }

    @Test func invalidUTF8AndNULBytes() {
        let invalid = diagnostics(Array("mapper: 1\nmodels:\n  M".utf8) + [0xC3, 0x28] + Array(": { properties: { a: int } }\n".utf8))
        #expect(invalid.map(\.code) == ["yaml-encoding"])
        #expect(invalid.first.map { "\($0.line):\($0.column)" } == "3:5")  // the invalid trailing octet
        let nul = diagnostics(Array("mapper: 1\nmodels:\n  M: { properties: { a: int } }\n".utf8) + [0])
        #expect(nul.map(\.code) == ["yaml-encoding"])
        #expect(nul.first?.message.contains("0x00") == true)
    }

    @Test func tenThousandDigitDefaultsAreKeptExactlyOrRefused() throws {
        let digits = "1" + String(repeating: "0", count: 10_000)
        let catalog = try Catalog(yaml: "mapper: 1\nmodels:\n  M:\n    properties:\n      d: { type: decimal, default: \(digits) }\n")
        var session = MappingSession(catalog: catalog)
        #expect(String(decoding: try session.decodeToCanonical(Array("{}".utf8), as: "M"), as: UTF8.self) == #"{"d":\#(digits)}"#)
        let refused = diagnostics("mapper: 1\nmodels:\n  M:\n    properties:\n      n: { type: int, default: \(digits) }\n")
        #expect(refused.map(\.code) == ["invalid-default"])
    }

    /// Found by FuzzCatalog: a model declared as a scalar is an error, and the models after it
    /// are still compiled (their indices once went past the end of the plan's tables).
    @Test func aModelDeclaredAsAScalarBeforeOthers() {
        let found = diagnostics("mapper: 1\nmodels:\n  A: int\n  B:\n    doc: fine\n    properties: { b: { type: B } }\n")
        #expect(found.contains { $0.severity == .error && $0.line == 3 })
    }
}
