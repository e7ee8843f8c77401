import MapperYAML

extension CatalogCompiler {
    /// The name of the one property of a route's value model, which holds the whole body.
    static let routeValueProperty = "value"

    /// Routes whose body is not an object (`GET /count: int`, `GET /tags: [string]`): each type
    /// expression a route names that is not a model becomes a hidden model with one property,
    /// `value`, of that type, declared before the models compile so that its type is checked as
    /// any property's. Its name is `Catalog.routeBodyModel(expression)`, which no declared name
    /// can be (an enum body's expression is the enum's name); `Catalog.modelType(named:)` finds it
    /// by the expression. Decoding and encoding through it map the body itself
    /// (`ModelSpec.isRouteValue`); `Catalog.models` and `modelNames` leave it out.
    mutating func declareRouteValues() {
        for declaration in routeDeclarations {
            guard let paths = declaration.body.mapping?.first(where: { $0.key.string == "paths" })?.value.mapping else { continue }
            for pair in paths {
                guard let expression = routeValueName(pair.value), !routeValueNames.contains(expression) else { continue }
                let name = Catalog.routeBodyModel(expression)
                let property = Pair(
                    key: Node(.scalar(Scalar(text: Self.routeValueProperty, kind: .string, style: .plain)), mark: pair.value.mark),
                    value: pair.value)
                let properties = Node(.mapping([property]), mark: pair.value.mark)
                let body = Node(
                    .mapping([
                        Pair(
                            key: Node(.scalar(Scalar(text: "properties", kind: .string, style: .plain)), mark: pair.value.mark),
                            value: properties)
                    ]), mark: pair.value.mark)
                modelDeclarations[name] = Declaration(name: name, mark: pair.value.mark, body: body)
                modelOrder.append(name)
                routeValueNames.insert(expression)
            }
        }
    }

    /// The name a route's value gets: a model's name as written; a type expression that is not a
    /// model (`int`, `[string]`, `[string: int]`, `string | int`, an enum) in its canonical
    /// spelling. Nil when it is neither, or names an unknown type: the route reports that.
    func routeValueName(_ node: Node) -> String? {
        guard let expression = typeExpression(node), modelDeclarations[expression] == nil else { return nil }
        let parser = TypeExpressionParser(
            isModel: { [modelDeclarations] in modelDeclarations[$0] != nil },
            isEnum: { [enumDeclarations] in enumDeclarations[$0] != nil })
        guard let type = try? parser.parse(expression) else { return nil }
        if case .model = type { return nil }
        return type.description
    }

    /// Marks the route value models once compiled.
    mutating func markRouteValues() {
        for expression in routeValueNames { models[Catalog.routeBodyModel(expression)]?.isRouteValue = true }
    }
}
