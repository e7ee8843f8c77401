import MapperCEL

/// Compiles checked specs into `ModelType`s, reads every `default` with the canonical reader,
/// and builds the `ModelTable` once.
///
/// Tolerates a catalog with errors (a type naming an unknown model or enum reads as `any`), so
/// that defaults are checked in the same run as everything else; such a table is thrown away.
struct PlanBuilder {
    let models: [String: ModelSpec]
    let order: [String]
    let enums: [String: EnumSpec]
    let formats: [String: FormatSpec]
    let transformers: [String: Transformer]
    /// Each model's `base` and `variants`, what building every other model asks for: read here
    /// once, because `models[name]` copies a whole spec (thousands of times in a big catalog).
    let bases: [String: String]
    let variants: [String: Variants]

    /// `order` may name models whose declaration did not compile (an error is reported for each);
    /// they are left out, so that a model's index is its position among the types built.
    init(
        models: [String: ModelSpec], order: [String], enums: [String: EnumSpec], formats: [String: FormatSpec],
        transformers: [String: Transformer]
    ) {
        self.models = models
        self.order = order.filter { models.index(forKey: $0) != nil }
        self.enums = enums
        self.formats = formats
        self.transformers = transformers
        var bases: [String: String] = [:]
        var variants: [String: Variants] = [:]
        for index in models.indices {
            let name = models.keys[index]
            if let base = models.values[index].base { bases[name] = base }
            if let declared = models.values[index].variants { variants[name] = declared }
        }
        self.bases = bases
        self.variants = variants
    }

    /// A `default` that is not canonical JSON of its property's type (with its constraints).
    struct DefaultProblem {
        /// The model that declares the property, and its name.
        var model: String
        var property: String
        var errors: [MappingError]
    }

    /// A canonical value to read with a property of a model (a value a migration sets).
    struct ValueCheck {
        var model: String
        var property: String
        var json: JSONValue
    }

    /// A union whose members two read the same kind of JSON value.
    struct AmbiguousUnion {
        var model: String
        var property: String
        var type: TypeSpec
        var ambiguity: UnionPlan.Ambiguity
    }

    /// What `build` makes: the table (nil when a default does not read or a union is ambiguous, and
    /// when only checking) and what is wrong.
    struct Outcome {
        var table: ModelTable?
        var ambiguousUnions: [AmbiguousUnion] = []
        var defaultProblems: [DefaultProblem]
        /// The errors of each value of `checking` that does not read, by its index.
        var valueProblems: [Int: [MappingError]]
    }

    /// Builds the table once: model types, then every `default` and every value of `checking`
    /// read with the canonical reader, then the types with their defaults and the flat plan.
    /// With `plans` false it only checks (a language server's check after an edit): the same
    /// problems, found with the reading plans alone; the encoding trees, the types with their
    /// defaults and the flat plan, which no check needs, are not built, and there is no table.
    func build(checking values: [ValueCheck] = [], plans: Bool = true) -> Outcome {
        let indices = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let (types, enumPlans) = modelTypes(indices: indices, encodeTrees: plans, only: plans ? nil : modelsToRead(values))
        let ambiguous = Self.ambiguousUnions(in: types)
        guard ambiguous.isEmpty else { return Outcome(table: nil, ambiguousUnions: ambiguous, defaultProblems: [], valueProblems: [:]) }
        let reading = ModelTable(types: types, indices: indices, flat: .empty)
        var reader = ValueReader(table: reading, mode: .canonical, now: Instant(milliseconds: 0))
        let (defaults, problems) = readDefaults(reading, with: &reader)
        var valueProblems: [Int: [MappingError]] = [:]
        for (position, check) in values.enumerated() {
            guard let type = reading.type(named: check.model), let index = type.propertyIndex(named: check.property) else { continue }
            if case .failure(let errors) = reader.readValue(
                Array(JSONWriter.write(check.json).utf8), plan: type.properties[index], root: "\(check.model).\(check.property)")
            {
                valueProblems[position] = errors.errors
            }
        }
        guard problems.isEmpty, plans else { return Outcome(table: nil, defaultProblems: problems, valueProblems: valueProblems) }
        let final = defaults.isEmpty ? types : Self.withDefaults(types, defaults)
        let table = ModelTable(
            types: final, indices: indices, flat: FlatPlan(types: final, enums: enumPlans, transcodable: Self.transcodable(final)))
        return Outcome(table: table, defaultProblems: [], valueProblems: valueProblems)
    }

