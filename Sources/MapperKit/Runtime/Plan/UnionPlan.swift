/// The kinds of JSON value a union tells its members apart by (`null` is null for every type).
package enum JSONKind: Int, CaseIterable, Sendable {
    case string, number, bool, object, array

    init?(_ kind: JSONTape.Kind) {
        switch kind {
        case .string: self = .string
        case .number: self = .number
        case .true, .false: self = .bool
        case .object: self = .object
        case .array: self = .array
        case .null: return nil
        }
    }

    package init?(_ value: JSONValue) {
        switch value {
        case .string: self = .string
        case .number: self = .number
        case .bool: self = .bool
        case .object: self = .object
        case .array: self = .array
        case .null: return nil
        }
    }

    /// The kind of canonical JSON a value is written as.
    init?(canonical value: Value) {
        switch value {
        case .null: return nil
        case .string, .url, .uuid, .date, .localDate, .enumCase: self = .string
        case .int, .double, .decimal: self = .number
        case .bool: self = .bool
        case .model, .dictionary: self = .object
        case .array: self = .array
        case .any(let json): self.init(json)
        }
    }

    var name: String {
        switch self {
        case .string: return "string"
        case .number: return "number"
        case .bool: return "boolean"
        case .object: return "object"
        case .array: return "array"
        }
    }
}

/// A union type (`string | Customer`) compiled: each member's conversion, and which member reads
/// each kind of JSON value on the external and on the canonical side.
///
/// A class: conversions hold it by one reference.
final class UnionPlan: Sendable {
    let members: [Conversion]
    let types: [TypeSpec]
    /// Member index by `JSONKind.rawValue`, or -1: external JSON (decode).
    let external: [Int]
    /// Member index by `JSONKind.rawValue`, or -1: canonical JSON (encode, canonical reading).
    let canonical: [Int]
    /// Two members that read (or write) the same kind of JSON value.
    struct Ambiguity: Sendable {
        var first: TypeSpec
        var second: TypeSpec
        var kind: JSONKind
        var canonical: Bool

        var description: String {
            "members '\(first)' and '\(second)' are both \(canonical ? "written in canonical JSON as" : "read from") a JSON \(kind.name)"
        }
    }

    /// Why the members cannot be told apart, if they cannot.
    let ambiguity: Ambiguity?

    init(members: [Conversion], types: [TypeSpec]) {
        self.members = members
        self.types = types
        var external = [Int](repeating: -1, count: JSONKind.allCases.count)
        var canonical = external
        var ambiguity: Ambiguity?
        for (index, member) in members.enumerated() {
            for side in [false, true] {
                for kind in (side ? member.canonicalKinds : member.externalKinds).sorted(by: { $0.rawValue < $1.rawValue }) {
                    let taken = side ? canonical[kind.rawValue] : external[kind.rawValue]
                    if taken >= 0 {
                        ambiguity = ambiguity ?? Ambiguity(first: types[taken], second: types[index], kind: kind, canonical: side)
                    } else if side {
                        canonical[kind.rawValue] = index
                    } else {
                        external[kind.rawValue] = index
                    }
                }
            }
        }
        self.external = external
        self.canonical = canonical
        self.ambiguity = ambiguity
    }

    /// The member that reads a JSON value of `kind`.
    func member(for kind: JSONKind, canonical: Bool) -> Int? {
        let index = (canonical ? self.canonical : external)[kind.rawValue]
        return index >= 0 ? index : nil
    }

    /// The member conversion a value is written with (the member of its canonical kind).
    func conversion(for value: Value) -> Conversion {
        guard let kind = JSONKind(canonical: value), let index = member(for: kind, canonical: true) else { return .any }
        return members[index]
    }

    /// `a string or an object (Customer)`: what the union accepts, for messages.
    func expected(canonical: Bool) -> String {
        let phrases = members.indices.map { index in
            members[index].phrase(canonical: canonical, type: types[index])
        }
        guard phrases.count > 1 else { return phrases.first ?? "" }
        return phrases.dropLast().joined(separator: ", ") + " or " + phrases[phrases.count - 1]
    }
}

extension Conversion {
    /// The kinds of JSON value this conversion reads on the external side.
    var externalKinds: Set<JSONKind> {
        switch self {
        case .scalar(let scalar): return scalar.externalKinds
        case .transformed: return Set(JSONKind.allCases)
        case .enumeration(let plan):
            // A default case takes any value the cases do not.
            guard plan.defaultCase == nil else { return Set(JSONKind.allCases) }
            return Set(plan.allValues.compactMap(JSONKind.init))
        case .model, .dictionary: return [.object]
        case .array: return [.array]
        case .union(let plan): return plan.members.reduce(into: []) { $0.formUnion($1.externalKinds) }
        }
    }

    /// The kinds of JSON value this conversion writes in canonical JSON.
    var canonicalKinds: Set<JSONKind> {
        switch self {
        case .scalar(let scalar): return scalar.canonicalKinds
        case .enumeration: return [.string]
        case .transformed(_, _, let inner): return inner.canonicalKinds
        case .model, .dictionary: return [.object]
        case .array: return [.array]
        case .union(let plan): return plan.members.reduce(into: []) { $0.formUnion($1.canonicalKinds) }
        }
    }

    /// How a member of a union is named in messages: `a string`, `an integer`, `an object (Customer)`.
    func phrase(canonical: Bool, type: TypeSpec) -> String {
        let kinds = canonical ? canonicalKinds : externalKinds
        guard kinds.count == 1, let kind = kinds.first else { return "a value of type \(type)" }
        switch (kind, type) {
        case (.string, .string): return "a string"
        case (.number, .int): return "an integer"
        case (.number, .double), (.number, .decimal): return "a number"
        case (.bool, .bool): return "a boolean"
        case (.string, _): return "a string (\(type))"
        case (.number, _): return "a number (\(type))"
        case (.bool, _): return "a boolean (\(type))"
        case (.object, _): return "an object (\(type))"
        case (.array, _): return "an array (\(type))"
        }
    }
}
