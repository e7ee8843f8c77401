/// A pattern RE2 cannot run: what is wrong, where (1-based column in the pattern, in characters),
/// and, for constructs that need backtracking, which construct it is.
public struct RegexError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written, which `column` counts into.
    public var pattern: String
    /// RE2's own explanation, e.g. `invalid perl operator: (?=`.
    public var reason: String
    /// The part of the pattern RE2 blames.
    public var fragment: String
    /// Where `fragment` starts in the pattern (1-based, in characters); nil when RE2 names none.
    public var column: Int?
    /// The unsupported construct, when it is one people bring from backtracking engines:
    /// `lookahead`, `lookbehind`, `a backreference`, `an atomic group`, `a possessive quantifier`.
    public var construct: String?

    init(pattern: String, code: Int, message: String, fragment: String) {
        self.pattern = pattern
        self.reason = message
        self.fragment = fragment
        column = Self.column(of: fragment, in: pattern)
        // RE2 blames `(?<` for a lookbehind: look at the pattern itself from there.
        let rest = column.map { String(pattern.dropFirst($0 - 1)) } ?? fragment
        construct = Self.construct(of: rest.hasPrefix(fragment) ? rest : fragment)
    }

    /// One sentence: `lookahead '(?=' at column 3, which RE2 does not support: it matches in
    /// linear time, without backtracking`, or RE2's reason with its column.
    public var description: String {
        let place = column.map { " at column \($0)" } ?? ""
        if let construct {
            return "\(construct) '\(fragment)'\(place), which RE2 does not support: it matches in linear time, without backtracking"
        }
        return "\(reason)\(place)"
    }

    /// Where `fragment` first occurs in `pattern` (1-based, in characters).
    private static func column(of fragment: String, in pattern: String) -> Int? {
        guard !fragment.isEmpty else { return nil }
        let characters = Array(pattern)
        let wanted = Array(fragment)
        guard wanted.count <= characters.count else { return nil }
        for start in 0...(characters.count - wanted.count) where Array(characters[start..<start + wanted.count]) == wanted {
            return start + 1
        }
        return nil
    }

    /// The construct `text` (the pattern from where RE2 stopped) starts with.
    private static func construct(of text: String) -> String? {
        if text.hasPrefix("(?=") || text.hasPrefix("(?!") { return "lookahead" }
        if text.hasPrefix("(?<=") || text.hasPrefix("(?<!") { return "lookbehind" }
        if text.hasPrefix("(?>") { return "an atomic group" }
        if text.hasPrefix("\\"), let next = text.dropFirst().first, next.isNumber { return "a backreference" }
        if text.hasPrefix("\\k<") || text.hasPrefix("\\k'") || text.hasPrefix("\\g") { return "a backreference" }
        if ["++", "*+", "?+", "}+"].contains(where: { text.hasPrefix($0) }) { return "a possessive quantifier" }
        return nil
    }
}
