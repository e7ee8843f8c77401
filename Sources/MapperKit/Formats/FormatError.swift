/// Why a date or number format cannot be built. The catalog loader turns it into a load-time
/// diagnostic at the format's declaration.
package struct FormatError: Error, Sendable, Hashable {
    /// Stable kebab-case identifier: `invalid-date-pattern`, `unknown-time-zone`,
    /// `unknown-locale`, `unknown-calendar`, `unknown-number-style`.
    package var code: String
    /// One sentence quoting the offending value, e.g. `unknown time zone 'Europe/Pariss'`.
    package var message: String
    /// How to fix it, e.g. `did you mean 'Europe/Paris'?`.
    package var hint: String?

    package init(code: String, message: String, hint: String? = nil) {
        self.code = code
        self.message = message
        self.hint = hint
    }
}

extension FormatError: CustomStringConvertible {
    package var description: String {
        hint.map { "\(message) (\($0))" } ?? message
    }
}

/// Did-you-mean hints for format settings (time zones, locales, styles). Kept apart from the catalog's
/// `Suggestion` so that this folder builds on its own; its tie-break (longest shared prefix) suits
/// identifiers such as `en_USS` → `en_US`.
enum FormatSuggestion {
    /// `did you mean 'X'?` for the candidate closest to `value` by edit distance (ignoring case),
    /// or nil when nothing is close enough to be a plausible typo.
    static func didYouMean(_ value: String, among candidates: some Sequence<String>) -> String? {
        closest(to: value, among: candidates).map { "did you mean '\($0)'?" }
    }

    static func closest(to value: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(value.lowercased().unicodeScalars)
        guard !target.isEmpty else { return nil }
        // One edit for short words, up to a third of the letters for long ones.
        let limit = max(1, target.count / 3)
        // Closest first; among equally close, the one sharing the longest prefix (`en_USS` is
        // `en_US`, not `en_SS`).
        var best: (name: String, distance: Int, prefix: Int)?
        for candidate in candidates {
            let scalars = Array(candidate.lowercased().unicodeScalars)
            guard abs(scalars.count - target.count) <= limit else { continue }
            let distance = editDistance(target, scalars)
            guard distance <= limit else { continue }
            let prefix = zip(target, scalars).prefix(while: { $0 == $1 }).count
            if let current = best, (current.distance, -current.prefix) <= (distance, -prefix) { continue }
            best = (candidate, distance, prefix)
        }
        return best?.name
    }

    /// Levenshtein distance.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
