package import MapperKit

/// A catalog being generated, before it is written as YAML: what `mapper import openapi` and
/// `mapper infer` build.
package struct CatalogDraft: Sendable {
    package var models: [String: ModelDraft] = [:]
    package var enums: [String: EnumDraft] = [:]
    /// Date formats the properties name (`date_only` for OpenAPI's `format: date`).
    package var formats: [String: FormatDraft] = [:]
    package var routeBlocks: [RouteBlockDraft] = []

    package init() {}
}

/// A type expression of the mapping language.
package indirect enum TypeDraft: Sendable, Hashable {
    /// `string`, `int`, `double`, `decimal`, `bool`, `url`, `uuid`, `date`, `any`.
    case scalar(String)
    /// A model or an enum.
    case named(String)
    case array(TypeDraft)
    case dictionary(TypeDraft)
    /// Members told apart by JSON kind: `string | Customer`.
    case union([TypeDraft])

    package static let any = TypeDraft.scalar("any")
    package static let string = TypeDraft.scalar("string")

    /// The expression as the mapping language writes it: `[string: Label]`, `string | Customer`.
    package var expression: String {
        switch self {
        case .scalar(let name), .named(let name): return name
        case .array(let element): return "[\(element.expression)]"
        case .dictionary(let value): return "[string: \(value.expression)]"
        case .union(let members): return members.map(\.expression).joined(separator: " | ")
        }
    }

    /// Models and enums the expression names.
    package var names: [String] {
        switch self {
        case .scalar: return []
        case .named(let name): return [name]
        case .array(let element), .dictionary(let element): return element.names
        case .union(let members): return members.flatMap(\.names)
        }
    }

    /// Whether the expression is a scalar such as `date` at any depth (a `format` applies to it).
    package func contains(scalar name: String) -> Bool {
        switch self {
        case .scalar(let scalar): return scalar == name
        case .named: return false
        case .array(let element), .dictionary(let element): return element.contains(scalar: name)
        case .union(let members): return members.contains { $0.contains(scalar: name) }
        }
    }
}

/// Value constraints of a property (`minimum`, `max_length`, `pattern`, …), as the language spells them.
package struct ConstraintsDraft: Sendable, Hashable {
    /// Numbers keep their JSON text (`1`, `0.5`).
    package var minimum: JSONNumber?
    package var maximum: JSONNumber?
    package var minLength: Int?
    package var maxLength: Int?
    package var pattern: String?

    package init() {}

    package var isEmpty: Bool { self == ConstraintsDraft() }
}

package struct PropertyDraft: Sendable, Hashable {
    /// The property name (an identifier).
    package var name: String
    /// The JSON key it reads (one key, not a path).
    package var jsonKey: String
    package var type: TypeDraft
    package var required = false
    package var format: String?
    package var constraints = ConstraintsDraft()
    package var doc: String?
    /// Where it came from, for warnings (`file#/pointer`).
    package var origin: String

    package init(name: String, jsonKey: String, type: TypeDraft, origin: String) {
        self.name = name
        self.jsonKey = jsonKey
        self.type = type
        self.origin = origin
    }
}

package struct VariantsDraft: Sendable, Hashable {
    /// The JSON key of the discriminator.
    package var by: String
    /// Discriminator value (a string, number or boolean) → model, in order.
    package var cases: [(value: JSONValue, model: String)]

    package init(by: String, cases: [(value: JSONValue, model: String)]) {
        self.by = by
        self.cases = cases
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.by == rhs.by && lhs.cases.map(\.value) == rhs.cases.map(\.value) && lhs.cases.map(\.model) == rhs.cases.map(\.model)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(by)
        for entry in cases {
            hasher.combine(entry.value)
            hasher.combine(entry.model)
        }
    }
}

package struct ModelDraft: Sendable, Hashable {
    package var name: String
    package var doc: String?
    package var extends: String?
    package var unknownKeys: String?
    package var properties: [PropertyDraft] = []
    package var variants: VariantsDraft?
    package var origin: String

    package init(name: String, origin: String) {
        self.name = name
        self.origin = origin
    }
}

package struct EnumDraft: Sendable, Hashable {
    package struct Case: Sendable, Hashable {
        package var name: String
        package var value: JSONValue
    }

    package var name: String
    package var doc: String?
    package var cases: [Case]
    package var defaultCase: String?
    package var origin: String

    package init(name: String, cases: [Case], origin: String) {
        self.name = name
        self.cases = cases
        self.origin = origin
    }
}

package struct FormatDraft: Sendable, Hashable {
    /// A TR35 date pattern.
    package var datePattern: String
}

package struct RouteDraft: Sendable, Hashable {
    package var method: String
    /// Segments with `*` and `#`: `/v2/droplets/#`.
    package var pattern: String
    package var model: String
    package var origin: String

    package var key: String { "\(method) \(pattern)" }

    /// The models and enums the route names: its model, or those its body's type expression
    /// names (`[Status]`, `string | Customer`).
    package var names: [String] {
        model.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }
}

/// One `routes` block, written into the file of its group.
package struct RouteBlockDraft: Sendable, Hashable {
    package var group: String
    /// The path the routes are served under (`api/1.0`), from the description's `servers`.
    package var prefix: String?
    package var errorModel: String?
    package var routes: [RouteDraft]
}
