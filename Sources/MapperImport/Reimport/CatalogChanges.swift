public import MapperKit

/// What a re-import changed in a catalog: models, enums and routes added or removed, and the
/// properties added, removed or changed in the models both catalogs have. Names are sorted, so the
/// same two catalogs always give the same report.
///
/// ```swift
/// let changes = CatalogChanges(old: try Catalog(paths: ["out"]), new: try Catalog(paths: ["new"]))
/// print(changes.text)   // "+ model DropletBackup" … "- route GET /v2/images: ImageList"
/// ```
public struct CatalogChanges: Sendable, Hashable {
    /// One line of the report: what changed, and how.
    public struct Line: Sendable, Hashable {
        /// `+` added, `-` removed, `~` changed.
        public var sign: Character
        /// `model`, `enum` or `route`.
        public var kind: String
        /// The model's or enum's name, or the route's pattern (`GET /v2/droplets/*`).
        public var name: String
        /// For a changed model or enum, what changed in its properties or cases, in name order;
        /// for a route, one detail: the model it leads to (`old → new` when that changed).
        public var details: [Detail]
    }

    /// One property or enum case of a changed model or enum (or a route's model).
    public struct Detail: Sendable, Hashable {
        /// `+` added, `-` removed, `~` changed.
        public var sign: Character
        /// The property's or case's name (empty for a route's model or a model's `extends`).
        public var name: String
        /// The property as it is (`int, required`), `old → new` when it changed; empty for an enum case.
        public var text: String

        /// The detail as one line of the report.
        public var line: String {
            if name.isEmpty { return text }
            return text.isEmpty ? "\(sign) \(name)" : "\(sign) \(name): \(text)"
        }
    }

    /// Models first, then enums, then routes; each group sorted by name.
    public var lines: [Line]

    /// Whether the two catalogs declare the same models, properties, enums and routes.
    public var isEmpty: Bool { lines.isEmpty }

    /// Compares the catalog on disk before an import (`old`) with the one after (`new`).
    public init(old: Catalog, new: Catalog) {
        lines =
            Self.models(old: old, new: new) + Self.enums(old: old, new: new) + Self.routes(old: old.routes, new: new.routes)
    }

    /// The report for people: one line per model, enum or route, `+` added, `-` removed, `~` changed.
    public var text: String {
        lines.map { line in
            let head = "\(line.sign) \(line.kind) \(line.name)"
            if line.kind == "route" { return head + ": " + line.details.map(\.line).joined() }
            guard !line.details.isEmpty else { return head }
            return ([head] + line.details.map { "    " + $0.line }).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Counts for a summary line: `models 1 added, 1 changed; routes 1 added`.
    public var summary: String {
        let groups = ["model", "enum", "route"].compactMap { kind -> String? in
            let counts = [("+", "added"), ("-", "removed"), ("~", "changed")].compactMap { sign, word -> String? in
                let count = lines.count { $0.kind == kind && String($0.sign) == sign }
                return count == 0 ? nil : "\(count) \(word)"
            }
            return counts.isEmpty ? nil : "\(kind)s " + counts.joined(separator: ", ")
        }
        return groups.isEmpty ? "no changes" : groups.joined(separator: "; ")
    }

    private static func models(old: Catalog, new: Catalog) -> [Line] {
        let names = Set(old.models.keys).union(new.models.keys).sorted()
        return names.compactMap { name in
            switch (old.models[name], new.models[name]) {
            case (nil, _?): return Line(sign: "+", kind: "model", name: name, details: [])
            case (_?, nil): return Line(sign: "-", kind: "model", name: name, details: [])
            case (let before?, let after?):
                let details = propertyChanges(old: before, new: after)
                return details.isEmpty ? nil : Line(sign: "~", kind: "model", name: name, details: details)
            case (nil, nil): return nil
            }
        }
    }

    /// The model's own properties (not inherited ones: those are reported on the model declaring them).
    static func propertyChanges(old: ModelSpec, new: ModelSpec) -> [Detail] {
        func own(_ model: ModelSpec) -> [String: PropertySpec] {
            Dictionary(model.properties.filter { $0.declaredIn == model.name }.map { ($0.name, $0) }) { first, _ in first }
        }
        let before = own(old)
        let after = own(new)
        var details: [Detail] = []
        if old.base != new.base {
            details.append(Detail(sign: "~", name: "", text: "extends \(old.base ?? "nothing") → \(new.base ?? "nothing")"))
        }
        for name in Set(before.keys).union(after.keys).sorted() {
            switch (before[name], after[name]) {
            case (nil, let added?): details.append(Detail(sign: "+", name: name, text: describe(added)))
            case (let removed?, nil): details.append(Detail(sign: "-", name: name, text: describe(removed)))
            case (let was?, let now?) where describe(was) != describe(now):
                details.append(Detail(sign: "~", name: name, text: "\(describe(was)) → \(describe(now))"))
            default: break
            }
        }
        return details
    }

    /// A property's type, key and whether it is required: what a re-import can change.
    private static func describe(_ property: PropertySpec) -> String {
        var text = property.type.description
        if let key = property.key?.description, key != property.name { text += " (key \(key))" }
        if property.required { text += ", required" }
        return text
    }

    private static func enums(old: Catalog, new: Catalog) -> [Line] {
        Set(old.enums.keys).union(new.enums.keys).sorted().compactMap { name in
            switch (old.enums[name], new.enums[name]) {
            case (nil, _?): return Line(sign: "+", kind: "enum", name: name, details: [])
            case (_?, nil): return Line(sign: "-", kind: "enum", name: name, details: [])
            case (let before?, let after?):
                let was = Set(before.cases.map(\.name))
                let now = Set(after.cases.map(\.name))
                let details =
                    now.subtracting(was).sorted().map { Detail(sign: "+", name: $0, text: "") }
                    + was.subtracting(now).sorted().map { Detail(sign: "-", name: $0, text: "") }
                return details.isEmpty ? nil : Line(sign: "~", kind: "enum", name: name, details: details)
            default: return nil
            }
        }
    }

    private static func routes(old: RouteTable, new: RouteTable) -> [Line] {
        func table(_ routes: RouteTable) -> [String: String] {
            Dictionary(routes.routes.map { ($0.description, $0.model) }) { first, _ in first }
        }
        let before = table(old)
        let after = table(new)
        return Set(before.keys).union(after.keys).sorted().compactMap { pattern in
            switch (before[pattern], after[pattern]) {
            case (nil, let model?):
                return Line(sign: "+", kind: "route", name: pattern, details: [Detail(sign: "+", name: "", text: model)])
            case (let model?, nil):
                return Line(sign: "-", kind: "route", name: pattern, details: [Detail(sign: "-", name: "", text: model)])
            case (let was?, let now?) where was != now:
                return Line(sign: "~", kind: "route", name: pattern, details: [Detail(sign: "~", name: "", text: "\(was) → \(now)")])
            default: return nil
            }
        }
    }
}