    /// Each property (of the model that declares it) whose type holds a union that cannot tell its
    /// members apart.
    private static func ambiguousUnions(in types: [ModelType]) -> [AmbiguousUnion] {
        @Sendable func ambiguity(_ conversion: Conversion) -> UnionPlan.Ambiguity? {
            switch conversion {
            case .union(let plan): return plan.ambiguity ?? plan.members.lazy.compactMap(ambiguity).first
            case .array(let element), .dictionary(let element): return ambiguity(element)
            case .transformed(_, _, let inner): return ambiguity(inner)
            default: return nil
            }
        }
        return types.concurrentMap { type in
            type.properties.compactMap { plan in
                // Most conversions hold no union: that is asked first, the declaring model after.
                guard let clash = ambiguity(plan.conversion), plan.spec.declaredIn == type.name else { return nil }
                return AmbiguousUnion(model: type.name, property: plan.name, type: plan.spec.type, ambiguity: clash)
            }
        }.flatMap { $0 }
    }

    /// The types with their defaults read. Only a type with a property that has a default is made
    /// again, from the same parts: the rest of a plan does not depend on defaults.
    private static func withDefaults(_ types: [ModelType], _ defaults: [PropertyKey: Value]) -> [ModelType] {
        types.map { type in
            guard type.properties.contains(where: { $0.spec.defaultValue != nil }) else { return type }
            let properties = type.properties.map { plan in
                plan.spec.defaultValue == nil
                    ? plan : plan.with(defaultValue: defaults[PropertyKey(model: plan.spec.declaredIn, property: plan.name)])
            }
            return ModelType(
                spec: type.spec, index: type.index, properties: properties, keyTree: type.keyTree, encodeTree: type.encodeTree,
                lineage: type.lineage, variants: type.variants)
        }
    }

    /// One type per model of `order`, built on every core (each depends only on the specs), and
    /// the enums' plans (by name), which the types share. Without `encodeTrees` (a check, which
    /// encodes nothing) the types' encoding trees are left empty.
    private func modelTypes(
        indices: [String: Int], encodeTrees: Bool, only needed: Set<String>? = nil
    ) -> (types: [ModelType], enums: [EnumPlan]) {
        let enumNames = enums.keys.sorted()
        let enumList = enumNames.concurrentMap { EnumPlan(enums[$0]!) }
        let enumPlans = Dictionary(uniqueKeysWithValues: zip(enumNames, enumList))
        let types = Array(order.enumerated()).concurrentMap { index, name in
            let spec = models[name]!
            guard needed?.contains(name) ?? true else {
                // A model a check reads no value with: a type without properties keeps its index.
                return ModelType(
                    spec: spec, index: index, properties: [], keyTree: KeyTreeBuilder(capacity: 0).keyTree, encodeTree: [],
                    lineage: [], variants: nil)
            }
            var tree = KeyTreeBuilder(capacity: spec.properties.count)
            var properties: [PropertyPlan] = []
            properties.reserveCapacity(spec.properties.count)
            for property in spec.properties {
                let path = property.key.map { tree.insert($0.segments) } ?? []
                let conversion = self.conversion(property.type, property: property, indices: indices, enums: enumPlans)
                properties.append(PropertyPlan(spec: property, path: path, conversion: conversion, defaultValue: nil))
            }
            for path in flattenedKeyPaths(of: spec, visiting: []) { _ = tree.insert(path) }
            // Keys variant dispatch and expressions read are the model's keys too, though no
            // property reads them (so `unknown_keys` neither rejects nor keeps them).
            for path in dispatchKeyPaths(of: name) { _ = tree.insert(path, isValue: false) }
            for path in expressionKeyPaths(of: spec) { _ = tree.insert(path, isValue: false) }
            return ModelType(
                spec: spec, index: index, properties: properties, keyTree: tree.keyTree,
                encodeTree: encodeTrees ? encodeTree(of: spec) : [], lineage: lineage(of: name),
                variants: spec.variants.map { variantPlan($0, indices: indices) })
        }
        return (types, enumList)
    }

