/// A decoded model: a value that knows its model type and the types of its properties.
///
/// Equality and hashing: the concrete types must match and every property whose
/// `compare` is not `false` must be equal (absent equals only absent).
///
/// ```swift
/// let issue = try catalog.decodeModel(json, as: "Issue")
/// issue.title          // Value.string("Found a bug")
/// issue["number"]?.int // 1347
/// ```
@dynamicMemberLookup
public struct Model: Sendable, Hashable, CustomStringConvertible {
    public let type: ModelType
    /// Property values by index in `type.properties`; nil for absent.
    var values: [Value?]
    /// Unknown keys kept under `unknown_keys: keep`, in their original order.
    public internal(set) var extra: JSONObject?

    init(type: ModelType, values: [Value?], extra: JSONObject? = nil) {
        self.type = type
        self.values = values
        self.extra = extra
    }

    /// An empty model of `type`: every property absent.
    public init(type: ModelType) {
        self.init(type: type, values: Array(repeating: nil, count: type.properties.count))
    }

    public var name: String { type.name }

    /// The property names in declaration order.
    public var propertyNames: [String] { type.properties.map(\.name) }

    /// The value of a property; nil when absent or when the model has no such property.
    public subscript(name: String) -> Value? {
        type.propertyIndex(named: name).flatMap { values[$0] }
    }

    public subscript(dynamicMember name: String) -> Value? {
        self[name]
    }

    /// Sets (or, with nil, removes) a property's value after checking it against the property's
    /// type and constraints.
    public mutating func set(_ name: String, to value: Value?) throws(MappingErrors) {
        guard let index = type.propertyIndex(named: name) else {
            throw MappingErrors([MappingError(
                .unknownProperty, pointer: "/" + name, path: "\(type.name).\(name)",
                message: "model '\(type.name)' has no property '\(name)'", source: type.spec.mark.description)])
        }
        if let value {
            let plan = type.properties[index]
            if let problem = ValueCheck.problem(value, for: plan) {
                throw MappingErrors([MappingError(
                    .typeMismatch, pointer: "/" + name, path: "\(type.name).\(name)", message: problem, source: plan.source)])
            }
            values[index] = ValueCheck.normalized(value, plan.spec.type)
        } else {
            values[index] = nil
        }
    }

    public var description: String {
        var parts: [String] = []
        for (plan, value) in zip(type.properties, values) {
            guard let value else { continue }
            parts.append("\(plan.name): \(value)")
        }
        return "\(type.name)(\(parts.joined(separator: ", ")))"
    }

    public static func == (lhs: Model, rhs: Model) -> Bool {
        guard lhs.type.name == rhs.type.name, lhs.values.count == rhs.values.count else { return false }
        for (index, plan) in lhs.type.properties.enumerated() where plan.spec.compare {
            if lhs.values[index] != rhs.values[index] { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(type.name)
        for (index, plan) in type.properties.enumerated() where plan.spec.compare {
            hasher.combine(values[index])
        }
    }
}
