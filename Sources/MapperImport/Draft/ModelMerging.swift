import MapperKit

/// One model per payload shape: models the import made for inline schemas (a response's
/// envelope `{data: Task}` per operation, a nested object per owner) that are identical — same
/// properties with the same keys, types and rules, same base, variants and unknown keys — become
/// one model. A group is named for what it holds (`{data: Task}` → `TaskEnvelope`, `{data:
/// [Task], next_page: …}` → `TaskListEnvelope`), a name that does not depend on which operations
/// use it and so stays the same across imports; otherwise it keeps its first name in name order.
/// An envelope only one operation answers is named for what it holds too, so that its name does
/// not change when a second operation comes to answer the same shape.
struct ModelMerging {
    /// Models named after a component of the description, never merged away.
    var fixed: Set<String>
    /// Response models named after their operation (`SshKeysGetResponse`).
    var namedByOperation: Set<String> = []

    /// Merges identical models until none are left (merging one level can make the next
    /// identical); returns old name → new name.
    func merge(_ draft: inout CatalogDraft, names: inout NameRegistry) -> [String: String] {
        var renamed: [String: String] = [:]
        for _ in 0..<8 {
            var groups: [Shape: [String]] = [:]
            for (name, model) in draft.models.sorted(by: { $0.key < $1.key }) where !fixed.contains(name) {
                groups[Shape(model), default: []].append(name)
            }
            var round: [String: String] = [:]
            // In name order: names are claimed first come, first served, and must not depend on hashing.
            // Every group has a first member: a name starts it.
            for members in groups.values.sorted(by: { ($0.first ?? "") < ($1.first ?? "") }) {
                guard let first = members.first, members.count > 1 || namedByOperation.contains(first),
                    let model = draft.models[first]
                else { continue }
                let holding = Self.holdingName(model, draft: draft)
                guard members.count > 1 || holding != nil else { continue }
                let target = holding.map { names.claim([$0]) } ?? first
                for member in members where member != target { round[member] = target }
                if target != first {
                    var merged = model
                    merged.name = target
                    // The docs of operation envelopes are the operations'; a shared one has none.
                    merged.doc = members.allSatisfy { draft.models[$0]?.doc == model.doc } ? model.doc : nil
                    draft.models[target] = merged
                }
            }
            guard !round.isEmpty else { break }
            for old in round.keys { draft.models.removeValue(forKey: old) }
            Self.rename(round, in: &draft)
            for (old, new) in renamed { renamed[old] = round[new] ?? new }
            renamed.merge(round) { first, _ in first }
        }
        return renamed
    }

    /// `TaskEnvelope` for a model whose one model-typed property holds `Task`, `TaskListEnvelope`
    /// for `[Task]`.
    static func holdingName(_ model: ModelDraft, draft: CatalogDraft) -> String? {
        guard model.extends == nil, model.variants == nil else { return nil }
        let held = model.properties.compactMap { property -> String? in
            switch property.type {
            case .model(let name) where draft.models[name] != nil: return name
            case .array(.model(let name)) where draft.models[name] != nil: return name + "List"
            default: return nil
            }
        }
        guard held.count == 1, let only = held.first else { return nil }
        return only + "Envelope"
    }

    /// Every reference to an old name in the draft, to the new one.
    static func rename(_ map: [String: String], in draft: inout CatalogDraft) {
        draft.models = draft.models.mapValues { original in
            var model = original
            if let base = model.extends { model.extends = map[base] ?? base }
            for index in model.properties.indices { model.properties[index].type = renamed(model.properties[index].type, map) }
            if var variants = model.variants {
                variants.cases = variants.cases.map { ($0.value, map[$0.model] ?? $0.model) }
                model.variants = variants
            }
            return model
        }
        for block in draft.routeBlocks.indices {
            if let error = draft.routeBlocks[block].errorModel { draft.routeBlocks[block].errorModel = map[error] ?? error }
            for route in draft.routeBlocks[block].routes.indices {
                draft.routeBlocks[block].routes[route].model = renamed(target: draft.routeBlocks[block].routes[route].model, map)
            }
        }
    }

    /// A route's target with the models `map` renames renamed: a model's name, `Model?`, or a
    /// type expression (`[Model]`, `string | Model`).
    static func renamed(target: String, _ map: [String: String]) -> String {
        var result = ""
        var word = ""
        for character in target + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                result += map[word] ?? word
                result.append(character)
                word = ""
            }
        }
        return String(result.dropLast())
    }

    /// The type with the models `map` renames renamed (the map holds models only).
    static func renamed(_ type: TypeSpec, _ map: [String: String]) -> TypeSpec {
        switch type {
        case .model(let name): return .model(map[name] ?? name)
        case .array(let element): return .array(renamed(element, map))
        case .dictionary(let value): return .dictionary(renamed(value, map))
        case .union(let members): return .union(members.map { renamed($0, map) })
        default: return type
        }
    }

    /// What makes two models the same payload shape (not their names, docs or origins).
    struct Shape: Hashable {
        struct Property: Hashable {
            var name: String
            var jsonKey: String
            var type: TypeSpec
            var required: Bool
            var format: String?
            var constraints: ConstraintsDraft
        }

        var extends: String?
        var unknownKeys: ModelSpec.UnknownKeys?
        var properties: [Property]
        var variants: VariantsDraft?

        init(_ model: ModelDraft) {
            extends = model.extends
            unknownKeys = model.unknownKeys
            variants = model.variants
            properties = model.properties.map {
                Property(
                    name: $0.name, jsonKey: $0.jsonKey, type: $0.type, required: $0.required, format: $0.format, constraints: $0.constraints
                )
            }
        }
    }
}
