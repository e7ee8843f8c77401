import MapperCEL
import MapperYAML

extension CatalogCompiler {
    /// The variables of `decode`, `default: {expr}` and rules (`self` is the model decoded so far).
    static let decodeVariables: Set<String> = ["input", "self"]
    /// The variables of `encode`.
    static let encodeVariables: Set<String> = ["self"]
    /// The variable of a variant's `if`.
    static let variantVariables: Set<String> = ["input"]

    /// Compiles the CEL expression written at `node`; a syntax error or an unknown name is an
    /// `invalid-expression` diagnostic at the node, naming the column inside the expression.
    mutating func expression(_ node: Node, what: String, variables: Set<String>) -> Expression? {
        guard let scalar = node.scalar, scalar.kind != .null, !scalar.text.isEmpty else {
            error(
                .invalidExpression, "\(what) must be a CEL expression written as a string, not \(node.kindDescription)", at: node.mark,
                hint: "write it as a string, e.g. \"input.first + ' ' + input.last\"")
            return nil
        }
        do {
            return try Expression(source: scalar.text, mark: node.mark, variables: variables)
        } catch {
            let names = variables.sorted().map { "'\($0)'" }.joined(separator: " and ")
            let hint: String? =
                error.code == .unknownVariable
                ? (variables.count == 1 ? "the variable here is \(names)" : "the variables here are \(names)")
                : error.code == .noSuchOverload ? "see the README's section on expressions for the functions" : nil
            self.error(
                .invalidExpression,
                "\(what) \(error.code == .syntax ? "does not parse" : "does not compile"): \(error.message) at column \(error.column) of the expression '\(scalar.text)'",
                at: node.mark, hint: hint)
            return nil
        }
    }
}
