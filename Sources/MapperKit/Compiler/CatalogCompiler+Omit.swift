import MapperSupport
import MapperYAML

extension CatalogCompiler {
    /// The word of an `omit` setting. YAML reads a bare `null` as no value at all, so `omit: null`
    /// gets a hint towards `nulls`.
    mutating func omitPolicy(_ node: Node, what: @autoclosure () -> String) -> OmitPolicy? {
        let words = OmitPolicy.allCases.map(\.rawValue)
        if let scalar = node.scalar, scalar.kind == .string, let policy = OmitPolicy(rawValue: scalar.text) { return policy }
        let found = node.scalar.map { $0.kind == .null ? "null" : "'\($0.text)'" } ?? node.kindDescription
        let hint: String
        if node.scalar?.kind == .null || node.scalar?.text == "null" {
            hint = "write 'nulls' (YAML reads a bare null as no value)"
        } else {
            hint = node.scalar.flatMap { Suggestion.hint(for: $0.text, in: words) } ?? "expected one of: \(words.joined(separator: ", "))"
        }
        error(.invalidValue, "\(what()) must be never, nulls or empty, not \(found)", at: node.mark, hint: hint)
        return nil
    }

    /// Gives the model's `omit` (own, inherited or from its file's defaults) to each of its
    /// properties that has none of its own: the nearest setting wins.
    static func applyModelOmit(to spec: inout ModelSpec) {
        guard let policy = spec.omit else { return }
        for index in spec.properties.indices where spec.properties[index].omit == nil {
            spec.properties[index].omit = policy
        }
    }
}
