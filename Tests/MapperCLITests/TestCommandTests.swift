import Foundation
import Testing

/// `mapper test`: golden tests from `*.test.yaml` files (SPEC §15).
struct TestCommandTests {
    static let passing = """
        tests:
          - name: issue from a file
            model: Issue
            input: issue.json
            expect: issue.canonical.json
            now: 2020-01-01T00:00:00Z
            roundtrip: true
          - name: inline input by route
            route: /repos/o/r/issues/1
            input: { number: 2, user: { login: hubot } }
            expect: { number: 2, reporter: hubot, retrievedAt: "2020-01-01T00:00:00Z" }
            now: 2020-01-01T00:00:00Z
          - name: unknown state is rejected
            model: Issue
            input: { number: 1, state: reopened }
            expect_error: { pointer: /state, contains: reopened }
        """

    static let failing = """
        tests:
          - name: title differs
            model: Issue
            input: { number: 1, title: Found a bug }
            expect: { number: 1, title: Found a feature, state: open }
            now: 2020-01-01T00:00:00Z
          - name: error expected but none
            model: Issue
            input: { number: 1 }
            expect_error: { pointer: /number }
            now: 2020-01-01T00:00:00Z
          - name: still fine
            model: Issue
            input: { number: 3 }
            expect: { number: 3, retrievedAt: "2020-01-01T00:00:00Z" }
            now: 2020-01-01T00:00:00Z
        """

    private func directory(_ files: [String: String]) throws -> URL {
        try CLIFixture.directory(
            files.merging([
                "cases/issue.json": CLIFixture.issue,
                "cases/issue.canonical.json": CLIFixture.issueCanonical,
            ]) { first, _ in first })
    }

    @Test func passingTestsPrintPassAndExitWithZero() throws {
        let directory = try directory(["cases/issue.test.yaml": Self.passing])
        let result = try CLIFixture.run(["test", "cases"], in: directory)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout == """
                PASS issue from a file
                PASS inline input by route
                PASS unknown state is rejected
                3 passed, 0 failed

                """)
    }

    @Test func failingTestsPrintWhatDifferedAndExitWithOne() throws {
        let directory = try directory(["cases/a.test.yaml": Self.passing, "cases/b.test.yaml": Self.failing])
        let result = try CLIFixture.run(["test", "cases"], in: directory)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                PASS issue from a file
                PASS inline input by route
                PASS unknown state is rejected
                FAIL title differs
                  at cases/b.test.yaml:2:5
                  /title: expected "Found a feature", got "Found a bug"
                  /state: missing, expected "open"
                  /retrievedAt: unexpected "2020-01-01T00:00:00Z"
                FAIL error expected but none
                  at cases/b.test.yaml:7:5
                  expected an error, but decode succeeded: {"number":1,"retrievedAt":"2020-01-01T00:00:00Z"}
                PASS still fine
                4 passed, 2 failed

                """)
    }

    @Test func roundTripFailuresAreReported() throws {
        // A fresh `computed: uuid` on every decode: decode(encode(decode(x))) differs from decode(x).
        let directory = try MapperProcess.directory([
            "m.yaml": """
            mapper: 1
            models:
              Stamped:
                properties:
                  a: { type: string, key: x.a }
                  token: { type: uuid, computed: uuid }
            """,
            "t.test.yaml": """
            tests:
              - name: no round trip
                model: Stamped
                input: { x: { a: one } }
              - name: unstable round trip
                model: Stamped
                input: { x: { a: one } }
                roundtrip: true
            """,
        ])
        let result = try MapperProcess.run(["test", "t.test.yaml", "--mappings", "m.yaml"], in: directory)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines.first == "PASS no round trip")
        #expect(lines.dropFirst().first == "FAIL unstable round trip")
        #expect(lines.dropFirst(2).first == "  at t.test.yaml:5:5")
        #expect(lines.dropFirst(3).first == "  round trip changed the model:")
        #expect(lines.dropFirst(4).first?.wholeMatch(of: /\ {4}\/token: expected "[0-9a-f-]{36}", got "[0-9a-f-]{36}"/) != nil)
        #expect(lines.last == "1 passed, 1 failed")
    }

    @Test func defaultsToExamples() throws {
        let directory = try directory([
            "Examples/issue.test.yaml": Self.passing.replacingOccurrences(of: "input: issue.json", with: "input: ../cases/issue.json")
                .replacingOccurrences(of: "expect: issue.canonical.json", with: "expect: ../cases/issue.canonical.json")
        ])
        let result = try CLIFixture.run(["test"], in: directory)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("3 passed, 0 failed\n"))
    }

    @Test func missingPathsExitWithTwo() throws {
        let directory = try directory([:])
        let result = try CLIFixture.run(["test", "nowhere"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr == "error: no such file or directory 'nowhere'\n")
    }

    @Test func malformedTestsFailWithAReason() throws {
        let directory = try directory([
            "cases/bad.test.yaml": """
            tests:
              - name: unknown model
                model: Isue
                input: {}
                expect: {}
              - name: misspelled key
                model: Issue
                inptu: {}
            """
        ])
        let result = try CLIFixture.run(["test", "cases"], in: directory)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                FAIL unknown model
                  at cases/bad.test.yaml:2:5
                  unknown model 'Isue'; did you mean 'Issue'?
                FAIL misspelled key
                  at cases/bad.test.yaml:6:5
                  cases/bad.test.yaml:8:5: unknown key 'inptu' in a test; did you mean 'input'?
                0 passed, 2 failed

                """)
    }
}