    /// The models a check reads values with (`build` without plans): those with a property whose
    /// type holds a union (checked for ambiguity) or that has a default, those of `values`, and
    /// every model a value of theirs may hold (through property types, bases and variants). Only
    /// their types are built: in a large catalog most models have neither defaults nor unions.
    private func modelsToRead(_ values: [ValueCheck]) -> Set<String> {
        var pending = values.map(\.model)
        for name in order {
            if models[name]!.properties.contains(where: { $0.defaultValue != nil || $0.type.holdsUnion }) { pending.append(name) }
        }
        var needed: Set<String> = []
        while let name = pending.popLast() {
            guard needed.insert(name).inserted, let spec = models[name] else { continue }
            for property in spec.properties {
                for case .model(let target) in property.type.leaves { pending.append(target) }
            }
            if let base = spec.base { pending.append(base) }
            pending += spec.variants?.models ?? []
        }
        return needed
    }

    /// A property by its declaring model: inherited copies share the declaration's default.
    private struct PropertyKey: Hashable {
        var model: String
        var property: String
    }

    /// Reads each `default` (canonical JSON) with the canonical reader, the one owner of what
    /// canonical JSON of a type is.
    private func readDefaults(
        _ table: ModelTable, with reader: inout ValueReader
    ) -> (values: [PropertyKey: Value], problems: [DefaultProblem]) {
        var values: [PropertyKey: Value] = [:]
        var problems: [DefaultProblem] = []
        for type in table.types {
            for plan in type.properties {
                let key = PropertyKey(model: plan.spec.declaredIn, property: plan.name)
                guard let json = plan.spec.defaultValue, values[key] == nil,
                    !problems.contains(where: { $0.model == key.model && $0.property == key.property })
                else { continue }
                switch reader.readValue(Array(JSONWriter.write(json).utf8), plan: plan, root: "\(key.model).\(key.property)") {
                case .success(let value): values[key] = value
                case .failure(let errors): problems.append(DefaultProblem(model: key.model, property: key.property, errors: errors.errors))
                }
            }
        }
        return (values, problems)
    }

    /// A transformer takes the property's whole external value (an array for `[T]`), so it
    /// wraps the conversion of the whole type, not of each element.
    private func conversion(
        _ type: TypeSpec, property: PropertySpec, indices: [String: Int], enums: [String: EnumPlan]
    ) -> Conversion {
        let plain = typeConversion(type, property: property, indices: indices, enums: enums)
        if let name = property.transform, let transformer = transformers[name] {
            return .transformed(name: name, transformer: transformer, canonical: plain)
        }
        return plain
    }

    private func typeConversion(
        _ type: TypeSpec, property: PropertySpec, indices: [String: Int], enums: [String: EnumPlan]
    ) -> Conversion {
        switch type {
        case .array(let element):
            return .array(typeConversion(element, property: property, indices: indices, enums: enums))
        case .dictionary(let element):
            return .dictionary(typeConversion(element, property: property, indices: indices, enums: enums))
        case .union(let members):
            return .union(
                UnionPlan(
                    members: members.map { typeConversion($0, property: property, indices: indices, enums: enums) }, types: members))
        default:
            return leafConversion(type, property: property, indices: indices, enums: enums)
        }
    }

    private func leafConversion(
        _ type: TypeSpec, property: PropertySpec, indices: [String: Int], enums: [String: EnumPlan]
    ) -> Conversion {
        if let scalar = ScalarPlan(type, property: property, formats: formats) { return Shared.conversion(scalar) }
        switch type {
        case .enumeration(let name):
            return enums[name].map(Conversion.enumeration) ?? .any
        case .model(let name):
            guard let index = indices[name] else { return .any }
            return .model(index: index, dispatch: variants[name] != nil)
        default:
            preconditionFailure("scalars are handled above, collections and unions by typeConversion(_:property:indices:enums:)")
        }
    }

