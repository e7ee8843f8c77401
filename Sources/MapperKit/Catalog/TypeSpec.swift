/// A property's type, written as a type expression: `string`, `[Label]`, `[string: int]`,
/// `string | Customer`.
public indirect enum TypeSpec: Sendable, Hashable, CustomStringConvertible {
    case string, int, double, decimal, bool, url, uuid, date, localDate, any
    case model(String)
    case enumeration(String)
    case array(TypeSpec)
    case dictionary(TypeSpec)
    /// `A | B`: a value of one of the members, told apart by its JSON kind (at most one member
    /// per kind of JSON value, on the external and on the canonical side).
    case union([TypeSpec])

    /// The type expression that denotes this type.
    public var description: String {
        switch self {
        case .model(let name), .enumeration(let name): return name
        case .array(let element): return "[\(element)]"
        case .dictionary(let value): return "[string: \(value)]"
        case .union(let members): return members.map(\.description).joined(separator: " | ")
        // The scalars: their names are their homes' (`ScalarType.name`).
        default: return scalarType?.name ?? ""
        }
    }

    /// The types of the values inside arrays and dictionaries, and the members of unions (the
    /// type itself otherwise): what `format` and `json` apply to.
    public var leaves: [TypeSpec] {
        switch self {
        case .array(let element), .dictionary(let element): return element.leaves
        case .union(let members): return members.flatMap(\.leaves)
        default: return [self]
        }
    }

    /// The type and, for a union, its members: what constraints apply to.
    public var alternatives: [TypeSpec] {
        if case .union(let members) = self { return members }
        return [self]
    }

    /// Whether the type is one of the number types (`int`, `double`, `decimal`), which `minimum`
    /// and `maximum` apply to.
    public var isNumber: Bool { self == .int || self == .double || self == .decimal }

    /// Whether the type is an array or a dictionary, whose length `min_length`/`max_length` count
    /// in elements.
    public var isCollection: Bool {
        switch self {
        case .array, .dictionary: return true
        default: return false
        }
    }

    /// Whether the type is a union or holds one (`[string | int]`).
    var holdsUnion: Bool {
        switch self {
        case .union: return true
        case .array(let element), .dictionary(let element): return element.holdsUnion
        default: return false
        }
    }

    /// Every model or enum name the type mentions.
    var referencedNames: [String] {
        switch self {
        case .model(let name), .enumeration(let name): return [name]
        case .array(let element), .dictionary(let element): return element.referencedNames
        case .union(let members): return members.flatMap(\.referencedNames)
        default: return []
        }
    }
}

/// Parses type expressions; names are resolved against the catalog's models and enums.
struct TypeExpressionParser {
    enum Failure: Error {
        /// The expression is not well formed.
        case syntax(String)
        /// A name that is neither a built-in type nor a model or enum of the catalog.
        case unknownName(String)
    }

    let isModel: (String) -> Bool
    let isEnum: (String) -> Bool

    func parse(_ text: String) throws(Failure) -> TypeSpec {
        var rest = Substring(text)
        let type = try parseUnion(&rest, whole: text)
        skipSpaces(&rest)
        guard rest.isEmpty else {
            throw .syntax("unexpected '\(rest)' after the type '\(type)' in type expression '\(text)'")
        }
        return type
    }

    /// `A | B | …`: `|` binds loosest, inside brackets too (`[string | Customer]`).
    private func parseUnion(_ rest: inout Substring, whole: String) throws(Failure) -> TypeSpec {
        let first = try parseType(&rest, whole: whole)
        skipSpaces(&rest)
        guard rest.first == "|" else { return first }
        var members = [first]
        while rest.first == "|" {
            rest.removeFirst()
            members.append(try parseType(&rest, whole: whole))
            skipSpaces(&rest)
        }
        return .union(members)
    }

    private func parseType(_ rest: inout Substring, whole: String) throws(Failure) -> TypeSpec {
        skipSpaces(&rest)
        if rest.first == "[" {
            rest.removeFirst()
            let first = try parseUnion(&rest, whole: whole)
            skipSpaces(&rest)
            if rest.first == ":" {
                rest.removeFirst()
                guard first == .string else {
                    throw .syntax("dictionary keys are always strings: write '[string: T]', not '\(whole)'")
                }
                let value = try parseUnion(&rest, whole: whole)
                try expectClose(&rest, whole: whole)
                return .dictionary(value)
            }
            try expectClose(&rest, whole: whole)
            return .array(first)
        }
        let name = Self.name(at: rest)
        guard !name.isEmpty else {
            throw .syntax(
                rest.isEmpty
                    ? "type expression '\(whole)' ends where a type was expected"
                    : "unexpected '\(rest.prefix(1))' in type expression '\(whole)'")
        }
        rest = rest[name.endIndex...]
        let word = String(name)
        if let scalar = TypeSpec.scalars[word] { return scalar }
        if isModel(word) { return .model(word) }
        if isEnum(word) { return .enumeration(word) }
        throw .unknownName(word)
    }

    /// Whether the text is one name alone (`User`, `int`, spaces around allowed) rather than an
    /// expression built of names (`[User]`, `User | string`) or no type at all: what a route's
    /// unknown target is, an unknown model or a type expression naming an unknown type.
    static func isName(_ text: some StringProtocol) -> Bool {
        var rest = Substring(text)
        while rest.first == " " { rest.removeFirst() }
        while rest.last == " " { rest.removeLast() }
        return !rest.isEmpty && name(at: rest).endIndex == rest.endIndex
    }

    /// The letters, digits and `_` at the start of `rest`; ASCII, which type names nearly always
    /// are, is read byte by byte rather than as characters.
    private static func name(at rest: Substring) -> Substring {
        let bytes = rest.utf8
        var end = bytes.startIndex
        while end < bytes.endIndex {
            let byte = bytes[end]
            guard byte < 0x80 else { return rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" } }
            let isWord =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
            guard isWord else { break }
            bytes.formIndex(after: &end)
        }
        return rest[..<end]
    }

    private func expectClose(_ rest: inout Substring, whole: String) throws(Failure) {
        skipSpaces(&rest)
        guard rest.first == "]" else { throw .syntax("missing ']' in type expression '\(whole)'") }
        rest.removeFirst()
    }

    private func skipSpaces(_ rest: inout Substring) {
        while rest.first == " " { rest.removeFirst() }
    }
}
