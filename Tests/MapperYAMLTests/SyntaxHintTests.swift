import Foundation
import Testing
@testable import MapperYAML

/// Every scanner and parser message libyaml 0.2.5 reports (read from its src/scanner.c and
/// src/parser.c) comes with a hint, at the place the mistake most likely is.
struct SyntaxHintTests {
    /// One document producing each message, what libyaml says, and words the hint must hold.
    static let cases: [(text: String, problem: String, hint: String)] = [
        // src/scanner.c
        ("a: - b\n", "block sequence entries are not allowed in this context", "put the list on the next lines"),
        ("a: 1\nb\nc: 2\n", "could not find expected ':'", "a key needs ':' after it"),
        ("%\n", "could not find expected directive name", "quote a value that starts with '%'"),
        ("!<%zz> a\n", "did not find URI escaped octet", "'%' starts an escape"),
        ("%TAG !x y z\n", "did not find expected '!'", "a tag handle is written '!name!'"),
        ("a: &\n", "did not find expected alphabetic or numeric character", "an anchor '&name' or alias '*name' needs a name"),
        ("%YAML 1.2 x\n---\na\n", "did not find expected comment or line break", "only a comment may follow"),
        ("%YAML 1.x\n---\na\n", "did not find expected version number", "'%YAML 1.2'"),
        ("%YAML 1\n---\na\n", "did not find expected digit or '.' character", "'%YAML 1.2'"),
        ("a: \"\\xZZ\"\n", "did not find expected hexdecimal number", "take 2, 4 and 8 hex digits"),
        ("a: !<> b\n", "did not find expected tag URI", "must be quoted"),
        ("a: !invalid{}tag b\n", "did not find expected whitespace or line break", "put a space after"),
        ("%TAG !x!\n---\na\n", "did not find expected whitespace", "'%TAG !handle! prefix'"),
        ("a: !<abc b\n", "did not find the expected '>'", "needs its closing '>'"),
        ("a: 1\n\tb: 2\n", "found a tab character that violates indentation", "use spaces"),
        ("a: |\n  b\n\tc\n", "found a tab character where an indentation space is expected", "use spaces"),
        ("a: !<%FF> b\n", "found an incorrect leading UTF-8 octet", "must spell UTF-8"),
        ("a: !<%C3%28> b\n", "found an incorrect trailing UTF-8 octet", "must spell UTF-8"),
        ("a: |0\n  b\n", "found an indentation indicator equal to 0", "1 to 9"),
        ("a: @x\n", "found character that cannot start any token", "must be quoted"),
        ("%YAML 1.22222222222\n---\na\n", "found extremely long version number", "'%YAML 1.2'"),
        ("a: \"\\uD800\"\n", "found invalid Unicode character escape code", "not a surrogate half"),
        ("[a:, b]\n", "found unexpected ':'", "must be quoted"),
        ("a: \"b\n---\nc\"\n", "found unexpected document indicator", "add the closing quote"),
        ("a: \"abc\n", "found unexpected end of stream", "add the closing quote"),
        ("%YA!ML 1.2\n---\na\n", "found unexpected non-alphabetical character", "quote a value that starts with '%'"),
        ("%1\n", "found unknown directive name", "'%YAML' and '%TAG'"),
        ("pattern: \"^\\d+$\"\n", "found unknown escape character", "write '\\\\' for a backslash, or use single quotes"),
        ("a: ? b\n", "mapping keys are not allowed in this context", "complex key"),
        ("doc: Note: this\n", "mapping values are not allowed in this context", "must be quoted"),
        // src/parser.c
        ("[1, 2\n", "did not find expected ',' or ']'", "'[' list is not closed"),
        ("{a: 1\n", "did not find expected ',' or '}'", "'{' mapping is not closed"),
        ("- a\nb: 1\n", "did not find expected '-' indicator", "check the indentation"),
        ("[1, 2]]\n", "did not find expected <document start>", "an extra ']' or '}'"),
        ("a:\n  b: 1\n c: 2\n", "did not find expected key", "check the indentation"),
        ("a: [1, , 2]\n", "did not find expected node content", "a value is missing here"),
        ("%TAG ! a\n%TAG ! b\n---\nx\n", "found duplicate %TAG directive", "remove the second '%TAG'"),
        ("%YAML 1.1\n%YAML 1.1\n---\na\n", "found duplicate %YAML directive", "remove the second '%YAML'"),
        ("%YAML 2.0\n---\na\n", "found incompatible YAML document", "mapper reads YAML 1.x"),
        ("a: !x!foo bar\n", "found undefined tag handle", "must be quoted"),
    ]

