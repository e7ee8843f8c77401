/// The compiled models of a catalog, by index and by name.
struct Runtime: Sendable {
    let types: [ModelType]
    let indices: [String: Int]
    /// The models in the flat form `CanonicalTranscoder` reads.
    let flat: FlatPlan

    init(types: [ModelType], indices: [String: Int]) {
        self.types = types
        self.indices = indices
        self.flat = FlatPlan(runtime: types, transcodable: PlanBuilder.transcodable(types))
    }

    /// A runtime without models, for checks that need none.
    static let empty = Runtime(types: [], indices: [:])

    func type(named name: String) -> ModelType? {
        indices[name].map { types[$0] }
    }
}

/// Compiles checked specs into `ModelType`s.
struct PlanBuilder {
    let models: [String: ModelSpec]
    let order: [String]
    let enums: [String: EnumSpec]
    let formats: [String: FormatSpec]
    let transformers: [String: Transformer]

    func build() -> Runtime {
        let indices = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        let enumPlans = enums.mapValues(EnumPlan.init)
        var types: [ModelType] = []
        for (index, name) in order.enumerated() {
            guard let spec = models[name] else { continue }
            var tree = TreeBuilder()
            var properties: [PropertyPlan] = []
            for property in spec.properties {
                let path = property.key.map { tree.insert($0.segments) } ?? []
                let conversion = self.conversion(property.type, property: property, indices: indices, enums: enumPlans)
                properties.append(PropertyPlan(
                    spec: property, path: path, conversion: conversion, defaultValue: nil, source: property.mark.description))
            }
            for path in flattenedKeyPaths(of: spec, visiting: []) { _ = tree.insert(path) }
            // Keys variant dispatch reads are the model's keys too, though no property reads them.
            for path in dispatchKeyPaths(of: name) { _ = tree.insert(path, isValue: false) }
            types.append(ModelType(
                spec: spec, index: index, properties: properties, keyTree: tree.keyTree,
                encodeTree: encodeTree(of: spec), lineage: lineage(of: name),
                variants: spec.variants.map { variantPlan($0, indices: indices) }))
        }
        return withDefaults(Runtime(types: types, indices: indices))
    }

