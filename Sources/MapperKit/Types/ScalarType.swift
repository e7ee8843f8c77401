import MapperCEL

/// What the language states about one scalar type, written once in the scalar's own file
/// (`StringScalar`, `IntScalar`, …, `DateScalar`, `AnyScalar`): its name in type expressions,
/// the JSON kinds canonical JSON writes it as, its CEL type and the CEL results it can hold, and
/// the hints of the messages about it.
///
/// Reading, writing and JSON Schema depend on the property's representation (`json:`, `format:`)
/// and are reached through `ScalarPlan`; the compiler, unions, coverage and the CEL checks reach
/// what is here through `TypeSpec.scalarType`. Adding a scalar: its file, its cases in
/// `TypeSpec` and `ScalarPlan` (the registration, `ScalarPlan.swift`), its tests
/// (`docs/architecture.md`, "Adding a scalar type"). Its metatypes are `Sendable`
/// (`SendableMetatype`), so `ScalarPlan.types`, the registration, is a constant any thread reads.
protocol ScalarType: SendableMetatype {
    /// The type, as type expressions name it.
    static var type: TypeSpec { get }
    /// Its name in type expressions (`date`).
    static var name: String { get }
    /// The kinds of JSON value canonical JSON writes its values as.
    static var canonicalKinds: Set<JSONKind> { get }
    /// The CEL type of its values in expressions (`self.created` is a `timestamp`).
    static var celType: CELCheckedType { get }
    /// Whether an expression's result of CEL type `result` can be its canonical JSON (as
    /// `CELBridge.json` writes the result and the canonical reader reads it).
    static func holds(_ result: CELCheckedType) -> Bool
    /// How to fix an expression whose result it cannot hold (`convert it with int(...)`).
    static var conversionHint: String? { get }
    /// How to write a value in canonical form, for a default that is not (`write UUIDs in lower case`).
    static var canonicalHint: String? { get }
}

extension ScalarType {
    static var conversionHint: String? { nil }
    static var canonicalHint: String? { nil }
}

/// The CEL results a text scalar (`string`, `url`, `uuid`) holds: strings, and what
/// `CELBridge.json` writes as strings (timestamps, durations, bytes).
enum TextResults {
    static func holds(_ result: CELCheckedType) -> Bool {
        [.string, .timestamp, .duration, .bytes].contains(result)
    }
}

extension TypeSpec {
    /// The scalar types by their names in type expressions.
    static let scalars: [String: TypeSpec] = Dictionary(uniqueKeysWithValues: ScalarPlan.types.map { ($0.name, $0.type) })

    /// The home of a scalar type; nil for models, enums, arrays, dictionaries and unions.
    var scalarType: (any ScalarType.Type)? {
        ScalarPlan.types.first { $0.type == self }
    }

    /// The kinds of JSON this type's values have in canonical JSON.
    package var canonicalKinds: Set<JSONKind> {
        switch self {
        case .enumeration: return [.string]
        case .model, .dictionary: return [.object]
        case .array: return [.array]
        case .union(let members): return members.reduce(into: []) { $0.formUnion($1.canonicalKinds) }
        default: return scalarType?.canonicalKinds ?? []
        }
    }
}
