import Foundation
import MapperKit
import Testing

@testable import MapperLanguageServer

/// An edit in one file changes what another file means: a model it extends, an enum or format it
/// names. The check after such an edit reuses what it kept of the unchanged file (its text, its
/// parse tree, what was read from it), yet that file's diagnostics must follow the edit. Each step
/// edits an open buffer, writes the same text to disk, and compares the server's check with a
/// fresh `mapper validate` of the disk; it also names the diagnostic the step must cause, at the
/// line the texts below put it.
struct CrossFileCheckTests {
    static let base = """
        mapper: 1
        formats:
          ticket_id:
            date: "yyyy-MM-dd"
        enums:
          Color:
            cases:
              red: red
              green: green
        models:
          Base:
            properties:
              id: string

        """

    static let child = """
        mapper: 1
        models:
          Child:
            extends: Base
            properties:
              color: Color
              ticket:
                type: date
                format: ticket_id
          Holder:
            properties:
              child: Child

        """

    /// A catalog of the two files above in a new directory, and a server's workspace on it with
    /// both files open.
    static func workspace() throws -> (root: URL, workspace: Workspace) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mapper-lsp-cross-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var workspace = Workspace(paths: [root.path], options: LoadOptions())
        for (name, text) in [("base.yaml", base), ("child.yaml", child)] {
            try text.write(to: root.appendingPathComponent(name), atomically: true, encoding: .utf8)
            workspace.documents[root.appendingPathComponent(name).path] = TextDocument(text: text, version: 1)
        }
        return (root, workspace)
    }

    /// `text` in the buffer of `name` and on disk; the server's diagnostics after it, which must be
    /// those of a fresh check of the disk.
    static func edit(
        _ workspace: inout Workspace, _ root: URL, _ name: String, to text: String, step: String
    ) throws -> [Diagnostic] {
        let path = root.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        workspace.documents[path] = TextDocument(text: text, version: (workspace.documents[path]?.version ?? 0) + 1)
        let diagnostics = workspace.check().check.diagnostics
        #expect(diagnostics == Catalog.check(paths: [root.path]).diagnostics, "\(step): a fresh check disagrees")
        return diagnostics
    }

    @Test func renamingWhatAnotherFileNamesReportsItThereAndFixingItClearsIt() throws {
        let made = try Self.workspace()
        let root = made.root
        var workspace = made.workspace
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(workspace.check().check.diagnostics.filter { $0.severity == .error }.isEmpty)

        // Base renamed: Child, whose file did not change, extends a model that is gone (line 4).
        let renamed = Self.base.replacingOccurrences(of: "Base:", with: "Basis:")
        var found = try Self.edit(&workspace, root, "base.yaml", to: renamed, step: "rename Base")
        #expect(found.contains { $0.file.hasSuffix("child.yaml") && $0.code == "unknown-model" && $0.line == 4 })
        // Child follows the rename: nothing is wrong any more.
        let following = Self.child.replacingOccurrences(of: "extends: Base", with: "extends: Basis")
        found = try Self.edit(&workspace, root, "child.yaml", to: following, step: "extend Basis")
        #expect(found.filter { $0.severity == .error }.isEmpty)
        // Base back under its name: now Child's `extends: Basis` is the unknown model.
        found = try Self.edit(&workspace, root, "base.yaml", to: Self.base, step: "Base back")
        #expect(found.contains { $0.file.hasSuffix("child.yaml") && $0.code == "unknown-model" && $0.line == 4 })
        found = try Self.edit(&workspace, root, "child.yaml", to: Self.child, step: "Child back")
        #expect(found.filter { $0.severity == .error }.isEmpty)

        // The enum renamed: Child's `color: Color` (line 6) names an unknown type; back, it is fine.
        found = try Self.edit(
            &workspace, root, "base.yaml", to: Self.base.replacingOccurrences(of: "Color:", with: "Colour:"), step: "rename Color")
        #expect(found.contains { $0.file.hasSuffix("child.yaml") && $0.code == "unknown-type" && $0.line == 6 })
        found = try Self.edit(&workspace, root, "base.yaml", to: Self.base, step: "Color back")
        #expect(found.filter { $0.severity == .error }.isEmpty)

        // The format renamed: Child's `format: ticket_id` (line 9) names an unknown format.
        found = try Self.edit(
            &workspace, root, "base.yaml", to: Self.base.replacingOccurrences(of: "ticket_id:", with: "ticket_no:"),
            step: "rename ticket_id")
        #expect(found.contains { $0.file.hasSuffix("child.yaml") && $0.line == 9 && $0.severity == .error })
        found = try Self.edit(&workspace, root, "base.yaml", to: Self.base, step: "ticket_id back")
        #expect(found.filter { $0.severity == .error }.isEmpty)
    }

    @Test func anEditInTheBaseModelReachesTheModelsThatExtendIt() throws {
        let made = try Self.workspace()
        let root = made.root
        var workspace = made.workspace
        defer { try? FileManager.default.removeItem(at: root) }
        // Base gains a property that Child declares too, with another type: Child's file is unchanged.
        let clashing = Self.base.replacingOccurrences(of: "id: string", with: "id: string\n      color: int")
        _ = try Self.edit(&workspace, root, "base.yaml", to: clashing, step: "Base gains color")
        // And removing Child's model entirely leaves Holder's `child: Child` (line 12) unknown.
        let withoutChild = Self.child.replacingOccurrences(of: "Child:", with: "Kid:")
        let after = try Self.edit(&workspace, root, "child.yaml", to: withoutChild, step: "Child renamed")
        #expect(after.contains { $0.code == "unknown-type" && $0.line == 12 })
    }

    /// A check after an edit builds the reading plans of only the models it reads values with
    /// (defaults, unions): a model whose file did not change must still be read through the
    /// models its values hold when those change in another file.
    @Test func defaultsAndUnionsFollowTheModelsTheyHoldInAnotherFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mapper-lsp-cross-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let geometry = """
            mapper: 1
            enums:
              Size:
                cases:
                  small: small
                  large: large
            models:
              Point:
                properties:
                  x: int

            """
        let shapes = """
            mapper: 1
            models:
              Shape:
                properties:
                  origin:
                    type: Point
                    default: {x: 1}
                  either: Point | Size

            """
        var workspace = Workspace(paths: [root.path], options: LoadOptions())
        for (name, text) in [("geometry.yaml", geometry), ("shapes.yaml", shapes)] {
            try text.write(to: root.appendingPathComponent(name), atomically: true, encoding: .utf8)
            workspace.documents[root.appendingPathComponent(name).path] = TextDocument(text: text, version: 1)
        }
        #expect(workspace.check().check.diagnostics.filter { $0.severity == .error }.isEmpty)
        // Point's x becomes a string: Shape's default {x: 1} (line 7) no longer reads.
        var found = try Self.edit(
            &workspace, root, "geometry.yaml", to: geometry.replacingOccurrences(of: "x: int", with: "x: string"), step: "x a string")
        #expect(found.contains { $0.file.hasSuffix("shapes.yaml") && $0.code == "invalid-default" && $0.line == 7 })
        found = try Self.edit(&workspace, root, "geometry.yaml", to: geometry, step: "x an int again")
        #expect(found.filter { $0.severity == .error }.isEmpty)
        // Size becomes a model: `Point | Size` (line 8) has two object members, which no value tells apart.
        let sizeModel =
            geometry.replacingOccurrences(of: "enums:\n  Size:\n    cases:\n      small: small\n      large: large\n", with: "")
            + "  Size:\n    properties:\n      width: int\n"
        found = try Self.edit(&workspace, root, "geometry.yaml", to: sizeModel, step: "Size a model")
        #expect(found.contains { $0.file.hasSuffix("shapes.yaml") && $0.code == "ambiguous-union" && $0.line == 8 })
        found = try Self.edit(&workspace, root, "geometry.yaml", to: geometry, step: "Size an enum again")
        #expect(found.filter { $0.severity == .error }.isEmpty)
    }
}
