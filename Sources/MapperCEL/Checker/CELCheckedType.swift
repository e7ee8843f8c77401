/// A type as `CELProgram.check` deduces it.
///
/// ```swift
/// let program = try CELProgram(source: "self.first + ' ' + self.last")
/// try program.check(["self": .object("Person", ["first": .string, "last": .string])])   // .string
/// ```
public indirect enum CELCheckedType: Hashable, Sendable, CustomStringConvertible {
    /// Any type: what the checker cannot know before evaluation (an undeclared variable, `dyn(x)`,
    /// a list whose elements differ). It fits every parameter and takes every value.
    case dyn
    case null, bool, int, uint, double, string, bytes, timestamp, duration
    /// mapper's exact decimal.
    case decimal
    case list(CELCheckedType)
    case map(CELCheckedType, CELCheckedType)
    /// The type of a type value (`type(1)` and `int` are `type(int)`).
    case type(CELCheckedType)
    /// A named record with known fields (the model a `self` variable stands for): selecting a field
    /// it does not have is a check error. Its values are maps at evaluation.
    case object(String, [String: CELCheckedType])

    /// The type as CEL writes it: `int`, `list(string)`, `map(string, dyn)`, `google.protobuf.Timestamp`…
    public var description: String {
        switch self {
        case .dyn: "dyn"
        case .null: "null_type"
        case .bool: "bool"
        case .int: "int"
        case .uint: "uint"
        case .double: "double"
        case .string: "string"
        case .bytes: "bytes"
        case .timestamp: "google.protobuf.Timestamp"
        case .duration: "google.protobuf.Duration"
        case .decimal: "decimal"
        case .list(let element): "list(\(element))"
        case .map(let key, let value): "map(\(key), \(value))"
        case .type(let type): "type(\(type))"
        case .object(let name, _): name
        }
    }
}

/// A type while checking: `CELCheckedType` plus type parameters (in the signature table) and type
/// variables (what the checker solves, such as the element type of `[]`).
indirect enum CheckType: Hashable, Sendable {
    case dyn, null, bool, int, uint, double, string, bytes, timestamp, duration, decimal
    case list(CheckType)
    case map(CheckType, CheckType)
    case type(CheckType)
    case object(String, [String: CELCheckedType])
    /// A parameter of an overload's signature (`A` in `size(list(A))`), replaced by a fresh variable at each call.
    case parameter(Int)
    /// A type variable, bound (or not) in the checker's `Substitution`.
    case variable(Int)

    init(_ type: CELCheckedType) {
        switch type {
        case .list(let element): self = .list(CheckType(element))
        case .map(let key, let value): self = .map(CheckType(key), CheckType(value))
        case .type(let type): self = .type(CheckType(type))
        case .object(let name, let fields): self = .object(name, fields)
        default: self = Self.simple.first { $0.checked == type }?.type ?? .dyn
        }
    }

    /// The public type, with every remaining parameter or variable as `dyn` (call on a type the
    /// substitution has been applied to).
    var checked: CELCheckedType {
        switch self {
        case .parameter, .variable: .dyn
        case .list(let element): .list(element.checked)
        case .map(let key, let value): .map(key.checked, value.checked)
        case .type(let type): .type(type.checked)
        case .object(let name, let fields): .object(name, fields)
        default: Self.simple.first { $0.type == self }?.checked ?? .dyn
        }
    }

    /// The types without parameters, as both enums name them: the one list both directions
    /// (`init(_:)`, `checked`) read.
    private static let simple: [(type: CheckType, checked: CELCheckedType)] = [
        (.dyn, .dyn), (.null, .null), (.bool, .bool), (.int, .int), (.uint, .uint), (.double, .double), (.string, .string),
        (.bytes, .bytes), (.timestamp, .timestamp), (.duration, .duration), (.decimal, .decimal),
    ]

    /// The type of a literal value: that of its `type()`.
    init(of value: CELValue) {
        self = CheckType(value.type) ?? .dyn
    }

    /// The type a type name denotes (`int`, `list`, `google.protobuf.Timestamp`), as `CELType.named` lists them.
    init?(named name: String) {
        guard let type = CELType.named[name] else { return nil }
        self.init(type)
    }

    /// The type a runtime type value stands for (`list` is `list(dyn)`); nil for a type of a
    /// name the checker does not know.
    init?(_ type: CELType) {
        switch type {
        case CELType.null: self = .null
        case CELType.bool: self = .bool
        case CELType.int: self = .int
        case CELType.uint: self = .uint
        case CELType.double: self = .double
        case CELType.string: self = .string
        case CELType.bytes: self = .bytes
        case CELType.list: self = .list(.dyn)
        case CELType.map: self = .map(.dyn, .dyn)
        case CELType.timestamp: self = .timestamp
        case CELType.duration: self = .duration
        case CELType.type: self = .type(.dyn)
        case CELType.decimal: self = .decimal
        default: return nil
        }
    }
}
