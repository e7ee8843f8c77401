import MapperYAML

extension CatalogCompiler {
    /// A property by the model that declares it.
    struct DefaultKey: Hashable {
        var model: String
        var property: String
    }

    /// A value a migration step sets, to read as canonical JSON of the property it sets.
    struct PendingSetValue {
        var check: PlanBuilder.ValueCheck
        var from: Int
        var node: Node
    }

    /// Builds the model table once, reading every `default` and every value a migration sets with
    /// the canonical reader: such a value is canonical JSON of its property's type and satisfies
    /// its constraints. One that does not read is an error at the YAML node the reader's error
    /// points into. Without `plans` (a check) the same problems are found and no table is built.
    mutating func buildTable(plans: Bool = true) -> ModelTable? {
        let builder = PlanBuilder(
            models: models, order: modelOrder, enums: enums, formats: formats, transformers: options.transformers)
        let outcome = builder.build(checking: pendingSetValues.map(\.check), plans: plans)
        for union in outcome.ambiguousUnions {
            let mark =
                typeNodes[DefaultKey(model: union.model, property: union.property)]?.mark
                ?? models[union.model]?.property(named: union.property)?.mark ?? Mark(file: "", line: 1, column: 1)
            let clash = union.ambiguity
            var hint = "a union's members are told apart by the kind of JSON value (string, number, boolean, object, array)"
            if case .model = clash.first, case .model = clash.second {
                hint = "to tell models apart, give them a common base model with 'variants' and use that model"
            }
            error(
                .ambiguousUnion,
                "type '\(union.type)' of property '\(union.property)' of model '\(union.model)' is ambiguous: \(clash.description)",
                at: mark, hint: hint)
        }
        for (position, errors) in outcome.valueProblems.sorted(by: { $0.key < $1.key }) {
            let pending = pendingSetValues[position]
            guard let property = models[pending.check.model]?.property(named: pending.check.property) else { continue }
            for mappingError in errors {
                error(
                    .invalidMigration,
                    "migration from version \(pending.from) of model '\(pending.check.model)' sets '\(property.name)' to a value that is not canonical JSON of type \(property.type)"
                        + "\(mappingError.pointer.isEmpty ? "" : " at \(mappingError.pointer)"): \(mappingError.message)",
                    at: Self.node(at: mappingError.pointer, in: pending.node)?.mark ?? pending.node.mark)
            }
        }
        for problem in outcome.defaultProblems {
            guard let node = defaultNodes[DefaultKey(model: problem.model, property: problem.property)],
                let property = models[problem.model]?.property(named: problem.property)
            else { continue }
            for mappingError in problem.errors {
                let pointer = mappingError.pointer
                error(
                    .invalidDefault,
                    "the default of property '\(property.name)' of model '\(problem.model)' is not canonical JSON of type \(property.type)"
                        + "\(pointer.isEmpty ? "" : " at \(pointer)"): \(mappingError.message)",
                    at: Self.node(at: pointer, in: node)?.mark ?? node.mark, hint: canonicalHint(for: property.type))
            }
        }
        return outcome.table
    }

    /// The YAML node a JSON pointer of the value read from `root` points at.
    private static func node(at pointer: String, in root: Node) -> Node? {
        var node = root
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = JSONPointer.unescape(token)
            switch node.content {
            case .mapping: guard let next = node[key] else { return nil }; node = next
            case .sequence(let items): guard let index = Int(key), items.indices.contains(index) else { return nil }; node = items[index]
            case .scalar: return nil
            }
        }
        return node
    }

    private func canonicalHint(for type: TypeSpec) -> String? {
        if case .enumeration(let name) = type {
            return enums[name].map { "use a case name: \($0.cases.map(\.name).joined(separator: ", "))" }
        }
        return type.scalarType?.canonicalHint
    }
}
