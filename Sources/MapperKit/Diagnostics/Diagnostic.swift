public import MapperYAML

/// A problem found while loading a catalog: what (code and message), where (file, line, column)
/// and, when we can tell, how to fix it (hint).
///
/// Text form, compiler style: `Mappings/github.yaml:12:22: error: unknown type 'Usr' for property
/// 'assignee' of model 'Issue'; did you mean 'User'? [unknown-type]`.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Whether a diagnostic stops the catalog from loading (`error`) or is only reported (`warning`).
    public enum Severity: String, Sendable, Hashable, Codable {
        case error, warning
    }

    /// The mapping file, as given when loading (a path or a `Catalog.Source` name).
    public var file: String
    /// 1-based line in `file`.
    public var line: Int
    /// 1-based column in `line`.
    public var column: Int
    /// Whether the problem stops the catalog from loading.
    public var severity: Severity
    /// Stable kebab-case word, e.g. `unknown-type`; see `Diagnostic.Code`.
    public var code: String
    /// One sentence that quotes the offending name or value.
    public var message: String
    /// How to fix it, e.g. `did you mean 'User'?`.
    public var hint: String?
    /// For a problem inside an expression: the expression and the column in it.
    public var excerpt: Excerpt?
    /// Another place the problem involves (the first definition of a name defined twice).
    public var related: Related?
    /// The name a did-you-mean proposes in place of the misspelt one at the position (`int` for
    /// `itn`), for a tool that applies it (the language server's quick fix); `hint` says it in words.
    public var replacement: String?

    /// A second position of a problem and what is there, e.g. `the first definition of 'User'`.
    public struct Related: Sendable, Hashable, Codable {
        /// The mapping file, as given when loading.
        public var file: String
        /// 1-based line in `file`.
        public var line: Int
        /// 1-based column in `line`.
        public var column: Int
        /// What is at that place.
        public var message: String

        /// A place in a mapping file and what is there.
        public init(at mark: Mark, _ message: String) {
            file = mark.file
            line = mark.line
            column = mark.column
            self.message = message
        }
    }

    /// An expression with the 1-based column (in characters) of the problem inside it.
    public struct Excerpt: Sendable, Hashable, Codable {
        /// The expression as written.
        public var text: String
        /// 1-based column of the problem in `text`.
        public var column: Int

        /// The expression with a caret under `column`, each line indented by four spaces.
        public var caret: String {
            let line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? text
            let width = max(0, min(column - 1, line.count))
            return "    \(line)\n    \(String(repeating: " ", count: width))^"
        }
    }

    /// A diagnostic at a position in a mapping file.
    public init(
        _ severity: Severity, _ code: Code, _ message: String, at mark: Mark, hint: String? = nil
    ) {
        self.file = mark.file
        self.line = mark.line
        self.column = mark.column
        self.severity = severity
        self.code = code.rawValue
        self.message = message
        self.hint = hint
    }

    /// The position as a `Mark`, to compare with the marks of the YAML nodes and specs.
    public var mark: Mark { Mark(file: file, line: line, column: column) }

    /// A file that could not be read at all (missing, unreadable, or a directory without mapping
    /// files), as opposed to one that was read and found wrong. The CLI exits 2 for these.
    public var isIOFailure: Bool {
        [Code.fileNotFound, .unreadableFile, .noMappingFiles].contains { $0.rawValue == code }
    }

    /// `file:line:column: severity: message; hint [code]`, the compiler-style line editors and CI
    /// logs recognise; for a problem inside an expression, followed by the expression with a caret
    /// under the column.
    public var description: String {
        var text = "\(file):\(line):\(column): \(severity.rawValue): \(message)"
        if let hint { text += "; \(hint)" }
        text += " [\(code)]"
        if let excerpt { text += "\n" + excerpt.caret }
        return text
    }

    static func error(
        _ code: Code, _ message: String, at mark: Mark, hint: String? = nil, excerpt: Excerpt? = nil, replacement: String? = nil
    ) -> Diagnostic {
        var diagnostic = Diagnostic(.error, code, message, at: mark, hint: hint)
        diagnostic.excerpt = excerpt
        diagnostic.replacement = replacement
        return diagnostic
    }

    /// The hint of a did-you-mean: `did you mean 'User'?`.
    static func didYouMean(_ name: String) -> String {
        "did you mean '\(name)'?"
    }

    static func warning(_ code: Code, _ message: String, at mark: Mark, hint: String? = nil, excerpt: Excerpt? = nil) -> Diagnostic {
        var diagnostic = Diagnostic(.warning, code, message, at: mark, hint: hint)
        diagnostic.excerpt = excerpt
        return diagnostic
    }
}

extension Array where Element == Diagnostic {
    /// How many of the diagnostics are errors; any error means the catalog did not load.
    public var errorCount: Int { count { $0.severity == .error } }
    /// How many of the diagnostics are warnings.
    public var warningCount: Int { count { $0.severity == .warning } }

    /// `1 error, 2 warnings`.
    public var summary: String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        return "\(plural(errorCount, "error")), \(plural(warningCount, "warning"))"
    }
}

/// Loading a catalog failed; `diagnostics` holds every problem in every file (warnings included).
public struct CatalogError: Error, Sendable, CustomStringConvertible {
    /// Every error and warning, in file (load order), line and column order.
    public var diagnostics: [Diagnostic]

    /// A failure carrying these diagnostics.
    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// True when a file could not be read at all (missing path, unreadable file), as opposed to a
    /// file that was read and found wrong.
    public var isIOFailure: Bool { diagnostics.contains(where: \.isIOFailure) }

    /// Every diagnostic on its own line, then the count (`1 error, 2 warnings`): what `mapper
    /// validate` prints.
    public var description: String {
        (diagnostics.map(\.description) + [diagnostics.summary]).joined(separator: "\n")
    }
}
