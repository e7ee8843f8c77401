import MapperKit
import OpenAPIKit

extension RouteBuilder {
    /// Paths that differ only by a query or fragment suffix (`/responses` and
    /// `/responses?beta=true`) are one URL: one route, whose model reads the bodies of both — a
    /// model with every property of either (required only where both require it with the same
    /// type; a key they type differently is `any`), keeping unknown keys. Returns false when the
    /// route is a plain duplicate (the first is kept).
    mutating func mergeBodies(into route: RouteDraft, path: OpenAPI.Path, origin: String) -> Bool {
        guard Self.hasSuffix(path) || suffixedKeys.contains(route.key) else { return false }
        guard
            let (group, index) = blocks.lazy.compactMap({ entry in
                entry.value.routes.firstIndex { $0.key == route.key }.map { (entry.key, $0) }
            }).first,
            let existing = blocks[group]?.routes[index]
        else { return false }
        var warning = "'\(route.key)' is also the route of another path that differs only by a query or fragment suffix; "
        if existing.model == route.model {
            warning += "both have the body '\(route.model)', which the one route maps"
        } else {
            let draft = translator.draft
            // Two bodies that are models (`Model?` when null too) merge; a body that is another
            // value (`[string]`) does not.
            let (firstName, secondName) = (Self.bare(existing.model), Self.bare(route.model))
            guard let first = draft.models[firstName], let second = draft.models[secondName],
                first.variants == nil, second.variants == nil
            else { return false }
            let nullable = existing.model != firstName || route.model != secondName
            let merged = mergedModel(firstName, secondName, route: route) + (nullable ? "?" : "")
            blocks[group]?.routes[index].model = merged
            warning += "the route maps '\(merged)', which reads the bodies of both"
        }
        warnings.append(ImportWarning(kind: "merged-route", location: origin, message: warning))
        return true
    }

    /// The model a route's target names, without the `?` of a body that may be null.
    private static func bare(_ target: String) -> String {
        target.hasSuffix("?") ? String(target.dropLast()) : target
    }

    /// Whether a path has a query or fragment suffix (`/responses?beta=true`).
    static func hasSuffix(_ path: OpenAPI.Path) -> Bool {
        path.rawValue.contains { $0 == "?" || $0 == "#" }
    }

    /// A model with the properties of both (a model made by an earlier merge takes more).
    private func mergedModel(_ first: String, _ second: String, route: RouteDraft) -> String {
        let draft = translator.draft
        func all(_ model: String) -> [PropertyDraft] {
            translator.inheritedProperties(of: model) + (draft.models[model]?.properties ?? [])
        }
        var properties = all(first)
        let others = all(second)
        for index in properties.indices {
            guard let other = others.first(where: { $0.jsonKey == properties[index].jsonKey }) else {
                properties[index].required = false
                continue
            }
            if other.type != properties[index].type {
                properties[index].type = .any
                properties[index].format = nil
                properties[index].constraints = ConstraintsDraft()
            }
            properties[index].required = properties[index].required && other.required && other.type == properties[index].type
        }
        for var other in others where !properties.contains(where: { $0.jsonKey == other.jsonKey }) {
            other.required = false
            properties.append(other)
        }
        let name: String
        if first.hasSuffix("Bodies"), draft.models[first]?.doc?.hasPrefix("The bodies of") == true {
            name = first
        } else {
            let literal = route.pattern.split(separator: "/").filter { $0 != "*" && $0 != "#" }.joined(separator: " ")
            name = translator.names.claim([Naming.typeName(route.method.lowercased() + " " + literal + " bodies")])
        }
        var model = ModelDraft(name: name, origin: route.origin)
        model.doc = "The bodies of `\(route.key)` (\(first) or \(second)): paths that differ only by a query or fragment suffix."
        model.unknownKeys = .keep
        var taken = Set<String>()
        model.properties = properties.filter { taken.insert($0.name).inserted }
        translator.draft.models[name] = model
        return name
    }
}
