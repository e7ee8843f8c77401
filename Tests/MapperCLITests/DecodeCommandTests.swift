import Foundation
import Testing

/// `mapper decode`: external JSON from a file or stdin → canonical JSON on stdout (SPEC §13).
struct DecodeCommandTests {
    let directory: URL

    init() throws {
        directory = try CLIFixture.directory([
            "issue.json": CLIFixture.issue,
            "issues.json": "[\(CLIFixture.issue),null]",
            "bad.json": #"{"number":"one","title":7,"state":"reopened"}"#,
            "broken.json": "{\n  \"number\": 1,\n  \"title\": x\n}",
            "error.json": #"{"message":"Not Found","documentation_url":"https://docs.github.com/rest"}"#,
        ])
    }

    private func decode(_ arguments: [String], stdin: String? = nil) throws -> MapperProcess.Result {
        try CLIFixture.run(["decode"] + arguments, stdin: stdin, in: directory)
    }

    @Test func decodesAFile() throws {
        let result = try decode(["Issue", "issue.json", "--now", "2020-01-01T00:00:00Z"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == CLIFixture.issueCanonical + "\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func decodesStdin() throws {
        for file in [[], ["-"]] {
            let result = try decode(["Issue"] + file + ["--now", "2020-01-01T00:00:00Z"], stdin: CLIFixture.issue)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == CLIFixture.issueCanonical + "\n")
        }
    }

    @Test func decodesAnArrayKeepingNulls() throws {
        let result = try decode(["Issue", "issues.json", "--now", "2020-01-01T00:00:00Z"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "[\(CLIFixture.issueCanonical),null]\n")
    }

    @Test func nowPinsComputedNow() throws {
        let result = try decode(["Issue", "--now", "2021-06-01T12:30:00.250+02:00"], stdin: #"{"number":1}"#)
        #expect(result.stdout == #"{"number":1,"retrievedAt":"2021-06-01T10:30:00.250Z"}"# + "\n")
        let unpinned = try decode(["Issue"], stdin: #"{"number":1}"#)
        #expect(unpinned.status == 0)
        #expect(unpinned.stdout.hasPrefix(#"{"number":1,"retrievedAt":"20"#))
    }

    @Test func badNowIsAUsageError() throws {
        let result = try decode(["Issue", "issue.json", "--now", "yesterday"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--now 'yesterday' is not an ISO 8601 instant"))
        #expect(result.stdout.isEmpty)
    }

    @Test func prettyAndCompact() throws {
        let pretty = try decode(["Issue", "--pretty", "--now", "2020-01-01T00:00:00Z"], stdin: #"{"number":1,"user":{"login":"a"}}"#)
        #expect(
            pretty.stdout == """
                {
                  "number": 1,
                  "reporter": "a",
                  "retrievedAt": "2020-01-01T00:00:00Z"
                }

                """)
        let compact = try decode(["Issue", "--compact", "--now", "2020-01-01T00:00:00Z"], stdin: #"{"number":1}"#)
        #expect(compact.stdout == #"{"number":1,"retrievedAt":"2020-01-01T00:00:00Z"}"# + "\n")
        let both = try decode(["Issue", "--pretty", "--compact"], stdin: "{}")
        #expect(both.status == 64)
    }

    @Test func prettyWhenStdoutIsATerminal() throws {
        let arguments = ["decode", "Issue", "--mappings", "m.yaml", "--now", "2020-01-01T00:00:00Z"]
        let result = try TerminalProcess.run(arguments, terminal: .stdout, stdin: #"{"number":1}"#, in: directory)
        #expect(result.status == 0, "\(result.piped)")
        #expect(result.terminal == "{\n  \"number\": 1,\n  \"retrievedAt\": \"2020-01-01T00:00:00Z\"\n}\n")
        let compact = try TerminalProcess.run(arguments + ["--compact"], terminal: .stdout, stdin: #"{"number":1}"#, in: directory)
        #expect(compact.terminal == #"{"number":1,"retrievedAt":"2020-01-01T00:00:00Z"}"# + "\n")
    }

    @Test func prettyOutputKeepsNumbersExact() throws {
        let directory = try MapperProcess.directory([
            "m.yaml": """
            mapper: 1
            models: { N: { properties: { d: decimal, a: any } } }
            """
        ])
        let result = try MapperProcess.run(
            ["decode", "N", "--pretty", "--mappings", "m.yaml"], stdin: #"{"d":18446744073709551616.50,"a":[1e400,1.0]}"#,
            in: directory)
        #expect(
            result.stdout == """
                {
                  "d": 18446744073709551616.50,
                  "a": [
                    1e400,
                    1.0
                  ]
                }

                """)
    }

    @Test func dataErrorsGoToStderrOnePerLine() throws {
        let result = try decode(["Issue", "bad.json"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr == """
                error: /number (Issue.number): expected an integer, found "one" [m.yaml:12:7]
                error: /title (Issue.title): expected a string, found 7 [m.yaml:13:7]
                error: /state (Issue.state): unknown value "reopened" for enum 'State'; expected one of "open", "closed" [m.yaml:14:7]

                """)
    }

    @Test func jsonErrorFormat() throws {
        let result = try decode(["Issue", "bad.json", "--error-format", "json"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any])
        let errors = try #require(report["errors"] as? [[String: String]])
        #expect(errors.count == 3)
        #expect(
            errors.first == [
                "pointer": "/number", "path": "Issue.number", "message": #"expected an integer, found "one""#, "source": "m.yaml:12:7",
                "code": "type-mismatch",
            ])
        #expect(result.stderr.hasPrefix(#"{"errors":[{"pointer":"/number","path":"Issue.number","message":"#))
        #expect(result.stderr.hasSuffix("}\n") && result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func malformedJSONIsOneErrorWithLineAndColumn() throws {
        let result = try decode(["Issue", "broken.json"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == #"error: /title: malformed JSON: line 3, column 12 (byte 28): invalid literal "x", expected true, false or null"# + "\n")
        let json = try decode(["Issue", "broken.json", "--error-format", "json"])
        #expect(json.stderr.contains(#""message":"malformed JSON: line 3, column 12 (byte 28): "#))
    }

    @Test func topLevelScalarIsAnError() throws {
        let result = try decode(["Issue"], stdin: "42")
        #expect(result.status == 1)
        #expect(
            result.stderr == "error: / (Issue): expected a JSON object or an array of objects for model 'Issue', found 42 [m.yaml:9:3]\n")
    }

    @Test func unknownModelSuggestsTheClosest() throws {
        let result = try decode(["Isue", "issue.json"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "error: unknown model 'Isue'; did you mean 'Issue'?\n")
    }

    @Test func missingInputFileExitsWithTwo() throws {
        let result = try decode(["Issue", "nope.json"])
        #expect(result.status == 2)
        #expect(result.stderr == "error: no such file 'nope.json'\n")
    }

    /// A directory is not an input: a clear error, never a crash.
    @Test func directoryInputExitsWithTwo() throws {
        for extra in [[], ["--ndjson"]] {
            let result = try decode(["Issue", "."] + extra)
            #expect(result.status == 2)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "error: '.' is a directory, not a JSON file\n")
        }
    }

    @Test func missingMappingsExitWithTwo() throws {
        let result = try MapperProcess.run(["decode", "Issue", "--mappings", "absent"], stdin: "{}", in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("absent"))
    }

    @Test func routePicksTheModel() throws {
        let byRoute = try decode(["--route", "/repos/o/r/issues/1", "issue.json", "--now", "2020-01-01T00:00:00Z"])
        #expect(byRoute.status == 0, "\(byRoute.stderr)")
        #expect(byRoute.stdout == CLIFixture.issueCanonical + "\n")
        let stdin = try decode(["--route", "https://api.github.com/v3/repos/o/r/issues?page=2"], stdin: "[\(CLIFixture.issue)]")
        #expect(stdin.stdout == #"[{"number":1}]"# + "\n")
    }

    @Test func routeWithMethodAndStatus() throws {
        let post = try decode(
            ["--route", "/repos/o/r/issues", "--method", "POST", "--now", "2020-01-01T00:00:00Z"], stdin: CLIFixture.issue)
        #expect(post.stdout == CLIFixture.issueCanonical + "\n")
        let notFound = try decode(["--route", "/repos/o/r/issues/1", "--status", "404", "error.json"])
        #expect(notFound.status == 0, "\(notFound.stderr)")
        #expect(notFound.stdout == #"{"message":"Not Found","documentationURL":"https://docs.github.com/rest"}"# + "\n")
        let ok = try decode(["--route", "/users/octocat", "--status", "200"], stdin: #"{"login":"octocat","id":1}"#)
        #expect(ok.stdout == #"{"login":"octocat","id":1}"# + "\n")
    }

    @Test func noMatchingRouteExitsWithOne() throws {
        let result = try decode(["--route", "/user/1"], stdin: "{}")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "error: no route matches '/user/1'; did you mean the pattern '/users/*'?\n")
    }

    @Test func usageErrors() throws {
        #expect(try decode([]).status == 64)
        #expect(try decode(["Issue", "--method", "GET"], stdin: "{}").status == 64)
        #expect(try decode(["Issue", "--keep-going"], stdin: "{}").status == 64)
        #expect(try decode(["Issue", "--error-format", "xml"], stdin: "{}").status == 64)
    }
}
