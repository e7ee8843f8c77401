import MapperRegex

/// A `pattern` constraint: a regular expression a string must contain a match of (unanchored, as
/// in JSON Schema), in RE2's syntax, compiled once when the catalog loads and matched in time
/// linear in the string for every pattern.
public struct Pattern: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written in the mapping file.
    public let source: String
    /// Shared by every thread (RE2 matching is thread-safe).
    let regex: RE2Regex

    /// Compiles `source`; throws what RE2 cannot run (backreferences, lookaround, …) with its
    /// column.
    init(_ source: String) throws(RegexError) {
        regex = try RE2Regex(source)
        self.source = source
    }

    /// The expression as written.
    public var description: String { source }

    /// Whether `string` contains a match.
    func matches(_ string: String) -> Bool {
        regex.contains(string)
    }

    /// Whether the UTF-8 bytes contain a match.
    func matches(_ bytes: UnsafeRawBufferPointer) -> Bool {
        regex.contains(bytes)
    }

    /// Patterns are equal when written the same; the compiled form plays no part.
    public static func == (lhs: Pattern, rhs: Pattern) -> Bool { lhs.source == rhs.source }
    /// Hashes the written expression, to agree with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}
