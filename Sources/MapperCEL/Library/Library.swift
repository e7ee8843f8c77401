/// CEL's standard functions and operators, and the strings extension, dispatched by function
/// (`Library.Function`, resolved from the call's name) and by the kinds of the (already evaluated)
/// arguments. A receiver call `x.f(y)` arrives as `f(x, y)` with `member`.
enum Library {
    /// A call's arguments (the receiver first for `x.f(y)`), where the evaluator put them.
    typealias Arguments = UnsafeBufferPointer<CELValue>

    /// Functions called through a namespace (`strings.quote(s)`).
    static let namespaced: Set<String> = [Function.quote.rawValue]

    /// Every function and operator the library defines, by the name a call names it with
    /// (operators by CEL's internal names): the parser's names become these once, when a program
    /// declares its variables, so that a call dispatches on a case instead of comparing names.
    enum Function: String, Sendable, CaseIterable {
        case add = "_+_", subtract = "_-_", multiply = "_*_", divide = "_/_", modulo = "_%_", negate = "-_", not = "!_"
        case equal = "_==_", notEqual = "_!=_", less = "_<_", lessOrEqual = "_<=_", greater = "_>_", greaterOrEqual = "_>=_"
        case index = "_[_]", `in` = "@in", and = "_&&_", or = "_||_", conditional = "_?_:_"
        case size, dyn, type
        case int, uint, double, string, bytes, bool, timestamp, duration
        case contains, startsWith, endsWith, matches, charAt, indexOf, lastIndexOf, lowerAscii, upperAscii, replace, split
        case substring, trim, join, format, reverse
        case quote = "strings.quote"
        case getFullYear, getMonth, getDayOfYear, getDayOfMonth, getDate, getDayOfWeek, getHours, getMinutes, getSeconds
        case getMilliseconds
        case decimal, scale, round

        /// Whether a call of this is an operator (its name is not one a user writes).
        var isOperator: Bool { rawValue.first.map { $0 == "_" || $0 == "-" || $0 == "!" || $0 == "@" } ?? false }
    }

    static func call(_ function: Function, member: Bool, _ args: Arguments) throws(CELError) -> CELValue {
        if function == .decimal || args.contains(where: { if case .decimal = $0 { true } else { false } }),
            let value = try decimalFunction(function, member: member, args)
        {
            return value
        }
        switch (function, args.count) {
        case (.add, 2): return try add(args[0], args[1])
        case (.subtract, 2): return try subtract(args[0], args[1])
        case (.multiply, 2): return try multiply(args[0], args[1])
        case (.divide, 2): return try divide(args[0], args[1])
        case (.modulo, 2): return try modulo(args[0], args[1])
        case (.negate, 1): return try negate(args[0])
        case (.not, 1):
            guard case .bool(let value) = args[0] else { throw noOverload("!", args) }
            return .bool(!value)
        case (.equal, 2): return .bool(CELValue.equal(args[0], args[1]))
        case (.notEqual, 2): return .bool(!CELValue.equal(args[0], args[1]))
        case (.less, 2): return try compare("<", args) { $0 < 0 }
        case (.lessOrEqual, 2): return try compare("<=", args) { $0 <= 0 }
        case (.greater, 2): return try compare(">", args) { $0 > 0 }
        case (.greaterOrEqual, 2): return try compare(">=", args) { $0 >= 0 }
        case (.index, 2): return try index(args[0], args[1])
        case (.in, 2): return try contains(args[1], args[0])
        case (.size, 1): return try size(args[0])
        case (.dyn, 1) where !member: return args[0]
        case (.type, 1) where !member: return .type(args[0].type)
        default: break
        }
        if let value = try conversion(function, member: member, args) { return value }
        if let value = try stringFunction(function, member: member, args) { return value }
        if let value = try timeFunction(function, member: member, args) { return value }
        if args.isEmpty || function.isOperator {
            throw CELError(.noSuchOverload, "no function named '\(function.rawValue)'", column: 0)
        }
        throw noOverload(function.rawValue, args)
    }

    /// The names of every function the library defines, operators aside (to tell an unknown
    /// function from a wrong argument type).
    static let known: Set<String> = Set(Function.allCases.filter { !$0.isOperator }.map(\.rawValue))

    static func noOverload(_ name: String, _ args: some Collection<CELValue>) -> CELError {
        CELError(.noSuchOverload, text: "no such overload: \(name)(\(args.map(\.type), separator: ", "))", column: 0)
    }

    private static func compare(_ op: String, _ args: Arguments, _ test: (Int) -> Bool) throws(CELError) -> CELValue {
        if let order = CELValue.order(args[0], args[1]) { return .bool(test(order)) }
        // NaN orders nothing: every comparison with it is false.
        if CELValue.areNumbers(args[0], args[1]) { return .bool(false) }
        throw CELError(.noSuchOverload, text: "no such overload: \(args[0].type) \(op) \(args[1].type)", column: 0)
    }

    static func size(_ value: CELValue) throws(CELError) -> CELValue {
        switch value {
        case .string(let text): return .int(Int64(codePoints(text)))
        case .bytes(let bytes): return .int(Int64(bytes.count))
        case .list(let items): return .int(Int64(items.count))
        case .map(let map): return .int(Int64(map.count))
        default: throw noOverload("size", [value])
        }
    }

    /// The number of code points in `text`: its UTF-8 bytes that do not continue a sequence.
    static func codePoints(_ text: String) -> Int {
        let counted = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        }
        return counted ?? text.unicodeScalars.count
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
