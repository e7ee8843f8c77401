import MapperKit

/// What a schema translates to where it is used: a type expression with what a property can say
/// about it.
struct TypeInfo: Hashable {
    var type: TypeSpec
    var format: String?
    var constraints = ConstraintsDraft()
    var doc: String?
    var nullable = false

    static let any = TypeInfo(type: .any)

    init(type: TypeSpec, format: String? = nil) {
        self.type = type
        self.format = format
    }
}

/// JSON kinds, to tell union members apart.
struct JSONKinds: OptionSet, Hashable {
    let rawValue: Int
    static let string = JSONKinds(rawValue: 1)
    static let number = JSONKinds(rawValue: 2)
    static let bool = JSONKinds(rawValue: 4)
    static let object = JSONKinds(rawValue: 8)
    static let array = JSONKinds(rawValue: 16)
    static let all: JSONKinds = [.string, .number, .bool, .object, .array]

    static func of(_ value: JSONValue) -> JSONKinds {
        switch value {
        case .null: return []
        case .bool: return .bool
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    var name: String {
        var names: [String] = []
        if contains(.string) { names.append("string") }
        if contains(.number) { names.append("number") }
        if contains(.bool) { names.append("boolean") }
        if contains(.object) { names.append("object") }
        if contains(.array) { names.append("array") }
        return names.joined(separator: "/")
    }
}
