/// Which JSON a schema describes.
public enum SchemaSide: String, Sendable, CaseIterable {
    /// Canonical JSON: property names, canonical values, `$type`, `$extra`.
    case canonical
    /// The external JSON a model decodes from and encodes to: key paths as nested objects,
    /// representation hints, formats, enum JSON values, discriminators.
    case external
}

extension Catalog {
    /// A JSON Schema (draft 2020-12) of one side of a model; referenced models are in `$defs`.
    /// `partial`: of a partial document (PATCH): nothing is `required`, every property may be
    /// null, and a model with variants may also be the declared model itself.
    ///
    /// ```swift
    /// let schema = try catalog.jsonSchema(for: "Issue", side: .external)
    /// ```
    public func jsonSchema(for model: String, side: SchemaSide, partial: Bool = false) throws(MappingErrors) -> JSONValue {
        let type = try requireType(model)
        var generator = SchemaGenerator(table: table, formats: formats, side: side)
        generator.partial = partial
        // A route's body type (`[string]`, `Release?`) is the schema of its value, not of an object.
        let root =
            type.spec.isRouteValue
            ? generator.routeValueSchema(type) : generator.reference(to: type.index, dispatch: type.variants != nil)
        generator.drain()
        var object: JSONObject = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": .string("urn:mapper:\(side.rawValue):\(model)"),
            "title": .string("\(model) (\(side.rawValue) JSON\(partial ? ", partial" : ""))"),
        ]
        if let doc = type.spec.doc { object.append("description", .string(doc)) }
        if case .object(let reference) = root { object.members += reference.members }
        object.append("$defs", .object(JSONObject(generator.definitions)))
        return .object(object)
    }
}

/// Builds `$defs` for every model reachable from the root, one definition per model (plus one per
/// model with variants for its dispatch), so recursive models terminate.
struct SchemaGenerator {
    let table: ModelTable
    let formats: [String: FormatSpec]
    let side: SchemaSide
    /// A partial document's schema: no `required`, every property nullable.
    var partial = false
    private(set) var definitions: [JSONObject.Member] = []
    private var requested: Set<String> = []
    private var pending: [(name: String, type: Int, dispatch: Bool)] = []

    init(table: ModelTable, formats: [String: FormatSpec], side: SchemaSide) {
        self.table = table
        self.formats = formats
        self.side = side
    }

    mutating func reference(to index: Int, dispatch: Bool) -> JSONValue {
        let name = table.types[index].name + (dispatch ? ".variants" : "")
        if requested.insert(name).inserted { pending.append((name, index, dispatch)) }
        return ["$ref": .string("#/$defs/\(name)")]
    }

    mutating func drain() {
        while !pending.isEmpty {
            let next = pending.removeFirst()
            let type = table.types[next.type]
            let definition = next.dispatch ? variantsSchema(type) : modelSchema(type)
            definitions.append(.init(key: next.name, value: definition))
        }
    }

    // MARK: - Models

    /// The schema of a route's body that is a value of a type (`ModelSpec.isRouteValue`): its one
    /// property's, `null` included.
    mutating func routeValueSchema(_ type: ModelType) -> JSONValue {
        let plan = type.properties[0]
        return nullable(valueSchema(plan.conversion, constraints: plan.spec.constraints))
    }

    private mutating func modelSchema(_ type: ModelType) -> JSONValue {
        switch side {
        case .canonical: return canonicalModel(type)
        case .external: return externalModel(type)
        }
    }

    private mutating func canonicalModel(_ type: ModelType) -> JSONValue {
        var properties: JSONObject = ["$type": ["const": .string(type.name)]]
        var required: [JSONValue] = []
        for plan in type.properties {
            var schema = valueSchema(plan.conversion, constraints: plan.spec.constraints)
            if !isRequired(plan) { schema = nullable(schema) }
            schema = annotate(schema, plan)
            properties.append(plan.name, schema)
            if isRequired(plan) { required.append(.string(plan.name)) }
        }
        if type.spec.unknownKeys == .keep { properties.append("$extra", ["type": "object"]) }
        var object: JSONObject = ["type": "object"]
        if let doc = type.spec.doc { object.append("description", .string(doc)) }
        object.append("properties", .object(properties))
        if !required.isEmpty { object.append("required", .array(required)) }
        object.append("additionalProperties", false)
        return .object(object)
    }

    private mutating func externalModel(_ type: ModelType) -> JSONValue {
        var object = externalObject(type.encodeTree, of: type, root: true)
        if let doc = type.spec.doc, case .object(var members) = object {
            members.members.insert(.init(key: "description", value: .string(doc)), at: 0)
            object = .object(members)
        }
        return object
    }

