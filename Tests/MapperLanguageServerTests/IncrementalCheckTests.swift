import Foundation
import MapperKit
import MapperTestSupport
import Testing

@testable import MapperLanguageServer

/// The language server checks the catalog again after each edit reusing what did not change (the
/// files read from disk, their parse trees). Whatever it reuses, its diagnostics must be those of
/// a fresh `mapper validate` of the same texts: these tests edit the repository's catalog at
/// random, in open buffers and on disk, and compare the two after every edit.
struct IncrementalCheckTests {
    /// A copy of the repository's `Mappings/` in a new directory.
    static func copyOfCatalog() throws -> URL {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Mappings")
            .standardizedFileURL
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mapper-lsp-incremental-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: root.appendingPathComponent("Mappings"))
        return root.appendingPathComponent("Mappings")
    }

    /// One random change to a mapping text: a misspelt or wrong word, a line removed, duplicated
    /// or indented differently, or the file's original text back (so that the catalog loads again
    /// now and then).
    static func edit(_ text: String, original: String, using generator: inout SplitMix64) -> String {
        var lines = text.components(separatedBy: "\n")
        guard lines.count > 2 else { return original }
        let line = Int.random(in: 1..<lines.count - 1, using: &generator)
        switch Int.random(in: 0..<7, using: &generator) {
        case 0: lines[line] = lines[line].replacingOccurrences(of: "string", with: "strng")
        case 1:
            // A word's letters swapped: a misspelt key, type, model or format name.
            var characters = Array(lines[line])
            if let index = characters.indices.dropLast().filter({ characters[$0].isLetter && characters[$0 + 1].isLetter })
                .randomElement(using: &generator)
            {
                characters.swapAt(index, index + 1)
            }
            lines[line] = String(characters)
        case 2: lines.remove(at: line)
        case 3: lines.insert(lines[line], at: line)
        case 4: lines[line] = "  " + lines[line]
        case 5: lines[line] = lines[line].replacingOccurrences(of: ": ", with: ": Unknown")
        default: return original
        }
        return lines.joined(separator: "\n")
    }

    @Test func randomEditsGiveTheDiagnosticsOfAFreshCheck() throws {
        let root = try Self.copyOfCatalog()
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".yaml") }.sorted()
            .map { root.appendingPathComponent($0).path }
        #expect(files.count > 5)
        let originals = try Dictionary(uniqueKeysWithValues: files.map { ($0, try String(contentsOfFile: $0, encoding: .utf8)) })
        var workspace = Workspace(paths: [root.path], options: LoadOptions())
        #expect(workspace.check().check.diagnostics == Catalog.check(paths: [root.path]).diagnostics)
        var generator = SplitMix64(seed: 38)
        var broken = 0
        for step in 1...60 {
            if step % 10 == 0 {
                // Every file back as it was, in its buffer and on disk: the catalog loads again.
                for file in files {
                    try originals[file]!.write(toFile: file, atomically: true, encoding: .utf8)
                    if workspace.documents[file] != nil { workspace.documents[file] = TextDocument(text: originals[file]!, version: step) }
                }
                workspace.forgetDisk()
                let restored = workspace.check()
                #expect(restored.check.diagnostics == Catalog.check(paths: [root.path]).diagnostics, "step \(step)")
                #expect(restored.specs != nil, "step \(step): the catalog as written should load")
                continue
            }
            let file = files.randomElement(using: &generator)!
            let current =
                try workspace.documents[file].map { String(decoding: $0.bytes, as: UTF8.self) }
                ?? String(contentsOfFile: file, encoding: .utf8)
            let changed = Self.edit(current, original: originals[file]!, using: &generator)
            // The disk holds what the buffers hold, so that `mapper validate` of the directory is the
            // oracle. Most edits are made in a buffer; some on disk only, as another program would.
            try changed.write(toFile: file, atomically: true, encoding: .utf8)
            if Bool.random(using: &generator) || workspace.documents[file] != nil {
                workspace.documents[file] = TextDocument(text: changed, version: step)
            } else {
                workspace.forgetDisk()
            }
            // The check after an edit builds no runtime plans; a full compile of the same texts
            // (what `mapper validate` runs) is the oracle.
            let incremental = workspace.check()
            let fresh = Catalog.check(paths: [root.path])
            #expect(incremental.check.diagnostics == fresh.diagnostics, "step \(step): \(file)")
            #expect((incremental.specs == nil) == (fresh.catalog == nil), "step \(step)")
            if fresh.catalog == nil { broken += 1 }
            // Only the edited file was parsed again.
            #expect(workspace.parseCache.lastParsed <= 1, "step \(step)")
        }
        #expect(broken > 10, "most edits should break the catalog")
    }
}
