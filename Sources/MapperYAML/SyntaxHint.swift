/// What to tell the reader of a libyaml scanner or parser error: where the mistake most likely is
/// and how to fix it. One entry for each message libyaml 0.2.5 (Debian's) can report; the tests
/// produce each of them.
enum SyntaxHint {
    /// libyaml's report, as it gives it.
    struct Report {
        var problem: String
        var problemMark: Mark
        var context: String?
        var contextMark: Mark
        /// The bytes of the line the problem is on.
        var line: [UInt8]
        /// Whether libyaml gave up at the end of the text.
        var atEnd: Bool
    }

    /// The position to show, the message and the hint for a report.
    static func place(_ report: Report) -> (mark: Mark, message: String, hint: String?) {
        let problem = report.problem
        let hint = tabHint(report) ?? hint(problem: problem, context: report.context, atEnd: report.atEnd)
        guard let context = report.context else { return (report.problemMark, problem, hint) }
        let (at, start) = (report.problemMark, report.contextMark)
        if startsTheMistake(problem: problem, context: context, problemMark: at, contextMark: start) {
            // libyaml notices an unclosed quote or bracket only where the file (or the line) ends:
            // the mistake is where the string or collection starts.
            return (start, "\(problem) at line \(at.line), column \(at.column) (\(context) that starts here)", hint)
        }
        return (at, "\(problem) (\(context) at line \(start.line), column \(start.column))", hint)
    }

    /// Whether the construct libyaml was reading (the context) is where to look, rather than
    /// where it gave up.
    private static func startsTheMistake(problem: String, context: String, problemMark: Mark, contextMark: Mark) -> Bool {
        switch (problem, context) {
        case ("found unexpected end of stream", "while scanning a quoted scalar"),
            ("found unexpected document indicator", "while scanning a quoted scalar"),
            ("could not find expected ':'", "while scanning a simple key"):
            return true
        case ("did not find expected ',' or ']'", "while parsing a flow sequence"),
            ("did not find expected ',' or '}'", "while parsing a flow mapping"):
            return problemMark.line != contextMark.line
        default:
            return false
        }
    }

    /// A tab at or before the problem on its line: tabs are what is wrong far more often than
    /// what libyaml names.
    private static func tabHint(_ report: Report) -> String? {
        let tab = UInt8(ascii: "\t")
        let column = report.problemMark.column
        guard tabSensitive.contains(report.problem), let index = report.line.firstIndex(of: tab), index < max(column, 1) else {
            return nil
        }
        let indentation = report.line.prefix { $0 == UInt8(ascii: " ") || $0 == tab }
        if indentation.contains(tab) { return useSpaces }
        return
            "YAML does not take the tab at column \(index + 1) where it expects indentation or the space after '-', '?' or ':'; use spaces"
    }

    /// Messages a tab on the line most likely causes.
    private static let tabSensitive: Set<String> = [
        "found character that cannot start any token", "mapping values are not allowed in this context",
        "block sequence entries are not allowed in this context", "did not find expected key",
        "did not find expected '-' indicator", "could not find expected ':'",
        "found a tab character that violates indentation", "found a tab character where an indentation space is expected",
    ]

    static let useSpaces = "YAML does not allow tabs for indentation; use spaces"
    static let quoteIt = "a value starting with '!', '&', '*', '%', '@' or '`' must be quoted"
    static let version = "write the version as '%YAML 1.2' (or remove the line)"

    /// The hint for a problem (and the context it was found in), nil only for messages that
    /// libyaml does not report.
    static func hint(problem: String, context: String?, atEnd: Bool) -> String? {
        if problem == "did not find expected node content", context == "while parsing a flow node", atEnd {
            return "the file ends inside a '[ ]' or '{ }' collection: close it"
        }
        if problem == "found unexpected end of stream", context == "while scanning a quoted scalar" {
            return "this quoted string is not closed: add the closing quote (inside \"…\" write a quote as \\\", inside '…' as '')"
        }
        return hints[problem]
    }

