/// A decoded model: a value that knows its model type and the types of its properties.
///
/// Equality and hashing: the concrete types must match, every property whose `compare` is not
/// `false` must be equal (absent equals only absent), and so must the kept unknown keys
/// (`$extra`) unless the model says `extra: { compare: false }`.
///
/// ```swift
/// let issue = try catalog.decodeModel(json, as: "Issue")
/// issue.title          // Value.string("Found a bug")
/// issue["number"]?.int // 1347
/// ```
@dynamicMemberLookup
public struct Model: Sendable, Hashable, CustomStringConvertible {
    /// The model's concrete type: for a model decoded through `variants`, the variant picked, not
    /// the model asked for.
    public let type: ModelType
    /// Property values by index in `type.properties`; nil for absent.
    var values: [Value?]
    /// Unknown keys kept under `unknown_keys: keep`, in their original order.
    public internal(set) var extra: JSONObject?
    /// The compiled models the model's values are read with (`set` reads through it); kept so
    /// that a model stays usable when its catalog is let go.
    let table: ModelTable?

    init(type: ModelType, values: [Value?], extra: JSONObject? = nil, table: ModelTable?) {
        self.type = type
        self.values = values
        self.extra = extra
        self.table = table
    }

    /// An empty model of `type`: every property absent.
    public init(type: ModelType) {
        self.init(type: type, values: Array(repeating: nil, count: type.properties.count), table: type.table)
    }

    /// The name of the model's concrete type (`PushEvent` for an `Event` that decoded as one).
    public var name: String { type.name }

    /// The property names in declaration order.
    public var propertyNames: [String] { type.properties.map(\.name) }

    /// The value of a property; nil when absent or when the model has no such property.
    public subscript(name: String) -> Value? {
        type.propertyIndex(named: name).flatMap { values[$0] }
    }

    /// `model.title` for `model["title"]`: nil when absent or when the model has no such property.
    public subscript(dynamicMember name: String) -> Value? {
        self[name]
    }

    /// Sets (or, with nil, removes) a property's value after checking it against the property's
    /// type and constraints.
    public mutating func set(_ name: String, to value: Value?) throws(MappingErrors) {
        guard let index = type.propertyIndex(named: name) else {
            throw MappingErrors([
                MappingError(
                    .unknownProperty, pointer: "/" + name, path: "\(type.name).\(name)",
                    message: "model '\(type.name)' has no property '\(name)'", source: type.spec.mark.description)
            ])
        }
        if let value {
            values[index] = try checked(value, for: type.properties[index])
        } else {
            values[index] = nil
        }
    }

    /// The value as the canonical reader reads it, the one owner of what each type accepts:
    /// written as canonical JSON, then read with the property's type and constraints (text given
    /// as `.string` for a `url`, `uuid` or enum property comes back as `.url`, `.uuid`, `.enumCase`).
    func checked(_ value: Value, for plan: PropertyPlan) throws(MappingErrors) -> Value {
        let path = "\(type.name).\(plan.name)"
        guard let table = table ?? type.table else {
            throw MappingErrors([
                MappingError(
                    .invalidInput, pointer: "/" + plan.name, path: path,
                    message: "the catalog of model '\(type.name)' is no longer loaded; keep the Catalog while you change its models",
                    source: plan.source)
            ])
        }
        var output = JSONOutput()
        CanonicalWriter.write(value, plan.conversion, into: &output)
        var reader = ValueReader(table: table, mode: .canonical, now: Instant(milliseconds: 0))
        switch reader.readValue(output.bytes, plan: plan, root: path) {
        case .success(let read):
            return read
        case .failure(let errors):
            throw MappingErrors(
                errors.errors.map { error in
                    var error = error
                    error.pointer = "/" + plan.name + error.pointer
                    return error
                })
        }
    }

    /// `Issue(number: 1347, title: Found a bug)`: the present properties in declaration order, for
    /// logs and debugging (not JSON; use `Catalog.canonicalJSON` for that).
    public var description: String {
        var parts: [String] = []
        for (plan, value) in zip(type.properties, values) {
            guard let value else { continue }
            parts.append("\(plan.name): \(value)")
        }
        return "\(type.name)(\(parts.joined(separator: ", ")))"
    }

    /// Equal when the concrete types match and every compared property and the compared kept
    /// unknown keys are equal (see the type's summary).
    public static func == (lhs: Model, rhs: Model) -> Bool {
        guard lhs.type.name == rhs.type.name, lhs.values.count == rhs.values.count else { return false }
        for (index, plan) in lhs.type.properties.enumerated() where plan.spec.compare {
            if lhs.values[index] != rhs.values[index] { return false }
        }
        return !lhs.type.spec.extra.compare || lhs.keptExtra == rhs.keptExtra
    }

    /// Hashes what equality compares, so models that differ only in `compare: false` properties
    /// collide on purpose.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(type.name)
        for (index, plan) in type.properties.enumerated() where plan.spec.compare {
            hasher.combine(values[index])
        }
        if type.spec.extra.compare { hasher.combine(keptExtra) }
    }

    /// `$extra` as equality sees it: no kept keys and an empty object are the same.
    var keptExtra: JSONObject { extra ?? JSONObject() }
}
