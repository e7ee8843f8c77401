/// A node of a YAML document, with the position it was read from.
///
/// Aliases are expanded (an alias node is a copy of its anchored node, positions included) and
/// merge keys (`<<: *base`) are applied, so consumers only ever see scalars, sequences and mappings.
public struct Node: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        case scalar(Scalar)
        case sequence([Node])
        case mapping([Pair])
    }

    public var content: Content
    public var mark: Mark

    public init(_ content: Content, mark: Mark) {
        self.content = content
        self.mark = mark
    }

    public var scalar: Scalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    public var sequence: [Node]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    public var mapping: [Pair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The text of a scalar that resolved to a string (plain or quoted), else nil.
    public var string: String? {
        guard let scalar, scalar.kind == .string else { return nil }
        return scalar.text
    }

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
    public var key: Node
    public var value: Node

    public init(key: Node, value: Node) {
        self.key = key
        self.value = value
    }
}

/// A scalar with the type the YAML 1.2 core schema (or an explicit tag) gives it.
public struct Scalar: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case null, bool, int, float, string
    }

    public enum Style: Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// The scalar's text as written, after YAML unescaping and folding.
    public var text: String
    public var kind: Kind
    public var style: Style

    public init(text: String, kind: Kind, style: Style) {
        self.text = text
        self.kind = kind
        self.style = style
    }

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
