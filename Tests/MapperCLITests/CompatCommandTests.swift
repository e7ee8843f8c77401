import Foundation
import Testing

/// `mapper compat OLD NEW`: exit 1 when the new catalog breaks consumers of the old one.
struct CompatCommandTests {
    static let v1 = """
        mapper: 1
        enums:
          State: { cases: { open: open, closed: closed } }
        models:
          Issue:
            properties:
              number: int
              title: string
              state: State
        """

    /// `title` renamed (same key), `closed` removed, an optional property added.
    static let v2 = """
        mapper: 1
        enums:
          State: { cases: { open: open } }
        models:
          Issue:
            properties:
              number: int
              headline: { type: string, key: title }
              state: State
              body: string
        """

    /// Only additions.
    static let v3 = """
        mapper: 1
        enums:
          State: { cases: { open: open, closed: closed, merged: merged } }
        models:
          Issue:
            properties:
              number: int
              title: string
              state: State
              body: string
        """

    @Test func breakingChangesExitOneAndNameTheRenameMigration() throws {
        let directory = try MapperProcess.directory(["v1/m.yaml": Self.v1, "v2/m.yaml": Self.v2])
        let result = try MapperProcess.run(["compat", "v1", "v2"], in: directory)
        #expect(result.status == 1)
        #expect(result.stdout.contains("breaking   canonical title: property 'title' renamed to 'headline'"))
        #expect(result.stdout.contains("v1/m.yaml:8:7 → v2/m.yaml:8:7"))
        #expect(result.stdout.contains("- { from: 1, rename: { title: headline } }"))
        #expect(result.stdout.contains("closed: enum case 'closed' removed"))
        #expect(result.stdout.contains("JSON value \"closed\" is no longer a case value and the enum has no default"))
        #expect(result.stdout.contains("compatible canonical body: property 'body' added"))
        // rename + case removed (canonical), value removed (external); body added (compatible).
        #expect(result.stdout.hasSuffix("3 breaking changes (canonical 2, external 1), 1 compatible change\n"))
    }

    @Test func additionsAreCompatible() throws {
        let directory = try MapperProcess.directory(["v1/m.yaml": Self.v1, "v3/m.yaml": Self.v3])
        let result = try MapperProcess.run(["compat", "v1", "v3"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("0 breaking changes, 3 compatible changes\n"))
        let same = try MapperProcess.run(["compat", "v1", "v1"], in: directory)
        #expect(same.status == 0)
        #expect(same.stdout == "no changes\n")
    }

    @Test func jsonReportIsStable() throws {
        let directory = try MapperProcess.directory(["v1/m.yaml": Self.v1, "v2/m.yaml": Self.v2])
        let result = try MapperProcess.run(["compat", "v1", "v2", "--format", "json"], in: directory)
        #expect(result.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["breaking"] as? Bool == true)
        let summary = try #require(report["summary"] as? [String: [String: Int]])
        #expect(summary == ["canonical": ["breaking": 2, "compatible": 1], "external": ["breaking": 1, "compatible": 0]])
        let changes = try #require(report["changes"] as? [[String: Any]])
        let first = try #require(changes.first)
        #expect(first["side"] as? String == "canonical")
        #expect(first["breaking"] as? Bool == true)
        #expect(first["kind"] as? String == "property-renamed")
        #expect(first["subject"] as? String == "Issue")
        #expect(first["member"] as? String == "title")
        #expect(first["old"] as? String == "v1/m.yaml:8:7")
        #expect(first["new"] as? String == "v2/m.yaml:8:7")
        #expect(first["migration"] as? String == "version: 2\nmigrations:\n  - { from: 1, rename: { title: headline } }")
        // Every change has every member, null when it does not apply.
        let keys: Set<String> = ["side", "breaking", "kind", "subject", "member", "message", "old", "new", "migration"]
        #expect(changes.allSatisfy { Set($0.keys) == keys })
        #expect(changes.last?["migration"] is NSNull)
        // The first line of the report in key order, as tools that read it as text see it.
        #expect(result.stdout.hasPrefix(#"{"breaking":true,"summary":"#))
    }

    @Test func gitRevisionIsTheOldCatalog() throws {
        let directory = try MapperProcess.directory(["Mappings/m.yaml": Self.v1])
        try Self.git(["init", "-q"], in: directory)
        try Self.git(["add", "."], in: directory)
        try Self.git(["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "v1"], in: directory)
        try Self.v2.write(to: directory.appendingPathComponent("Mappings/m.yaml"), atomically: true, encoding: .utf8)
        let result = try MapperProcess.run(["compat", "--git", "HEAD", "Mappings", "Mappings"], in: directory)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("HEAD:Mappings/m.yaml:8:7 → Mappings/m.yaml:8:7"))
        let unknown = try MapperProcess.run(["compat", "--git", "no-such-rev", "Mappings", "Mappings"], in: directory)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("cannot read 'Mappings' at git revision 'no-such-rev'"))
    }

    @Test func aCatalogThatDoesNotLoadExitsTwo() throws {
        let directory = try MapperProcess.directory([
            "v1/m.yaml": Self.v1, "bad/m.yaml": "mapper: 1\nmodels:\n  A:\n    properties: { a: nosuchtype }\n",
        ])
        let result = try MapperProcess.run(["compat", "v1", "bad"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("bad/m.yaml:4:"))
        #expect(result.stderr.contains("nosuchtype"))
    }

    static func git(_ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments.joined(separator: " "))")
    }
}
