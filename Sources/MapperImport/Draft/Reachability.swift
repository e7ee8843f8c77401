/// What the routes reach: the models and enums a route or an error model names, what their
/// properties, bases and variants name, and the models that extend a reached model (its
/// variants may be chosen). Everything else is a schema only requests use, or none at all.
enum Reachability {
    /// Removes what no route reaches; returns how many models were left out. A draft without
    /// routes keeps everything (a description of schemas only).
    static func prune(_ draft: inout CatalogDraft) -> Int {
        var queue = draft.routeBlocks.flatMap { block in block.routes.flatMap(\.names) + (block.errorModel.map { [$0] } ?? []) }
        guard !queue.isEmpty else { return 0 }
        var children: [String: [String]] = [:]
        for (name, model) in draft.models { if let base = model.extends { children[base, default: []].append(name) } }
        var reached: Set<String> = []
        while let name = queue.popLast() {
            guard reached.insert(name).inserted else { continue }
            guard let model = draft.models[name] else { continue }
            queue += model.properties.flatMap(\.type.namedTypes)
            if let base = model.extends { queue.append(base) }
            queue += model.variants?.cases.map(\.model) ?? []
            queue += children[name] ?? []
        }
        let models = draft.models.count
        draft.models = draft.models.filter { reached.contains($0.key) }
        draft.enums = draft.enums.filter { reached.contains($0.key) }
        return models - draft.models.count
    }
}
