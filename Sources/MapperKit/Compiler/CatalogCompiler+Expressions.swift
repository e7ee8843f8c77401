import MapperCEL
import MapperSupport
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

    /// `self.name` in a property's expressions or a model's rules must name a property of the
    /// model (with those it inherits): otherwise an `invalid-expression` error at the expression,
    /// naming the column and the nearest property. Each expression is checked once, in the model
    /// that declares it; `$type` and `$extra` pass.
    mutating func checkSelfReferences() {
        var checked: Set<Mark> = []
        for name in modelOrder {
            guard let spec = models[name], !spec.rules.isEmpty || spec.properties.contains(where: \.usesExpressions) else { continue }
            let properties = spec.properties.map(\.name)
            var expressions: [(Expression, String)] = []
            for property in spec.properties where property.declaredIn == name {
                let owner = "'\(name).\(property.name)'"
                if let decode = property.decode { expressions.append((decode, "the decode expression of \(owner)")) }
                if let encode = property.encode { expressions.append((encode, "the encode expression of \(owner)")) }
                if let expression = property.defaultExpression { expressions.append((expression, "the default expression of \(owner)")) }
            }
            for rule in spec.rules { expressions.append((rule.rule, "the rule of model '\(name)'")) }
            for (expression, what) in expressions where checked.insert(expression.mark).inserted {
                for selection in expression.program.selections(of: "self").selections {
                    guard let field = selection.path.first, !field.hasPrefix("$"), !properties.contains(field) else { continue }
                    error(
                        .invalidExpression,
                        "\(what) reads self.\(field) at column \(selection.column) of the expression '\(expression.source)', but model '\(name)' has no property '\(field)'",
                        at: expression.mark, hint: Suggestion.hint(for: field, in: properties))
                }
            }
        }
    }
}