    private static let hints: [String: String] = [
        // Scanner (src/scanner.c).
        "could not find expected ':'":
            "a key needs ':' after it; a value that spans lines must be indented under its key, quoted or use '|'",
        "found unexpected document indicator":
            "a quoted string is not closed before a line starting with '---' or '...': add the closing quote",
        "block sequence entries are not allowed in this context":
            "a '- ' item cannot start on the line of its key: put the list on the next lines, indented, or write [a, b]",
        "could not find expected directive name":
            "a line starting with '%' is a directive such as '%YAML 1.2'; quote a value that starts with '%'",
        "did not find URI escaped octet": "in a tag, '%' starts an escape such as %21; \(quoteIt)",
        "did not find expected '!'": "a tag handle is written '!name!'; \(quoteIt)",
        "did not find expected alphabetic or numeric character":
            "an anchor '&name' or alias '*name' needs a name of letters, digits, '-' or '_'; \(quoteIt)",
        "did not find expected comment or line break":
            "only a comment may follow a directive, or the '|' or '>' of a block string, on its line; put the text on the next lines",
        "did not find expected digit or '.' character": version,
        "did not find expected hexdecimal number":
            "'\\x', '\\u' and '\\U' in a double-quoted string take 2, 4 and 8 hex digits; write a backslash as '\\\\', or use single quotes",
        "did not find expected tag URI": quoteIt,
        "did not find expected version number": version,
        "did not find expected whitespace or line break": "put a space after a tag, anchor or directive; \(quoteIt)",
        "did not find expected whitespace": "write a tag directive as '%TAG !handle! prefix'",
        "did not find the expected '>'": "a verbatim tag '!<…>' needs its closing '>'; \(quoteIt)",
        "found a tab character that violates indentation": useSpaces,
        "found a tab character where an indentation space is expected": useSpaces,
        "found an incorrect leading UTF-8 octet": "a %-escape in a tag must spell UTF-8; \(quoteIt)",
        "found an incorrect trailing UTF-8 octet": "a %-escape in a tag must spell UTF-8; \(quoteIt)",
        "found an indentation indicator equal to 0": "the indentation indicator of '|' or '>' is 1 to 9 ('|2'); or leave it out",
        "found character that cannot start any token":
            "a value starting with '@', '`' or a tab must be quoted; so must one starting with '%'",
        "found extremely long version number": version,
        "found invalid Unicode character escape code":
            "'\\u' and '\\U' must name a Unicode scalar (not a surrogate half such as D800, at most 10FFFF)",
        "found unexpected ':'": "in a '[ ]' or '{ }' collection a value holding ':' must be quoted: \"a:b\"",
        "found unexpected end of stream": "a quoted string or a '[' / '{' is not closed",
        "found unexpected non-alphabetical character": "a directive is '%YAML 1.2' or '%TAG …'; quote a value that starts with '%'",
        "found unknown directive name": "mapper reads the '%YAML' and '%TAG' directives only; quote a value that starts with '%'",
        "found unknown escape character":
            "in a double-quoted string a backslash starts an escape (\\n, \\t, \\\", \\\\): write '\\\\' for a backslash, or use single quotes ('C:\\path')",
        "mapping keys are not allowed in this context":
            "'? ' starts a complex key, which cannot be here; quote a value that starts with '?'",
        "mapping values are not allowed in this context":
            "a value that holds ': ' (a colon and a space) must be quoted, e.g. doc: \"Note: …\"; or check the indentation",
        // Parser (src/parser.c).
        "did not find expected ',' or ']'": "a '[' list is not closed with ']', or two of its items lack a ',' between them",
        "did not find expected ',' or '}'": "a '{' mapping is not closed with '}', or two of its entries lack a ',' between them",
        "did not find expected '-' indicator":
            "check the indentation: keys of one mapping (and items of one list) start in the same column",
        "did not find expected <document start>":
            "something follows the end of the document: an extra ']' or '}', or text less indented than the first line",
        "did not find expected <stream-start>": "the file could not be read as YAML text",
        "did not find expected key": "check the indentation: keys of one mapping (and items of one list) start in the same column",
        "did not find expected node content": "a value is missing here: after a ',' in '[ ]' or '{ }', or after a tag or anchor",
        "found duplicate %TAG directive": "remove the second '%TAG' line for this handle",
        "found duplicate %YAML directive": "remove the second '%YAML' line",
        "found incompatible YAML document": "mapper reads YAML 1.x: \(version)",
        "found undefined tag handle": "a value starting with '!' must be quoted",
    ]

    /// Every message the table covers (for the tests, which produce each one).
    static var messages: Set<String> { Set(hints.keys) }
}
