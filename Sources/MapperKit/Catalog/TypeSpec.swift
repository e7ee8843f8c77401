/// A property's type, written as a type expression: `string`, `[Label]`, `[string: int]`.
public indirect enum TypeSpec: Sendable, Hashable, CustomStringConvertible {
    case string, int, double, decimal, bool, url, uuid, date, any
    case model(String)
    case enumeration(String)
    case array(TypeSpec)
    case dictionary(TypeSpec)

    /// The scalar types by their names in type expressions.
    static let scalars: [String: TypeSpec] = [
        "string": .string, "int": .int, "double": .double, "decimal": .decimal, "bool": .bool,
        "url": .url, "uuid": .uuid, "date": .date, "any": .any,
    ]

    /// The type expression that denotes this type.
    public var description: String {
        switch self {
        case .string: return "string"
        case .int: return "int"
        case .double: return "double"
        case .decimal: return "decimal"
        case .bool: return "bool"
        case .url: return "url"
        case .uuid: return "uuid"
        case .date: return "date"
        case .any: return "any"
        case .model(let name), .enumeration(let name): return name
        case .array(let element): return "[\(element)]"
        case .dictionary(let value): return "[string: \(value)]"
        }
    }

    /// The type of the values inside arrays and dictionaries (the type itself otherwise): what
    /// `format`, `json` and `transform` apply to.
    public var leaf: TypeSpec {
        switch self {
        case .array(let element), .dictionary(let element): return element.leaf
        default: return self
        }
    }

    public var isNumber: Bool { self == .int || self == .double || self == .decimal }

    public var isCollection: Bool {
        switch self {
        case .array, .dictionary: return true
        default: return false
        }
    }

    /// Every model or enum name the type mentions.
    var referencedNames: [String] {
        switch self {
        case .model(let name), .enumeration(let name): return [name]
        case .array(let element), .dictionary(let element): return element.referencedNames
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
        let type = try parseType(&rest, whole: text)
        skipSpaces(&rest)
        guard rest.isEmpty else {
            throw .syntax("unexpected '\(rest)' after the type '\(type)' in type expression '\(text)'")
        }
        return type
    }

    private func parseType(_ rest: inout Substring, whole: String) throws(Failure) -> TypeSpec {
        skipSpaces(&rest)
        if rest.first == "[" {
            rest.removeFirst()
            let first = try parseType(&rest, whole: whole)
            skipSpaces(&rest)
            if rest.first == ":" {
                rest.removeFirst()
                guard first == .string else {
                    throw .syntax("dictionary keys are always strings: write '[string: T]', not '\(whole)'")
                }
                let value = try parseType(&rest, whole: whole)
                try expectClose(&rest, whole: whole)
                return .dictionary(value)
            }
            try expectClose(&rest, whole: whole)
            return .array(first)
        }
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !name.isEmpty else {
            throw .syntax(rest.isEmpty
                ? "type expression '\(whole)' ends where a type was expected"
                : "unexpected '\(rest.prefix(1))' in type expression '\(whole)'")
        }
        rest.removeFirst(name.count)
        let word = String(name)
        if let scalar = TypeSpec.scalars[word] { return scalar }
        if isModel(word) { return .model(word) }
        if isEnum(word) { return .enumeration(word) }
        throw .unknownName(word)
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
