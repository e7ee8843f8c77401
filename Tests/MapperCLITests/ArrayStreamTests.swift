import Foundation
import Testing

/// A JSON array streamed element by element: a top-level array, or the one `--each POINTER` finds
/// in a wrapping document, written as one JSON array (or one element a line with
/// `--ndjson-output`), the same whatever `--jobs`. Expected outputs are built from the elements'
/// own values.
struct ArrayStreamTests {
    let directory: URL

    init() throws {
        directory = try CLIFixture.directory()
    }

    private func run(_ arguments: [String], stdin: String? = nil) throws -> MapperProcess.Result {
        try CLIFixture.run(arguments + ["--now", MixedRecords.now], stdin: stdin, in: directory)
    }

    private func write(_ text: String, to file: String) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(file))
    }

    /// An `Issue` spread over lines, with brackets, commas, braces and escaped quotes in strings
    /// and an unknown nested key, and the canonical JSON it maps to.
    static func element(_ number: Int) -> (input: String, canonical: String) {
        let title = #"t\#(number) ],[{\"x\"}"#
        let input = """
            {
                "number": \(number),
                "title": "\(title)",
                "user": {"login": "u\(number)"},
                "labels": [{"name": "]"}, [1, {"a": "}"}]]
              }
            """
        return (input, #"{"number":\#(number),"title":"\#(title)","reporter":"u\#(number)","retrievedAt":"\#(MixedRecords.now)"}"#)
    }

    static func canonical(_ number: Int) -> String {
        #"{"number":\#(number),"retrievedAt":"\#(MixedRecords.now)"}"#
    }

    @Test func aTopLevelArrayOfManyElementsIsMappedElementByElementWhateverTheJobs() throws {
        // About 4 MB: several chunks.
        let elements = (1...25_000).map(Self.element)
        try write("[\n  " + elements.map(\.input).joined(separator: ",\n  ") + "\n]\n", to: "big.json")
        let expected = "[" + elements.map(\.canonical).joined(separator: ",") + "]\n"
        for jobs in [1, 2, 3] {
            let result = try run(["decode", "Issue", "big.json", "--jobs", "\(jobs)"])
            #expect(result.status == 0, "\(result.stderr.prefix(500))")
            #expect(result.stderr.isEmpty)
            #expect(firstDifference(result.stdout, expected) == nil, "--jobs \(jobs)")
        }
    }

    @Test func theArrayIsWhatTheElementsMappedOneByOneAsNDJSONMakeJoined() throws {
        let elements = (1...300).map { #"{"number":\#($0),"title":"caf\u00e9 \#($0)","user":{"login":"\u0041\#($0)"}}"# }
        let ndjson = try run(["decode", "Issue", "--ndjson"], stdin: elements.joined(separator: "\n"))
        #expect(ndjson.status == 0)
        let joined = "[" + ndjson.stdout.split(separator: "\n").joined(separator: ",") + "]\n"
        let streamed = try run(["decode", "Issue", "--compact"], stdin: "[" + elements.joined(separator: ",\r\n") + "]")
        #expect(streamed.status == 0, "\(streamed.stderr)")
        #expect(streamed.stdout == joined)
        let wrapped = try run(
            ["decode", "Issue", "--each", "/page/items"], stdin: #"{"page":{"items":[\#(elements.joined(separator: ","))]}}"#)
        #expect(wrapped.stdout == joined)
    }

    @Test func eachStreamsTheArrayAtThePointerAndSkipsTheKeysAroundIt() throws {
        let elements = (1...3).map(Self.element)
        let document = """
            {"meta": {"cursor": "]}", "pages": [1, [2, {"a": null}], true, -1.5e3]},
             "da/ta": [\(elements.map(\.input).joined(separator: ",\n"))],
             "has_more": true, "tail": {"x": ["]"]}}
            """
        try write(document, to: "page.json")
        let result = try run(["decode", "Issue", "page.json", "--each", "/da~1ta"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "[" + elements.map(\.canonical).joined(separator: ",") + "]\n")
        let lines = try run(["decode", "Issue", "page.json", "--each", "/da~1ta", "--ndjson-output"])
        #expect(lines.stdout == elements.map { $0.canonical + "\n" }.joined())
    }

    @Test func nullElementsStayAndEmptyArraysGiveAnEmptyArray() throws {
        #expect(try run(["decode", "Issue"], stdin: "[{\"number\":1}, null]").stdout == "[" + Self.canonical(1) + ",null]\n")
        #expect(try run(["decode", "Issue"], stdin: " \n[ \n ]\n").stdout == "[]\n")
        #expect(try run(["decode", "Issue", "--each", "/data"], stdin: #"{"data": [], "n": 0}"#).stdout == "[]\n")
        let none = try run(["decode", "Issue", "--each", "/data", "--ndjson-output"], stdin: #"{"data":[]}"#)
        #expect(none.status == 0)
        #expect(none.stdout.isEmpty)
    }

    @Test func prettyOutputIsTheIndentedArray() throws {
        let result = try run(["decode", "Issue", "--pretty"], stdin: "[{\"number\":1},null,{\"number\":2}]")
        #expect(
            result.stdout == """
                [
                  {
                    "number": 1,
                    "retrievedAt": "2020-01-01T00:00:00Z"
                  },
                  null,
                  {
                    "number": 2,
                    "retrievedAt": "2020-01-01T00:00:00Z"
                  }
                ]

                """)
    }

    @Test func encodeAndConvertStreamToo() throws {
        let encoded = try run(["encode", "Issue"], stdin: #"[{"number":7,"title":"x","reporter":"u"},{"number":8}]"#)
        #expect(encoded.stdout == #"[{"number":7,"title":"x","user":{"login":"u"}},{"number":8}]"# + "\n")
        let converted = try run(["convert", "Issue", "Summary", "--each", "/d"], stdin: #"{"d":[{"number":7,"title":"x"}]}"#)
        #expect(converted.stdout == #"[{"number":7,"headline":"x"}]"# + "\n")
    }

    @Test func anErrorPointsIntoTheDocumentAndStopsTheRun() throws {
        let input = #"{"data": [{"number": 1}, {"number": 2}, {"number": "two"}, {"number": 4}]}"#
        let result = try run(["decode", "Issue", "--each", "/data"], stdin: input)
        #expect(result.status == 1)
        // The elements before the failure, without the closing bracket: the output is not a whole array.
        #expect(result.stdout == "[" + Self.canonical(1) + "," + Self.canonical(2))
        #expect(result.stderr == "error: /data/2/number (Issue[2].number): expected an integer, found \"two\" [m.yaml:12:7]\n")
        let top = try run(["decode", "Issue"], stdin: #"[{"number":1},42]"#)
        #expect(top.stderr == "error: /1 (Issue[1]): expected an object for model 'Issue', found 42 [m.yaml:9:3]\n")
    }

    @Test func keepGoingAndTheRejectFileWorkPerElement() throws {
        let input = #"{"data": [{"number": 1}, {"number": "two"}, {"number": 3}, {"numb"#
        let kept = try run(
            ["decode", "Issue", "--each", "/data", "--keep-going", "--error-format", "json"], stdin: input + #"er": true}]}"#)
        #expect(kept.status == 1)
        #expect(kept.stdout == "[" + Self.canonical(1) + "," + Self.canonical(3) + "]\n")
        #expect(
            kept.stderr == """
                {"errors":[{"pointer":"/data/1/number","path":"Issue[1].number","message":"expected an integer, found \\"two\\"","source":"m.yaml:12:7","code":"type-mismatch"}]}
                {"errors":[{"pointer":"/data/3/number","path":"Issue[3].number","message":"expected an integer, found true","source":"m.yaml:12:7","code":"type-mismatch"}]}

                """)
        let rejected = try run(["decode", "Issue", "--each", "/data", "--reject-file", "bad.ndjson"], stdin: input + #"er": 4}]}"#)
        #expect(rejected.status == 0)
        #expect(rejected.stdout == "[" + [1, 3, 4].map(Self.canonical).joined(separator: ",") + "]\n")
        #expect(rejected.stderr == "1 of 4 records rejected, appended to 'bad.ndjson'\n")
        let letter = try String(contentsOf: directory.appendingPathComponent("bad.ndjson"), encoding: .utf8)
        #expect(
            letter == #"""
                {"line":2,"input":"{\"number\": \"two\"}","errors":[{"pointer":"/data/1/number","path":"Issue[1].number","message":"expected an integer, found \"two\"","source":"m.yaml:12:7","code":"type-mismatch"}]}

                """#)
    }

    @Test func aMissingPointerOrANonArrayIsAnErrorSayingWhere() throws {
        let missing = try run(["decode", "Issue", "--each", "/data"], stdin: "{\"items\": [],\n \"n\": 1}")
        #expect(missing.status == 1)
        #expect(missing.stdout.isEmpty)
        #expect(
            missing.stderr
                == "error: /data: the document has no /data to stream: the object at line 1, column 1 (byte 0) has no key 'data'\n")
        let object = try run(["decode", "Issue", "--each", "/data"], stdin: "{\"data\":\n  {\"number\": 1}}")
        #expect(
            object.stderr
                == "error: /data: /data is an object (at line 2, column 3 (byte 11)), not an array: give --each the JSON pointer of the array to stream\n"
        )
        let index = try run(["decode", "Issue", "--each", "/pages/2"], stdin: #"{"pages": [[], []]}"#)
        #expect(index.stderr.contains("/pages/2 to stream: the array at line 1, column 11 (byte 10) has 2 elements"))
    }

    /// Strings longer than a machine word, with escaped quotes and backslashes at every offset
    /// within one: the element ends where its string does, and the title is kept whole.
    @Test func escapesAtEveryOffsetOfALongString() throws {
        let titles = (0..<16).map { offset in
            String(repeating: "x", count: offset) + #"\"],{\\"# + String(repeating: "y", count: 16 - offset)
        }
        let input = "[" + titles.enumerated().map { #"{"number": \#($0.offset), "title": "\#($0.element)"}"# }.joined(separator: ",") + "]"
        let result = try run(["decode", "Issue", "--compact"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        let expected = titles.enumerated().map {
            #"{"number":\#($0.offset),"title":"\#($0.element)","retrievedAt":"\#(MixedRecords.now)"}"#
        }
        #expect(result.stdout == "[" + expected.joined(separator: ",") + "]\n")
    }

    @Test func malformedDocumentsAreRefusedAtTheirLineAndColumn() throws {
        let cases: [(input: String, error: String)] = [
            (
                "[{\"number\": 1},\n {\"number\": 2}",
                "error: /1: malformed JSON: line 2, column 15 (byte 30): unexpected end of input in the array's element 1"
            ),
            ("[{\"number\": 1},\n ]", "error: /1: malformed JSON: line 2, column 2 (byte 17): expected an element of the array, found ']'"),
            ("[{\"number\": 1}}", "error: /: malformed JSON: line 1, column 15 (byte 14): unexpected '}' in an array"),
            ("[{\"number\": [1}]", "error: /0: malformed JSON: line 1, column 15 (byte 14): '}' closes '['"),
            ("[{\"title\": \"a\nb\"}]", "error: /0: malformed JSON: line 1, column 14 (byte 13): a line break inside a string"),
            // An escaped line break is a raw one all the same.
            ("[{\"title\": \"a\\\nb\"}]", "error: /0: malformed JSON: line 1, column 15 (byte 14): a line break inside a string"),
            (
                "[{\"title\": \"abcdefghijklmnop\nb\"}]",
                "error: /0: malformed JSON: line 1, column 29 (byte 28): a line break inside a string"
            ),
            ("[] x", "error: /: malformed JSON: line 1, column 4 (byte 3): unexpected 'x' after the end of the document"),
        ]
        for (input, error) in cases {
            let result = try run(["decode", "Issue"], stdin: input)
            #expect(result.status == 1, "\(input)")
            #expect(result.stderr == error + "\n", "\(input)")
        }
        let suffix = try run(["decode", "Issue", "--each", "/d"], stdin: #"{"d": [], "x": tru}"#)
        #expect(suffix.stderr == "error: /x: malformed JSON: line 1, column 16 (byte 15): expected a JSON value, found 'tru'\n")
    }

    @Test func theOptionsSayWhatTheyGoWith() throws {
        let keepGoing = try run(["decode", "Issue", "--keep-going"], stdin: "[]")
        #expect(keepGoing.status != 0)
        #expect(
            keepGoing.stderr.contains(
                "--keep-going applies to --ndjson input only. A JSON array is streamed element by element with --each"))
        let lines = try run(["decode", "Issue", "--ndjson-output"], stdin: "[]")
        #expect(lines.stderr.contains("--ndjson-output goes with --each."))
        let pointer = try run(["decode", "Issue", "--each", "data"], stdin: "[]")
        #expect(pointer.stderr.contains("--each takes a JSON pointer such as /data"))
        let topLevel = try run(["decode", "Issue", "--each", "", "--keep-going"], stdin: #"[{"number":"x"},{"number":2}]"#)
        #expect(topLevel.stdout == "[" + Self.canonical(2) + "]\n")
    }

    /// The commands that stream no arrays refuse `--keep-going` on whole documents too, without
    /// the hint about `--each`, which they do not have.
    @Test(arguments: [
        ["merge", "Issue", "a.json", "a.json"], ["diff", "Issue", "a.json", "a.json"], ["archive", "Issue"], ["unarchive"],
    ])
    func documentCommandsRefuseKeepGoingWithoutNDJSON(command: [String]) throws {
        let result = try run(command + ["--keep-going"], stdin: "{}")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --keep-going applies to --ndjson input only.\n"), "\(result.stderr)")
    }
}
