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
    mutating func expression(_ node: Node, what: @autoclosure () -> String, variables: Set<String>) -> Expression? {
        guard let scalar = node.scalar, scalar.kind != .null, !scalar.text.isEmpty else {
            error(
                .invalidExpression, "\(what()) must be a CEL expression written as a string, not \(node.kindDescription)", at: node.mark,
                hint: "write it as a string, e.g. \"input.first + ' ' + input.last\"")
            return nil
        }
        let variables = compiledTables.isEmpty ? variables : variables.union(["tables"])
        do {
            return try Expression(
                source: scalar.text, mark: node.mark, variables: variables, functions: celFunctions, constants: tableConstants)
        } catch {
            let names = variables.sorted().map { "'\($0)'" }.joined(separator: " and ")
            let hint: String? =
                error.code == .unknownVariable
                ? (variables.count == 1 ? "the variable here is \(names)" : "the variables here are \(names)")
                : error.code == .noSuchOverload ? "see docs/language/expressions.md for the functions" : nil
            self.error(
                .invalidExpression,
                "\(what()) \(error.code == .syntax ? "does not parse" : "does not compile"): \(error.message) at column \(error.column) of the expression '\(scalar.text)'",
                at: node.mark, hint: hint, excerpt: Diagnostic.Excerpt(text: scalar.text, column: error.column))
            return nil
        }
    }

    /// Checks every expression against the types the catalog declares, in the model that declares
    /// it: `self.name` must name a property of the model (with those it inherits), operators and
    /// functions must apply to their operands' types, and the result must fit — a `decode` or
    /// default expression's the property's type, a rule's and a variant `if`'s a bool. Each
    /// problem is an `invalid-expression` error at the expression, naming the column inside it.
    /// `input` is JSON, so its fields are checked when a record is decoded.
    mutating func checkExpressions() {
        var checked: Set<Mark> = []
        for name in modelOrder {
            guard let spec = models[name] else { continue }
            let predicates = spec.variants?.predicates ?? []
            let hasIf = predicates.contains { if case .expression = $0.test { true } else { false } }
            guard hasIf || !spec.rules.isEmpty || spec.properties.indices.contains(where: { spec.properties[$0].usesExpressions }) else {
                continue
            }
            let this = selfType(of: name, depth: 0)
            var expressions: [(Expression, String, ExpectedResult, SelfSide)] = []
            for property in spec.properties where property.declaredIn == name {
                let owner = "'\(name).\(property.name)'"
                let result = ExpectedResult.type(property.type, owner)
                if let decode = property.decode { expressions.append((decode, "the decode expression of \(owner)", result, .decoded)) }
                if let encode = property.encode {
                    expressions.append((encode, "the encode expression of \(owner)", .json, .canonical(property: property.name)))
                }
                if let expression = property.defaultExpression {
                    expressions.append((expression, "the default expression of \(owner)", result, .decoded))
                }
            }
            for rule in spec.rules { expressions.append((rule.rule, "the rule of model '\(name)'", .bool, .decoded)) }
            for predicate in predicates {
                if case .expression(let expression) = predicate.test {
                    expressions.append((expression, "the 'if' expression of the variants of '\(name)'", .bool, .decoded))
                }
            }
            for (expression, what, result, side) in expressions where checked.insert(expression.mark).inserted {
                guard checkSelfReferences(expression, what: what, in: spec) else { continue }
                if checkType(
                    expression.program, at: expression.mark, what: what, result: result,
                    variables: ["input": .dyn, "self": this, "tables": compiledTables.type])
                {
                    checkNullSafety(expression, what: what, fields: selfPresence(of: name, side: side, depth: 0))
                }
            }
        }
    }

    /// What an expression's result must fit.
    enum ExpectedResult {
        /// A value of the property's type, as the property's canonical JSON reads it.
        case type(TypeSpec, String)
        case bool
        /// Any value JSON can hold (an encode expression's).
        case json
    }

    /// Checks the expression `program` (written at `mark`) with these variables' types, and that
    /// its result fits `result`; true when it passes. A call of a catalog function whose arguments
    /// do not fit its parameters is an `invalid-function-call` error; any other problem
    /// `invalid-expression`.
    @discardableResult
    mutating func checkType(
        _ program: CELProgram, at mark: Mark, what: String, result: ExpectedResult, variables: [String: CELCheckedType]
    ) -> Bool {
        let type: CELCheckedType
        let source = program.source
        do {
            type = try program.check(variables)
        } catch {
            if let function = error.function, let spec = functionSpecs.first(where: { $0.name == function }) {
                let parameters = spec.parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
                self.error(
                    .invalidFunctionCall,
                    "\(what) calls function '\(function)' with arguments that do not fit its parameters: \(error.mapperMessage) at column \(error.column) of the expression '\(source)'",
                    at: mark, hint: "'\(function)' takes (\(parameters)) and returns \(spec.returns)",
                    excerpt: Diagnostic.Excerpt(text: source, column: error.column))
                return false
            }
            self.error(
                .invalidExpression,
                "\(what) does not type-check: \(error.mapperMessage) at column \(error.column) of the expression '\(source)'",
                at: mark, hint: "see docs/language/expressions.md for the functions and the types they take",
                excerpt: Diagnostic.Excerpt(text: source, column: error.column))
            return false
        }
        switch result {
        case .type(let spec, let owner):
            guard !Self.fits(type, spec) else { return true }
            self.error(
                .invalidExpression,
                "\(what) gives \(CELBridge.typeName(type)), which \(owner) of type \(spec) cannot hold: '\(source)'",
                at: mark, hint: Self.conversionHint(for: spec))
        case .bool:
            guard !Self.fits(type, .bool) else { return true }
            self.error(
                .invalidExpression, "\(what) gives \(CELBridge.typeName(type)), not a bool: '\(source)'", at: mark,
                hint: "compare it to something, e.g. 'x != null' or 'size(x) > 0'")
        case .json:
            guard case .type = type else { return true }
            self.error(
                .invalidExpression, "\(what) gives the type \(CELBridge.typeName(type)), which has no JSON form: '\(source)'",
                at: mark)
        }
        return false
    }

    /// Whether a value of CEL type `type` can be the canonical JSON of a property of type `spec`
    /// (as `CELBridge.json` writes it and the canonical reader reads it): `dyn` and `null` may be
    /// anything; a whole double reads as an int; a timestamp, a duration and bytes are written as
    /// strings; a decimal reads numbers and number text.
    static func fits(_ type: CELCheckedType, _ spec: TypeSpec) -> Bool {
        switch type {
        case .dyn, .null: return true
        case .type: return false
        default: break
        }
        switch spec {
        case .enumeration: return TextResults.holds(type)
        case .array(let element):
            if case .list(let item) = type { return fits(item, element) }
            return false
        case .dictionary(let element):
            if case .map(let key, let value) = type { return (key == .string || key == .dyn) && fits(value, element) }
            if case .object = type { return true }
            return false
        case .model:
            switch type {
            case .map(let key, _): return key == .string || key == .dyn
            case .object: return true
            default: return false
            }
        case .union(let members): return members.contains { fits(type, $0) }
        default: return spec.scalarType?.holds(type) ?? false
        }
    }

    private static func conversionHint(for spec: TypeSpec) -> String? {
        if case .enumeration = spec { return StringScalar.conversionHint }
        return spec.scalarType?.conversionHint
    }

    /// The CEL type of `self` in the expressions of model `name`: its properties (with those it
    /// inherits) by name, nested models to a few levels (then maps of anything), `$type` and
    /// `$extra` too.
    func selfType(of name: String, depth: Int) -> CELCheckedType {
        guard depth < 4, let spec = models[name] else { return .map(.string, .dyn) }
        var fields: [String: CELCheckedType] = ["$type": .string, "$extra": .map(.string, .dyn)]
        for property in spec.properties { fields[property.name] = celType(of: property.type, depth: depth) }
        return .object(name, fields)
    }

    func celType(of spec: TypeSpec, depth: Int) -> CELCheckedType {
        switch spec {
        case .enumeration: .string
        case .union: .dyn
        case .model(let name): selfType(of: name, depth: depth + 1)
        case .array(let element): .list(celType(of: element, depth: depth))
        case .dictionary(let element): .map(.string, celType(of: element, depth: depth))
        default: spec.scalarType?.celType ?? .dyn
        }
    }

    /// `self.name` must name a property of the model: otherwise an `invalid-expression` error at
    /// the expression, naming the column and the nearest property; `$type` and `$extra` pass.
    /// False when there was such an error.
    private mutating func checkSelfReferences(_ expression: Expression, what: String, in spec: ModelSpec) -> Bool {
        let properties = spec.properties.map(\.name)
        var clean = true
        for selection in expression.program.selections(of: "self").selections {
            guard let field = selection.path.first, !field.hasPrefix("$"), !properties.contains(field) else { continue }
            clean = false
            let suggestion = Self.suggestion(for: field, in: properties)
            error(
                .invalidExpression,
                "\(what) reads self.\(field) at column \(selection.column) of the expression '\(expression.source)', but model '\(spec.name)' has no property '\(field)'",
                at: expression.mark, hint: suggestion.hint,
                excerpt: Diagnostic.Excerpt(text: expression.source, column: selection.column), replacement: suggestion.replacement)
        }
        return clean
    }
}
