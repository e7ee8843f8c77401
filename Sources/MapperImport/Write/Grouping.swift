/// Which file each model, enum and format goes to: the group of the routes that reach it when
/// only one group's routes do, `common` when several do, `components` when none does.
enum Grouping {
    static func assign(_ draft: CatalogDraft) -> [String: String] {
        var reachedBy: [String: Set<String>] = [:]
        for block in draft.routeBlocks {
            var queue = block.routes.flatMap(\.names) + (block.errorModel.map { [$0] } ?? [])
            var seen: Set<String> = []
            while let name = queue.popLast() {
                guard seen.insert(name).inserted else { continue }
                reachedBy[name, default: []].insert(block.group)
                guard let model = draft.models[name] else { continue }
                queue += model.properties.flatMap(\.type.namedTypes)
                if let base = model.extends { queue.append(base) }
                queue += model.variants?.cases.map(\.model) ?? []
            }
        }
        var groups: [String: String] = [:]
        for name in Array(draft.models.keys) + Array(draft.enums.keys) {
            guard let by = reachedBy[name] else {
                groups[name] = "components"
                continue
            }
            // `by` holds at least one group: one names the group, several make it common.
            groups[name] = by.count > 1 ? "common" : by.first
        }
        for name in draft.formats.keys { groups[name] = "common" }
        return groups
    }
}