    /// The object at one level of the key path tree.
    private mutating func externalObject(_ nodes: [EncodeNode], of type: ModelType, root: Bool) -> JSONValue {
        var properties = JSONObject()
        var required: [JSONValue] = []
        for node in nodes {
            let (schema, isRequired) = externalMember(node, of: type)
            properties.append(node.key, schema)
            if isRequired { required.append(.string(node.key)) }
        }
        var object: JSONObject = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { object.append("required", .array(required)) }
        if root && type.spec.unknownKeys == .reject { object.append("additionalProperties", false) }
        return .object(object)
    }

    /// A member's schema and whether the key must be present (a required property at or below it,
    /// or a discriminator).
    private mutating func externalMember(_ node: EncodeNode, of type: ModelType) -> (JSONValue, Bool) {
        if let constant = node.constant { return (["const": constant], !partial) }
        let plans = node.consumers.compactMap { plan(at: $0, in: type) }
        let childRequired = requiresKey(node.children, type)
        var parts: [JSONValue] = []
        var required = false
        for plan in plans {
            var schema =
                plan.conversion.isTransformed ? JSONValue.bool(true) : valueSchema(plan.conversion, constraints: plan.spec.constraints)
            if !isRequired(plan) { schema = nullable(schema) }
            parts.append(annotate(schema, plan))
            required = required || isRequired(plan)
        }
        if !node.children.isEmpty {
            var nested = externalObject(node.children, of: type, root: false)
            // An absent or null intermediate just makes the properties below it absent.
            if !childRequired { nested = nullable(nested) }
            parts.append(nested)
            required = required || childRequired
        }
        return (parts.count == 1 ? parts[0] : ["allOf": .array(parts)], required)
    }

    private func requiresKey(_ nodes: [EncodeNode], _ type: ModelType) -> Bool {
        nodes.contains { node in
            (node.constant != nil && !partial) || node.consumers.contains { plan(at: $0, in: type).map(isRequired) == true }
                || requiresKey(node.children, type)
        }
    }

    /// Whether the schema requires the property: `required`, unless the document is partial.
    private func isRequired(_ plan: PropertyPlan) -> Bool { plan.spec.required && !partial }

    /// The plan at a property index path (through flattened models).
    private func plan(at indices: [Int], in type: ModelType) -> PropertyPlan? {
        var current = type
        for (depth, index) in indices.enumerated() {
            let plan = current.properties[index]
            if depth == indices.count - 1 { return plan }
            guard case .model(let nested, _) = plan.conversion else { return nil }
            current = table.types[nested]
        }
        return nil
    }

    private mutating func variantsSchema(_ type: ModelType) -> JSONValue {
        guard let variants = type.variants else { return reference(to: type.index, dispatch: false) }
        var branches: [JSONValue] = variants.predicates.map { branch($0.type) }
        if partial {
            // Without its discriminator, a partial document is the declared model.
            let cases = (variants.discriminator?.cases.map(\.type) ?? []) + (variants.fallback.map { [$0] } ?? [])
            return ["anyOf": .array(branches + cases.map { branch($0) } + [reference(to: type.index, dispatch: false)])]
        }
        guard let (path, cases) = variants.discriminator else {
            if let fallback = variants.fallback { branches.append(branch(fallback)) }
            // Predicates are tried in order; overlapping branches are fine, so anyOf, not oneOf.
            return ["anyOf": .array(branches)]
        }
        var discriminated: [JSONValue] = cases.map { branch($0.type) }
        if let fallback = variants.fallback {
            if side == .canonical {
                discriminated.append(branch(fallback))  // its "$type" tells it apart
            } else {
                // Anything whose discriminator is none of the cases.
                let values = JSONValue.array(cases.map(\.value))
                discriminated.append(["allOf": [branch(fallback), ["not": requirePath(path, ["enum": values])]]])
            }
        }
        // With predicates before it, a value matches one of them or one discriminated branch.
        return branches.isEmpty ? ["oneOf": .array(discriminated)] : ["anyOf": .array(branches + [["oneOf": .array(discriminated)]])]
    }

    private mutating func branch(_ index: Int) -> JSONValue {
        let reference = self.reference(to: index, dispatch: false)
        guard side == .canonical, !partial, case .object(var object) = reference else { return reference }
        object.append("required", ["$type"])
        return .object(object)
    }

    private func requirePath(_ path: [String], _ leaf: JSONValue) -> JSONValue {
        guard let first = path.first else { return leaf }
        return ["type": "object", "properties": .object([first: requirePath(Array(path.dropFirst()), leaf)]), "required": [.string(first)]]
    }

