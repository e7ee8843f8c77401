extension Library {
    static func overflow(_ op: String) -> CELError {
        CELError(.overflow, "integer overflow in '\(op)'", column: 0)
    }

    static func add(_ a: CELValue, _ b: CELValue) throws(CELError) -> CELValue {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            let (r, o) = x.addingReportingOverflow(y)
            if o { throw overflow("+") }
            return .int(r)
        case (.uint(let x), .uint(let y)):
            let (r, o) = x.addingReportingOverflow(y)
            if o { throw overflow("+") }
            return .uint(r)
        case (.double(let x), .double(let y)): return .double(x + y)
        case (.string(let x), .string(let y)): return .string(x + y)
        case (.bytes(let x), .bytes(let y)): return .bytes(x + y)
        case (.list(let x), .list(let y)): return .list(x + y)
        case (.duration(let x), .duration(let y)):
            let (r, o) = x.nanoseconds.addingReportingOverflow(y.nanoseconds)
            if o { throw CELDuration.rangeError("sum") }
            return .duration(CELDuration(nanoseconds: r))
        case (.timestamp(let t), .duration(let d)), (.duration(let d), .timestamp(let t)):
            return .timestamp(try CELTimestamp(nanoseconds: t.nanoseconds + Int128(d.nanoseconds)))
        default:
            throw noOverload("_+_", [a, b])
        }
    }

    static func subtract(_ a: CELValue, _ b: CELValue) throws(CELError) -> CELValue {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            let (r, o) = x.subtractingReportingOverflow(y)
            if o { throw overflow("-") }
            return .int(r)
        case (.uint(let x), .uint(let y)):
            let (r, o) = x.subtractingReportingOverflow(y)
            if o { throw overflow("-") }
            return .uint(r)
        case (.double(let x), .double(let y)): return .double(x - y)
        case (.duration(let x), .duration(let y)):
            let (r, o) = x.nanoseconds.subtractingReportingOverflow(y.nanoseconds)
            if o { throw CELDuration.rangeError("difference") }
            return .duration(CELDuration(nanoseconds: r))
        case (.timestamp(let t), .duration(let d)):
            return .timestamp(try CELTimestamp(nanoseconds: t.nanoseconds - Int128(d.nanoseconds)))
        case (.timestamp(let x), .timestamp(let y)):
            guard let r = Int64(exactly: x.nanoseconds - y.nanoseconds) else { throw CELDuration.rangeError("difference") }
            return .duration(CELDuration(nanoseconds: r))
        default:
            throw noOverload("_-_", [a, b])
        }
    }

    static func multiply(_ a: CELValue, _ b: CELValue) throws(CELError) -> CELValue {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            let (r, o) = x.multipliedReportingOverflow(by: y)
            if o { throw overflow("*") }
            return .int(r)
        case (.uint(let x), .uint(let y)):
            let (r, o) = x.multipliedReportingOverflow(by: y)
            if o { throw overflow("*") }
            return .uint(r)
        case (.double(let x), .double(let y)): return .double(x * y)
        default:
            throw noOverload("_*_", [a, b])
        }
    }

    static func divide(_ a: CELValue, _ b: CELValue) throws(CELError) -> CELValue {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            if y == 0 { throw CELError(.divisionByZero, "division by zero", column: 0) }
            let (r, o) = x.dividedReportingOverflow(by: y)
            if o { throw overflow("/") }
            return .int(r)
        case (.uint(let x), .uint(let y)):
            if y == 0 { throw CELError(.divisionByZero, "division by zero", column: 0) }
            return .uint(x / y)
        case (.double(let x), .double(let y)): return .double(x / y)
        default:
            throw noOverload("_/_", [a, b])
        }
    }

    static func modulo(_ a: CELValue, _ b: CELValue) throws(CELError) -> CELValue {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            if y == 0 { throw CELError(.divisionByZero, "modulus by zero", column: 0) }
            let (r, o) = x.remainderReportingOverflow(dividingBy: y)
            if o { throw overflow("%") }
            return .int(r)
        case (.uint(let x), .uint(let y)):
            if y == 0 { throw CELError(.divisionByZero, "modulus by zero", column: 0) }
            return .uint(x % y)
        default:
            throw noOverload("_%_", [a, b])
        }
    }

    static func negate(_ a: CELValue) throws(CELError) -> CELValue {
        switch a {
        case .int(let x):
            if x == .min { throw overflow("-") }
            return .int(-x)
        case .double(let x): return .double(-x)
        default: throw noOverload("-_", [a])
        }
    }
}
