import Foundation
import Testing

/// `--ndjson` for decode, encode and convert: one output line per input line, blank lines skipped,
/// CRLF and a last line without a newline handled, `--keep-going` (SPEC §13).
struct NDJSONTests {
    let directory: URL

    init() throws {
        directory = try CLIFixture.directory()
    }

    private func run(_ arguments: [String], stdin: String) throws -> MapperProcess.Result {
        try CLIFixture.run(arguments + ["--ndjson", "--now", "2020-01-01T00:00:00Z"], stdin: stdin, in: directory)
    }

    private static func canonical(_ number: Int) -> String {
        #"{"number":\#(number),"retrievedAt":"2020-01-01T00:00:00Z"}"#
    }

    @Test func oneOutputLinePerInputLine() throws {
        let result = try run(["decode", "Issue"], stdin: "{\"number\":1}\n{\"number\":2}\n[{\"number\":3},null]\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.canonical(1) + "\n" + Self.canonical(2) + "\n[" + Self.canonical(3) + ",null]\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func blankLinesCRLFAndAMissingFinalNewline() throws {
        let input = "\n{\"number\":1}\r\n   \r\n\t\n{\"number\":2}\r\n\n{\"number\":3}"
        let result = try run(["decode", "Issue"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == [1, 2, 3].map { Self.canonical($0) + "\n" }.joined())
    }

    @Test func outputIsCompactEvenWithPretty() throws {
        let result = try run(["decode", "Issue", "--pretty"], stdin: "{\"number\":1}\n")
        #expect(result.stdout == Self.canonical(1) + "\n")
    }

    @Test func stopsAtTheFirstBadLine() throws {
        let input = "{\"number\":1}\n\n{\"number\":\"two\"}\n{\"number\":3}\n"
        let result = try run(["decode", "Issue"], stdin: input)
        #expect(result.status == 1)
        #expect(result.stdout == Self.canonical(1) + "\n")
        #expect(result.stderr == "line 3: error: /number (Issue.number): expected an integer, found \"two\" [m.yaml:12:7]\n")
    }

    @Test func keepGoingReportsEveryBadLineAndExitsWithOne() throws {
        let input = "{\"number\":1}\n{\"number\":\"two\",\"title\":2}\n{not json}\n{\"number\":4}\n42"
        let result = try run(["decode", "Issue", "--keep-going"], stdin: input)
        #expect(result.status == 1)
        #expect(result.stdout == Self.canonical(1) + "\n" + Self.canonical(4) + "\n")
        #expect(
            result.stderr == """
                line 2: error: /number (Issue.number): expected an integer, found "two" [m.yaml:12:7]
                line 2: error: /title (Issue.title): expected a string, found 2 [m.yaml:13:7]
                line 3: error: /: malformed JSON: line 1, column 2 (byte 1): expected a string key in object, found character 'n'
                line 5: error: / (Issue): expected a JSON object or an array of objects for model 'Issue', found 42 [m.yaml:9:3]

                """)
    }

    @Test func aTruncatedLastRecordIsReportedWithItsLine() throws {
        let input = "{\"number\":1}\r\n{\"number\":2}\r\n{\"number\":"
        let result = try run(["decode", "Issue", "--keep-going"], stdin: input)
        #expect(result.status == 1)
        #expect(result.stdout == Self.canonical(1) + "\n" + Self.canonical(2) + "\n")
        #expect(result.stderr == "line 3: error: /number: malformed JSON: line 1, column 11 (byte 10): unexpected end of input\n")
    }

    @Test func keepGoingWithJSONErrors() throws {
        let result = try run(["decode", "Issue", "--keep-going", "--error-format", "json"], stdin: "{\"number\":1}\n{\"number\":true}\n")
        #expect(result.status == 1)
        #expect(result.stdout == Self.canonical(1) + "\n")
        #expect(
            result.stderr
                == #"{"line":2,"errors":[{"pointer":"/number","path":"Issue.number","message":"expected an integer, found true","source":"m.yaml:12:7","code":"type-mismatch"}]}"#
                + "\n")
    }

    @Test func allGoodWithKeepGoingExitsWithZero() throws {
        let result = try run(["decode", "Issue", "--keep-going"], stdin: "{\"number\":1}\n")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    @Test func encodeAndConvertStreamToo() throws {
        let encoded = try run(["encode", "Issue"], stdin: "{\"number\":1,\"reporter\":\"a\"}\r\n{\"number\":2}")
        #expect(encoded.status == 0, "\(encoded.stderr)")
        #expect(encoded.stdout == "{\"number\":1,\"user\":{\"login\":\"a\"}}\n{\"number\":2}\n")
        let converted = try run(
            ["convert", "Issue", "Summary", "--keep-going"], stdin: "{\"number\":1,\"title\":\"t\"}\n{}\n{\"number\":3}\n")
        #expect(converted.status == 1)
        #expect(converted.stdout == "{\"number\":1,\"headline\":\"t\"}\n{\"number\":3}\n")
        #expect(converted.stderr == "line 2: error: /number (Issue.number): required key 'number' is missing [m.yaml:12:7]\n")
    }

    @Test func progressLineOnlyWhenStderrIsATerminal() throws {
        let arguments = ["decode", "Issue", "--ndjson", "--mappings", "m.yaml", "--now", "2020-01-01T00:00:00Z"]
        let result = try TerminalProcess.run(arguments, terminal: .stderr, stdin: "{\"number\":1}\n{\"number\":2}\n", in: directory)
        #expect(result.status == 0)
        #expect(result.piped == Self.canonical(1) + "\n" + Self.canonical(2) + "\n")
        // Drawn over itself with a carriage return, and erased before the command ends.
        #expect(result.terminal.hasPrefix("\r\u{1B}[K"))
        #expect(result.terminal.contains("2 records, 0.0 MB, "))
        #expect(!result.terminal.contains("ETA"))
        #expect(result.terminal.hasSuffix("\r\u{1B}[K"))
        let piped = try run(["decode", "Issue"], stdin: "{\"number\":1}\n")
        #expect(piped.stderr.isEmpty)
    }

    @Test func progressOfAFileShowsItsSizeAndTheTimeLeft() throws {
        try Data("{\"number\":1}\n{\"number\":2}\n{\"number\":3}\n".utf8).write(to: directory.appendingPathComponent("three.ndjson"))
        let arguments = ["decode", "Issue", "three.ndjson", "--ndjson", "--mappings", "m.yaml", "--now", "2020-01-01T00:00:00Z"]
        let result = try TerminalProcess.run(arguments, terminal: .stderr, stdin: "", in: directory)
        #expect(result.status == 0)
        // The whole file is done at the first (and only) redraw: 39 bytes of 39, nothing left.
        #expect(result.terminal.contains("3 records, 0.0 of 0.0 MB (100%), "))
        #expect(result.terminal.contains(" MB/s, ETA 0:00"))
    }

    @Test func largeInputsCrossReadBoundaries() throws {
        // About 3 MB: records straddle the 1 MiB reads.
        let count = 40_000
        let padding = String(repeating: "x", count: 50)
        let input = (0..<count).map { #"{"number":\#($0),"title":"\#(padding)"}"# }.joined(separator: "\n") + "\n"
        let file = directory.appendingPathComponent("big.ndjson")
        try Data(input.utf8).write(to: file)
        let result = try CLIFixture.run(["decode", "Issue", "big.ndjson", "--ndjson", "--now", "2020-01-01T00:00:00Z"], in: directory)
        #expect(result.status == 0, "\(result.stderr.prefix(500))")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == count + 1)
        #expect(lines.last == "")
        for index in stride(from: 0, to: count, by: 997) {
            #expect(lines[index] == #"{"number":\#(index),"title":"\#(padding)","retrievedAt":"2020-01-01T00:00:00Z"}"#)
        }
    }

    @Test func hostileLinesAreErrorsOfTheirOwnLine() throws {
        // A raw NUL byte, invalid UTF-8, one 20 MB line (twenty reads long) and a last line ending
        // in a lone CR: each bad line is its own error, every good one is decoded.
        let long = String(repeating: "y", count: 20_000_000)
        var input = Array("{\"number\":1}\r\n".utf8)
        input += Array(#"{"number":2,"title":"a"#.utf8) + [0] + Array("\"}\r\n".utf8)
        input += Array(#"{"number":3,"title":""#.utf8) + [0xFF] + Array("\"}\n".utf8)
        input += Array(#"{"number":4,"title":"\#(long)"}"#.utf8) + [0x0A]
        input += Array("{\"number\":5}\r".utf8)
        let file = directory.appendingPathComponent("hostile.ndjson")
        try Data(input).write(to: file)
        let result = try CLIFixture.run(
            ["decode", "Issue", "hostile.ndjson", "--ndjson", "--keep-going", "--now", "2020-01-01T00:00:00Z"], in: directory)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)
        #expect(lines.first.map(String.init) == Self.canonical(1))
        #expect(lines.dropFirst().first.map(String.init) == #"{"number":4,"title":"\#(long)","retrievedAt":"2020-01-01T00:00:00Z"}"#)
        #expect(lines.dropFirst(2).first.map(String.init) == Self.canonical(5))
        #expect(
            result.stderr == """
                line 2: error: /title: malformed JSON: line 1, column 23 (byte 22): control character U+0000 must be escaped in strings
                line 3: error: /title: malformed JSON: line 1, column 22 (byte 21): invalid UTF-8 byte 0xFF

                """)
    }
}
