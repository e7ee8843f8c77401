import MapperKit

/// Loads what the writer produced with MapperKit, as `mapper validate --strict` would, and
/// simplifies whatever the compiler refuses (a pattern it cannot run, a type it does not know
/// yet) until the catalog loads without a diagnostic. Each change is a warning.
struct SelfCheck {
    var writer: CatalogWriter
    var warnings: [ImportWarning] = []
    /// Files loaded with the written ones that are not the import's (a person's edits): their
    /// diagnostics are theirs to settle.
    var extra: [Catalog.Source] = []

    /// The written files, the catalog they load to, and the diagnostics that could not be
    /// settled (none when all is well).
    mutating func finish(_ draft: inout CatalogDraft) -> (CatalogWriter.Output, Catalog?, [Diagnostic]) {
        var output = writer.write(draft)
        for _ in 0..<12 {
            let sources = output.files.map { Catalog.Source(name: $0.name, text: $0.text) }
            let check = Catalog.check(sources: sources + extra)
            let diagnostics = check.diagnostics
            if diagnostics.isEmpty { return (output, check.catalog, []) }
            var changed = false
            for diagnostic in diagnostics {
                guard let owner = output.owners[diagnostic.file]?[diagnostic.line] else { continue }
                if settle(diagnostic, owner: owner, in: &draft) { changed = true }
            }
            if !changed { return (output, nil, diagnostics) }
            output = writer.write(draft)
        }
        return (output, nil, [])
    }

    private mutating func settle(_ diagnostic: Diagnostic, owner: CatalogWriter.Owner, in draft: inout CatalogDraft) -> Bool {
        let code = Diagnostic.Code(rawValue: diagnostic.code)
        let pattern = code == .invalidPattern
        switch owner {
        case .property(let model, let name):
            guard let index = draft.models[model]?.properties.firstIndex(where: { $0.name == name }),
                var property = draft.models[model]?.properties[index]
            else { return false }
            if pattern, property.constraints.pattern != nil {
                property.constraints.pattern = nil
                note(property.origin, "the pattern is not one the catalog can run (\(diagnostic.message)); left out")
            } else if property.type != .any, code != .invalidKeyPath {
                note(property.origin, "\(diagnostic.message); typed as any")
                property.type = .any
                property.format = nil
                property.constraints = ConstraintsDraft()
            } else {
                // Nothing simpler to type it as (a key the language cannot name, such as ""):
                // the property goes, and a model that keeps unknown keys still passes its key through.
                let kept = draft.models[model]?.unknownKeys == .keep ? " (the model keeps its key as an unknown key)" : ""
                note(property.origin, "\(diagnostic.message); the property is left out\(kept)")
                draft.models[model]?.properties.remove(at: index)
                return true
            }
            draft.models[model]?.properties[index] = property
            return true
        case .enumeration(let name):
            guard let enumeration = draft.enums.removeValue(forKey: name) else { return false }
            if code != .unused { note(enumeration.origin, "\(diagnostic.message); the enum is left out") }
            Self.replace(.enumeration(name), with: .any, in: &draft)
            return true
        case .model(let name):
            guard var model = draft.models[name] else { return false }
            if model.variants != nil {
                model.variants = nil
                note(model.origin, "\(diagnostic.message); variants left out")
            } else if model.extends != nil {
                model.extends = nil
                note(model.origin, "\(diagnostic.message); 'extends' left out")
            } else {
                return false
            }
            draft.models[name] = model
            return true
        case .route(let key):
            for index in draft.routeBlocks.indices {
                guard let position = draft.routeBlocks[index].routes.firstIndex(where: { $0.key == key }) else { continue }
                note(draft.routeBlocks[index].routes[position].origin, "\(diagnostic.message); no route")
                draft.routeBlocks[index].routes.remove(at: position)
                return true
            }
            return false
        case .format(let name):
            guard draft.formats.removeValue(forKey: name) != nil else { return false }
            for slot in draft.models.values.indices {
                for index in draft.models.values[slot].properties.indices where draft.models.values[slot].properties[index].format == name {
                    draft.models.values[slot].properties[index].format = nil
                    draft.models.values[slot].properties[index].type = .string
                }
            }
            return true
        }
    }

    mutating func note(_ location: String, _ message: String, kind: String = "language") {
        warnings.append(ImportWarning(kind: kind, location: location, message: message))
    }

    /// Replaces a type wherever properties use it.
    static func replace(_ type: TypeSpec, with replacement: TypeSpec, in draft: inout CatalogDraft) {
        for slot in draft.models.values.indices {
            for index in draft.models.values[slot].properties.indices {
                let current = draft.models.values[slot].properties[index].type
                let replaced = substitute(type, with: replacement, in: current)
                if replaced != current { draft.models.values[slot].properties[index].type = replaced }
            }
        }
    }

    private static func substitute(_ type: TypeSpec, with replacement: TypeSpec, in expression: TypeSpec) -> TypeSpec {
        if expression == type { return replacement }
        switch expression {
        case .array(let element): return .array(substitute(type, with: replacement, in: element))
        case .dictionary(let value): return .dictionary(substitute(type, with: replacement, in: value))
        case .union(let members):
            let replaced = members.map { substitute(type, with: replacement, in: $0) }
            return replaced.contains(.any) ? .any : .union(replaced)
        default: return expression
        }
    }
}
