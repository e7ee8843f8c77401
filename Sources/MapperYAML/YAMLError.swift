/// A problem reading a YAML file, at the position it was found.
public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stable word naming the kind of problem; tools match on it, not on the message.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's word, e.g. `duplicate-key`.
        public var rawValue: String
        /// A code from its word; the codes the reader reports are the static members below.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's word.
        public var description: String { rawValue }

        /// libyaml could not read, scan or parse the text (its own message is kept).
        public static let syntax = Code(rawValue: "yaml-syntax")
        /// The file is not UTF-8 (or UTF-16 with a byte order mark), or holds control characters.
        public static let encoding = Code(rawValue: "yaml-encoding")
        /// A mapping holds the same key twice.
        public static let duplicateKey = Code(rawValue: "duplicate-key")
        /// A second document (`---`) follows the first.
        public static let multipleDocuments = Code(rawValue: "multiple-documents")
        /// Nesting is deeper than the reader's limit.
        public static let tooDeep = Code(rawValue: "yaml-too-deep")
        /// Aliases expand to more nodes than the reader's limit (the "billion laughs" document).
        public static let aliasLimit = Code(rawValue: "yaml-alias-limit")
        /// An alias names an anchor that is not defined before it.
        public static let undefinedAlias = Code(rawValue: "undefined-alias")
        /// A tag other than the core schema's (`!!str`, `!!int`, …) or the non-specific `!`.
        public static let unsupportedTag = Code(rawValue: "unsupported-tag")
        /// A scalar whose explicit tag does not fit its text (`!!int abc`).
        public static let invalidTaggedValue = Code(rawValue: "invalid-tagged-value")
        /// A merge key (`<<`) whose value is not a mapping or a sequence of mappings.
        public static let invalidMerge = Code(rawValue: "invalid-merge")
    }

    /// What kind of problem it is.
    public var code: Code
    /// One sentence, quoting the offending text.
    public var message: String
    /// Where the problem is (for duplicate keys, the second occurrence).
    public var mark: Mark
    /// Where the earlier, conflicting node is (for duplicate keys).
    public var related: Mark?
    /// How to fix it, in plain words, where libyaml's own message is not enough.
    public var hint: String?

    /// An error at `mark`; `related` and `hint` only where they help the reader fix it.
    public init(_ code: Code, _ message: String, at mark: Mark, related: Mark? = nil, hint: String? = nil) {
        self.code = code
        self.message = message
        self.mark = mark
        self.related = related
        self.hint = hint
    }

    /// `file:line:column: error: message [code]`, the compiler-style line editors recognise.
    public var description: String { "\(mark): error: \(message) [\(code)]" }
}

/// Bounds that keep hostile documents from exhausting the reader.
public struct YAMLLimits: Sendable, Hashable {
    /// Deepest nesting of sequences and mappings.
    public var maxDepth: Int
    /// Most nodes the document may hold once every alias is expanded.
    public var maxNodes: Int

    /// Limits generous for any hand-written file and small enough to stop alias bombs quickly.
    public init(maxDepth: Int = 256, maxNodes: Int = 1_000_000) {
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
    }
}
