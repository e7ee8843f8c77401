/// A node of a YAML document, with the position it was read from.
///
/// Aliases are expanded (an alias node is a copy of its anchored node, positions included) and
/// merge keys (`<<: *base`) are applied, so consumers only ever see scalars, sequences and mappings.
public struct Node: Sendable, Hashable {
    /// What the node holds: a scalar, a sequence of nodes, or a mapping's key–value pairs.
    public enum Content: Sendable, Hashable {
        case scalar(Scalar)
        case sequence([Node])
        case mapping([Pair])
    }

    /// The node's value.
    public var content: Content
    /// Where the node starts in its file: what diagnostics about the node point at.
    public var mark: Mark

    /// A node holding `content`, read at `mark`.
    public init(_ content: Content, mark: Mark) {
        self.content = content
        self.mark = mark
    }

    /// The scalar, when the node is one; nil for sequences and mappings.
    public var scalar: Scalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The items, when the node is a sequence; nil otherwise.
    public var sequence: [Node]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The pairs in written order, when the node is a mapping; nil otherwise.
    public var mapping: [Pair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The text of a scalar that resolved to a string (plain or quoted), else nil.
    public var string: String? {
        guard let scalar, scalar.kind == .string else { return nil }
        return scalar.text
    }

    /// Whether the node is a scalar that resolved to null (`null`, `~`, or nothing at all).
    public var isNull: Bool { scalar?.kind == .null }

    /// The value under a string key of a mapping, else nil.
    public subscript(key: String) -> Node? {
        mapping?.first { $0.key.string == key }?.value
    }

    /// What the node is, for messages: "a mapping", "a sequence", "the string \"x\"", "the integer 5".
    public var kindDescription: String {
        switch content {
        case .mapping: return "a mapping"
        case .sequence: return "a sequence"
        case .scalar(let scalar): return scalar.kindDescription
        }
    }
}

/// A key and its value in a YAML mapping.
public struct Pair: Sendable, Hashable {
    /// The key node, with its own position (what a duplicate-key or unknown-field error points at).
    public var key: Node
    /// The value node.
    public var value: Node

    /// A pair of this key and value.
    public init(key: Node, value: Node) {
        self.key = key
        self.value = value
    }
}

/// A scalar with the type the YAML 1.2 core schema (or an explicit tag) gives it.
public struct Scalar: Sendable, Hashable {
    /// The core-schema type a scalar resolved to: `true` is a bool, `"true"` a string.
    public enum Kind: String, Sendable, Hashable {
        case null, bool, int, float, string
    }

    /// How the scalar was written; only an untagged plain scalar is resolved by its text, any other
    /// untagged one is a string.
    public enum Style: Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// The scalar's text as written, after YAML unescaping and folding.
    public var text: String
    /// The type the scalar resolved to, by the core schema or an explicit tag.
    public var kind: Kind
    /// How the scalar was written (plain, quoted, block).
    public var style: Style

    /// A scalar; `kind` is taken as given, not resolved from `text`.
    public init(text: String, kind: Kind, style: Style) {
        self.text = text
        self.kind = kind
        self.style = style
    }

    /// The value of a scalar that resolved to a bool; nil for other kinds.
    public var bool: Bool? {
        guard kind == .bool else { return nil }
        return text.lowercased() == "true"
    }

    /// The integer value when the scalar is an integer that fits in `Int64`.
    public var int: Int64? {
        guard kind == .int else { return nil }
        return CoreSchema.integerValue(text)
    }

    /// The numeric value of an integer or float scalar (integers may lose precision).
    public var double: Double? {
        switch kind {
        case .int:
            if let int { return Double(int) }
            return Double(text)
        case .float: return CoreSchema.floatValue(text)
        default: return nil
        }
    }

    /// What the scalar is, for messages: `the integer 5`, `the string "x"` (long text shortened).
    public var kindDescription: String {
        let shown = text.count > 40 ? String(text.prefix(37)) + "..." : text
        switch kind {
        case .null: return "null"
        case .bool: return "the boolean \(shown)"
        case .int: return "the integer \(shown)"
        case .float: return "the number \(shown)"
        case .string: return "the string \"\(shown)\""
        }
    }
}
