import Foundation
import Testing

struct ValidateCommandTests {
    static let broken = """
        mapper: 1
        models:
          User: { properties: { login: string } }
          Issue:
            properties:
              assignee: Usr
              title: { type: string, requierd: true }
        """

    @Test func bundledMappingsAreClean() throws {
        let result = try MapperProcess.run(["validate", "Mappings", "--strict"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("0 errors, 0 warnings\n"))
    }

    @Test func defaultsToMappingsInTheWorkingDirectory() throws {
        let result = try MapperProcess.run(["validate"])
        #expect(result.status == 0)
        #expect(result.stdout == "0 errors, 0 warnings\n")
    }

    @Test func reportsEveryProblemCompilerStyle() throws {
        let directory = try MapperProcess.directory(["maps/issue.yaml": Self.broken])
        let result = try MapperProcess.run(["validate", "maps"], in: directory)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                maps/issue.yaml:6:17: error: unknown type 'Usr' for property 'assignee' of model 'Issue'; did you mean 'User'? [unknown-type]
                maps/issue.yaml:7:30: error: unknown key 'requierd' in property 'title' of model 'Issue'; did you mean 'required'? [unknown-key]
                2 errors, 0 warnings

                """)
    }

    @Test func jsonFormat() throws {
        let directory = try MapperProcess.directory(["issue.yaml": Self.broken])
        let result = try MapperProcess.run(["validate", "issue.yaml", "--format", "json"], in: directory)
        #expect(result.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["errors"] as? Int == 2)
        #expect(report["warnings"] as? Int == 0)
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 2)
        let first = try #require(diagnostics.first)
        #expect(first["file"] as? String == "issue.yaml")
        #expect(first["line"] as? Int == 6)
        #expect(first["column"] as? Int == 17)
        #expect(first["severity"] as? String == "error")
        #expect(first["code"] as? String == "unknown-type")
        #expect(first["message"] as? String == "unknown type 'Usr' for property 'assignee' of model 'Issue'")
        #expect(first["hint"] as? String == "did you mean 'User'?")
        #expect(!result.stdout.contains("\n  "), "compact when stdout is not a terminal")
        let pretty = try MapperProcess.run(["validate", "issue.yaml", "--format", "json", "--pretty"], in: directory)
        #expect(pretty.stdout.contains("\n  \"diagnostics\": ["))
    }

    @Test func strictFailsOnWarnings() throws {
        let directory = try MapperProcess.directory([
            "a.yaml": """
            mapper: 1
            enums: { Color: { cases: { red: r } } }
            models: { A: { properties: { a: string } } }
            """
        ])
        let lenient = try MapperProcess.run(["validate", "a.yaml"], in: directory)
        #expect(lenient.status == 0)
        #expect(
            lenient.stdout
                == "a.yaml:2:10: warning: enum 'Color' is never used; use it as a property type or remove it [unused]\n0 errors, 1 warning\n"
        )
        let strict = try MapperProcess.run(["validate", "a.yaml", "--strict"], in: directory)
        #expect(strict.status == 1)
    }

    @Test func missingFilesExitWithTwo() throws {
        let result = try MapperProcess.run(["validate", "no/such/place"])
        #expect(result.status == 2)
        #expect(result.stdout.contains("no/such/place:1:1: error: no such file or directory 'no/such/place' [file-not-found]"))
    }

    @Test func transformersCanBeAssumed() throws {
        let directory = try MapperProcess.directory([
            "t.yaml": """
            mapper: 1
            models: { A: { properties: { a: { type: string, transform: shout } } } }
            """
        ])
        let failing = try MapperProcess.run(["validate", "t.yaml"], in: directory)
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("[unknown-transformer]"))
        let assumed = try MapperProcess.run(["validate", "t.yaml", "--assume-transformer", "shout"], in: directory)
        #expect(assumed.status == 0)
    }

    @Test func mappingsEnvironmentVariable() throws {
        let directory = try MapperProcess.directory([
            "one/a.yaml": "mapper: 1\nmodels: { A: { properties: { a: string } } }\n",
            "two/b.yaml": "mapper: 1\nmodels: { A: { properties: { a: int } } }\n",
        ])
        let result = try MapperProcess.run(["validate"], environment: ["MAPPER_MAPPINGS": "one:two"], in: directory)
        #expect(result.status == 1)
        #expect(result.stdout.contains("two/b.yaml:2:11: error: model 'A' is defined twice: here and at one/a.yaml:2:11"))
    }

    @Test func badFlagsAreUsageErrors() throws {
        let result = try MapperProcess.run(["validate", "--format", "xml"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("xml"))
    }
}
