import MapperKit

/// How a property's new type stands to its old one on one side: every value of the old type is
/// still accepted (`wider`), only some are (`narrower`, when the old type accepts every new value),
/// or neither.
///
/// Canonical values are compared by what canonical JSON holds (an enum's case names, a url, uuid
/// or date as a string); external values by what decode reads (an enum's JSON values and aliases,
/// and any value once the enum has a `default`). A model or enum type is the same type when the
/// name is: its own changes are reported once, on the model or the enum.
enum TypeRelation: Equatable {
    case same, wider, narrower, changed

    init(_ before: TypeSpec, in old: Catalog, _ after: TypeSpec, in new: Catalog, side: Compatibility.Side) {
        let forward = Acceptance(side: side, wide: (after, new), narrow: (before, old))
        let backward = Acceptance(side: side, wide: (before, old), narrow: (after, new))
        switch (forward.holds, backward.holds) {
        case (true, true): self = .same
        case (true, false): self = .wider
        case (false, true): self = .narrower
        case (false, false): self = .changed
        }
    }
}

/// Whether the `wide` type accepts every value of the `narrow` one, each read in its own catalog.
private struct Acceptance {
    let side: Compatibility.Side
    let wide: (type: TypeSpec, catalog: Catalog)
    let narrow: (type: TypeSpec, catalog: Catalog)

    var holds: Bool { accepts(wide.type, narrow.type) }

    private func accepts(_ a: TypeSpec, _ b: TypeSpec) -> Bool {
        if case .union(let members) = b { return members.allSatisfy { accepts(a, $0) } }
        if case .union(let members) = a { return members.contains { accepts($0, b) } }
        switch (a, b) {
        case (.any, _): return true
        case (.array(let x), .array(let y)), (.dictionary(let x), .dictionary(let y)): return accepts(x, y)
        case (.model(let x), .model(let y)): return x == y
        case (.enumeration(let x), .enumeration(let y)): return x == y || enumAccepts(x, y)
        case (.string, .enumeration(let y)):
            // Canonical JSON holds case names; external JSON the case values.
            guard let values = narrow.catalog.enums[y] else { return false }
            return side == .canonical
                || values.cases.allSatisfy { ([$0.json] + $0.aliases).allSatisfy { if case .string = $0 { true } else { false } } }
        case (.string, .url), (.string, .uuid), (.string, .localDate): return true
        case (.string, .date): return side == .canonical
        case (.double, .int), (.decimal, .int), (.decimal, .double): return true
        default: return a == b
        }
    }

    private func enumAccepts(_ wideName: String, _ narrowName: String) -> Bool {
        guard let wideEnum = wide.catalog.enums[wideName], let narrowEnum = narrow.catalog.enums[narrowName] else { return false }
        switch side {
        case .canonical:
            let names = Set(wideEnum.cases.map(\.name))
            return narrowEnum.cases.allSatisfy { names.contains($0.name) }
        case .external:
            if wideEnum.defaultCase != nil { return true }
            let values = Set(wideEnum.cases.flatMap { [$0.json] + $0.aliases })
            return narrowEnum.cases.allSatisfy { ([$0.json] + $0.aliases).allSatisfy(values.contains) }
        }
    }
}
