import MapperKit

/// The walk behind `Compatibility.compare`: models in the old catalog's order, then the models
/// only the new one has, then the enums the same way; within a model, properties in the old
/// model's order, then the new ones.
struct Comparison {
    typealias Change = Compatibility.Change
    typealias Kind = Compatibility.Kind

    let old: Catalog
    let new: Catalog
    var changes: [Change] = []

    init(old: Catalog, new: Catalog) {
        self.old = old
        self.new = new
    }

    mutating func run() {
        for name in old.modelNames {
            guard let before = old.models[name] else { continue }
            guard let after = new.models[name] else {
                let message = "model '\(name)' removed"
                add(.canonical, true, .modelRemoved, name, nil, message, before.mark, nil)
                add(.external, true, .modelRemoved, name, nil, message + ": documents of it can no longer be decoded", before.mark, nil)
                continue
            }
            compareModel(before, after)
        }
        for name in new.modelNames where old.models[name] == nil {
            add(.canonical, false, .modelAdded, name, nil, "model '\(name)' added", nil, new.models[name]?.mark)
        }
        for name in old.enumNames {
            guard let before = old.enums[name] else { continue }
            guard let after = new.enums[name] else {
                add(
                    .canonical, false, .enumRemoved, name, nil,
                    "enum '\(name)' removed (properties that used it are reported on their models)", before.mark, nil)
                continue
            }
            compareEnum(before, after)
        }
        for name in new.enumNames where old.enums[name] == nil {
            add(.canonical, false, .enumAdded, name, nil, "enum '\(name)' added", nil, new.enums[name]?.mark)
        }
    }

    mutating func add(
        _ side: Compatibility.Side, _ breaking: Bool, _ kind: Kind, _ subject: String, _ member: String?, _ message: String,
        _ oldMark: Mark?, _ newMark: Mark?, migration: String? = nil
    ) {
        changes.append(
            Change(
                side: side, breaking: breaking, kind: kind, subject: subject, member: member, message: message, old: oldMark,
                new: newMark, migration: migration))
    }

    // MARK: Models

    private mutating func compareModel(_ before: ModelSpec, _ after: ModelSpec) {
        let model = before.name
        let previous = Set(before.properties.map(\.name))
        var added = after.properties.filter { !previous.contains($0.name) }
        for property in before.properties {
            if let same = after.property(named: property.name) {
                compareProperty(model, property, same, in: after)
                continue
            }
            // A rename: the same key and type under another name.
            if property.key != nil,
                let index = added.firstIndex(where: { $0.key == property.key && $0.type == property.type })
            {
                let renamed = added.remove(at: index)
                renamedProperty(model, property, renamed, before: before, after: after)
                compareProperty(model, property, renamed, in: after)
                continue
            }
            add(.canonical, true, .propertyRemoved, model, property.name, "property '\(property.name)' removed", property.mark, nil)
            if let key = property.key {
                let stillRead = after.properties.contains { $0.key.map { $0.hasPrefix(key) || key.hasPrefix($0) } ?? false }
                if after.unknownKeys == .reject && !stillRead {
                    add(
                        .external, true, .propertyRemoved, model, property.name,
                        "key '\(key)' is no longer read and the model rejects unknown keys: documents that have it are refused",
                        property.mark, after.mark)
                } else {
                    add(.external, false, .propertyRemoved, model, property.name, "key '\(key)' is no longer read", property.mark, nil)
                }
            }
        }
        for property in added {
            if property.required && property.defaultValue == nil && property.computed == nil {
                let message = "required property '\(property.name)' added"
                add(
                    .canonical, true, .requiredAdded, model, property.name, message + ": canonical documents without it are refused", nil,
                    property.mark)
                if let key = property.key {
                    add(
                        .external, true, .requiredAdded, model, property.name,
                        message + ": documents without key '\(key)' are refused", nil, property.mark)
                }
            } else {
                add(.canonical, false, .propertyAdded, model, property.name, "property '\(property.name)' added", nil, property.mark)
            }
        }
        compareUnknownKeys(before, after)
        compareVariants(before, after)
    }

