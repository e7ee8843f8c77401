import MapperCEL
import MapperKit

/// Lists a catalog's coverage items and marks those an exercise reaches (see `Coverage`).
struct CoverageWalk {
    let catalog: Catalog
    private(set) var items: [Coverage.Item] = []
    /// Whether the exercise being walked decoded (rules and decode expressions ran) or encoded.
    private var decoded = true
    /// Item keys (`kind name`) → index in `items`.
    private var index: [String: Int] = [:]
    /// A rule's item name by where it is written (an inherited rule is one item).
    private var ruleNames: [String: String] = [:]

    init(catalog: Catalog) {
        self.catalog = catalog
        for name in catalog.modelNames {
            guard let model = catalog.models[name] else { continue }
            // A property once, where it is declared (an inherited one is the base's).
            for property in model.properties where property.declaredIn == name && !property.transient {
                let owner = "\(name).\(property.name)"
                add(.property, owner, property.mark)
                if property.defaultValue != nil && property.key != nil { add(.default, owner + " default", property.mark) }
                for member in Self.unionMembers(property.type) { add(.unionMember, "\(owner) | \(member)", property.mark) }
                for (expression, role) in Self.expressions(of: property) { add(.expression, "\(owner) \(role)", expression.mark) }
            }
            for rule in model.rules where ruleNames[rule.rule.mark.description] == nil {
                let ruleName = "\(name) \(JSONValue.string(rule.rule.source).quoted)"
                ruleNames[rule.rule.mark.description] = ruleName
                add(.rule, ruleName, rule.rule.mark)
                add(.ruleFailure, ruleName, rule.rule.mark)
            }
            if let variants = model.variants {
                for (position, choice) in variants.choices.enumerated() {
                    add(variantKind(variants, position), variantName(name, variants, position, choice), variantMark(variants, position))
                }
            }
        }
        for name in catalog.enumNames {
            guard let spec = catalog.enums[name] else { continue }
            for item in spec.cases {
                add(.enumCase, "\(name).\(item.name)", item.mark)
                for alias in item.aliases { add(.alias, "\(name).\(item.name) alias \(alias.quoted)", item.mark) }
            }
            if let fallback = spec.defaultCase { add(.enumFallback, "\(name) default \(fallback)", spec.mark) }
        }
        for route in catalog.routes.routes { add(.route, route.description, route.mark) }
    }

    private mutating func add(_ kind: Coverage.Kind, _ name: String, _ mark: Mark) {
        let key = "\(kind.rawValue) \(name)"
        guard index[key] == nil else { return }
        index[key] = items.count
        items.append(Coverage.Item(kind: kind, name: name, mark: mark, covered: false))
    }

    private mutating func cover(_ kind: Coverage.Kind, _ name: String) {
        if let at = index["\(kind.rawValue) \(name)"] { items[at].covered = true }
    }

    // MARK: Variants

    private func variantKind(_ variants: Variants, _ position: Int) -> Coverage.Kind {
        if position < variants.predicates.count { return .variantPredicate }
        return variants.fallback != nil && position == variants.choices.count - 1 ? .variantFallback : .variantCase
    }

    private func variantName(
        _ model: String, _ variants: Variants, _ position: Int, _ choice: (model: String, condition: String?)
    ) -> String {
        switch variantKind(variants, position) {
        case .variantPredicate: return "\(model) when \(choice.condition ?? "") → \(choice.model)"
        case .variantCase: return "\(model) case \(choice.condition ?? "") → \(choice.model)"
        default: return "\(model) fallback → \(choice.model)"
        }
    }

    private func variantMark(_ variants: Variants, _ position: Int) -> Mark {
        if position < variants.predicates.count { return variants.predicates[position].mark }
        let cases = variants.discriminator?.cases ?? []
        if position - variants.predicates.count < cases.count { return cases[position - variants.predicates.count].mark }
        return variants.mark
    }

    // MARK: The walk

    mutating func visit(_ exercise: Coverage.Exercise) {
        if let route = exercise.route { cover(.route, route.description) }
        for source in exercise.failedRules {
            if let name = ruleNames[source] { cover(.ruleFailure, name) }
        }
        decoded = exercise.decoded
        model(exercise.model, external: exercise.external, canonical: exercise.canonical)
    }

