/// `pattern` constraints compiled on first use and kept. A `Regex` is not `Sendable`, so the
/// shared catalog cannot hold them: each reader and transcoder (one set per session) keeps its own.
struct RegexCache {
    private var compiled: [String: Regex<AnyRegexOutput>] = [:]

    /// Whether `text` contains a match of `pattern` (`firstMatch`, as JSON Schema's `pattern`).
    mutating func matches(_ text: String, _ pattern: Pattern) -> Bool {
        let regex: Regex<AnyRegexOutput>
        if let cached = compiled[pattern.source] {
            regex = cached
        } else if let made = try? Regex(pattern.source) {
            compiled[pattern.source] = made
            regex = made
        } else {
            return true  // a pattern that does not compile is refused at load
        }
        return (try? regex.firstMatch(in: text)) != nil
    }
}
