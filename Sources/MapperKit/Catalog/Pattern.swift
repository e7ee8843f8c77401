/// A `pattern` constraint: a regular expression a string must contain a match of (unanchored, as
/// in JSON Schema). Checked when the catalog loads.
public struct Pattern: Sendable, Hashable, CustomStringConvertible {
    public let source: String

    /// Checks that `source` compiles and cannot backtrack catastrophically (`PatternSafety`);
    /// throws what is wrong with it.
    init(_ source: String) throws(PatternError) {
        do {
            _ = try Regex(source)
        } catch {
            throw PatternError(isUnsafe: false, message: "\(error)")
        }
        if let problem = PatternSafety.problem(in: source) {
            throw PatternError(isUnsafe: true, message: problem)
        }
        self.source = source
    }

    public var description: String { source }

    /// Whether `string` contains a match. Compiles the expression on each call: for load-time
    /// checks of defaults, not for the decode path.
    func matches(_ string: String) -> Bool {
        guard let regex = try? Regex(source) else { return false }
        return (try? regex.firstMatch(in: string)) != nil
    }
}

struct PatternError: Error {
    /// The expression compiles, but could take exponential time to match.
    var isUnsafe: Bool
    var message: String
}
