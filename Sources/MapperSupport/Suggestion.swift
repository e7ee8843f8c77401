/// "Did you mean" suggestions for misspelled keys, types, models, enums, formats and cases.
package enum Suggestion {
    /// The candidate closest to `word`, if it is close enough to be what was meant: one edit for
    /// short words, up to a third of the letters for long ones. Among equally close candidates the
    /// one sharing the longest prefix wins (`en_USS` → `en_US`, not `en_SS`).
    package static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (name: String, distance: Int, prefix: Int)?
        for candidate in candidates where candidate != word {
            let other = candidate.lowercased()
            if other == lowered { return candidate }
            let allowed = max(1, min(3, max(word.count, candidate.count) / 3))
            guard abs(other.count - lowered.count) <= allowed else { continue }
            let distance = editDistance(lowered, other)
            guard distance <= allowed else { continue }
            let prefix = zip(lowered, other).prefix { $0 == $1 }.count
            if let current = best, (current.distance, -current.prefix) <= (distance, -prefix) { continue }
            best = (candidate, distance, prefix)
        }
        return best?.name
    }

    /// `did you mean 'User'?`, or nil when nothing is close.
    package static func hint(for word: String, in candidates: some Sequence<String>) -> String? {
        closest(to: word, in: candidates).map { "did you mean '\($0)'?" }
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