    private mutating func renamedProperty(
        _ model: String, _ before: PropertySpec, _ after: PropertySpec, before oldModel: ModelSpec, after newModel: ModelSpec
    ) {
        let version = oldModel.version
        let migrated = newModel.migrations.contains { step in
            step.from >= version && step.rename.contains { $0.field == before.name && $0.value == after.name }
        }
        let message =
            "property '\(before.name)' renamed to '\(after.name)' (same key '\(before.key?.description ?? "")' and type \(before.type))"
        if migrated {
            add(
                .canonical, true, .propertyRenamed, model, before.name, message + "; archives are migrated by the model's migrations",
                before.mark, after.mark)
        } else {
            let stanza = "version: \(version + 1)\nmigrations:\n  - { from: \(version), rename: { \(before.name): \(after.name) } }"
            add(.canonical, true, .propertyRenamed, model, before.name, message, before.mark, after.mark, migration: stanza)
        }
    }

    private mutating func compareProperty(_ model: String, _ before: PropertySpec, _ after: PropertySpec, in newModel: ModelSpec) {
        let name = after.name
        for side in Compatibility.Side.allCases where side == .canonical || (before.key != nil && after.key != nil) {
            let relation = TypeRelation(before.type, in: old, after.type, in: new, side: side)
            switch relation {
            case .same: break
            case .wider:
                add(side, false, .typeWidened, model, name, "type widened from \(before.type) to \(after.type)", before.mark, after.mark)
            case .narrower:
                add(
                    side, true, .typeNarrowed, model, name, "type narrowed from \(before.type) to \(after.type)\(side.refusal)",
                    before.mark, after.mark)
            case .changed:
                add(
                    side, true, .typeChanged, model, name, "type changed from \(before.type) to \(after.type)\(side.refusal)", before.mark,
                    after.mark)
            }
        }
        if let from = before.key, let to = after.key, from != to {
            let outcome =
                after.required
                ? "documents with key '\(from)' and without '\(to)' are refused" : "documents with key '\(from)' lose the value"
            add(.external, true, .keyChanged, model, name, "key changed from '\(from)' to '\(to)': \(outcome)", before.mark, after.mark)
        }
        if !before.required && after.required && after.computed == nil {
            add(
                .canonical, true, .requiredAdded, model, name,
                "property '\(name)' became required: canonical documents without it are refused", before.mark, after.mark)
            if let key = after.key {
                add(
                    .external, true, .requiredAdded, model, name,
                    "property '\(name)' became required: documents without key '\(key)' are refused", before.mark, after.mark)
            }
        } else if before.required && !after.required {
            add(
                .canonical, false, .requiredRemoved, model, name, "property '\(name)' is no longer required: it may be absent", before.mark,
                after.mark)
        }
        if before.defaultValue != after.defaultValue {
            let describe = { (value: JSONValue?) in value.map(\.quoted) ?? "absent" }
            add(
                .canonical, false, .defaultChanged, model, name,
                "default changed from \(describe(before.defaultValue)) to \(describe(after.defaultValue))", before.mark, after.mark)
        }
        compareOmit(model, before, after)
        if after.key != nil && (before.format != after.format || before.representation != after.representation) {
            let describe = { (property: PropertySpec) in
                [property.format.map { "format \($0)" }, property.representation.map { "json: \($0.rawValue)" }]
                    .compactMap(\.self).joined(separator: ", ")
            }
            let from = describe(before).isEmpty ? "the type's default" : describe(before)
            let to = describe(after).isEmpty ? "the type's default" : describe(after)
            add(
                .external, true, .formatChanged, model, name,
                "external form changed from \(from) to \(to): documents written the old way are refused", before.mark, after.mark)
        }
        compareConstraints(model, before, after)
    }

