import Foundation
import Testing

/// `--ndjson --envelope`: one output line per input line, in input order, whatever `--jobs`:
/// `{"ok": …}` or `{"error": {"errors": […]}, "line": N, "input": "…"}`. The expected lines come
/// from how `MixedRecords` made each input line, read back with Foundation's JSON parser.
struct EnvelopeTests {
    let directory: URL

    init() throws {
        directory = try CLIFixture.directory()
    }

    /// One answer line: the mapped record's canonical JSON, or the failed line's number, exact
    /// input bytes and first error code.
    enum Answer: Equatable {
        case ok(String)
        case error(MixedRecords.Rejected)
    }

    static func answers(_ stdout: String) throws -> [Answer] {
        try stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            if line.hasPrefix(#"{"ok":"#) && line.hasSuffix("}") {
                // The record exactly as `mapper decode --ndjson` writes it, spliced in.
                return .ok(String(line.dropFirst(6).dropLast()))
            }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            let input: [UInt8]
            if let encoded = object["input_base64"] as? String {
                input = Array(try #require(Data(base64Encoded: encoded)))
            } else {
                input = Array(try #require(object["input"] as? String).utf8)
            }
            let error = try #require(object["error"] as? [String: Any])
            let errors = try #require(error["errors"] as? [[String: Any]])
            let code = try #require(errors.first?["code"] as? String)
            return .error(MixedRecords.Rejected(line: try #require(object["line"] as? Int), input: input, code: code))
        }
    }

    /// What an envelope run over `mixed` must write, line by line.
    static func expected(_ mixed: MixedRecords, lines: Int) -> [Answer] {
        var good = mixed.output.split(separator: "\n").map(String.init)[...]
        let failed = Dictionary(uniqueKeysWithValues: (mixed.rejected + mixed.blanks).map { ($0.line, $0) })
        return (1...lines).map { line in
            if let failure = failed[line] { return .error(failure) }
            return .ok(good.popFirst() ?? "(no good record left)")
        }
    }

    @Test func everyLineGetsOneAnswerInInputOrderForEveryJobCount() throws {
        let mixed = MixedRecords(lines: 60_000)
        try Data(mixed.bytes).write(to: directory.appendingPathComponent("mixed.ndjson"))
        let expected = Self.expected(mixed, lines: 60_000)
        #expect(mixed.blanks.count > 100 && mixed.rejected.contains { String(validating: $0.input, as: UTF8.self) == nil })
        for jobs in [1, 2, 3] {
            let result = try CLIFixture.run(
                ["decode", "Issue", "mixed.ndjson", "--ndjson", "--envelope", "--now", MixedRecords.now, "--jobs", "\(jobs)"],
                in: directory)
            #expect(result.status == 0, "--jobs \(jobs): \(result.stderr)")
            #expect(result.stderr == "", "--jobs \(jobs)")
            let answers = try Self.answers(result.stdout)
            #expect(answers.count == expected.count, "--jobs \(jobs)")
            #expect(firstDifference(answers, expected) == nil, "--jobs \(jobs)")
        }
    }

    @Test func anErrorLineCarriesTheSameObjectsAsErrorFormatJSON() throws {
        let bad = #"{"number":"seven"}"#
        let envelope = try CLIFixture.run(["decode", "Issue", "--ndjson", "--envelope"], stdin: bad + "\n", in: directory)
        let plain = try CLIFixture.run(["decode", "Issue", "--ndjson", "--error-format", "json"], stdin: bad + "\n", in: directory)
        #expect(envelope.status == 0 && plain.status == 1)
        let line = try #require(try JSONSerialization.jsonObject(with: Data(envelope.stdout.utf8)) as? [String: Any])
        let reported = try #require(try JSONSerialization.jsonObject(with: Data(plain.stderr.utf8)) as? [String: Any])
        #expect(line["line"] as? Int == 1 && reported["line"] as? Int == 1)
        #expect(line["input"] as? String == bad)
        let errors = try #require((line["error"] as? [String: Any])?["errors"] as? [[String: String]])
        #expect(errors == reported["errors"] as? [[String: String]])
        #expect(errors.first?["pointer"] == "/number" && errors.first?["code"] == "type-mismatch")
    }

    @Test func warningsRideInTheOkLine() throws {
        let directory = try MapperProcess.directory([
            "l.yaml": "mapper: 1\nmodels:\n  Product:\n    properties:\n      sku: string\n      price: { type: int, on_error: null }\n"
        ])
        let result = try MapperProcess.run(
            ["decode", "Product", "--ndjson", "--envelope", "--mappings", "l.yaml"],
            stdin: #"{"sku":"A1","price":"cheap"}"# + "\n" + #"{"sku":"A2","price":3}"# + "\n", in: directory)
        #expect(result.status == 0)
        #expect(result.stderr == "", "warnings go in the stream, not on stderr")
        let lines = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(lines.count == 2)
        #expect((lines[0]["ok"] as? [String: Any])?["sku"] as? String == "A1")
        #expect((lines[0]["ok"] as? [String: Any])?["price"] is NSNull)
        let warnings = try #require(lines[0]["warnings"] as? [[String: String]])
        #expect(warnings.map { $0["pointer"] } == ["/price"])
        #expect(lines[1]["warnings"] == nil && (lines[1]["ok"] as? [String: Any])?["price"] as? Int == 3)
    }

    @Test func encodeAndConvertAnswerEveryLineToo() throws {
        let input = #"{"number":1,"reporter":"u1"}"# + "\n\n" + #"{"number":"x"}"# + "\n"
        let encoded = try CLIFixture.run(["encode", "Issue", "--ndjson", "--envelope"], stdin: input, in: directory)
        #expect(encoded.status == 0)
        let encodedLines = encoded.stdout.split(separator: "\n")
        #expect(encodedLines.count == 3)
        #expect(encodedLines.first == #"{"ok":{"number":1,"user":{"login":"u1"}}}"#)
        #expect(encodedLines.dropFirst().allSatisfy { $0.hasPrefix(#"{"error":"#) })
        let converted = try CLIFixture.run(
            ["convert", "Issue", "Summary", "--ndjson", "--envelope"], stdin: #"{"number":5,"title":"t"}"# + "\n{\n", in: directory)
        #expect(converted.status == 0)
        #expect(converted.stdout.hasPrefix(#"{"ok":{"number":5,"headline":"t"}}"# + "\n" + #"{"error":"#))
    }

    @Test(arguments: [
        (["--envelope"], "--envelope applies to --ndjson input only."),
        (["--ndjson", "--envelope", "--reject-file", "r.ndjson"], "it does not take --reject-file"),
        (["--uuid-seed", ""], "--uuid-seed must not be empty"),
    ])
    func misusedOptionsAreRefusedBeforeAnythingRuns(extra: [String], message: String) throws {
        let result = try CLIFixture.run(["decode", "Issue"] + extra, stdin: "{}\n", in: directory)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("r.ndjson").path))
    }

    @Test func anUnknownModelIsStillAnErrorOfTheRunNotOfALine() throws {
        let result = try CLIFixture.run(["decode", "Isue", "--ndjson", "--envelope"], stdin: "{}\n", in: directory)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("unknown model 'Isue'; did you mean 'Issue'?"))
    }
}
