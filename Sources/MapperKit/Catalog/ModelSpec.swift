public import MapperYAML

/// A model of the catalog: its own settings and its properties, inherited ones first.
public struct ModelSpec: Sendable, Hashable {
    public enum UnknownKeys: String, Sendable, Hashable, CaseIterable {
        case ignore, reject, keep
    }

    public var name: String
    public var doc: String?
    /// The model named by `extends`.
    public var base: String?
    public var keyStyle: KeyStyle
    public var unknownKeys: UnknownKeys
    /// How kept unknown keys (`$extra`, with `unknown_keys: keep`) take part in equality, merges
    /// and archives.
    public var extra: ExtraSettings
    /// Archive version.
    public var version: Int
    /// Every property in declaration order: inherited first, then the model's own (a redefinition
    /// takes the place of the property it redefines).
    public var properties: [PropertySpec]
    public var variants: Variants?
    public var migrations: [Migration]
    /// The model's `on_error`, as written (nil when it says nothing); its properties already
    /// carry it where it holds.
    public var onError: OnError? = nil
    public var mark: Mark

    public func property(named name: String) -> PropertySpec? {
        properties.first { $0.name == name }
    }
}

/// The model-level `extra:` block: `$extra` is part of the model unless it says otherwise.
public struct ExtraSettings: Sendable, Hashable {
    /// `compare: false`: `$extra` is left out of equality, hashing and `mapper diff`.
    public var compare = true
    /// `archive: false`: `$extra` is left out of archives.
    public var archive = true
    /// How `merge` combines the source's `$extra` with the target's, key by key: `replace` (the
    /// source's value wins for keys it has) or `keep` (the target's does).
    public var merge = MergeStrategy.replace

    public init(compare: Bool = true, archive: Bool = true, merge: MergeStrategy = .replace) {
        self.compare = compare
        self.archive = archive
        self.merge = merge
    }
}

/// How a model with `variants` picks the concrete model from a JSON object: the `when`
/// predicates in order, then the discriminator (`by` + `cases`), then `fallback`.
public struct Variants: Sendable, Hashable {
    /// `by: key.path` and `cases: {json value: Model}`.
    public struct Discriminator: Sendable, Hashable {
        public var by: JSONKeyPath
        public var cases: [Case]
    }

    public struct Case: Sendable, Hashable {
        public var value: JSONValue
        public var model: String
        public var mark: Mark
    }

    public struct Predicate: Sendable, Hashable {
        public enum Test: Sendable, Hashable {
            /// The key path is present and not null.
            case has(JSONKeyPath)
            /// Every key path equals its JSON value.
            case equals([JSONKeyPath: JSONValue])
        }

        public var test: Test
        public var model: String
        public var mark: Mark
    }

    /// `when: [...]`, tried in order before the discriminator.
    public var predicates: [Predicate]
    public var discriminator: Discriminator?
    public var fallback: String?
    public var mark: Mark

    /// Every model the variants can produce.
    public var models: [String] {
        predicates.map(\.model) + (discriminator?.cases.map(\.model) ?? []) + (fallback.map { [$0] } ?? [])
    }

    /// Every model the variants can produce with what picks it, in the order they are tried:
    /// `has image_url`, `kind = "text" and v = 2`, `type = "PushEvent"`; nil for the fallback.
    public var choices: [(model: String, condition: String?)] {
        var choices: [(model: String, condition: String?)] = predicates.map { predicate in
            switch predicate.test {
            case .has(let path): return (predicate.model, "has \(path)")
            case .equals(let expected):
                return (predicate.model, expected.map { "\($0.key) = \(JSONWriter.write($0.value))" }.sorted().joined(separator: " and "))
            }
        }
        if let discriminator {
            choices += discriminator.cases.map { ($0.model, "\(discriminator.by) = \(JSONWriter.write($0.value))") }
        }
        if let fallback { choices.append((fallback, nil)) }
        return choices
    }
}

/// A step that turns an archive of version `from` into version `from + 1`.
public struct Migration: Sendable, Hashable {
    /// One `name: value` entry of a step, in written order.
    public struct Entry<Value: Sendable & Hashable>: Sendable, Hashable {
        public var field: String
        public var value: Value
    }

    public var from: Int
    /// Old name → new name, applied first.
    public var rename: [Entry<String>]
    /// Field → template such as `"M: ${name}"`, built from the fields after renaming.
    public var template: [Entry<Template>]
    /// Field → value, used when the field is absent.
    public var set: [Entry<JSONValue>]
    public var drop: [String]
    public var mark: Mark
}

/// A string with `${field}` placeholders; `$$` is a literal `$`.
public struct Template: Sendable, Hashable {
    public enum Part: Sendable, Hashable {
        case literal(String)
        case field(String)
    }

    public var parts: [Part]

    public var fields: [String] {
        parts.compactMap { if case .field(let name) = $0 { return name } else { return nil } }
    }
}
