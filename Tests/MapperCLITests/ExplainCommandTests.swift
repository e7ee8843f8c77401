import Foundation
import Testing

/// `mapper decode --explain`: every canonical value with its input pointer, rule and what was
/// applied, then the unread keys; text for people, `--format json` for tools.
struct ExplainCommandTests {
    let directory: URL
    static let input =
        #"{"number":1,"state":"open","user":{"login":"octocat","id":9},"created_at":"2015-09-25T10:00:00+02:00","extra":true}"#

    init() throws {
        directory = try CLIFixture.directory(["in.json": Self.input])
    }

    private func decode(_ arguments: [String], stdin: String? = nil) throws -> MapperProcess.Result {
        try CLIFixture.run(["decode"] + arguments + ["--now", "2020-01-01T00:00:00Z"], stdin: stdin, in: directory)
    }

    static let text = """
        Issue.number = 1
            from /number  rule m.yaml:12:7
            key: number
        Issue.title = (absent)
            from /title (missing)  rule m.yaml:13:7
            key: title
            absent: the key is missing and the property has no default
        Issue.state = "open"
            from /state  rule m.yaml:14:7
            key: state
            enumCase: "open" → 'open' of enum 'State'
        Issue.reporter = "octocat"
            from /user/login  rule m.yaml:15:7
            keyPath: user.login
        Issue.createdAt = "2015-09-25T08:00:00Z"
            from /created_at  rule m.yaml:16:7
            keyStyle: snake_case: createdAt → created_at
        Issue.retrievedAt = "2020-01-01T00:00:00Z"
            from (not read from the input)  rule m.yaml:17:7
            computed: now
        unread keys:
            /user/id  (Issue)
            /extra  (Issue)

        """

    @Test func textForPeople() throws {
        let result = try decode(["Issue", "in.json", "--explain"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.text)
        #expect(result.stderr.isEmpty)
    }

    @Test func withRouteTheRoutesPickTheModel() throws {
        let result = try decode(["--route", "/repos/o/r/issues/1", "--explain"], stdin: Self.input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.text)
    }

    @Test func jsonForTools() throws {
        let result = try decode(["Issue", "in.json", "--explain", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["model"] as? String == "Issue")
        let values = try #require(object["values"] as? [[String: Any]])
        #expect(
            values.map { $0["path"] as? String } == [
                "Issue.number", "Issue.title", "Issue.state", "Issue.reporter", "Issue.createdAt", "Issue.retrievedAt",
            ])
        let reporter = values[3]
        #expect(reporter["pointer"] as? String == "/user/login")
        #expect(reporter["present"] as? Bool == true)
        #expect(reporter["rule"] as? String == "m.yaml:15:7")
        #expect(reporter["value"] as? String == "octocat")
        let applied = try #require(reporter["applied"] as? [[String: String]])
        #expect(applied == [["kind": "keyPath", "detail": "user.login"]])
        #expect(values[1]["value"] is NSNull)
        #expect(values[1]["present"] as? Bool == false)
        let unread = try #require(object["unread"] as? [[String: String]])
        #expect(unread == [["pointer": "/user/id", "model": "Issue"], ["pointer": "/extra", "model": "Issue"]])
    }

    @Test func dataErrorsExitOne() throws {
        let result = try decode(["Issue", "--explain"], stdin: #"{"number":"one"}"#)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == #"error: /number (Issue.number): expected an integer, found "one" [m.yaml:12:7]"# + "\n")
    }

    @Test func misuseIsAUsageError() throws {
        let format = try decode(["Issue", "in.json", "--format", "json"])
        #expect(format.status == 64)
        #expect(format.stderr.contains("--format goes with --explain."))
        let ndjson = try decode(["Issue", "--explain", "--ndjson"], stdin: Self.input)
        #expect(ndjson.status == 64)
        #expect(ndjson.stderr.contains("--explain explains one document"))
    }
}
