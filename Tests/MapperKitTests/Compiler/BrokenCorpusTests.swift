import Foundation
import Testing

@testable import MapperKit

/// The broken-mapping corpus (`Fixtures/broken`): one small mapping file (or a folder of files
/// loaded together) per error situation, named `<code>[-<n>].yaml`. Each states what loading it
/// must report in comments at its top:
///
/// ```yaml
/// # expect: unknown-type 9:19 "unknown type 'Usr'" hint "did you mean 'User'?"
/// # expect: warning unused 4:3
/// ```
///
/// A diagnostic with that code and severity (`error` unless `warning` is written) at that line and
/// column, whose message contains the quoted text and whose hint contains the hinted text. The
/// diagnostics must be exactly the expected ones. Other directives:
/// - `# assume-transformer: NAME` loads with that transformer name assumed (`--assume-transformer`).
/// - `# known-issue: TEXT`: a bug not fixed yet; the test fails once the file passes, so that the
///   marker is removed.
struct BrokenCorpusTests {
    @Test("a broken mapping reports exactly the diagnostics its comments expect", arguments: BrokenCorpus.entries)
    func reportsExpectedDiagnostics(_ name: String) throws {
        let entry = try BrokenCorpus.Entry(name)
        try #require(!entry.expectations.isEmpty, "\(name) states no '# expect:' line")
        let check = Catalog.check(sources: entry.sources, options: entry.options)
        if let issue = entry.knownIssue {
            withKnownIssue(Comment(rawValue: issue)) {
                BrokenCorpus.compare(check, with: entry)
            }
        } else {
            BrokenCorpus.compare(check, with: entry)
        }
    }

    /// The check a language server runs after an edit builds none of the runtime plans, yet
    /// finds exactly what a load does (defaults and migration values are read, unions' ambiguity
    /// is found, with the reading plans alone).
    @Test("a check without runtime plans reports exactly what a load does", arguments: BrokenCorpus.entries)
    func checkWithoutPlansReportsTheSame(_ name: String) throws {
        let entry = try BrokenCorpus.Entry(name)
        var compiler = CatalogCompiler(options: entry.options)
        let specs = compiler.check(entry.sources)
        let check = Catalog.Check(catalog: nil, diagnostics: compiler.sortedDiagnostics)
        if let issue = entry.knownIssue {
            withKnownIssue(Comment(rawValue: issue)) {
                BrokenCorpus.compare(check, with: entry, loaded: specs != nil)
            }
        } else {
            BrokenCorpus.compare(check, with: entry, loaded: specs != nil)
        }
    }

    /// A new diagnostic code without a corpus file fails here. Left out: the four codes about
    /// files on disk, which `Catalog.check(sources:)` never sees (MapperCLITests' symlink tests
    /// cover `symlink-cycle`), and the three of `--gate`, which
    /// are about golden tests, not mapping files (the service's gate tests trigger them). Every
    /// YAML code is triggered.
    @Test func everyCodeHasACorpusFile() throws {
        let fileCodes: Set<String> = [
            "file-not-found", "unreadable-file", "no-mapping-files", "symlink-cycle", "gate-not-found", "gate-empty",
            "golden-test-failed",
        ]
        var covered: Set<String> = []
        for name in BrokenCorpus.entries {
            covered.formUnion(try BrokenCorpus.Entry(name).expectations.map(\.code))
        }
        let codes = Set(Diagnostic.Code.allCases.map(\.rawValue))
        let missing = codes.subtracting(fileCodes).subtracting(covered).sorted()
        #expect(missing.isEmpty, "codes without a corpus file in Fixtures/broken: \(missing)")
        let unknown = covered.subtracting(codes).sorted()
        #expect(unknown.isEmpty, "corpus files expect codes that do not exist: \(unknown)")
        #expect(BrokenCorpus.entries.count >= codes.count - fileCodes.count)
    }

