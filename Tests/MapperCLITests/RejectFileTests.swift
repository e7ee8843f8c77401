import Foundation
import Testing

/// `decode/encode --ndjson --reject-file FILE`: each record that fails is appended to FILE as a dead
/// letter `{"line", "input", "errors"}` and the run goes on; records in = records out + records
/// rejected, whatever `--jobs`.
struct RejectFileTests {
    let directory: URL

    init() throws {
        directory = try CLIFixture.directory()
    }

    private func decode(_ file: String, jobs: Int, rejects: String) throws -> MapperProcess.Result {
        try CLIFixture.run(
            ["decode", "Issue", file, "--ndjson", "--now", MixedRecords.now, "--jobs", "\(jobs)", "--reject-file", rejects],
            in: directory)
    }

    private func read(_ file: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(file))
    }

    @Test func nothingIsLostOnAHundredThousandLines() throws {
        let mixed = MixedRecords(lines: 100_000)
        try Data(mixed.bytes).write(to: directory.appendingPathComponent("mixed.ndjson"))
        var files: [Data] = []
        for jobs in [1, 2] {
            let rejects = "rejects-\(jobs).ndjson"
            let result = try decode("mixed.ndjson", jobs: jobs, rejects: rejects)
            #expect(result.status == 0, "\(result.stderr.prefix(500))")
            #expect(firstDifference(result.stdout, mixed.output) == nil, "--jobs \(jobs)")
            let letters = try MixedRecords.deadLetters(read(rejects))
            #expect(firstDifference(letters, mixed.rejected) == nil, "--jobs \(jobs)")
            let written = result.stdout.split(separator: "\n").count
            #expect(written + letters.count == mixed.records)
            #expect(result.stderr == "\(letters.count) of \(mixed.records) records rejected, appended to '\(rejects)'\n")
            files.append(try read(rejects))
        }
        #expect(files[0] == files[1])
    }

    @Test func aDeadLetterHasTheLineTheInputAndTheErrorsInTheJSONErrorShape() throws {
        let input = "{\"number\":1}\r\n\n{\"number\":\"two\",\"title\":2}\r\n{\"number\":3}\n"
        let result = try CLIFixture.run(
            ["decode", "Issue", "--ndjson", "--now", MixedRecords.now, "--reject-file", "bad.ndjson"], stdin: input, in: directory)
        #expect(result.status == 0)
        #expect(
            result.stdout == #"""
                {"number":1,"retrievedAt":"2020-01-01T00:00:00Z"}
                {"number":3,"retrievedAt":"2020-01-01T00:00:00Z"}

                """#)
        #expect(
            String(decoding: try read("bad.ndjson"), as: UTF8.self) == #"""
                {"line":3,"input":"{\"number\":\"two\",\"title\":2}","errors":[{"pointer":"/number","path":"Issue.number","message":"expected an integer, found \"two\"","source":"m.yaml:12:7","code":"type-mismatch"},{"pointer":"/title","path":"Issue.title","message":"expected a string, found 2","source":"m.yaml:13:7","code":"type-mismatch"}]}

                """#)
    }

    @Test func invalidUTF8IsKeptExactlyInInputBase64() throws {
        let record: [UInt8] = Array(#"{"number":1,"title":"a"#.utf8) + [0xFF, 0xC3] + Array(#"b"}"#.utf8)
        try Data(record + [0x0A]).write(to: directory.appendingPathComponent("latin.ndjson"))
        let result = try decode("latin.ndjson", jobs: 1, rejects: "bad.ndjson")
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: read("bad.ndjson")) as? [String: Any])
        // `input` stays a readable string (each bad byte a U+FFFD); `input_base64` has the bytes.
        #expect(object["input"] as? String == "{\"number\":1,\"title\":\"a\u{FFFD}\u{FFFD}b\"}")
        #expect(object["input_base64"] as? String == Data(record).base64EncodedString())
    }

    @Test func runsAppendToTheFileAndEncodeTakesItToo() throws {
        let input = "{\"number\":1}\n{\"number\":1,\"bogus\":2}\n"
        for _ in 0..<2 {
            let result = try CLIFixture.run(["encode", "Issue", "--ndjson", "--reject-file", "bad.ndjson"], stdin: input, in: directory)
            #expect(result.status == 0)
            #expect(result.stdout == "{\"number\":1}\n")
        }
        let letters = try MixedRecords.deadLetters(read("bad.ndjson"))
        #expect(
            letters
                == Array(
                    repeating: MixedRecords.Rejected(line: 2, input: Array("{\"number\":1,\"bogus\":2}".utf8), code: "unknown-property"),
                    count: 2))
    }

    @Test func noSummaryWhenNothingFailedAndNoneInJSONErrorFormat() throws {
        let good = try CLIFixture.run(
            ["decode", "Issue", "--ndjson", "--reject-file", "bad.ndjson"], stdin: "{\"number\":1}\n", in: directory)
        #expect(good.status == 0)
        #expect(good.stderr.isEmpty)
        let json = try CLIFixture.run(
            ["decode", "Issue", "--ndjson", "--reject-file", "bad.ndjson", "--error-format", "json"], stdin: "{}\n", in: directory)
        #expect(json.status == 0)
        #expect(json.stderr.isEmpty)
    }

    @Test func usageAndFileErrors() throws {
        let whole = try CLIFixture.run(["decode", "Issue", "--reject-file", "bad.ndjson"], stdin: "{}", in: directory)
        #expect(whole.status == 64)
        #expect(whole.stderr.contains("--reject-file applies to --ndjson input only."))
        let unopenable = try CLIFixture.run(
            ["decode", "Issue", "--ndjson", "--reject-file", "no/such/dir/bad.ndjson"], stdin: "{}\n", in: directory)
        #expect(unopenable.status == 2)
        #expect(unopenable.stderr == "error: cannot open the reject file 'no/such/dir/bad.ndjson': No such file or directory\n")
    }
}

/// Where two long outputs first differ (nil when equal), so that a failure prints a place rather
/// than megabytes.
func firstDifference(_ actual: String, _ expected: String) -> String? {
    firstDifference(
        actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
        expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
}

func firstDifference<Element: Equatable>(_ actual: [Element], _ expected: [Element]) -> String? {
    let index =
        actual.indices.first { $0 >= expected.count || actual[$0] != expected[$0] }
        ?? (actual.count < expected.count ? actual.count : nil)
    guard let index else { return nil }
    func item(_ array: [Element]) -> String { index < array.count ? "\(array[index])" : "(nothing)" }
    return "item \(index + 1): \(item(actual)) instead of \(item(expected))"
}