    /// The commonest leaf conversions, made once: `Conversion` is indirect, so every value made
    /// is an allocation, one per property of a catalog.
    private enum Shared {
        static let string = Conversion.scalar(.string)
        static let int = Conversion.scalar(.int(.number))
        static let double = Conversion.scalar(.double(.number))
        static let decimal = Conversion.scalar(.decimal(.number))
        static let bool = Conversion.scalar(.bool(.bool))
        static let url = Conversion.scalar(.url)
        static let date = Conversion.scalar(.date(.iso8601))

        /// The conversion of `scalar`: a shared one for the commonest.
        static func conversion(_ scalar: ScalarPlan) -> Conversion {
            switch scalar {
            case .string: return string
            case .int(.number): return int
            case .double(.number): return double
            case .decimal(.number): return decimal
            case .bool(.bool): return bool
            case .url: return url
            case .date(.iso8601): return date
            case .any: return .any
            default: return .scalar(scalar)
            }
        }
    }

    /// Key paths read by flattened models, which count as the parent's.
    private func flattenedKeyPaths(of spec: ModelSpec, visiting: Set<String>) -> [[String]] {
        var paths: [[String]] = []
        // By index: a `for` over the properties would copy every spec (a few dozen fields) to read two.
        for index in spec.properties.indices where spec.properties[index].flatten {
            guard case .model(let name) = spec.properties[index].type, !visiting.contains(name), let nested = models[name] else {
                continue
            }
            paths += nested.properties.compactMap { $0.key?.segments }
            paths += flattenedKeyPaths(of: nested, visiting: visiting.union([spec.name]))
        }
        return paths
    }

    /// The discriminator and predicate key paths of the variants declared by the model or the
    /// models it extends: dispatch reads them to pick this model, and encode writes discriminators.
    private func dispatchKeyPaths(of name: String) -> [[String]] {
        var paths: [[String]] = []
        var seen: Set<String> = []
        var current: String? = name
        while let model = current, seen.insert(model).inserted {
            if let variants = variants[model] {
                for predicate in variants.predicates {
                    switch predicate.test {
                    case .has(let path): paths.append(path.segments)
                    case .equals(let expected): paths += expected.map(\.key.segments)
                    case .expression(let expression): paths += expression.program.fieldPaths(of: "input").paths
                    }
                }
                if let discriminator = variants.discriminator { paths.append(discriminator.by.segments) }
            }
            current = bases[model]
        }
        return paths
    }

    /// The keys of the model's object that its `decode` and default expressions and its rules
    /// read by name (`input.user.login`).
    /// (Allocates nothing for a model without expressions: most models, in catalogs of thousands.)
    private func expressionKeyPaths(of spec: ModelSpec) -> [[String]] {
        var paths: [[String]] = []
        for index in spec.properties.indices {
            if let decode = spec.properties[index].decode { paths += decode.program.fieldPaths(of: "input").paths }
            if let expression = spec.properties[index].defaultExpression { paths += expression.program.fieldPaths(of: "input").paths }
        }
        for rule in spec.rules { paths += rule.rule.program.fieldPaths(of: "input").paths }
        return paths
    }

    private func lineage(of name: String) -> Set<String> {
        var names: Set<String> = []
        var current: String? = name
        while let model = current, names.insert(model).inserted {
            current = bases[model]
        }
        return names
    }

    private func variantPlan(_ variants: Variants, indices: [String: Int]) -> VariantPlan {
        let predicates: [(test: VariantPlan.Test, type: Int)] = variants.predicates.compactMap { predicate in
            guard let model = indices[predicate.model] else { return nil }
            switch predicate.test {
            case .has(let path):
                return (.has(path.segments), model)
            case .equals(let expected):
                let tests = expected.map { (path: $0.key.segments, value: $0.value) }.sorted { $0.path.lexicographicallyPrecedes($1.path) }
                return (.equals(tests), model)
            case .expression(let expression):
                return (.expression(expression), model)
            }
        }
        let discriminator = variants.discriminator.map { discriminator in
            (
                path: discriminator.by.segments,
                cases: discriminator.cases.compactMap { item in indices[item.model].map { (value: item.value, type: $0) } }
            )
        }
        return VariantPlan(predicates: predicates, discriminator: discriminator, fallback: variants.fallback.flatMap { indices[$0] })
    }
}
