/// CEL's standard functions and operators, and the strings extension, dispatched by name and by the
/// kinds of the (already evaluated) arguments. A receiver call `x.f(y)` arrives as `f(x, y)` with `member`.
enum Library {
    /// A call's arguments (the receiver first for `x.f(y)`), in the evaluator's argument stack.
    typealias Arguments = UnsafeBufferPointer<CELValue>

    /// Functions called through a namespace (`strings.quote(s)`).
    static let namespaced: Set<String> = ["strings.quote"]

    static func call(_ name: String, member: Bool, _ args: Arguments) throws(CELError) -> CELValue {
        if name == "decimal" || args.contains(where: { if case .decimal = $0 { true } else { false } }),
            let value = try decimalFunction(name, member: member, args)
        {
            return value
        }
        switch (name, args.count) {
        case ("_+_", 2): return try add(args[0], args[1])
        case ("_-_", 2): return try subtract(args[0], args[1])
        case ("_*_", 2): return try multiply(args[0], args[1])
        case ("_/_", 2): return try divide(args[0], args[1])
        case ("_%_", 2): return try modulo(args[0], args[1])
        case ("-_", 1): return try negate(args[0])
        case ("!_", 1):
            guard case .bool(let value) = args[0] else { throw noOverload("!", args) }
            return .bool(!value)
        case ("_==_", 2): return .bool(CELValue.equal(args[0], args[1]))
        case ("_!=_", 2): return .bool(!CELValue.equal(args[0], args[1]))
        case ("_<_", 2): return try compare("<", args) { $0 < 0 }
        case ("_<=_", 2): return try compare("<=", args) { $0 <= 0 }
        case ("_>_", 2): return try compare(">", args) { $0 > 0 }
        case ("_>=_", 2): return try compare(">=", args) { $0 >= 0 }
        case ("_[_]", 2): return try index(args[0], args[1])
        case ("@in", 2): return try contains(args[1], args[0])
        case ("size", 1): return try size(args[0])
        case ("dyn", 1) where !member: return args[0]
        case ("type", 1) where !member: return .type(args[0].type)
        default: break
        }
        if let value = try conversion(name, member: member, args) { return value }
        if let value = try stringFunction(name, member: member, args) { return value }
        if let value = try timeFunction(name, member: member, args) { return value }
        if args.isEmpty || !known.contains(name) {
            throw CELError(.noSuchOverload, "no function named '\(name)'", column: 0)
        }
        throw noOverload(name, args)
    }

    /// Every function name the library defines (to tell an unknown function from a wrong argument type).
    static let known: Set<String> = [
        "int", "uint", "double", "string", "bytes", "bool", "timestamp", "duration", "contains", "startsWith",
        "endsWith", "matches", "charAt", "indexOf", "lastIndexOf", "lowerAscii", "upperAscii", "replace", "split",
        "substring", "trim", "join", "format", "reverse", "strings.quote", "getFullYear", "getMonth", "getDayOfYear",
        "getDayOfMonth", "getDate", "getDayOfWeek", "getHours", "getMinutes", "getSeconds", "getMilliseconds",
        "size", "dyn", "type", "decimal", "scale", "round",
    ]

    static func noOverload(_ name: String, _ args: some Collection<CELValue>) -> CELError {
        CELError(.noSuchOverload, "no such overload: \(name)(\(args.map(\.type.name).joined(separator: ", ")))", column: 0)
    }

    private static func compare(_ op: String, _ args: Arguments, _ test: (Int) -> Bool) throws(CELError) -> CELValue {
        if let order = CELValue.order(args[0], args[1]) { return .bool(test(order)) }
        // NaN orders nothing: every comparison with it is false.
        if CELValue.areNumbers(args[0], args[1]) { return .bool(false) }
        throw CELError(.noSuchOverload, "no such overload: \(args[0].type) \(op) \(args[1].type)", column: 0)
    }

    static func size(_ value: CELValue) throws(CELError) -> CELValue {
        switch value {
        case .string(let text): return .int(Int64(text.unicodeScalars.count))
        case .bytes(let bytes): return .int(Int64(bytes.count))
        case .list(let items): return .int(Int64(items.count))
        case .map(let map): return .int(Int64(map.count))
        default: throw noOverload("size", [value])
        }
    }

    private static func index(_ container: CELValue, _ key: CELValue) throws(CELError) -> CELValue {
        switch container {
        case .list(let items):
            let position: Int64
            switch key {
            case .int(let value): position = value
            case .uint(let value): position = value > UInt64(Int64.max) ? -1 : Int64(value)
            case .double(let value):
                guard let exact = Int64(exactly: value) else {
                    throw CELError(.invalidArgument, "the list index \(value) is not a whole number", column: 0)
                }
                position = exact
            default: throw noOverload("_[_]", [container, key])
            }
            guard position >= 0, position < items.count else {
                throw CELError(.indexOutOfRange, "index \(position) is out of range for a list of \(items.count) elements", column: 0)
            }
            return items[Int(position)]
        case .map(let map):
            switch key {
            case .int, .uint, .double, .bool, .string: break
            default: throw noOverload("_[_]", [container, key])
            }
            guard let value = map[key] else { throw CELError(.noSuchKey, "no such key: \(key)", column: 0) }
            return value
        default:
            throw noOverload("_[_]", [container, key])
        }
    }

    private static func contains(_ container: CELValue, _ element: CELValue) throws(CELError) -> CELValue {
        switch container {
        case .list(let items): return .bool(items.contains { CELValue.equal($0, element) })
        case .map(let map): return .bool(map.contains(element))
        default: throw noOverload("@in", [element, container])
        }
    }
}
