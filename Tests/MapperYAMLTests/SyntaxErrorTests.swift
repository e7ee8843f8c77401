import Testing
@testable import MapperYAML

/// libyaml's own errors become `yaml-syntax` errors that keep its message and point at the
/// problem with a 1-based line and column.
struct SyntaxErrorTests {
    @Test(
        arguments: [
            (
                "a:\n  b: 1\n c: 2\n", 3, 2,
                "did not find expected key (while parsing a block mapping at line 1, column 1)"
            ),
            // An unclosed bracket or quote is reported where it opens, with where libyaml gave up.
            (
                "list: [1, 2\n", 1, 7,
                "did not find expected ',' or ']' at line 2, column 1 (while parsing a flow sequence that starts here)"
            ),
            (
                "a: {x: 1\n", 1, 4,
                "did not find expected ',' or '}' at line 2, column 1 (while parsing a flow mapping that starts here)"
            ),
            (
                "a: \"abc\nb: 2\n", 1, 4,
                "found unexpected end of stream at line 3, column 1 (while scanning a quoted scalar that starts here)"
            ),
            (
                "a: 1\nb\nc: 2\n", 2, 1,
                "could not find expected ':' at line 3, column 1 (while scanning a simple key that starts here)"
            ),
            // On one line, the bracket and the place libyaml stopped are both in view.
            (
                "[[1] 2]\n", 1, 6,
                "did not find expected ',' or ']' (while parsing a flow sequence at line 1, column 1)"
            ),
            (
                "a:\n\tb: 1\n", 2, 1,
                "found character that cannot start any token (while scanning for the next token at line 2, column 1)"
            ),
            ("key: value: other\n", 1, 11, "mapping values are not allowed in this context"),
            ("a: b\n  c: d\n", 2, 4, "mapping values are not allowed in this context"),
            (
                "- a\nb: 1\n", 2, 1,
                "did not find expected '-' indicator (while parsing a block collection at line 1, column 1)"
            ),
            ("[1, 2]]\n", 1, 7, "did not find expected <document start>"),
            (
                "a: *\n", 1, 5,
                "did not find expected alphabetic or numeric character (while scanning an alias at line 1, column 4)"
            ),
            ("a: !x!foo bar\n", 1, 4, "found undefined tag handle (while parsing a node at line 1, column 4)"),
            (
                "a: @x\n", 1, 4,
                "found character that cannot start any token (while scanning for the next token at line 1, column 4)"
            ),
            ("%YAML 1.1\n%YAML 1.1\n---\na\n", 2, 1, "found duplicate %YAML directive"),
        ] as [(String, Int, Int, String)])
    func libyamlErrors(text: String, line: Int, column: Int, message: String) {
        let document = parse(text)
        // Hints are checked on their own below.
        #expect(
            document.errors.map { YAMLError($0.code, $0.message, at: $0.mark) } == [YAMLError(.syntax, message, at: mark(line, column))])
        #expect(document.root == nil)
    }

    /// libyaml's puzzling messages come with a plain hint.
    @Test(arguments: [
        ("a:\n\tb: 1\n", "YAML does not allow tabs for indentation; use spaces"),
        ("a: @x\n", "a value starting with '@', '`' or a tab must be quoted"),
        ("key: value: other\n", "a value that holds ': ' (a colon and a space) must be quoted"),
        ("a:\n  b: 1\n c: 2\n", "check the indentation"),
        ("a: \"abc\n", "this quoted string is not closed: add the closing quote"),
        ("a: !x!foo bar\n", "a value starting with '!' must be quoted"),
    ])
    func syntaxErrorsCarryAHint(text: String, hint: String) {
        let hints = parse(text).errors.compactMap(\.hint)
        #expect(hints.count == 1 && hints[0].contains(hint), "\(hints)")
    }

    @Test func errorAtTheEndOfAFileWithoutFinalLineBreakStaysOnTheLastLine() {
        // libyaml reports the end of the stream on a line after the last one.
        #expect(parse("[1, 2").errors.map(\.mark) == [mark(1, 6)])
        // Unclosed quotes and brackets are reported where they open; the message says where the
        // stream ended.
        #expect(
            parse("a: 'abc").errors.map(\.message) == [
                "found unexpected end of stream at line 1, column 8 (while scanning a quoted scalar that starts here)"
            ])
        #expect(parse("a:\n  - [1,\n    2").errors.map(\.mark) == [mark(2, 5)])
        #expect(parse("a:\n  - [1,\n    2").errors.first?.message.contains("at line 3, column 6") == true)
        #expect(parse("a: [1,\r\n  2").errors.first?.message.contains("at line 2, column 4") == true)
        #expect(parse("a: 'é").errors.first?.message.contains("at line 1, column 6") == true)
        #expect(
            parse("a: 1\u{2028}b: [").errors == [
                YAMLError(
                    .syntax, "did not find expected node content (while parsing a flow node at line 2, column 5)",
                    at: mark(2, 5), hint: "the file ends inside a '[ ]' or '{ }' collection: close it")
            ])
    }

    @Test func problemsFoundBeforeASyntaxErrorAreKept() {
        let document = parse("a:\n  x: 1\n  x: 2\nb: !foo [\n")
        #expect(document.errors.map(\.code) == [.duplicateKey, .unsupportedTag, .syntax])
        #expect(document.root == nil)
    }
}
