import MapperYAML

extension CatalogCompiler {
    /// The name of the one property of a route's value model, which holds the whole body.
    static let routeValueProperty = "value"

    /// Routes whose body is not an object (`GET /count: int`, `GET /tags: [string]`) or may be
    /// `null` (`GET /me: User?`): each such type a route names becomes a hidden model with one
    /// property, `value`, of that type (`User` for `User?`), declared before the models compile
    /// so that its type is checked as any property's. Its name is
    /// `Catalog.routeBodyModel(expression)`, which no declared name can be (an enum body's
    /// expression is the enum's name); `Catalog.modelType(named:)` finds it by the expression.
    /// Decoding and encoding through it map the body itself (`ModelSpec.isRouteValue`), `null`
    /// as `null`; `Catalog.models` and `modelNames` leave it out. Each route's expression is
    /// kept by where its value is written (`routeValues`), for `compileRoutes`.
    mutating func declareRouteValues() {
        for declaration in routeDeclarations {
            guard let paths = declaration.body.mapping?.first(where: { $0.key.string == "paths" })?.value.mapping else { continue }
            for pair in paths {
                guard let (expression, type) = routeValue(pair.value) else { continue }
                routeValues[pair.value.mark] = expression
                let name = Catalog.routeBodyModel(expression)
                guard modelDeclarations[name] == nil else { continue }
                let mark = pair.value.mark
                let property = Pair(key: Self.scalar(Self.routeValueProperty, at: mark), value: Self.scalar(type, at: mark))
                let body = Node(
                    .mapping([Pair(key: Self.scalar("properties", at: mark), value: Node(.mapping([property]), mark: mark))]), mark: mark)
                modelDeclarations[name] = Declaration(name: name, mark: mark, body: body)
                modelOrder.append(name)
            }
        }
    }

    /// A route's value: the name it gets and the type expression of its `value` property. A type
    /// expression that is not a model (`int`, `[string]`, `[string: int]`, `string | int`, an
    /// enum) is named by its canonical spelling and is its own type; a model's name with `?`
    /// (`User?`) is named so and its type is the model. Nil for a model's name, or what names
    /// an unknown type, or `?` after a type that is not a model: the route reports those
    /// (`reportUnknownRouteBody`).
    private func routeValue(_ node: Node) -> (name: String, type: String)? {
        guard let written = typeExpression(node) else { return nil }
        if let model = Self.nullableModel(written) {
            return modelDeclarations[model] != nil ? (model + "?", model) : nil
        }
        guard modelDeclarations[written] == nil, let type = try? typeParser.parse(written) else { return nil }
        if case .model = type { return nil }
        return (type.description, type.description)
    }

    /// The model's name in `Name?`, when that is how the text is written (spaces allowed before `?`).
    private static func nullableModel(_ text: String) -> String? {
        guard let name = beforeQuestionMark(text), TypeExpressionParser.isName(name) else { return nil }
        return String(name)
    }

    /// What is written before a final `?` (the spaces before it dropped); nil without one.
    private static func beforeQuestionMark(_ text: String) -> Substring? {
        guard text.hasSuffix("?") else { return nil }
        var rest = text.dropLast()
        while rest.last == " " { rest.removeLast() }
        return rest
    }

    /// Reports the body of a route that names neither a model nor a type: an unknown model,
    /// a type expression naming an unknown type (reported as a property's would be), or `?`
    /// after a type whose routes take `null` already.
    mutating func reportUnknownRouteBody(_ written: String, node: Node, pattern: String) {
        if let bare = Self.beforeQuestionMark(written).map(String.init) {
            if let type = try? typeParser.parse(bare) {
                error(
                    .invalidType, "route '\(pattern)' names '\(written)', but a body of type '\(type)' may be null already",
                    at: node.mark, hint: "write '\(type)'; '?' goes after a model's name ('User?')", replacement: type.description)
            } else if TypeExpressionParser.isName(bare) {
                reportUnknownModel(bare, at: node.mark, context: "route '\(pattern)' names")
            } else {
                _ = typeSpec(Self.scalar(bare, at: node.mark), what: "the body of route '\(pattern)'")
            }
        } else if TypeExpressionParser.isName(written) {
            reportUnknownModel(written, at: node.mark, context: "route '\(pattern)' names")
        } else {
            _ = typeSpec(node, what: "the body of route '\(pattern)'")
        }
    }

    /// Marks the route value models once compiled.
    mutating func markRouteValues() {
        for expression in Set(routeValues.values) { models[Catalog.routeBodyModel(expression)]?.isRouteValue = true }
    }

    /// A type expression parser resolving names against the catalog's declarations.
    var typeParser: TypeExpressionParser {
        TypeExpressionParser(
            isModel: { [modelDeclarations] in modelDeclarations[$0] != nil },
            isEnum: { [enumDeclarations] in enumDeclarations[$0] != nil })
    }

    /// A plain string scalar at `mark`, for the nodes of a declaration the compiler makes itself.
    static func scalar(_ text: String, at mark: Mark) -> Node {
        Node(.scalar(Scalar(text: text, kind: .string, style: .plain)), mark: mark)
    }
}
