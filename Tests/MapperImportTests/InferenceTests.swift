import Foundation
import MapperKit
import MapperTooling
import MapperYAML
import Testing

@testable import MapperImport

struct InferenceTests {
    static func samples(_ documents: [String]) throws -> [Inference.Sample] {
        try documents.enumerated().map {
            Inference.Sample(value: try JSONValue(parsing: $1), file: "s.ndjson", source: "s.ndjson:\($0 + 1)")
        }
    }

    static let issues = [
        #"{"number": 1, "state": "open", "created_at": "2024-01-02T03:04:05Z", "html_url": "https://x.test/1", "user": {"login": "a", "id": 1}, "labels": [{"name": "bug"}], "closed_at": null, "pushed_at": 1700000000, "reactions": {"123": 1, "456": 2}}"#,
        #"{"number": 2, "state": "closed", "created_at": "2024-01-03T03:04:05Z", "html_url": "https://x.test/2", "user": {"login": "b", "id": 2}, "labels": [], "closed_at": "2024-02-01T00:00:00Z", "pushed_at": 1700000100, "reactions": {}}"#,
        #"{"number": 3, "state": "open", "created_at": "2024-01-04T03:04:05Z", "html_url": "https://x.test/3", "user": {"login": "c", "id": 3}, "labels": [{"name": "ui", "color": "fff"}], "pushed_at": 1700000200}"#,
        #"{"number": 4, "state": "open", "created_at": "2024-01-05T03:04:05Z", "html_url": "https://x.test/4", "user": {"login": "d", "id": 4}, "labels": [], "pushed_at": 1700000300, "score": 1.5}"#,
        #"{"number": 5, "state": "closed", "created_at": "2024-01-06T03:04:05Z", "html_url": "https://x.test/5", "user": {"login": "e", "id": 5}, "labels": [], "pushed_at": 1700000400}"#,
    ]