    private mutating func compareConstraints(_ model: String, _ before: PropertySpec, _ after: PropertySpec) {
        let (old, new) = (before.constraints, after.constraints)
        var tightened: [String] = []
        var loosened: [String] = []
        func bound<T>(_ name: String, _ from: T?, _ to: T?, tighter: (T, T) -> Bool, describe: (T) -> String) {
            switch (from, to) {
            case (nil, nil): break
            case (nil, let to?): tightened.append("\(name) \(describe(to)) added")
            case (let from?, nil): loosened.append("\(name) \(describe(from)) removed")
            case (let from?, let to?):
                if tighter(from, to) {
                    tightened.append("\(name) \(describe(from)) → \(describe(to))")
                } else if tighter(to, from) {
                    loosened.append("\(name) \(describe(from)) → \(describe(to))")
                }
            }
        }
        bound("min_length", old.minLength, new.minLength, tighter: { $1 > $0 }, describe: { "\($0)" })
        bound("max_length", old.maxLength, new.maxLength, tighter: { $1 < $0 }, describe: { "\($0)" })
        bound("minimum", old.minimum, new.minimum, tighter: { $1.double > $0.double }, describe: { $0.text })
        bound("maximum", old.maximum, new.maximum, tighter: { $1.double < $0.double }, describe: { $0.text })
        bound("pattern", old.pattern, new.pattern, tighter: { $0 != $1 }, describe: { "'\($0.source)'" })
        if !tightened.isEmpty {
            let list = tightened.joined(separator: ", ")
            add(.canonical, true, .constraintTightened, model, after.name, "constraint tightened: \(list)", before.mark, after.mark)
            if after.key != nil {
                add(
                    .external, true, .constraintTightened, model, after.name,
                    "constraint tightened: \(list): documents outside it are refused", before.mark, after.mark)
            }
        }
        if !loosened.isEmpty {
            add(
                .canonical, false, .constraintLoosened, model, after.name, "constraint loosened: \(loosened.joined(separator: ", "))",
                before.mark, after.mark)
        }
    }

    /// `omit` as the property resolves it (its own, its model's, its file's `defaults:`): leaving
    /// out more breaks readers of the encoded documents that expect the key; leaving out less does
    /// not. Without any `omit`, a run's `--omit` decides, so nil compares as `never`.
    private mutating func compareOmit(_ model: String, _ before: PropertySpec, _ after: PropertySpec) {
        let order: [OmitPolicy] = [.never, .nulls, .empty]
        let from = before.omit ?? .never
        let to = after.omit ?? .never
        guard let key = after.key, from != to, let rank = order.firstIndex(of: from), let newRank = order.firstIndex(of: to) else { return }
        let message = "omit changed from \(from.rawValue) to \(to.rawValue)"
        if newRank > rank {
            let values = to == .nulls ? "null" : "null or empty"
            add(
                .external, true, .omitChanged, model, after.name,
                message + ": encoded documents leave out key '\(key)' when its value is \(values), where readers found it before",
                before.mark, after.mark)
        } else {
            add(
                .external, false, .omitChanged, model, after.name,
                message + ": encoded documents write key '\(key)' where they left it out",
                before.mark, after.mark)
        }
    }

    private mutating func compareUnknownKeys(_ before: ModelSpec, _ after: ModelSpec) {
        guard before.unknownKeys != after.unknownKeys else { return }
        let message = "unknown_keys changed from \(before.unknownKeys.rawValue) to \(after.unknownKeys.rawValue)"
        if after.unknownKeys == .reject {
            add(
                .external, true, .unknownKeysChanged, before.name, nil, message + ": documents with keys no property reads are refused",
                before.mark, after.mark)
        } else if before.unknownKeys == .reject {
            add(.external, false, .unknownKeysChanged, before.name, nil, message, before.mark, after.mark)
        }
        if before.unknownKeys == .keep {
            add(
                .canonical, true, .unknownKeysChanged, before.name, nil, message + ": canonical JSON no longer holds '$extra'", before.mark,
                after.mark)
        } else if after.unknownKeys == .keep {
            add(
                .canonical, false, .unknownKeysChanged, before.name, nil, message + ": canonical JSON may hold '$extra'", before.mark,
                after.mark)
        }
    }
}

extension Compatibility.Side {
    /// What a narrowing does to the documents of this side.
    var refusal: String {
        switch self {
        case .canonical: return ": canonical values of the old type are refused"
        case .external: return ": documents with values of the old type are refused"
        }
    }
}