    @Test(arguments: cases)
    func eachMessageHasAHint(text: String, problem: String, hint: String) throws {
        let error = try #require(parse(text).errors.first { $0.code == .syntax }, "\(text.debugDescription)")
        #expect(error.message.hasPrefix(problem), "\(error.message)")
        let given = try #require(error.hint, "no hint for '\(problem)'")
        #expect(given.contains(hint), "\(given)")
    }

    /// The table holds exactly the messages libyaml 0.2.5 reports (bar the start of the stream,
    /// which no file can miss), and the cases above produce every one of them.
    @Test func everyMessageIsProduced() {
        let produced = Set(Self.cases.map(\.problem))
        #expect(produced == SyntaxHint.messages.subtracting(["did not find expected <stream-start>"]))
        #expect(Self.cases.count == produced.count, "one case a message")
    }

    /// docs/language/yaml-errors.md names every message the table covers.
    @Test func theManualListsEveryMessage() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/language/yaml-errors.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let missing = SyntaxHint.messages.filter { !text.contains("`\($0)`") }.sorted()
        #expect(missing == [])
    }

    /// The unclosed quote is reported at the quote, not where the file ends.
    @Test func anUnclosedQuoteIsReportedAtTheQuote() throws {
        let text = "mapper: 1\nmodels:\n  Order:\n    doc: \"An order\n    properties:\n      id: int\n      name: string\n"
        let error = try #require(parse(text).errors.first)
        #expect(error.mark == mark(4, 10))
        #expect(error.message.contains("at line 8, column 1"), "\(error.message)")
        #expect(error.hint?.contains("this quoted string is not closed") == true)
    }

    /// A file that ends inside brackets is told so, rather than that a value is missing.
    @Test func aFileEndingInsideBracketsSaysSo() throws {
        let error = try #require(parse("mapper: 1\nmodels: {\n").errors.first)
        #expect(error.message.hasPrefix("did not find expected node content"))
        #expect(error.hint == "the file ends inside a '[ ]' or '{ }' collection: close it")
    }

    /// A tab in the middle of a line, where YAML wants a space, gets a hint naming its column.
    @Test(arguments: [("a:\n  -\tb\n", 4), ("-\t- a\n", 2), ("a:\n  - b\n  -\tc: 1\n", 4)])
    func aTabInTheMiddleOfALineHasAHint(text: String, column: Int) throws {
        let error = try #require(parse(text).errors.first)
        #expect(error.hint?.contains("tab at column \(column)") == true, "\(error.hint ?? "no hint")")
        #expect(error.hint?.contains("use spaces") == true)
    }

    /// Every invalid document of the yaml-test-suite gets a hint with its syntax error.
    @Test func everyInvalidCaseOfTheSuiteGetsAHint() throws {
        var without: [String] = []
        for id in ConformanceTests.caseIDs {
            let folder = ConformanceTests.suite.appendingPathComponent(id)
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("error").path) else { continue }
            let document = YAML.parse(Array(try Data(contentsOf: folder.appendingPathComponent("in.yaml"))), file: "in.yaml")
            for error in document.errors where error.code == .syntax && error.hint == nil {
                without.append("\(id): \(error.message)")
            }
        }
        #expect(without == [])
    }
}