    /// The expressions of a property, with the word that names each one's role.
    private static func expressions(of property: PropertySpec) -> [(Expression, String)] {
        [(property.decode, "decode"), (property.encode, "encode"), (property.defaultExpression, "default expression")]
            .compactMap { expression, role in expression.map { ($0, role) } }
    }

    private mutating func model(_ declared: String, external: JSONValue?, canonical: JSONValue) {
        guard case .object(let object) = canonical, let spec = catalog.models[declared] else { return }
        if let variants = spec.variants, let external, let position = catalog.variantChoice(of: declared, for: external) {
            let choice = variants.choices[position]
            cover(variantKind(variants, position), variantName(declared, variants, position, choice))
        }
        var concrete = spec
        if case .string(let name)? = object["$type"], let variant = catalog.models[name] { concrete = variant }
        if decoded {
            for rule in concrete.rules { if let name = ruleNames[rule.rule.mark.description] { cover(.rule, name) } }
        }
        for property in concrete.properties where !property.transient {
            guard let value = object[property.name] else { continue }
            let owner = "\(property.declaredIn).\(property.name)"
            cover(.property, owner)
            if decoded, property.decode != nil { cover(.expression, owner + " decode") }
            if !decoded, property.encode != nil { cover(.expression, owner + " encode") }
            var read: JSONValue? = nil
            if property.flatten {
                read = external
            } else if let key = property.key, let external {
                read = Self.value(at: key, in: external)
                if read == nil && property.defaultValue != nil { cover(.default, owner + " default") }
                if read == nil && decoded && property.defaultExpression != nil { cover(.expression, owner + " default expression") }
            }
            type(property.type, external: read, canonical: value, owner: owner)
        }
    }

    private mutating func type(_ type: TypeSpec, external: JSONValue?, canonical: JSONValue, owner: String) {
        switch (type, canonical) {
        case (_, .null): return
        case (.model(let name), _): model(name, external: external, canonical: canonical)
        case (.enumeration(let name), .string(let caseName)): enumeration(name, external: external, caseName: caseName)
        case (.array(let element), .array(let values)):
            var externals: [JSONValue]? = nil
            if case .array(let items)? = external, items.count == values.count { externals = items }
            for (offset, value) in values.enumerated() { self.type(element, external: externals?[offset], canonical: value, owner: owner) }
        case (.dictionary(let element), .object(let members)):
            for member in members { self.type(element, external: external?[member.key], canonical: member.value, owner: owner) }
        case (.union(let members), _):
            guard let kind = JSONKind(canonical), let member = members.first(where: { $0.canonicalKinds.contains(kind) }) else {
                return
            }
            cover(.unionMember, "\(owner) | \(member)")
            self.type(member, external: external, canonical: canonical, owner: owner)
        default: return
        }
    }

    private mutating func enumeration(_ name: String, external: JSONValue?, caseName: String) {
        guard let spec = catalog.enums[name], let item = spec.case(named: caseName) else { return }
        cover(.enumCase, "\(name).\(caseName)")
        guard let external, external != item.json else { return }
        if item.aliases.contains(external) {
            cover(.alias, "\(name).\(caseName) alias \(external.quoted)")
        } else if spec.defaultCase == caseName, !spec.cases.contains(where: { $0.json == external || $0.aliases.contains(external) }) {
            cover(.enumFallback, "\(name) default \(caseName)")
        }
    }

    // MARK: JSON helpers

    /// The value at a key path: objects walked member by member, nil when a step is absent or not
    /// an object.
    static func value(at path: JSONKeyPath, in object: JSONValue) -> JSONValue? {
        var current = object
        for segment in path.segments {
            guard case .object(let members) = current, let next = members[segment] else { return nil }
            current = next
        }
        return current
    }

    /// The members of every union in a type (inside arrays and dictionaries too).
    static func unionMembers(_ type: TypeSpec) -> [TypeSpec] {
        switch type {
        case .union(let members): return members
        case .array(let element), .dictionary(let element): return unionMembers(element)
        default: return []
        }
    }
}
