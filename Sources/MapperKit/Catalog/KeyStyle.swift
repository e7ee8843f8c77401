/// How a model derives the JSON key of a property that has no `key`.
public enum KeyStyle: String, Sendable, Hashable, CaseIterable {
    case asIs = "as_is"
    case snakeCase = "snake_case"
    case camelCase = "camelCase"
    case pascalCase = "PascalCase"
    case kebabCase = "kebab-case"
    case screamingSnakeCase = "SCREAMING_SNAKE_CASE"

    /// The JSON key for a property name.
    ///
    /// `snake_case` is exactly Foundation's `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase`
    /// (`createdAt` → `created_at`, `myURLProperty` → `my_url_property`, and, as there, `URL` →
    /// `u_rl`: give such properties an explicit `key`). `kebab-case` and `SCREAMING_SNAKE_CASE` are
    /// that result with `-` or in upper case. `camelCase` and `PascalCase` drop underscores,
    /// upper-casing the letter after each, and set the case of the first letter.
    public func key(for name: String) -> String {
        switch self {
        case .asIs: return name
        case .snakeCase: return Self.snakeCase(name)
        case .kebabCase: return Self.snakeCase(name).replacingOccurrences(of: "_", with: "-")
        case .screamingSnakeCase: return Self.snakeCase(name).uppercased()
        case .camelCase: return Self.camelCase(name, upperFirst: false)
        case .pascalCase: return Self.camelCase(name, upperFirst: true)
        }
    }

    /// Foundation's algorithm: split before an upper-case letter that follows a lower-case one, and
    /// before the last capital of a run of capitals followed by a lower-case letter.
    static func snakeCase(_ name: String) -> String {
        // Property names are ASCII identifiers: work on bytes, which is much cheaper than
        // Characters; Characters stay for any other text.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            // Without a capital there is nothing to split or lower: most names of a snake_case
            // catalog are written that way already.
            guard name.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return name }
            // In place: a catalog derives thousands of keys, and copies would be most of the cost.
            var name = name
            return name.withUTF8 { bytes in
                func isUpper(_ index: Int) -> Bool { bytes[index] >= 0x41 && bytes[index] <= 0x5A }
                func isLower(_ index: Int) -> Bool { bytes[index] >= 0x61 && bytes[index] <= 0x7A }
                // Sized exactly, so that a short key stays a small string.
                var words = 0
                forEachWord(count: bytes.count, isUpper: isUpper, isLower: isLower) { _ in words += 1 }
                return String(unsafeUninitializedCapacity: bytes.count + words - 1) { output in
                    var count = 0
                    forEachWord(count: bytes.count, isUpper: isUpper, isLower: isLower) { word in
                        if word.lowerBound > 0 {
                            output[count] = UInt8(ascii: "_")
                            count += 1
                        }
                        for index in word {
                            output[count] = isUpper(index) ? bytes[index] | 0x20 : bytes[index]
                            count += 1
                        }
                    }
                    return count
                }
            }
        }
        let characters = Array(name)
        var words: [String] = []
        forEachWord(count: characters.count, isUpper: { characters[$0].isUppercase }, isLower: { characters[$0].isLowercase }) {
            words.append(String(characters[$0]).lowercased())
        }
        return words.joined(separator: "_")
    }

    /// Calls `body` with each word of a name of `count` characters, in order, split as `snakeCase`
    /// says (every word but the first starts after index 0).
    private static func forEachWord(
        count end: Int, isUpper: (Int) -> Bool, isLower: (Int) -> Bool, _ body: (Range<Int>) -> Void
    ) {
        guard end > 1 else { return body(0..<end) }
        var wordStart = 0
        var searchStart = 1
        while let upper = (searchStart..<end).first(where: isUpper) {
            body(wordStart..<upper)
            guard let lower = (upper..<end).first(where: isLower) else {
                wordStart = upper
                searchStart = end
                break
            }
            if lower == upper + 1 {
                wordStart = upper
            } else {
                body(upper..<(lower - 1))
                wordStart = lower - 1
            }
            searchStart = lower + 1
            if searchStart >= end { break }
        }
        body(wordStart..<end)
    }

    private static func camelCase(_ name: String, upperFirst: Bool) -> String {
        var result = ""
        var upperNext = false
        for character in name {
            if character == "_" {
                upperNext = !result.isEmpty
                continue
            }
            result += upperNext ? character.uppercased() : String(character)
            upperNext = false
        }
        guard let first = result.first else { return name }
        return (upperFirst ? first.uppercased() : first.lowercased()) + result.dropFirst()
    }
}
