import Foundation
import Testing

/// `mapper encode|convert --omit nulls|empty` (docs/language/omit.md): the run's setting where the
/// catalog's `omit` says nothing; the catalog's own setting wins.
struct OmitCommandTests {
    let directory: URL

    init() throws {
        directory = try CLIFixture.directory([
            "m.yaml": """
            mapper: 1
            models:
              Note:
                properties:
                  title: string
                  body: string
                  author: { type: string, key: meta.author }
                  tags: [string]
              Pinned:
                omit: never
                properties: { title: string, body: string }
              Short:
                properties: { title: string }
            """
        ])
    }

    private func run(_ arguments: [String], stdin: String) throws -> MapperProcess.Result {
        try CLIFixture.run(arguments, stdin: stdin, in: directory)
    }

    @Test func encodeLeavesOutWhatTheRunSays() throws {
        let input = #"{"title": "", "body": null, "author": null, "tags": []}"#
        #expect(try run(["encode", "Note"], stdin: input).stdout == #"{"title":"","body":null,"meta":{"author":null},"tags":[]}"# + "\n")
        #expect(try run(["encode", "Note", "--omit", "nulls"], stdin: input).stdout == #"{"title":"","tags":[]}"# + "\n")
        #expect(try run(["encode", "Note", "--omit", "empty"], stdin: input).stdout == "{}\n")
        #expect(
            try run(["encode", "Note", "--omit", "never"], stdin: input).stdout
                == #"{"title":"","body":null,"meta":{"author":null},"tags":[]}"# + "\n")
    }

    @Test func theCatalogsOwnSettingWins() throws {
        let result = try run(["encode", "Pinned", "--omit", "empty"], stdin: #"{"title": "", "body": null}"#)
        #expect(result.stdout == #"{"title":"","body":null}"# + "\n")
    }

    @Test func convertTakesOmit() throws {
        let result = try run(["convert", "Note", "Short", "--omit", "nulls"], stdin: #"{"title": null, "body": "b"}"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "{}\n")
    }

    @Test func anUnknownPolicyIsAUsageError() throws {
        let result = try run(["encode", "Note", "--omit", "null"], stdin: "{}")
        #expect(result.status == 64)
        #expect(result.stderr.contains("Please provide one of 'never', 'nulls' or 'empty'"))
    }

    @Test func everyRecordOfAStreamOnEveryWorker() throws {
        let lines = (0..<200).map { #"{"title":"t\#($0)","body":null}"# }.joined(separator: "\n") + "\n"
        let result = try run(["encode", "Note", "--ndjson", "--jobs", "2", "--omit", "nulls"], stdin: lines)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == (0..<200).map { #"{"title":"t\#($0)"}"# }.joined(separator: "\n") + "\n")
    }
}
