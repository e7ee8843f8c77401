import MapperSupport
import MapperYAML

extension PropertyReader {
    /// `on_error: fail | null | default | drop`, checked against what the property can hold.
    func readOnError(_ node: Node, fields: Fields, into property: inout PropertySpec, compiler: inout CatalogCompiler) -> Bool {
        guard let mode = compiler.onErrorMode(node, what: "on_error of property '\(name)' of model '\(model)'") else { return false }
        let at = fields.keyMark("on_error") ?? node.mark
        if let problem = CatalogCompiler.onErrorProblem(mode, for: property, hasDefault: fields.has("default")) {
            compiler.error(
                .invalidOnError, "'on_error: \(mode.rawValue)' does not apply to property '\(name)' of model '\(model)': \(problem.reason)",
                at: at, hint: problem.hint)
            return false
        }
        property.onError = mode
        return true
    }
}

extension CatalogCompiler {
    /// The word of an `on_error` setting; YAML reads a plain `null` as the null value, which here
    /// is the `null` mode.
    mutating func onErrorMode(_ node: Node, what: @autoclosure () -> String) -> OnError? {
        if let scalar = node.scalar, scalar.kind == .null, scalar.text == "null" { return .null }
        let words = OnError.allCases.map(\.rawValue)
        if let text = node.scalar?.text, node.scalar?.kind == .string, let mode = OnError(rawValue: text) { return mode }
        let found = node.scalar.map { "'\($0.text)'" } ?? node.kindDescription
        let otherwise = "expected one of: \(words.joined(separator: ", "))"
        let suggestion = node.scalar.map { CatalogCompiler.suggestion(for: $0.text, in: words, otherwise: otherwise) } ?? (otherwise, nil)
        error(
            .invalidOnError, "\(what()) must be fail, null, default or drop, not \(found)", at: node.mark, hint: suggestion.hint,
            replacement: suggestion.replacement)
        return nil
    }

    /// Why `mode` cannot hold for `property` (nil when it can): the one rule both the property's
    /// own `on_error` and the model's obey.
    static func onErrorProblem(_ mode: OnError, for property: PropertySpec, hasDefault: Bool) -> (reason: String, hint: String)? {
        if property.transient || property.computed != nil || property.flatten {
            guard mode == .fail else {
                return ("it is never read from JSON itself", "remove 'on_error'")
            }
            return nil
        }
        switch mode {
        case .fail:
            return nil
        case .null where property.required:
            return ("a required property is never null", "remove 'required', or remove 'on_error'")
        case .drop where property.required:
            return ("a required property is never absent", "remove 'required', or remove 'on_error'")
        case .default where !hasDefault:
            return ("it has no default", "add 'default: …', or use 'on_error: null'")
        case .default where property.defaultExpression != nil:
            return (
                "its default is an expression, computed only when the key is absent",
                "give a constant 'default: …', or use 'on_error: null'"
            )
        default:
            return nil
        }
    }
}
