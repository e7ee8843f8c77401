extension Library {
    /// `int()`, `uint()`, `double()`, `string()`, `bytes()`, `bool()`, `timestamp()`, `duration()`; nil for other names.
    static func conversion(_ function: Function, member: Bool, _ args: Arguments) throws(CELError) -> CELValue? {
        guard !member, args.count == 1 else { return nil }
        let value = args[0]
        func range(_ type: String) -> CELError {
            CELError(.overflow, "\(value) is out of range for \(type)", column: 0)
        }
        switch (function, value) {
        case (.int, .int): return value
        case (.int, .uint(let x)):
            guard let r = Int64(exactly: x) else { throw range("int") }
            return .int(r)
        case (.int, .double(let x)):
            guard x.isFinite, x > -9223372036854775808.0, x < 9223372036854775808.0 else { throw range("int") }
            return .int(Int64(x.rounded(.towardZero)))
        case (.int, .string(let s)):
            guard let r = Int64(s) else { throw invalid("int", s) }
            return .int(r)
        case (.int, .timestamp(let t)): return .int(t.seconds)
        case (.uint, .uint): return value
        case (.uint, .int(let x)):
            guard let r = UInt64(exactly: x) else { throw range("uint") }
            return .uint(r)
        case (.uint, .double(let x)):
            let t = x.rounded(.towardZero)
            guard x.isFinite, t >= 0, t < 18446744073709551616.0 else { throw range("uint") }
            return .uint(UInt64(t))
        case (.uint, .string(let s)):
            guard let r = UInt64(s) else { throw invalid("uint", s) }
            return .uint(r)
        case (.double, .double): return value
        case (.double, .int(let x)): return .double(Double(x))
        case (.double, .uint(let x)): return .double(Double(x))
        case (.double, .string(let s)):
            guard let r = parseDouble(s) else { throw invalid("double", s) }
            return .double(r)
        case (.string, .string): return value
        case (.string, .int(let x)): return .string(String(x))
        case (.string, .uint(let x)): return .string(String(x))
        case (.string, .double(let x)): return .string(format(double: x))
        case (.string, .bool(let x)): return .string(String(x))
        case (.string, .bytes(let bytes)):
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw CELError(.invalidArgument, "the bytes are not valid UTF-8, so they make no string", column: 0)
            }
            return .string(text)
        case (.string, .timestamp(let t)): return .string(t.formatted)
        case (.string, .duration(let d)): return .string(d.formatted)
        case (.string, .type(let t)): return .string(t.name)
        case (.bytes, .bytes): return value
        case (.bytes, .string(let s)): return .bytes(Array(s.utf8))
        case (.bool, .bool): return value
        case (.bool, .string(let s)):
            switch s {
            case "1", "t", "true", "TRUE", "True": return .bool(true)
            case "0", "f", "false", "FALSE", "False": return .bool(false)
            default: throw invalid("bool", s)
            }
        case (.timestamp, .timestamp): return value
        case (.timestamp, .string(let s)): return .timestamp(try CELTimestamp(parsing: s))
        case (.timestamp, .int(let seconds)): return .timestamp(try CELTimestamp(nanoseconds: Int128(seconds) * 1_000_000_000))
        case (.duration, .duration): return value
        case (.duration, .string(let s)): return .duration(try CELDuration(parsing: s))
        default: return nil
        }
    }

    private static func invalid(_ type: String, _ text: String) -> CELError {
        CELError(.invalidArgument, "'\(text)' is not a valid \(type)", column: 0)
    }

    /// A double as CEL writes it: the shortest text that reads back as the same double.
    static func format(double x: Double) -> String {
        if x.isNaN { return "NaN" }
        if x.isInfinite { return x < 0 ? "-Infinity" : "Infinity" }
        if x == x.rounded(), abs(x) < 1e21 {
            let text = String(x)
            // Swift writes 1e+16 for large whole numbers; CEL writes the digits.
            if text.hasSuffix(".0") { return String(text.dropLast(2)) }
            if let whole = Int64(exactly: x) { return String(whole) }
            return text
        }
        return String(x)
    }

    private static func parseDouble(_ text: String) -> Double? {
        switch text {
        case "NaN": return .nan
        case "Infinity", "+Infinity", "inf", "+inf": return .infinity
        case "-Infinity", "-inf": return -.infinity
        default: return text.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" }) ? nil : Double(text)
        }
    }
}
