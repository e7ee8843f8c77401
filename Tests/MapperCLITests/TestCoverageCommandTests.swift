import Foundation
import Testing

/// `mapper test --coverage`: which rules the golden tests exercised, with the places of the others.
struct TestCoverageCommandTests {
    static let mappings = """
        mapper: 1
        enums:
          State:
            cases:
              open: open
              closed: { json: closed, aliases: [resolved] }
        models:
          Issue:
            properties:
              number: int
              state: State
              note: string
        routes:
          paths:
            /issues/#: Issue
        """

    /// Exercises Issue.number, Issue.state, State.closed, its alias and the route: 5 of the 7 items
    /// (3 properties, 2 cases, 1 alias, 1 route); State.open and Issue.note are not exercised.
    static let tests = """
        tests:
          - name: closed by alias
            route: /issues/7
            input: { number: 7, state: resolved }
            expect: { number: 7, state: closed }
        """

    static func directory() throws -> URL {
        try MapperProcess.directory(["m.yaml": mappings, "t.test.yaml": tests])
    }

    @Test func textListsUncoveredRulesWithTheirPlaces() throws {
        let directory = try Self.directory()
        let result = try MapperProcess.run(["test", "--coverage", "--mappings", "m.yaml", "t.test.yaml"], in: directory)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // 3 properties + 2 cases + 1 alias + 1 route = 7 items; note and State.open not exercised.
        #expect(result.stdout.contains("1 passed, 0 failed\ncoverage:\n  m.yaml: 5/7 (71.4%)\n"))
        #expect(result.stdout.contains("    m.yaml:5:13: enum-case State.open not exercised\n"))
        #expect(result.stdout.contains("    m.yaml:12:7: property Issue.note not exercised\n"))
        #expect(result.stdout.hasSuffix("  total: 5/7 (71.4%)\n"))
    }

    @Test func minFailsBelowTheThreshold() throws {
        let directory = try Self.directory()
        let below = try MapperProcess.run(["test", "--coverage", "--min", "80", "--mappings", "m.yaml", "t.test.yaml"], in: directory)
        #expect(below.status == 1)
        #expect(below.stderr.contains("coverage 71.4% is below --min 80.0%"))
        let above = try MapperProcess.run(["test", "--coverage", "--min", "70", "--mappings", "m.yaml", "t.test.yaml"], in: directory)
        #expect(above.status == 0)
        let withoutCoverage = try MapperProcess.run(["test", "--min", "70", "--mappings", "m.yaml", "t.test.yaml"], in: directory)
        #expect(withoutCoverage.status != 0)
        #expect(withoutCoverage.stderr.contains("--min needs --coverage"))
    }

    @Test func jsonReportHasResultsAndCoverage() throws {
        let directory = try Self.directory()
        let result = try MapperProcess.run(
            ["test", "--coverage", "--format", "json", "--mappings", "m.yaml", "t.test.yaml"], in: directory)
        #expect(result.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["passed"] as? Int == 1)
        #expect(report["failed"] as? Int == 0)
        let coverage = try #require(report["coverage"] as? [String: Any])
        #expect(coverage["covered"] as? Int == 5)
        #expect(coverage["total"] as? Int == 7)
        #expect(coverage["percent"] as? Double == 71.4)
        let files = try #require(coverage["files"] as? [[String: Any]])
        #expect(files.map { $0["file"] as? String } == ["m.yaml"])
        let uncovered = try #require(files.first?["uncovered"] as? [[String: String]])
        #expect(
            uncovered == [
                ["kind": "enum-case", "name": "State.open", "location": "m.yaml:5:13"],
                ["kind": "property", "name": "Issue.note", "location": "m.yaml:12:7"],
            ])
    }

    @Test func failingTestsStillExitOneWithCoverage() throws {
        let directory = try MapperProcess.directory([
            "m.yaml": Self.mappings,
            "t.test.yaml": """
            tests:
              - name: wrong expectation
                model: Issue
                input: { number: 1 }
                expect: { number: 2 }
            """,
        ])
        let result = try MapperProcess.run(["test", "--coverage", "--mappings", "m.yaml", "t.test.yaml"], in: directory)
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL wrong expectation"))
        #expect(result.stdout.contains("coverage:"))
        let json = try MapperProcess.run(["test", "--format", "json", "--mappings", "m.yaml", "t.test.yaml"], in: directory)
        #expect(json.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["failed"] as? Int == 1)
        #expect(report["coverage"] == nil)
        let failures = try #require(report["failures"] as? [[String: Any]])
        #expect(failures.first?["name"] as? String == "wrong expectation")
        #expect(failures.first?["location"] as? String == "t.test.yaml:2:5")
    }
}
