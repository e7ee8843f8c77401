import Foundation
import Testing

/// `--partial` on decode, encode, merge and schema (docs/language/partial.md).
struct PartialCommandTests {
    let directory: URL

    init() throws {
        directory = try CLIFixture.directory([
            "m.yaml": """
            mapper: 1
            models:
              Account:
                properties:
                  id: { type: int, required: true }
                  name: { type: string, required: true }
                  plan: { type: string, default: free }
            """,
            "stored.json": #"{"id": 1, "name": "Ada", "plan": "free"}"#,
            "patch.json": #"{"plan": "pro"}"#,
        ])
    }

    private func run(_ arguments: [String], stdin: String? = nil) throws -> MapperProcess.Result {
        try CLIFixture.run(arguments, stdin: stdin, in: directory)
    }

    @Test func decodeMapsOnlyTheKeysPresent() throws {
        let whole = try run(["decode", "Account"], stdin: #"{"plan": "pro"}"#)
        #expect(whole.status == 1)
        #expect(whole.stderr.contains("required key 'id' is missing"))
        let partial = try run(["decode", "Account", "--partial"], stdin: #"{"plan": "pro"}"#)
        #expect(partial.status == 0, "\(partial.stderr)")
        #expect(partial.stdout == #"{"plan":"pro"}"# + "\n")
    }

    @Test func encodeWritesOnlyWhatIsPresent() throws {
        let result = try run(["encode", "Account", "--partial"], stdin: #"{"name": "Ada"}"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"name":"Ada"}"# + "\n")
    }

    @Test func mergeAppliesAPatch() throws {
        let refused = try run(["merge", "Account", "stored.json", "patch.json"])
        #expect(refused.status == 1)
        let merged = try run(["merge", "Account", "stored.json", "patch.json", "--partial"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == #"{"id":1,"name":"Ada","plan":"pro"}"# + "\n")
    }

    @Test func schemaOfAPartialDocumentRequiresNothing() throws {
        let whole = try run(["schema", "Account"])
        #expect(whole.stdout.contains("\"required\""))
        let partial = try run(["schema", "Account", "--partial"])
        #expect(partial.status == 0, "\(partial.stderr)")
        #expect(!partial.stdout.contains("\"required\""))
        #expect(try run(["schema", "--language", "--partial"]).status == 64)
    }
}