    @Test("a corpus file is named after a code it expects", arguments: BrokenCorpus.entries)
    func namedAfterItsCode(_ name: String) throws {
        let entry = try BrokenCorpus.Entry(name)
        var code = (name as NSString).deletingPathExtension
        if let dash = code.lastIndex(of: "-"), Int(code[code.index(after: dash)...]) != nil {
            code = String(code[..<dash])
        }
        #expect(entry.expectations.contains { $0.code == code }, "\(name) expects no '\(code)' diagnostic")
    }

    @Test func theExpectationParserReadsEveryPart() throws {
        let full = try #require(
            try BrokenCorpus.Expectation(
                parsing: #"# expect: warning unknown-type 9:19 "unknown type 'Usr' \"x\"" hint "did you mean 'User'?""#,
                file: "f.yaml"))
        #expect(full.severity == .warning)
        #expect(full.code == "unknown-type")
        #expect(full.line == 9 && full.column == 19)
        #expect(full.message == #"unknown type 'Usr' "x""#)
        #expect(full.hint == "did you mean 'User'?")
        let bare = try #require(try BrokenCorpus.Expectation(parsing: "# expect: unused 4:3", file: "f.yaml"))
        #expect(bare.severity == .error && bare.message == nil && bare.hint == nil)
        #expect(try BrokenCorpus.Expectation(parsing: "# a comment", file: "f.yaml") == nil)
        #expect(throws: BrokenCorpus.ParseError.self) {
            try BrokenCorpus.Expectation(parsing: "# expect: unused 4", file: "f.yaml")
        }
        #expect(throws: BrokenCorpus.ParseError.self) {
            try BrokenCorpus.Expectation(parsing: #"# expect: unused 4:3 "open"#, file: "f.yaml")
        }
    }

    /// SPEC §13.1: every problem in every file is reported in one run, not just the first.
    @Test func oneFileReportsEveryProblem() {
        let yaml = """
            mapper: 1
            modles: {}
            models:
              Issue:
                key_style: snake_cse
                version: 3
                properties:
                  assignee: Usr
                  title: { type: string, required: true, default: Untitled }
                  title: string
                migrations:
                  - from: 1
                    drop: [legacy]
              User:
                properties: { login: string }
            enums:
              State:
                cases: { open: open, reopened: open }
            formats:
              money:
                number: currency
            routes:
              paths:
                /users/*: Usr
            """
        let check = Catalog.check(sources: [.init(name: "many.yaml", text: yaml)])
        let found = check.diagnostics.map { "\($0.code) \($0.line):\($0.column)" }
        #expect(
            found == [
                "unknown-key 2:1",  // modles
                "unknown-key-style 5:16",  // snake_cse
                "unknown-type 8:17",  // Usr
                "conflicting-fields 9:46",  // required + default
                "duplicate-key 10:7",  // title twice (YAML level, yet the file is still checked)
                "invalid-migration 11:5",  // no step from 2
                "unused 17:3",  // enum State
                "duplicate-enum-value 18:36",  // reopened: open
                "unused 20:3",  // format money: unknown style, and never used
                "unknown-number-style 21:13",  // currency
                "unknown-model 24:15",  // route to Usr
            ], "actual:\n\(BrokenCorpus.describe(check.diagnostics))")
        #expect(check.diagnostics.first { $0.code == "unknown-key-style" }?.hint == "did you mean 'snake_case'?")
        #expect(check.diagnostics.first { $0.code == "unknown-model" }?.hint == "did you mean 'User'?")
        #expect(check.catalog == nil)
    }

    @Test func everyFileReportsItsProblems() {
        let users = """
            mapper: 1
            models:
              User:
                properties:
                  login: { type: strin, key: login }
            """
        let issues = """
            mapper: 1
            models:
              Issue:
                extends: Usr
                properties:
                  title: { type: string, max_lenght: 256 }
            """
        let broken = "mapper: 1\nmodels: {\n"
        let check = Catalog.check(sources: [
            .init(name: "users.yaml", text: users), .init(name: "broken.yaml", text: broken),
            .init(name: "issues.yaml", text: issues),
        ])
        let found = check.diagnostics.map { "\($0.file):\($0.line):\($0.column) \($0.code)" }
        #expect(
            found == [
                "users.yaml:5:22 unknown-type",
                "broken.yaml:3:1 yaml-syntax",
                "issues.yaml:4:14 unknown-model",
                "issues.yaml:6:30 unknown-key",
            ], "actual:\n\(BrokenCorpus.describe(check.diagnostics))")
        #expect(
            check.diagnostics.map(\.hint) == [
                "did you mean 'string'?", "the file ends inside a '[ ]' or '{ }' collection: close it",
                "did you mean 'User'?", "did you mean 'max_length'?",
            ])
    }
}

