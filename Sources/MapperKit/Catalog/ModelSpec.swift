public import MapperYAML

/// A model of the catalog: its own settings and its properties, inherited ones first.
public struct ModelSpec: Sendable, Hashable {
    /// What decoding does with keys of the JSON object that no property maps: `ignore` drops them,
    /// `reject` makes them an `unknown-keys` error, `keep` keeps them in `$extra` and writes them back
    /// on encode.
    public enum UnknownKeys: String, Sendable, Hashable, CaseIterable {
        case ignore, reject, keep
    }

    /// The model's name, as properties, routes and the CLI refer to it.
    public var name: String
    /// The model's `doc:` text, carried into JSON Schema descriptions and the catalog graph.
    public var doc: String?
    /// The model named by `extends`.
    public var base: String?
    /// `key_style`, own or inherited: how the JSON keys of the model's own properties are derived
    /// from their names (inherited properties keep their declaring model's keys).
    public var keyStyle: KeyStyle
    /// `unknown_keys`, own or inherited (`ignore` when neither says).
    public var unknownKeys: UnknownKeys
    /// How kept unknown keys (`$extra`, with `unknown_keys: keep`) take part in equality, merges
    /// and archives.
    public var extra: ExtraSettings
    /// Archive version.
    public var version: Int
    /// Every property in declaration order: inherited first, then the model's own (a redefinition
    /// takes the place of the property it redefines).
    public var properties: [PropertySpec]
    /// How an object of this model picks a more specific model that extends it; nil when the model
    /// has no `variants`.
    public var variants: Variants?
    /// The steps that bring an archive of an older `version` up to date, in order.
    public var migrations: [Migration]
    /// The model's `on_error`, as written (nil when it says nothing); its properties already
    /// carry it where it holds.
    public var onError: OnError? = nil
    /// `omit`, own, inherited or from the file's `defaults:` (nil when none says); its properties
    /// without their own already carry it.
    public var omit: OmitPolicy? = nil
    /// Where the model is declared; errors about the model as a whole cite it.
    public var mark: Mark
    /// `rules:`: conditions every decoded model must satisfy, inherited ones first.
    public var rules: [ModelRule] = []
    /// Whether this is the hidden model of a route whose body is not an object (`GET /count: int`):
    /// its one property, `value`, is the whole body, which decoding and encoding map as that
    /// property's value. Such models are not in `Catalog.models`.
    public var isRouteValue = false

    /// The property with this name, own or inherited; nil when the model has none.
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

    /// Settings with `$extra` compared, archived and merged with `replace` unless told otherwise.
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
        /// Where the discriminating value is in the JSON object (`type`, `payload.kind`).
        public var by: JSONKeyPath
        /// The values the discriminator may hold and the model each one picks, in written order.
        public var cases: [Case]
    }

    /// One entry of `cases`: a JSON value of the discriminator and the model it picks.
    public struct Case: Sendable, Hashable {
        /// The discriminator's value, compared as JSON (`1` equals `1.0`).
        public var value: JSONValue
        /// The model an object with this value decodes as.
        public var model: String
        /// Where the case is written.
        public var mark: Mark
    }

    /// One entry of `when:`: a test on the JSON object and the model it picks when it holds.
    public struct Predicate: Sendable, Hashable {
        /// What a `when:` entry checks: `has:` a key path, or `equals:` values at key paths.
        public enum Test: Sendable, Hashable {
            /// The key path is present and not null.
            case has(JSONKeyPath)
            /// Every key path equals its JSON value.
            case equals([JSONKeyPath: JSONValue])
            /// `if: EXPR`: the CEL expression (variable `input`, the object) gives true.
            case expression(Expression)
        }

        /// The condition the object must meet.
        public var test: Test
        /// The model an object meeting the condition decodes as.
        public var model: String
        /// Where the entry is written.
        public var mark: Mark
    }

    /// `when: [...]`, tried in order before the discriminator.
    public var predicates: [Predicate]
    /// `by` and `cases`, tried after the predicates; nil when the model dispatches only on `when`.
    public var discriminator: Discriminator?
    /// The model used when nothing else matches; without one, such an object is a `no-variant` error.
    public var fallback: String?
    /// Where the `variants` block is written.
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
            case .expression(let expression): return (predicate.model, "if \(expression.source)")
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
        /// The archived field the entry applies to.
        public var field: String
        /// What the entry gives the field: a new name, a template or a value.
        public var value: Value
    }

    /// The archive version this step upgrades; it produces version `from + 1`.
    public var from: Int
    /// Old name → new name, applied first.
    public var rename: [Entry<String>]
    /// Field → template such as `"M: ${name}"`, built from the fields after renaming.
    public var template: [Entry<Template>]
    /// Field → value, used when the field is absent.
    public var set: [Entry<JSONValue>]
    /// Fields removed from the archive, last in the step.
    public var drop: [String]
    /// Where the step is written.
    public var mark: Mark
}

/// A string with `${field}` placeholders; `$$` is a literal `$`.
public struct Template: Sendable, Hashable {
    /// A run of literal text, or a `${field}` placeholder.
    public enum Part: Sendable, Hashable {
        case literal(String)
        case field(String)
    }

    /// The template's text and placeholders in order.
    public var parts: [Part]

    /// The fields the template reads, in order (a field used twice appears twice).
    public var fields: [String] {
        parts.compactMap { if case .field(let name) = $0 { return name } else { return nil } }
    }
}
