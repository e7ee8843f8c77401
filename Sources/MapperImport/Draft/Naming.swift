/// Turning names from elsewhere (JSON keys, schema names, file names, enum values) into names the
/// mapping language accepts: models and enums `^[A-Z][A-Za-z0-9_]*$`, properties and enum cases
/// `^[A-Za-z_][A-Za-z0-9_]*$`.
package enum Naming {
    /// The words of a text: runs of ASCII letters and digits, split at case changes as a
    /// camelCase name is (`droplet_id` → droplet, id; `HTMLUrl` → HTML, Url; `v4` → v4).
    package static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        func flush() {
            if !current.isEmpty { words.append(String(current)) }
            current.removeAll()
        }
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            guard character.isASCII, character.isLetter || character.isNumber else {
                flush()
                continue
            }
            if let last = current.last, character.isUppercase {
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                // aB → a|B; ABc → A|Bc
                if last.isLowercase || last.isNumber || (last.isUppercase && nextIsLower) { flush() }
            }
            current.append(character)
        }
        flush()
        return words
    }

    /// A model or enum name: `droplet_status` → `DropletStatus`, `1-clicks` → `Type1Clicks`.
    package static func typeName(_ text: String) -> String {
        let joined = words(text).map(capitalized).joined()
        guard let first = joined.first else { return "Model" }
        return first.isLetter ? joined : "Type" + joined
    }

    /// A property name in camelCase: `created_at` → `createdAt`, `@id` → `id`, `2fa` → `_2fa`.
    package static func propertyName(_ key: String) -> String {
        let parts = words(key)
        guard let head = parts.first else { return "_" }
        // A word in capitals stays as it is after the first (`htmlURL`), but the first is lowered.
        let name = lowerFirstWord(head) + parts.dropFirst().map(capitalized).joined()
        return name.first?.isLetter == true ? name : "_" + name
    }

    /// An enum case name for a JSON value: the text itself when it is already a valid name
    /// (`active`, `in_progress`), else its words in snake_case (`s-1vcpu-1gb` → `s_1vcpu_1gb`).
    package static func caseName(_ text: String) -> String {
        if isValidCaseName(text) { return text }
        let name = words(text).joined(separator: "_")
        if name.isEmpty { return "_" }
        return name.first?.isLetter == true ? name : "_" + name
    }

    /// Whether `text` is an enum case name as it is: ASCII letters, digits and `_`, not starting
    /// with a digit.
    package static func isValidCaseName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCIILetter || first == "_" else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "_" }
    }

    /// Whether `text` is a model or enum name as it is: an ASCII capital, then ASCII letters,
    /// digits and `_`.
    package static func isValidTypeName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCIIUpper else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "_" }
    }

    /// A simple English singular for naming array elements: `labels` → `labels`'s element `Label`,
    /// `entries` → `Entry`; nil when the word does not look plural.
    package static func singular(_ word: String) -> String? {
        let lower = word.lowercased()
        if lower.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + "y" }
        if lower.hasSuffix("sses") || lower.hasSuffix("xes") || lower.hasSuffix("ches") || lower.hasSuffix("shes") {
            return String(word.dropLast(2))
        }
        if lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"), !lower.hasSuffix("is"), word.count > 3 {
            return String(word.dropLast())
        }
        return nil
    }

    /// A file name for a group (a tag or an area): `SSH Keys` → `ssh-keys`.
    package static func fileStem(_ text: String) -> String {
        let stem = words(text).map { $0.lowercased() }.joined(separator: "-")
        return stem.isEmpty ? "api" : stem
    }

    private static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    private static func lowerFirstWord(_ word: String) -> String {
        // `URL` → `url`, `Droplet` → `droplet`.
        if word.allSatisfy({ $0.isUppercase || $0.isNumber }) { return word.lowercased() }
        return word.prefix(1).lowercased() + word.dropFirst()
    }
}

/// Hands out names unique across a catalog (models and enums share one namespace), in the order
/// asked, so that the same input always gets the same names.
package struct NameRegistry: Sendable {
    private var taken: Set<String> = []

    /// A registry where the `reserved` names are taken already.
    package init(reserved: some Sequence<String> = []) {
        taken = Set(reserved)
    }

    /// Whether `name` has been claimed (or was reserved).
    package func isTaken(_ name: String) -> Bool { taken.contains(name) }

    /// The first free name among the candidates, else the last one with a number (`Name2`, …).
    package mutating func claim(_ candidates: [String]) -> String {
        for candidate in candidates where !taken.contains(candidate) {
            taken.insert(candidate)
            return candidate
        }
        let base = candidates.last ?? "Model"
        var number = 2
        while taken.contains("\(base)\(number)") { number += 1 }
        taken.insert("\(base)\(number)")
        return "\(base)\(number)"
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) }
    var isASCIIUpper: Bool { (0x41...0x5A).contains(value) }
    var isASCIIDigit: Bool { (0x30...0x39).contains(value) }
}
