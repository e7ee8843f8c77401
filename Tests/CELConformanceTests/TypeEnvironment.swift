import MapperCEL

/// cel-spec's `cel.expr.Type` and `Decl` messages (a test's `type_env`, a `deduced_type`) as
/// MapperCEL's checker types, and whether a value fits a deduced type.
enum CheckedTypes {
    /// A `cel.expr.Type` message; throws `Skip` for the kinds MapperCEL does not have.
    static func checkedType(_ message: TextProtoMessage) throws -> CELCheckedType {
        guard let field = message.fields.first else { throw ConformanceCase.Skip(reason: "an empty type") }
        switch (field.name, field.value) {
        case ("dyn", _): return .dyn
        case ("null", _): return .null
        case ("primitive", .token(let name)):
            switch name {
            case "BOOL": return .bool
            case "INT64": return .int
            case "UINT64": return .uint
            case "DOUBLE": return .double
            case "STRING": return .string
            case "BYTES": return .bytes
            default: throw ConformanceCase.Skip(reason: "a primitive type \(name)")
            }
        case ("well_known", .token(let name)):
            switch name {
            case "TIMESTAMP": return .timestamp
            case "DURATION": return .duration
            default: throw ConformanceCase.Skip(reason: "uses protocol buffer message types (google.protobuf.\(name))")
            }
        case ("message_type", .string(let bytes)):
            let name = String(decoding: bytes, as: UTF8.self)
            switch name {
            case "google.protobuf.Timestamp": return .timestamp
            case "google.protobuf.Duration": return .duration
            default: throw ConformanceCase.Skip(reason: "uses protocol buffer message types ('\(name)')")
            }
        case ("list_type", .message(let list)):
            return .list(try checkedType(list, "elem_type"))
        case ("map_type", .message(let map)):
            return .map(try checkedType(map, "key_type"), try checkedType(map, "value_type"))
        case ("type", .message(let inner)):
            return .type(try checkedType(inner))
        case ("wrapper", _):
            throw ConformanceCase.Skip(reason: "uses protocol buffer wrapper types")
        case ("abstract_type", .message(let abstract)) where abstract.string("name") == "optional_type":
            throw ConformanceCase.Skip(reason: ConformanceCase.optionalTypes)
        case ("abstract_type", _), ("type_param", _):
            throw ConformanceCase.Skip(reason: ConformanceCase.typeParameters)
        default:
            throw ConformanceCase.Skip(reason: "a type of kind \(field.name)")
        }
    }

    /// The type in the field `name` of `message`.
    private static func checkedType(_ message: TextProtoMessage, _ name: String) throws -> CELCheckedType {
        guard let inner = message.message(name) else { throw ConformanceCase.Skip(reason: "a type without its \(name)") }
        return try checkedType(inner)
    }

    /// A test's `type_env`: the variables' types, and its functions (one overload each, whose
    /// body is never called: such tests are `check_only`).
    static func environment(_ test: TextProtoMessage) throws -> (variables: [String: CELCheckedType], functions: [CELFunction]) {
        var variables: [String: CELCheckedType] = [:]
        var functions: [CELFunction] = []
        for declaration in test.messages("type_env") {
            guard let name = declaration.string("name") else { continue }
            if let ident = declaration.message("ident") {
                variables[name] = try checkedType(ident, "type")
            } else if let function = declaration.message("function") {
                let overloads = function.messages("overloads")
                guard overloads.count == 1, let overload = overloads.first else {
                    throw ConformanceCase.Skip(reason: ConformanceCase.typeParameters)
                }
                let parameters = try overload.messages("params").map(checkedType)
                let result = try overload.message("result_type").map(checkedType) ?? .dyn
                functions.append(
                    CELFunction(name: name, parameters: parameters, result: result) { _ throws(CELError) in
                        throw CELError(.noSuchOverload, "\(name) is declared for checking only", column: 0)
                    })
            }
        }
        return (variables, functions)
    }

    /// Whether `value` is a value of `type` (`dyn` takes every value).
    static func fits(_ value: CELValue, _ type: CELCheckedType) -> Bool {
        switch (type, value) {
        case (.dyn, _), (.null, .null), (.bool, .bool), (.int, .int), (.uint, .uint), (.double, .double), (.string, .string),
            (.bytes, .bytes), (.timestamp, .timestamp), (.duration, .duration), (.decimal, .decimal), (.object, .map):
            return true
        case (.list(let element), .list(let items)):
            return items.allSatisfy { fits($0, element) }
        case (.map(let key, let valueType), .map(let map)):
            return map.entries.allSatisfy { fits($0.key, key) && fits($0.value, valueType) }
        case (.type(let inner), .type(let name)):
            return inner == .dyn || typeName(inner) == name.name
        default:
            return false
        }
    }

    /// The name `type()` gives a value of `type` at evaluation.
    private static func typeName(_ type: CELCheckedType) -> String {
        switch type {
        case .null: "null_type"
        case .list: "list"
        case .map, .object: "map"
        case .type: "type"
        default: type.description
        }
    }
}