    @Test func typesRequiredNestedModelsEnumsAndDates() throws {
        let result = try Inference.run(model: "Issue", samples: Self.samples(Self.issues))
        #expect(result.diagnostics.isEmpty)
        let text = result.catalog
        #expect(text.contains("  Issue:\n    key_style: snake_case\n"))
        #expect(text.contains("number: { type: int, required: true }"))
        #expect(text.contains("state: { type: State, required: true }"))
        #expect(text.contains("State:\n    cases: { closed: closed, open: open }"))
        #expect(text.contains("createdAt: { type: date, required: true }"))
        #expect(text.contains("htmlUrl: { type: url, required: true }"))
        #expect(text.contains("user: { type: User, required: true }"))
        #expect(text.contains("labels: { type: \"[Label]\", required: true }"))
        #expect(text.contains("closedAt: date"))
        #expect(text.contains("pushedAt: { type: date, required: true, format: unix }"))
        #expect(text.contains("reactions: \"[string: int]\""))
        #expect(text.contains("score: double"))
        #expect(
            text.contains(
                "  Label:\n    unknown_keys: keep\n    properties:\n      name: { type: string, required: true }\n      color: string\n"))
    }

    /// Asana-style `due_on` days become `local_date`; one text that is no day (or an instant)
    /// makes the key a string or a date instead.
    @Test func calendarDatesBecomeLocalDates() throws {
        let result = try Inference.run(
            model: "Task",
            samples: Self.samples([
                #"{"due_on": "2019-09-15", "start_on": "2019-02-28", "moved_on": "2019-02-28", "at": "2019-09-15"}"#,
                #"{"due_on": "2016-02-29", "start_on": "2019-02-30", "moved_on": "2019-09-15T10:00:00Z", "at": null}"#,
            ]))
        let text = result.catalog
        #expect(text.contains("dueOn: { type: local_date, required: true }"))
        #expect(text.contains("startOn: { type: string, required: true }"))
        #expect(text.contains("movedOn: { type: string, required: true }"))
        #expect(text.contains("at: local_date"))
        let catalog = try Catalog(yaml: text)
        #expect(catalog.models["Task"]?.property(named: "dueOn")?.type == .localDate)
    }

    @Test func goldenTestsOfTheSamplesPass() throws {
        let samples = try Self.samples(Self.issues)
        let result = try Inference.run(model: "Issue", samples: samples)
        let files = try Inference.goldenTests(model: "Issue", catalog: result.catalog, samples: samples)
        #expect(files.first?.path == "issue.test.yaml")
        let folder = try ImportFixture.folder(Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.text) }))
        let catalog = try Catalog(yaml: result.catalog)
        let run = GoldenRunner.run(files: [folder.appendingPathComponent("issue.test.yaml").path], catalog: catalog)
        #expect(run.passed == 5)
        #expect(run.failed == 0)
        // The expected canonical JSON of each test is the sample's own values, made here without
        // mapper: model keys in camelCase, `pushed_at`'s Unix seconds as ISO 8601 (Foundation's).
        for (index, sample) in samples.enumerated() {
            let path = "samples/issue-\(index + 1).canonical.json"
            let file = try #require(files.first { $0.path == path }, "no \(path)")
            let written = try JSONValue(parsing: Array(file.text.utf8))
            #expect(Self.sorted(written) == Self.sorted(Self.expectedCanonical(sample.value)), "\(path)")
        }
    }

    /// The canonical JSON of an issue sample, from its own values.
    static func expectedCanonical(_ issue: JSONValue) -> JSONValue {
        guard case .object(let members) = issue else { return issue }
        var canonical = JSONObject()
        for member in members {
            let key = camelCase(member.key)
            switch (member.key, member.value) {
            case ("pushed_at", .number(let seconds)):
                let date = Date(timeIntervalSince1970: seconds.double)
                canonical.append(key, .string(ISO8601DateFormatter().string(from: date)))
            case ("user", _): canonical.append(key, expectedCanonical(member.value))
            case ("labels", .array(let labels)): canonical.append(key, .array(labels.map(expectedCanonical)))
            // `reactions` is a dictionary: its keys are data, not names.
            default: canonical.append(key, member.value)
            }
        }
        return .object(canonical)
    }

    static func camelCase(_ snake: String) -> String {
        let words = snake.split(separator: "_")
        return words.enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
    }

    /// The value with every object's members in key order (member order is not what is compared).
    static func sorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            var sorted = JSONObject()
            for member in object.sorted(by: { $0.key < $1.key }) { sorted.append(member.key, Self.sorted(member.value)) }
            return .object(sorted)
        case .array(let items): return .array(items.map(Self.sorted))
        default: return value
        }
    }

    @Test func theSameShapeIsOneModel() throws {
        let samples = try Self.samples([
            #"{"author": {"login": "a", "id": 1}, "committer": {"login": "b", "id": 2}}"#
        ])
        let text = try Inference.run(model: "Commit", samples: samples).catalog
        #expect(text.contains("author: { type: Author, required: true }"))
        #expect(text.contains("committer: { type: Author, required: true }"))
        #expect(!text.contains("Committer:"))
    }

    @Test func samplesFromFiles() throws {
        let folder = try ImportFixture.folder([
            "a.ndjson": "{\"x\": 1}\n\n{\"x\": 2}\r\n",
            "b.json": "[{\"x\": 3}, {\"x\": 4}]",
            "c.json": "{\"x\": 5}",
            "bad.ndjson": "{\"x\": 1}\n[1]\n",
            "broken.json": "{\"x\": }",
        ])
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let samples = try Inference.samples(fromFiles: [path("a.ndjson"), path("b.json"), path("c.json")])
        #expect(samples.map(\.value) == [["x": 1], ["x": 2], ["x": 3], ["x": 4], ["x": 5]])
        #expect(samples[1].source == path("a.ndjson") + ":3")
        #expect(samples[2].source == path("b.json") + "#/0")
        #expect(
            throws: ImportError(
                code: .invalidSample, message: "a sample must be a JSON object, found an array",
                location: .source(path("bad.ndjson") + ":2"))
        ) {
            try Inference.samples(fromFiles: [path("bad.ndjson")])
        }
        #expect(
            throws: ImportError(
                code: .invalidSample, message: "not valid JSON: unexpected character '}'",
                at: Mark(file: path("broken.json"), line: 1, column: 7))
        ) {
            try Inference.samples(fromFiles: [path("broken.json")])
        }
    }

    @Test func openEnumsGetADefault() throws {
        let text = try Inference.run(model: "Issue", samples: Self.samples(Self.issues), options: .init(openEnums: true)).catalog
        #expect(text.contains("State:\n    cases: { closed: closed, open: open, unknown: unknown }\n    default: unknown"))
    }
}
