import Foundation
import Testing

struct ModelsCommandTests {
    @Test func listsModelsEnumsFormatsAndRoutes() throws {
        let result = try MapperProcess.run(["models"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Models ("))
        #expect(result.stdout.contains("  Issue  [Mappings/github/issues.yaml:"))
        #expect(result.stdout.range(of: #"number\s+int\s+← number, required"#, options: .regularExpression) != nil)
        #expect(result.stdout.contains("Enums ("))
        #expect(result.stdout.contains("Formats ("))
        #expect(result.stdout.contains("twitter_time: date \"EEE MMM dd HH:mm:ss Z yyyy\""))
        #expect(result.stdout.contains("Routes ("))
        #expect(result.stdout.range(of: #"/repos/\*/\*/issues/#\s+→ Issue"#, options: .regularExpression) != nil)
    }

    @Test func jsonListing() throws {
        let result = try MapperProcess.run(["models", "--format", "json"])
        #expect(result.status == 0)
        let listing = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let models = try #require(listing["models"] as? [[String: Any]])
        let event = try #require(models.first { $0["name"] as? String == "Event" })
        let variants = try #require(event["variants"] as? [String: Any])
        #expect(variants["by"] as? String == "type")
        let routes = try #require(listing["routes"] as? [[String: Any]])
        #expect(routes.contains { $0["pattern"] as? String == "/search/issues" && $0["model"] as? String == "SearchIssueResults" })
    }

    /// A property computed by `decode:` never reads its key: no `← key` (issue 36: `plannedDays ←
    /// planned_days`); with `encode:` it writes the key (`→`).
    @Test func decodeOnlyPropertiesShowNoKey() throws {
        let yaml = """
            mapper: 1
            models:
              Plan:
                key_style: snake_case
                properties:
                  startDay: int
                  plannedDays: { type: int, decode: "self.startDay + 1" }
                  endDay: { type: int, decode: "self.startDay + 2", encode: "self.endDay" }
            """
        let directory = try MapperProcess.directory(["m.yaml": yaml])
        let result = try MapperProcess.run(["models", "--mappings", "m.yaml"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.range(of: #"startDay\s+int\s+← start_day"#, options: .regularExpression) != nil)
        let planned = try #require(result.stdout.split(separator: "\n").first { $0.contains("plannedDays") })
        #expect(!planned.contains("←") && !planned.contains("planned_days"))
        #expect(planned.contains("decode-only"))
        #expect(result.stdout.range(of: #"endDay\s+int\s+→ end_day"#, options: .regularExpression) != nil)
    }

    /// `omit` as each property resolves it: the file's `defaults:`, the model's, the property's
    /// own; the JSON listing has the model's own too.
    @Test func omitIsShownAsEachPropertyResolvesIt() throws {
        let yaml = """
            mapper: 1
            defaults: { omit: nulls }
            models:
              Issue:
                properties:
                  title: string
                  body: { type: string, omit: empty }
              Patch:
                omit: never
                properties:
                  note: string
            """
        let directory = try MapperProcess.directory(["m.yaml": yaml])
        let text = try MapperProcess.run(["models", "--mappings", "m.yaml"], in: directory)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.range(of: #"title\s+string\s+← title, omit: nulls"#, options: .regularExpression) != nil, "\(text.stdout)")
        #expect(text.stdout.range(of: #"body\s+string\s+← body, omit: empty"#, options: .regularExpression) != nil)
        let note = try #require(text.stdout.split(separator: "\n").first { $0.contains("note") })
        #expect(!note.contains("omit"))
        let json = try MapperProcess.run(["models", "--mappings", "m.yaml", "--format", "json"], in: directory)
        let listing = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let models = try #require(listing["models"] as? [[String: Any]])
        let patch = try #require(models.first { $0["name"] as? String == "Patch" })
        #expect(patch["omit"] as? String == "never")
        let issue = try #require(models.first { $0["name"] as? String == "Issue" })
        let omits = (issue["properties"] as? [[String: Any]])?.map { $0["omit"] as? String }
        #expect(omits == ["nulls", "empty"])
    }

    @Test func brokenCatalogExitsWithOneAndPrintsDiagnostics() throws {
        let directory = try MapperProcess.directory(["m.yaml": "mapper: 1\nmodels: { A: { properties: { a: strin } } }\n"])
        let result = try MapperProcess.run(["models", "--mappings", "m.yaml"], in: directory)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.contains(
                "m.yaml:2:33: error: unknown type 'strin' for property 'a' of model 'A'; did you mean 'string'? [unknown-type]"))
    }
}