    /// Reads each `default` (canonical JSON, checked at load) into a `Value`.
    private func withDefaults(_ runtime: Runtime) -> Runtime {
        var reader = ValueReader(runtime: runtime, mode: .canonical, now: Instant(milliseconds: 0))
        let types = runtime.types.map { type in
            guard type.properties.contains(where: { $0.spec.defaultValue != nil }) else { return type }
            let properties = type.properties.map { plan in
                guard let json = plan.spec.defaultValue else { return plan }
                let bytes = Array(JSONWriter.write(json).utf8)
                reader.begin(root: type.name, now: Instant(milliseconds: 0))
                let value = try? JSONDocument.withDocument(bytes) { document in
                    document.kind(at: 0) == .null ? Value.null : reader.convert(document, at: 0, plan.conversion, source: plan.source)
                }
                return plan.with(defaultValue: value)
            }
            return ModelType(
                spec: type.spec, index: type.index, properties: properties, keyTree: type.keyTree,
                encodeTree: type.encodeTree, lineage: type.lineage, variants: type.variants)
        }
        return Runtime(types: types, indices: runtime.indices)
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
        default:
            return leafConversion(type, property: property, indices: indices, enums: enums)
        }
    }

    private func leafConversion(
        _ type: TypeSpec, property: PropertySpec, indices: [String: Int], enums: [String: EnumPlan]
    ) -> Conversion {
        var number = NumberRepresentation.number
        if property.representation == .string { number = .string }
        if case .number(let name)? = property.format, let format = formats[name], let pattern = format.numberPattern {
            number = .format(name: name, pattern: pattern, style: format.pattern)
        }
        switch type {
        case .string: return .string
        case .int: return .int(number)
        case .double: return .double(number)
        case .decimal: return .decimal(number)
        case .bool:
            switch property.representation {
            case .string?: return .bool(.string)
            case .int?: return .bool(.int)
            case nil: return .bool(.bool)
            }
        case .url: return .url
        case .uuid: return .uuid
        case .any: return .any
        case .date:
            switch property.format {
            case .unix?: return .date(.unix)
            case .unixMilliseconds?: return .date(.unixMilliseconds)
            case .date(let name)?:
                if let format = formats[name], let pattern = format.datePattern {
                    return .date(.pattern(NamedDatePattern(name: name, pattern: pattern, text: format.pattern)))
                }
                return .date(.iso8601)
            default: return .date(.iso8601)
            }
        case .enumeration(let name):
            return .enumeration(enums[name]!)
        case .model(let name):
            return .model(index: indices[name]!, dispatch: models[name]?.variants != nil)
        case .array, .dictionary:
            preconditionFailure("collections are handled by typeConversion(_:property:indices:enums:)")
        }
    }

    /// Key paths read by flattened models, which count as the parent's.
    private func flattenedKeyPaths(of spec: ModelSpec, visiting: Set<String>) -> [[String]] {
        var paths: [[String]] = []
        for property in spec.properties where property.flatten {
            guard case .model(let name) = property.type, !visiting.contains(name), let nested = models[name] else { continue }
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
        while let model = current, seen.insert(model).inserted, let spec = models[model] {
            switch spec.variants?.rule {
            case .discriminator(let by, _)?:
                paths.append(by.segments)
            case .predicates(let predicates)?:
                for predicate in predicates {
                    switch predicate.test {
                    case .has(let path): paths.append(path.segments)
                    case .equals(let expected): paths += expected.map(\.key.segments)
                    }
                }
            case nil:
                break
            }
            current = spec.base
        }
        return paths
    }

    private func lineage(of name: String) -> Set<String> {
        var names: Set<String> = []
        var current: String? = name
        while let model = current, names.insert(model).inserted {
            current = models[model]?.base
        }
        return names
    }

    private func variantPlan(_ variants: Variants, indices: [String: Int]) -> VariantPlan {
        let rule: VariantPlan.Rule
        switch variants.rule {
        case .discriminator(let by, let cases):
            rule = .discriminator(path: by.segments, cases: cases.map { ($0.value, indices[$0.model]!) })
        case .predicates(let predicates):
            rule = .predicates(predicates.map { predicate in
                switch predicate.test {
                case .has(let path):
                    return (.has(path.segments), indices[predicate.model]!)
                case .equals(let expected):
                    let tests = expected.map { (path: $0.key.segments, value: $0.value) }.sorted { $0.path.lexicographicallyPrecedes($1.path) }
                    return (.equals(tests), indices[predicate.model]!)
                }
            })
        }
        return VariantPlan(rule: rule, fallback: variants.fallback.flatMap { indices[$0] })
    }

    // MARK: - Encoding

    /// Members in order of first appearance; flattened models' members join the parent's object,
    /// and discriminator values of the `by` variants this model is a case of are written too.
    private func encodeTree(of spec: ModelSpec) -> [EncodeNode] {
        var roots: [EncodeNode] = []
        addEncodeMembers(of: spec, prefix: [], into: &roots, visiting: [])
        var ancestor: String? = spec.name
        var seen: Set<String> = []
        while let name = ancestor, seen.insert(name).inserted, let model = models[name] {
            if case .discriminator(let by, let cases)? = model.variants?.rule,
               let match = cases.first(where: { $0.model == spec.name }) {
                EncodeNode.insert(by.segments, into: &roots) { $0.constant = match.value }
            }
            ancestor = model.base
        }
        return roots
    }

    private func addEncodeMembers(of spec: ModelSpec, prefix: [Int], into roots: inout [EncodeNode], visiting: Set<String>) {
        for (index, property) in spec.properties.enumerated() {
            if let key = property.key {
                EncodeNode.insert(key.segments, into: &roots) { $0.consumers.append(prefix + [index]) }
            } else if property.flatten, case .model(let name) = property.type, !visiting.contains(name), let nested = models[name] {
                addEncodeMembers(of: nested, prefix: prefix + [index], into: &roots, visiting: visiting.union([spec.name]))
            }
        }
    }
}

extension EncodeNode {
    /// Finds or appends the node at `path` and lets `update` change it.
    static func insert(_ path: [String], into nodes: inout [EncodeNode], update: (inout EncodeNode) -> Void) {
        guard let first = path.first else { return }
        let index: Int
        if let existing = nodes.firstIndex(where: { $0.key == first }) {
            index = existing
        } else {
            nodes.append(EncodeNode(key: first, consumers: [], constant: nil, children: []))
            index = nodes.count - 1
        }
        if path.count == 1 {
            update(&nodes[index])
        } else {
            insert(Array(path.dropFirst()), into: &nodes[index].children, update: update)
        }
    }
}

/// Builds a `KeyTree` node by node.
private struct TreeBuilder {
    private var children: [[(key: String, value: Int)]] = [[]]
    private var segments: [String] = [""]
    private var values: [Bool] = [false]

    /// The node indices along `path`, creating nodes as needed; `isValue`: a property reads the
    /// value at the end of the path.
    mutating func insert(_ path: [String], isValue: Bool = true) -> [Int] {
        var node = 0
        var indices: [Int] = []
        for segment in path {
            if let existing = children[node].first(where: { $0.key == segment }) {
                node = existing.value
            } else {
                children.append([])
                segments.append(segment)
                values.append(false)
                children[node].append((segment, children.count - 1))
                node = children.count - 1
            }
            indices.append(node)
        }
        if isValue, let last = indices.last { values[last] = true }
        return indices
    }

    var keyTree: KeyTree {
        KeyTree(nodes: children.indices.map {
            KeyTree.Node(keys: KeyTable(children[$0]), segment: segments[$0], isValue: values[$0])
        })
    }
}