enum BrokenCorpus {
    static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/broken")

    /// The corpus files and folders, sorted.
    static let entries: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || isDirectory(directory.appendingPathComponent($0)) }.sorted()
    }()

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    /// One corpus file, or a folder whose files are loaded together as one catalog.
    struct Entry {
        var sources: [Catalog.Source] = []
        var expectations: [Expectation] = []
        var options = LoadOptions()
        var knownIssue: String?

        init(_ name: String) throws {
            options.baseDirectory = directory.path  // where a table's file is read from
            let url = directory.appendingPathComponent(name)
            var files = [name]
            if isDirectory(url) {
                files = try FileManager.default.contentsOfDirectory(atPath: url.path)
                    .filter { $0.hasSuffix(".yaml") }.sorted().map { "\(name)/\($0)" }
            }
            for file in files {
                let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(file)))
                sources.append(Catalog.Source(name: file, bytes: bytes))
                // Decoded with repairs: the yaml-encoding file is not UTF-8 on purpose.
                for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
                    if let expectation = try Expectation(parsing: String(line), file: file) {
                        expectations.append(expectation)
                    } else if let value = Self.directive("assume-transformer", in: line) {
                        options.assumedTransformers.insert(value)
                    } else if let value = Self.directive("known-issue", in: line) {
                        knownIssue = value
                    }
                }
            }
        }

        private static func directive(_ name: String, in line: Substring) -> String? {
            let prefix = "# \(name):"
            guard line.hasPrefix(prefix) else { return nil }
            return line.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
        }
    }

    /// `# expect: [warning|error] CODE LINE:COLUMN ["message part"] [hint "hint part"]`.
    struct Expectation: CustomStringConvertible {
        var file: String
        var severity: Diagnostic.Severity = .error
        var code: String
        var line: Int
        var column: Int
        var message: String?
        var hint: String?

        /// nil for a line that is not an expectation; throws for one that is malformed, so that a
        /// typo cannot silently drop an expectation.
        init?(parsing text: String, file: String) throws {
            let prefix = "# expect:"
            guard text.hasPrefix(prefix) else { return nil }
            var tokens = try Self.tokens(text.dropFirst(prefix.count), in: text)
            func fail(_ why: String) -> ParseError { ParseError(description: "\(file): \(why) in '\(text)'") }
            guard case .word(var word)? = tokens.first else { throw fail("no code") }
            tokens.removeFirst()
            if let severity = Diagnostic.Severity(rawValue: word) {
                self.severity = severity
                guard case .word(let next)? = tokens.first else { throw fail("no code") }
                word = next
                tokens.removeFirst()
            }
            self.file = file
            code = word
            guard case .word(let position)? = tokens.first else { throw fail("no line:column") }
            tokens.removeFirst()
            var place = position[...]
            if position.filter({ $0 == ":" }).count == 2, let colon = position.firstIndex(of: ":") {
                // `FILE:LINE:COLUMN`: a diagnostic in another file of the folder (a table's CSV file).
                let folder = file.lastIndex(of: "/").map { String(file[...$0]) } ?? ""
                self.file = folder + position[..<colon]
                place = position[position.index(after: colon)...]
            }
            let numbers = place.split(separator: ":").compactMap { Int($0) }
            guard numbers.count == 2, place.filter({ $0 == ":" }).count == 1 else { throw fail("bad line:column") }
            (line, column) = (numbers[0], numbers[1])
            if case .quoted(let text)? = tokens.first {
                message = text
                tokens.removeFirst()
            }
            if case .word("hint")? = tokens.first, tokens.count >= 2, case .quoted(let text) = tokens[1] {
                hint = text
                tokens.removeFirst(2)
            }
            guard tokens.isEmpty else { throw fail("unexpected \(tokens)") }
        }

        private enum Token: Equatable {
            case word(String)
            case quoted(String)
        }

        /// Words separated by spaces, and double-quoted strings in which `\"` and `\\` escape.
        private static func tokens(_ text: Substring, in line: String) throws -> [Token] {
            var tokens: [Token] = []
            var rest = text[...]
            while let first = rest.first {
                if first == " " {
                    rest.removeFirst()
                } else if first == "\"" {
                    rest.removeFirst()
                    var value = ""
                    var closed = false
                    while let character = rest.popFirst() {
                        if character == "\"" {
                            closed = true
                            break
                        }
                        value.append(character == "\\" ? (rest.popFirst() ?? "\\") : character)
                    }
                    guard closed else { throw ParseError(description: "unclosed quote in '\(line)'") }
                    tokens.append(.quoted(value))
                } else {
                    let word = rest.prefix { $0 != " " }
                    rest.removeFirst(word.count)
                    tokens.append(.word(String(word)))
                }
            }
            return tokens
        }

        func matches(_ diagnostic: Diagnostic) -> Bool {
            diagnostic.file == file && diagnostic.code == code && diagnostic.severity == severity
                && diagnostic.line == line && diagnostic.column == column
        }

        var description: String {
            var text = "\(file):\(line):\(column): \(severity.rawValue) [\(code)]"
            if let message { text += " message containing \"\(message)\"" }
            if let hint { text += " hint containing \"\(hint)\"" }
            return text
        }
    }

    /// Records an issue for every expectation without its diagnostic and every diagnostic nobody
    /// expected, listing what was actually reported.
    /// `loaded` is whether the catalog loaded (by default, whether `check` holds it).
    static func compare(_ check: Catalog.Check, with entry: Entry, loaded: Bool? = nil) {
        let actual = check.diagnostics
        let report = "actual diagnostics:\n\(describe(actual))"
        var unmatched = Array(actual.indices)
        for expectation in entry.expectations {
            guard let position = unmatched.firstIndex(where: { expectation.matches(actual[$0]) }) else {
                Issue.record("missing \(expectation)\n\(report)")
                continue
            }
            let diagnostic = actual[unmatched.remove(at: position)]
            if let message = expectation.message, !diagnostic.message.contains(message) {
                Issue.record("message of \(expectation) is \"\(diagnostic.message)\"\n\(report)")
            }
            if let hint = expectation.hint, !(diagnostic.hint ?? "").contains(hint) {
                Issue.record("hint of \(expectation) is \(diagnostic.hint.map { "\"\($0)\"" } ?? "missing")\n\(report)")
            }
        }
        for index in unmatched {
            Issue.record("unexpected \(actual[index])\n\(report)")
        }
        #expect(actual.count == entry.expectations.count, "\(report)")
        let expectsError = entry.expectations.contains { $0.severity == .error }
        #expect((loaded ?? (check.catalog != nil)) != expectsError, "a catalog loads exactly when there is no error")
    }

    static func describe(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.isEmpty ? "  (none)" : diagnostics.map { "  \($0)" }.joined(separator: "\n")
    }
}