    // MARK: - Values

    private mutating func valueSchema(_ conversion: Conversion, constraints: Constraints) -> JSONValue {
        var object: JSONObject
        let canonical = side == .canonical
        switch conversion {
        case .scalar(let scalar):
            guard case .object(let schema) = scalar.schema(canonical: canonical) else { return true }
            object = schema
        case .enumeration(let plan):
            if canonical {
                object = ["enum": .array(plan.caseNames.map(JSONValue.string))]
            } else if plan.defaultCase != nil {
                // Any value decodes (unknown ones to the default); list the known ones.
                object = [
                    "description": .string("one of \(plan.acceptedValues); other values decode to '\(plan.caseNames[plan.defaultCase!])'")
                ]
            } else {
                object = ["enum": .array(plan.allValues)]
            }
        case .model(let index, let dispatch):
            return reference(to: index, dispatch: dispatch)
        case .array(let element):
            object = ["type": "array", "items": nullable(valueSchema(element, constraints: Constraints()))]
            if let minimum = constraints.minLength { object.append("minItems", .number(JSONNumber(Int64(minimum)))) }
            if let maximum = constraints.maxLength { object.append("maxItems", .number(JSONNumber(Int64(maximum)))) }
            return .object(object)
        case .dictionary(let element):
            object = ["type": "object", "additionalProperties": nullable(valueSchema(element, constraints: Constraints()))]
            if let minimum = constraints.minLength { object.append("minProperties", .number(JSONNumber(Int64(minimum)))) }
            if let maximum = constraints.maxLength { object.append("maxProperties", .number(JSONNumber(Int64(maximum)))) }
            return .object(object)
        case .transformed(_, _, let inner):
            return canonical ? valueSchema(inner, constraints: constraints) : true
        case .union(let plan):
            // Exactly one member reads each kind of value; a constraint applies to the members it fits.
            return ["oneOf": .array(plan.members.map { valueSchema($0, constraints: constraints) })]
        }
        if let minimum = constraints.minLength { object.append("minLength", .number(JSONNumber(Int64(minimum)))) }
        if let maximum = constraints.maxLength { object.append("maxLength", .number(JSONNumber(Int64(maximum)))) }
        if let pattern = constraints.pattern { object.append("pattern", .string(pattern.source)) }
        if object["type"] == "integer" || object["type"] == "number" {
            if let minimum = constraints.minimum { tighten(&object, "minimum", to: minimum, keepingLarger: true) }
            if let maximum = constraints.maximum { tighten(&object, "maximum", to: maximum, keepingLarger: false) }
        }
        return .object(object)
    }

    /// Sets a bound the type's schema may already hold (an `int` is `minimum` Int64.min): one key,
    /// holding the tighter of the two, so the schema never names a key twice.
    private func tighten(_ object: inout JSONObject, _ key: String, to bound: JSONNumber, keepingLarger: Bool) {
        guard let index = object.members.firstIndex(where: { $0.key == key }) else {
            object.append(key, .number(bound))
            return
        }
        guard case .number(let existing) = object.members[index].value else { return }
        let order = JSONNumber.compare(bound, existing)
        if keepingLarger ? order > 0 : order < 0 { object.members[index].value = .number(bound) }
    }

    private func nullable(_ schema: JSONValue) -> JSONValue {
        if schema == .bool(true) { return schema }
        if case .object(var object) = schema, case .string(let type)? = object["type"], object["$ref"] == nil {
            if let index = object.members.firstIndex(where: { $0.key == "type" }) {
                object.members[index].value = [.string(type), "null"]
            }
            if case .array(let values)? = object["enum"] {
                object.members.removeAll { $0.key == "enum" }
                object.append("enum", .array(values + [.null]))
            }
            return .object(object)
        }
        if case .object(let object) = schema, case .array(let values)? = object["enum"], object["type"] == nil {
            var copy = object
            copy.members.removeAll { $0.key == "enum" }
            copy.append("enum", .array(values + [.null]))
            return .object(copy)
        }
        return ["anyOf": [schema, ["type": "null"]]]
    }

    private func annotate(_ schema: JSONValue, _ plan: PropertyPlan) -> JSONValue {
        guard case .object(var object) = schema else { return schema }
        if let doc = plan.spec.doc { object.append("description", .string(doc)) }
        if side == .canonical, !partial, let value = plan.spec.defaultValue { object.append("default", value) }
        return .object(object)
    }
}

extension Conversion {
    var isTransformed: Bool {
        if case .transformed = self { return true }
        return false
    }
}
