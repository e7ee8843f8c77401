import Foundation
import Testing

/// `mapper replay FILE MODEL`: the records of a reject file mapped again after a fix; those that
/// map go to stdout, those that still fail to a new reject file (or stderr), never lost.
struct ReplayCommandTests {
    let directory: URL

    /// The fixture's catalog after a fix: `Issue.title` takes any JSON value, and `Issue` has a
    /// `note` (what the encode records lacked).
    static let fixed = CLIFixture.mappings
        .replacingOccurrences(of: "      title: string\n", with: "      title: any\n      note: string\n")

    init() throws {
        directory = try CLIFixture.directory(["fixed.yaml": Self.fixed])
    }

    private func run(_ arguments: [String], mappings: String = "fixed.yaml") throws -> MapperProcess.Result {
        try MapperProcess.run(arguments + ["--mappings", mappings, "--now", MixedRecords.now], in: directory)
    }

    private func read(_ file: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(file))
    }

    @Test func replayAfterAFixMapsTheFixedRecordsAndRejectsTheRestAgain() throws {
        let mixed = MixedRecords(lines: 100_000)
        try Data(mixed.bytes).write(to: directory.appendingPathComponent("mixed.ndjson"))
        let first = try run(["decode", "Issue", "mixed.ndjson", "--ndjson", "--reject-file", "rejects.ndjson"], mappings: "m.yaml")
        #expect(first.status == 0, "\(first.stderr)")
        let fixed = mixed.rejected.filter { mixed.typeErrorLines.contains($0.line) }
        let still = mixed.rejected.filter { !mixed.typeErrorLines.contains($0.line) }
        let expected = fixed.map { MixedRecords.canonical(number: $0.line, title: "\($0.line)") + "\n" }.joined()
        var files: [Data] = []
        for jobs in [1, 2] {
            let again = "again-\(jobs).ndjson"
            let replay = try run(["replay", "rejects.ndjson", "Issue", "--reject-file", again, "--jobs", "\(jobs)"])
            #expect(replay.status == 0, "\(replay.stderr.prefix(500))")
            #expect(firstDifference(replay.stdout, expected) == nil, "--jobs \(jobs)")
            // Still failing: the same lines of the original input, the same bytes.
            let letters = try MixedRecords.deadLetters(read(again))
            #expect(firstDifference(letters, still) == nil, "--jobs \(jobs)")
            #expect(replay.stdout.split(separator: "\n").count + letters.count == mixed.rejected.count)
            #expect(replay.stderr == "\(still.count) of \(mixed.rejected.count) records rejected, appended to '\(again)'\n")
            files.append(try read(again))
        }
        #expect(files[0] == files[1])
        // The file replayed is left as it was.
        #expect(try MixedRecords.deadLetters(read("rejects.ndjson")) == mixed.rejected)
    }

    @Test func withoutARejectFileStillFailingRecordsGoToStderrWithTheirOriginalLines() throws {
        let input = "{\"number\":1}\n\n\n{\"number\":2,\"title\":2}\n{\"number\":\"three\"}\n"
        let first = try MapperProcess.run(
            ["decode", "Issue", "--ndjson", "--mappings", "m.yaml", "--now", MixedRecords.now, "--reject-file", "rejects.ndjson"],
            stdin: input, in: directory)
        #expect(first.status == 0)
        let replay = try run(["replay", "rejects.ndjson", "Issue"])
        #expect(replay.status == 1)
        #expect(replay.stdout == MixedRecords.canonical(number: 2, title: "2") + "\n")
        #expect(replay.stderr == "line 5: error: /number (Issue.number): expected an integer, found \"three\" [fixed.yaml:12:7]\n")
    }

    @Test func encodeDirection() throws {
        let first = try MapperProcess.run(
            ["encode", "Issue", "--ndjson", "--mappings", "m.yaml", "--reject-file", "rejects.ndjson"],
            stdin: "{\"number\":1,\"note\":\"n\"}\n{\"number\":2}\n", in: directory)
        #expect(first.status == 0)
        #expect(first.stdout == "{\"number\":2}\n")
        let replay = try run(["replay", "rejects.ndjson", "Issue", "--direction", "encode"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout == "{\"number\":1,\"note\":\"n\"}\n")
    }

    @Test func aLineThatIsNotADeadLetterIsAnErrorOfItsOwnLine() throws {
        try Data("{not json}\n{\"line\":3}\n{\"line\":0,\"input\":\"{}\"}\n".utf8).write(to: directory.appendingPathComponent("odd.ndjson"))
        let replay = try run(["replay", "odd.ndjson", "Issue"])
        #expect(replay.status == 1)
        let prefix = "error: /: not a rejected record (a line of --reject-file: {\"line\", \"input\", \"errors\"}): "
        #expect(
            replay.stderr == """
                line 1: \(prefix)malformed JSON: line 1, column 2 (byte 1): expected a string key in object, found character 'n'
                line 2: \(prefix)'input' is missing or not a string
                line 3: \(prefix)'line' is missing or not a positive integer

                """)
    }

    @Test func theNewRejectFileMustNotBeTheOneReplayed() throws {
        try Data().write(to: directory.appendingPathComponent("rejects.ndjson"))
        for name in ["rejects.ndjson", "./rejects.ndjson"] {
            let replay = try run(["replay", "rejects.ndjson", "Issue", "--reject-file", name])
            #expect(replay.status == 64)
            #expect(replay.stderr.contains("--reject-file must be another file than the one replayed ('rejects.ndjson')."))
        }
    }
}
