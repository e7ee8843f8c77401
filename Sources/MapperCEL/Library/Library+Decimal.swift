/// mapper's decimal functions: `decimal(x)`, exact `+ - *` (a decimal with a decimal or an
/// integer), unary `-`, `d.scale(n)`, `d.round(n)`, and `string`, `int`, `double` of a decimal.
extension Library {
    /// The result, or nil when the call is not one of these (the caller reports the overload).
    static func decimalFunction(_ function: Function, member: Bool, _ args: Arguments) throws(CELError) -> CELValue? {
        /// A decimal or an integer as a decimal (integers join decimal arithmetic exactly).
        func exact(_ value: CELValue) -> CELDecimal? {
            switch value {
            case .decimal(let decimal): decimal
            case .int(let int): CELDecimal(int)
            case .uint(let uint): CELDecimal(uint)
            default: nil
            }
        }
        switch (function, args.count, member) {
        case (.decimal, 1, false):
            switch args[0] {
            case .decimal: return args[0]
            case .int, .uint: return exact(args[0]).map(CELValue.decimal)
            case .string(let text):
                guard let decimal = CELDecimal(parsing: text) else {
                    throw CELError(.invalidArgument, "decimal(\(args[0])): not a decimal number such as \"-12.50\" or \"1e3\"", column: 0)
                }
                return .decimal(decimal)
            case .double:
                throw CELError(
                    .noSuchOverload,
                    "decimal(double) would keep a double's rounding: use decimal(string(x)), or a property of type decimal (read exactly) through self",
                    column: 0)
            default: return nil
            }
        case (.add, 2, _), (.subtract, 2, _), (.multiply, 2, _):
            guard let a = exact(args[0]), let b = exact(args[1]) else { return nil }
            switch function {
            case .add: return .decimal(try a + b)
            case .subtract: return .decimal(try a - b)
            default: return .decimal(try a * b)
            }
        case (.negate, 1, _):
            guard case .decimal(let a) = args[0] else { return nil }
            return .decimal(-a)
        case (.scale, 2, true), (.round, 2, true):
            guard case .decimal(let a) = args[0], case .int(let places) = args[1] else { return nil }
            return .decimal(function == .scale ? try a.scaled(by: places) : try a.rounded(places: places))
        case (.string, 1, false):
            guard case .decimal(let a) = args[0] else { return nil }
            return .string(a.description)
        case (.int, 1, false):
            guard case .decimal(let a) = args[0] else { return nil }
            guard let int = a.int64 else {
                throw CELError(
                    .invalidArgument, "int(\(a)): " + (a.isWhole ? "out of the range of int" : "not a whole number (round(0) first)"),
                    column: 0)
            }
            return .int(int)
        case (.double, 1, false):
            guard case .decimal(let a) = args[0] else { return nil }
            return .double(a.double)
        default:
            return nil
        }
    }
}
