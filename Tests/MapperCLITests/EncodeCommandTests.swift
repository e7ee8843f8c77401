import Foundation
import Testing

/// `mapper encode` (canonical JSON → external JSON) and `mapper convert` (decode as one model,
/// keep what the other declares, encode as the other), SPEC §13.
struct EncodeCommandTests {
    let directory: URL

    init() throws {
        directory = try CLIFixture.directory([
            "issue.canonical.json": CLIFixture.issueCanonical,
            "issue.json": CLIFixture.issue,
        ])
    }

    private func run(_ arguments: [String], stdin: String? = nil) throws -> MapperProcess.Result {
        try CLIFixture.run(arguments, stdin: stdin, in: directory)
    }

    @Test func encodesAFileBackToTheExternalShape() throws {
        let result = try run(["encode", "Issue", "issue.canonical.json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == CLIFixture.issueExternal + "\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func encodesStdinArrays() throws {
        let result = try run(["encode", "Issue"], stdin: #"[{"number":1,"reporter":null},null,{"number":2,"state":"closed"}]"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"[{"number":1,"user":{"login":null}},null,{"number":2,"state":"closed"}]"# + "\n")
    }

    @Test func decodeThenEncodeRoundTrips() throws {
        let decoded = try run(["decode", "Issue", "issue.json", "--now", "2020-01-01T00:00:00Z"])
        let encoded = try run(["encode", "Issue"], stdin: decoded.stdout)
        #expect(encoded.stdout == CLIFixture.issueExternal + "\n")
    }

    @Test func canonicalInputIsStrict() throws {
        let result = try run(["encode", "Issue"], stdin: #"{"number":1.0,"created_at":"2015-09-25T08:00:00Z","state":"OPEN"}"#)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr == """
                error: /number (Issue.number): expected an integer, found 1.0 [m.yaml:12:7]
                error: /state (Issue.state): expected a case of enum 'State' (open, closed), found "OPEN" [m.yaml:14:7]
                error: / (Issue): model 'Issue' has no property 'created_at' [m.yaml:9:3]

                """)
        let missing = try run(["encode", "Issue", "--error-format", "json"], stdin: "{}")
        #expect(missing.status == 1)
        #expect(
            missing.stderr
                == #"{"errors":[{"pointer":"/number","path":"Issue.number","message":"required property 'number' is missing","source":"m.yaml:12:7","code":"missing-required"}]}"#
                + "\n")
    }

    @Test func encodeErrorsAndUsage() throws {
        #expect(try run(["encode", "Issu"], stdin: "{}").stderr == "error: unknown model 'Issu'; did you mean 'Issue'?\n")
        #expect(try run(["encode", "Issue", "missing.json"]).status == 2)
        #expect(try run(["encode", "Issue"], stdin: "{").status == 1)
        let pretty = try run(["encode", "Issue", "--pretty"], stdin: #"{"number":1,"reporter":"a"}"#)
        #expect(
            pretty.stdout == """
                {
                  "number": 1,
                  "user": {
                    "login": "a"
                  }
                }

                """)
    }

    @Test func convertKeepsTheTargetsProperties() throws {
        let result = try run(["convert", "Issue", "Summary", "issue.json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"number":1,"headline":"Found a bug"}"# + "\n")
        let array = try run(["convert", "Issue", "Summary"], stdin: #"[{"number":2},null]"#)
        #expect(array.stdout == #"[{"number":2},null]"# + "\n")
    }

    @Test func convertReportsDecodeErrorsOfTheSource() throws {
        let result = try run(["convert", "Issue", "Summary"], stdin: #"{"title":5}"#)
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                error: /number (Issue.number): required key 'number' is missing [m.yaml:12:7]
                error: /title (Issue.title): expected a string, found 5 [m.yaml:13:7]

                """)
        #expect(try run(["convert", "Issue", "Sumary"], stdin: "{}").stderr == "error: unknown model 'Sumary'; did you mean 'Summary'?\n")
    }

    @Test func convertChecksTheTargetsRules() throws {
        // Summary → Issue: Issue requires `number`.
        let result = try run(["convert", "Summary", "Issue"], stdin: #"{"headline":"x"}"#)
        #expect(result.status == 1)
        #expect(result.stderr == "error: /number (Issue.number): required property 'number' is missing [m.yaml:12:7]\n")
        let ok = try run(["convert", "Summary", "Issue", "--now", "2020-01-01T00:00:00Z"], stdin: #"{"headline":"x","number":3}"#)
        #expect(ok.stdout == #"{"number":3,"title":"x"}"# + "\n")
    }
}
