extension Catalog {
    /// The catalog as JSON: models (with their properties), enums, formats and routes. What
    /// `mapper models --format json` prints and the service's `GET /v1/catalog` includes.
    public var descriptionJSON: JSONValue {
        [
            "models": .array(modelNames.compactMap { models[$0].map(Self.describe) }),
            "enums": .array(enumNames.compactMap { enums[$0].map(Self.describe) }),
            "formats": .array(formatNames.compactMap { formats[$0].map(Self.describe) }),
            "routes": .array(routes.blocks.flatMap { block in block.routes.map { Self.describe($0, in: block) } }),
        ]
    }

    private static func describe(_ model: ModelSpec) -> JSONValue {
        var object = JSONObject()
        object.append("name", .string(model.name))
        if let doc = model.doc { object.append("doc", .string(doc)) }
        if let base = model.base { object.append("extends", .string(base)) }
        object.append("keyStyle", .string(model.keyStyle.rawValue))
        object.append("unknownKeys", .string(model.unknownKeys.rawValue))
        if let omit = model.omit { object.append("omit", .string(omit.rawValue)) }
        object.append("version", .number(JSONNumber(Int64(model.version))))
        object.append("source", .string(model.mark.description))
        object.append("properties", .array(model.properties.map(describe)))
        if let variants = model.variants {
            var described = JSONObject()
            if !variants.predicates.isEmpty {
                described.append(
                    "when",
                    .array(
                        variants.predicates.map { predicate in
                            switch predicate.test {
                            case .has(let path): return ["has": .string(path.description), "model": .string(predicate.model)]
                            case .equals(let expected):
                                let members = expected.sorted { $0.key.description < $1.key.description }
                                    .map { JSONObject.Member(key: $0.key.description, value: $0.value) }
                                return ["equals": .object(JSONObject(members)), "model": .string(predicate.model)]
                            case .expression(let expression): return ["if": .string(expression.source), "model": .string(predicate.model)]
                            }
                        }))
            }
            if let discriminator = variants.discriminator {
                described.append("by", .string(discriminator.by.description))
                described.append("cases", .array(discriminator.cases.map { ["value": $0.value, "model": .string($0.model)] }))
            }
            if let fallback = variants.fallback { described.append("fallback", .string(fallback)) }
            object.append("variants", .object(described))
        }
        return .object(object)
    }

    private static func describe(_ property: PropertySpec) -> JSONValue {
        var object = JSONObject()
        object.append("name", .string(property.name))
        object.append("type", .string(property.type.description))
        if let key = property.key { object.append("key", .string(key.description)) }
        if property.required { object.append("required", true) }
        if let value = property.defaultValue { object.append("default", value) }
        if let representation = property.representation { object.append("json", .string(representation.rawValue)) }
        if let format = property.format { object.append("format", .string(format.name)) }
        if property.transient { object.append("transient", true) }
        if let computed = property.computed { object.append("computed", .string(computed.rawValue)) }
        if !property.compare { object.append("compare", false) }
        if !property.archive { object.append("archive", false) }
        if let omit = property.omit { object.append("omit", .string(omit.rawValue)) }
        if property.merge != .replace { object.append("merge", .string(property.merge.rawValue)) }
        if property.flatten { object.append("flatten", true) }
        if property.onError != .fail { object.append("onError", .string(property.onError.rawValue)) }
        if let transform = property.transform { object.append("transform", .string(transform)) }
        if let decode = property.decode { object.append("decode", .string(decode.source)) }
        if let encode = property.encode { object.append("encode", .string(encode.source)) }
        if property.isDecodeOnly { object.append("decodeOnly", true) }
        if let expression = property.defaultExpression { object.append("default", ["expr": .string(expression.source)]) }
        if let doc = property.doc { object.append("doc", .string(doc)) }
        if property.declaredIn != "" { object.append("declaredIn", .string(property.declaredIn)) }
        object.append("source", .string(property.mark.description))
        return .object(object)
    }

    private static func describe(_ spec: EnumSpec) -> JSONValue {
        var object = JSONObject()
        object.append("name", .string(spec.name))
        if let doc = spec.doc { object.append("doc", .string(doc)) }
        object.append(
            "cases",
            .array(
                spec.cases.map { item in
                    var described: JSONObject = ["name": .string(item.name), "json": item.json]
                    if !item.aliases.isEmpty { described.append("aliases", .array(item.aliases)) }
                    return .object(described)
                }))
        if let defaultCase = spec.defaultCase { object.append("default", .string(defaultCase)) }
        object.append("source", .string(spec.mark.description))
        return .object(object)
    }

    private static func describe(_ format: FormatSpec) -> JSONValue {
        var object = JSONObject()
        object.append("name", .string(format.name))
        object.append(format.style.rawValue, .string(format.pattern))
        object.append("locale", .string(format.locale))
        if let timeZone = format.timeZone { object.append("timeZone", .string(timeZone)) }
        object.append("source", .string(format.mark.description))
        return .object(object)
    }

    private static func describe(_ route: RouteTable.Route, in block: RouteTable.Block) -> JSONValue {
        var object: JSONObject = ["pattern": .string(route.description), "model": .string(route.model)]
        if !block.prefix.isEmpty { object.append("prefix", .string(block.prefix.joined(separator: "/"))) }
        if let errorModel = block.errorModel { object.append("errorModel", .string(errorModel)) }
        object.append("source", .string(route.mark.description))
        return .object(object)
    }
}
