import Foundation
import MapperTestSupport
import Testing

/// A streamed array is read in blocks of 256 KB (the first one shorter) and scanned 64 bytes at a
/// time: elements, strings, escapes and nested brackets that straddle those cuts are read whole,
/// and errors past the first block still say their line, column and byte, counted from the input.
struct ArrayBlockCutTests {
    let directory: URL

    init() throws {
        directory = try CLIFixture.directory()
    }

    private func run(_ arguments: [String], file: String) throws -> MapperProcess.Result {
        try CLIFixture.run(arguments + [file, "--now", MixedRecords.now], in: directory)
    }

    /// Titles of every length up to 300 bytes, with escaped quotes, runs of backslashes, brackets
    /// and commas, so that the cuts land in every state of the scan; elements spread over lines
    /// with nested arrays. The inputs, and the canonical JSON each maps to (the title is written
    /// with the same escapes).
    static func elements(_ count: Int, seed: UInt64) -> [(input: String, canonical: String)] {
        var random = SplitMix64(seed: seed)
        let pieces = [#"\""#, #"\\"#, #"\\\""#, "],", "[{", "}", ",", "x", "yz", " "]
        return (0..<count).map { number in
            var title = ""
            while title.utf8.count < number % 301 { title += pieces.randomElement(using: &random)! }
            let input = """
                {
                   "number": \(number), "title": "\(title)",
                   "labels": [[{"name": "]"}], [1, [2, "\\\\"]]], "user": {"login": "u"}
                 }
                """
            return (input, #"{"number":\#(number),"title":"\#(title)","reporter":"u","retrievedAt":"\#(MixedRecords.now)"}"#)
        }
    }

    @Test func elementsThatStraddleTheBlocksAreReadWhole() throws {
        // About 1.5 MB, with the cuts shifted by the leading whitespace.
        let elements = Self.elements(6_000, seed: 0xB10C)
        let expected = "[" + elements.map(\.canonical).joined(separator: ",") + "]\n"
        for (shift, jobs) in [(0, 1), (1, 2), (13, 1), (64, 3), (101, 2)] {
            let document = String(repeating: " ", count: shift) + "[" + elements.map(\.input).joined(separator: " ,\n") + "]"
            try Data(document.utf8).write(to: directory.appendingPathComponent("cut.json"))
            let result = try run(["decode", "Issue", "--jobs", "\(jobs)"], file: "cut.json")
            #expect(result.status == 0, "\(result.stderr.prefix(500))")
            #expect(firstDifference(result.stdout, expected) == nil, "shift \(shift)")
            let wrapped = #"{"n": 1, "data": ["# + elements.map(\.input).joined(separator: ",") + "]}"
            try Data((String(repeating: "\n", count: shift) + wrapped).utf8).write(to: directory.appendingPathComponent("page.json"))
            let each = try run(["decode", "Issue", "--each", "/data", "--jobs", "\(jobs)"], file: "page.json")
            #expect(firstDifference(each.stdout, expected) == nil, "--each, shift \(shift)")
        }
    }

    /// Where `offset` is in `text`: `line L, column C (byte B)`, counted here.
    static func location(_ text: [UInt8], _ offset: Int) -> String {
        let before = text[..<offset]
        let lineStart = (before.lastIndex(of: 0x0A) ?? -1) + 1
        return "line \(before.filter { $0 == 0x0A }.count + 1), column \(offset - lineStart + 1) (byte \(offset))"
    }

    @Test func errorsFarIntoTheArraySayWhereTheyAre() throws {
        let elements = Self.elements(3_000, seed: 0xE44)
        let whole = Array(("[" + elements.map(\.input).joined(separator: ",\n") + "]").utf8)
        // Cut inside element 2,500 (its title), past the first blocks.
        let start = Array(("[" + elements.prefix(2_500).map(\.input).joined(separator: ",\n") + ",\n").utf8).count
        let truncated = Array(whole[..<(start + 40)])
        try Data(truncated).write(to: directory.appendingPathComponent("cut.json"))
        let cut = try run(["decode", "Issue"], file: "cut.json")
        #expect(cut.status == 1)
        #expect(
            cut.stderr
                == "error: /2500: malformed JSON: \(Self.location(truncated, truncated.count)): unexpected end of input in the array's element 2500\n"
        )
        // A raw line break in element 2,600's title.
        var broken = whole
        let title = Array(("[" + elements.prefix(2_600).map(\.input).joined(separator: ",\n") + ",\n").utf8).count + 40
        broken[title] = 0x0A
        try Data(broken).write(to: directory.appendingPathComponent("broken.json"))
        let lineBreak = try run(["decode", "Issue", "--jobs", "2"], file: "broken.json")
        #expect(lineBreak.status == 1)
        #expect(lineBreak.stderr == "error: /2600: malformed JSON: \(Self.location(broken, title)): a line break inside a string\n")
        // An array that ends without its `]` after a whole element.
        let unclosed = Array(whole.dropLast())
        try Data(unclosed).write(to: directory.appendingPathComponent("unclosed.json"))
        let open = try run(["decode", "Issue"], file: "unclosed.json")
        #expect(
            open.stderr
                == "error: /2999: malformed JSON: \(Self.location(unclosed, unclosed.count)): unexpected end of input in the array's element 2999\n"
        )
    }
}
