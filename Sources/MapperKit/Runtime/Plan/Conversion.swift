/// How one value is read from JSON and written back: a property's type with its representation
/// hint, format, enum or model resolved once, when the catalog loads.
indirect enum Conversion: Sendable {
    /// A scalar type; its rules live in its own file under `Types/`.
    case scalar(ScalarPlan)
    case enumeration(EnumPlan)
    /// A model by its index in the catalog's types; `dispatch` when the declared model has variants.
    case model(index: Int, dispatch: Bool)
    case array(Conversion)
    case dictionary(Conversion)
    /// A registered transformer turns the external JSON into canonical JSON of `canonical`.
    case transformed(name: String, transformer: Transformer, canonical: Conversion)
    /// `A | B`: the member that reads the value's JSON kind.
    case union(UnionPlan)

    /// Whether reading a value may fall back to an enum's `default` (in this value itself, not in
    /// a nested model's properties).
    var canFallBack: Bool {
        switch self {
        case .enumeration(let plan): return plan.defaultCase != nil
        case .array(let element), .dictionary(let element): return element.canFallBack
        case .union(let plan): return plan.members.contains { $0.canFallBack }
        case .transformed(_, _, let inner): return inner.canFallBack
        default: return false
        }
    }

    /// `any`, the conversion of a name that did not resolve.
    static let any = Conversion.scalar(.any)

    /// Whether canonical JSON of values of this type starts with `$type`.
    var hasVariants: Bool {
        if case .model(_, let dispatch) = self { return dispatch }
        return false
    }
}

/// An enum compiled for lookups both ways (a class: conversions hold it by one reference).
final class EnumPlan: Sendable {
    let name: String
    let caseNames: [String]
    /// The JSON value each case encodes to.
    let jsonValues: [JSONValue]
    /// String JSON values and aliases → case index.
    let strings: KeyTable
    /// Other JSON values and aliases → case index.
    let others: [(value: JSONValue, index: Int)]
    /// Case names → case index (canonical JSON).
    let names: KeyTable
    let defaultCase: Int?
    /// Every JSON value that decodes to a case: the cases' values, then the aliases.
    let allValues: [JSONValue]
    /// The case names as JSON strings, as canonical JSON writes them.
    let quotedCaseNames: [[UInt8]]

    init(_ spec: EnumSpec) {
        name = spec.name
        caseNames = spec.cases.map(\.name)
        jsonValues = spec.cases.map(\.json)
        var strings: [(key: String, value: Int)] = []
        var others: [(value: JSONValue, index: Int)] = []
        for (index, item) in spec.cases.enumerated() {
            for value in [item.json] + item.aliases {
                if case .string(let text) = value { strings.append((text, index)) } else { others.append((value, index)) }
            }
        }
        self.strings = KeyTable(strings)
        self.others = others
        names = KeyTable(spec.cases.enumerated().map { ($1.name, $0) })
        defaultCase = spec.defaultCase.flatMap { name in spec.cases.firstIndex { $0.name == name } }
        allValues = spec.cases.map(\.json) + spec.cases.flatMap(\.aliases)
        quotedCaseNames = spec.cases.map { JSONWriter.quotedBytes($0.name) }
    }

    /// `"open", "closed"` — the accepted JSON values, for messages.
    var acceptedValues: String {
        jsonValues.map(\.quoted).joined(separator: ", ")
    }

    func index(of value: JSONValue) -> Int? {
        if case .string(let text) = value { return strings.value(for: text) }
        return others.first { $0.value == value }?.index
    }
}
