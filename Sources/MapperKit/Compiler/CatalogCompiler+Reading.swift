import MapperSupport
import MapperYAML

/// A YAML mapping read as a record of known fields.
struct Fields {
    let node: Node
    let pairs: [Pair]

    subscript(key: String) -> Node? {
        pairs.first { $0.key.scalar?.text == key }?.value
    }

    /// The position of a field's key (for "field X does not apply" messages).
    func keyMark(_ key: String) -> Mark? {
        pairs.first { $0.key.scalar?.text == key }?.key.mark
    }

    func has(_ key: String) -> Bool { self[key] != nil }
}

extension CatalogCompiler {
    /// The pairs of a mapping node; reports anything else.
    mutating func mappingPairs(_ node: Node, what: @autoclosure () -> String) -> [Pair]? {
        if let pairs = node.mapping { return pairs }
        if node.isNull { return [] }
        error(.invalidValue, "\(what()) must be a mapping, not \(node.kindDescription)", at: node.mark)
        return nil
    }

    /// Reads a mapping whose keys must come from `allowed`; unknown keys are reported with a
    /// suggestion (or the hint `misplaced` gives for a key that belongs elsewhere) and left out.
    mutating func record(
        _ node: Node, allowed: [String], what: @autoclosure () -> String, misplaced: [String: String] = [:]
    ) -> Fields? {
        guard let pairs = mappingPairs(node, what: what()) else { return nil }
        var known: [Pair] = []
        for pair in pairs {
            let key = pair.key.scalar?.text ?? ""
            if pair.key.scalar != nil, allowed.contains(key) {
                known.append(pair)
            } else if let hint = misplaced[key] {
                error(.unknownKey, "unknown key '\(key)' in \(what())", at: pair.key.mark, hint: hint)
            } else {
                let suggestion = Self.suggestion(for: key, in: allowed, otherwise: "expected one of: \(allowed.joined(separator: ", "))")
                error(
                    .unknownKey, "unknown key '\(key)' in \(what())", at: pair.key.mark, hint: suggestion.hint,
                    replacement: suggestion.replacement)
            }
        }
        return Fields(node: node, pairs: known)
    }

    /// A string scalar (quoted or plain text that resolved to a string).
    mutating func string(_ node: Node, what: @autoclosure () -> String) -> String? {
        if let text = node.string { return text }
        error(
            .invalidValue, "\(what()) must be a string, not \(node.kindDescription)", at: node.mark,
            hint: node.scalar != nil ? "quote it: \"\(node.scalar!.text)\"" : nil)
        return nil
    }

    /// Any non-null scalar's text: for values such as key paths, where `2019` means the text "2019".
    mutating func text(_ node: Node, what: @autoclosure () -> String) -> String? {
        if let scalar = node.scalar, scalar.kind != .null { return scalar.text }
        error(.invalidValue, "\(what()) must be a string, not \(node.kindDescription)", at: node.mark)
        return nil
    }

    mutating func bool(_ node: Node, what: @autoclosure () -> String) -> Bool? {
        if let value = node.scalar?.bool { return value }
        error(
            .invalidValue, "\(what()) must be true or false, not \(node.kindDescription)", at: node.mark,
            hint: ["yes", "no", "on", "off"].contains(node.scalar?.text.lowercased() ?? "")
                ? "YAML 1.2 reads '\(node.scalar!.text)' as a string; write true or false" : nil)
        return nil
    }

    mutating func integer(_ node: Node, what: @autoclosure () -> String, minimum: Int64) -> Int? {
        guard let value = node.scalar?.int else {
            error(.invalidValue, "\(what()) must be an integer, not \(node.kindDescription)", at: node.mark)
            return nil
        }
        guard value >= minimum, value <= Int64(Int32.max) else {
            error(.invalidValue, "\(what()) must be at least \(minimum), not \(value)", at: node.mark)
            return nil
        }
        return Int(value)
    }

    /// One of a closed set of words, with a suggestion when misspelled.
    mutating func word(
        _ node: Node, what: @autoclosure () -> String, in choices: [String], code: Diagnostic.Code = .invalidValue
    ) -> String? {
        guard let text = node.scalar?.text, node.scalar?.kind != .null else {
            error(
                code, "\(what()) must be one of \(choices.joined(separator: ", ")), not \(node.kindDescription)",
                at: node.mark)
            return nil
        }
        guard choices.contains(text) else {
            let suggestion = Self.suggestion(for: text, in: choices, otherwise: "expected one of: \(choices.joined(separator: ", "))")
            error(code, "unknown \(what()) '\(text)'", at: node.mark, hint: suggestion.hint, replacement: suggestion.replacement)
            return nil
        }
        return text
    }

    /// The JSON value a YAML node denotes (mapping keys become strings); reports values JSON
    /// cannot hold (`.inf`, `.nan`).
    mutating func json(_ node: Node, what: @autoclosure () -> String) -> JSONValue? {
        switch JSONValue.fromYAML(node) {
        case .success(let value):
            return value
        case .failure(let failure):
            error(.invalidValue, "\(what()) \(failure.message)", at: failure.mark)
            return nil
        }
    }
}
