extension CELValue: Equatable {
    /// CEL's `==`: numbers compare by value across int, uint and double; values of different kinds
    /// are unequal; NaN equals nothing.
    public static func == (lhs: CELValue, rhs: CELValue) -> Bool { equal(lhs, rhs) }

    static func equal(_ lhs: CELValue, _ rhs: CELValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.bytes(let a), .bytes(let b)): return a == b
        case (.timestamp(let a), .timestamp(let b)): return a == b
        case (.duration(let a), .duration(let b)): return a == b
        case (.type(let a), .type(let b)): return a == b
        case (.list(let a), .list(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        case (.map(let a), .map(let b)):
            guard a.count == b.count else { return false }
            return a.entries.allSatisfy { entry in b[entry.key].map { equal(entry.value, $0) } ?? false }
        default:
            if let order = numericOrder(lhs, rhs) { return order == 0 }
            return false
        }
    }

    /// -1, 0 or 1 for two numbers of any numeric kinds; nil when either is not a number or is NaN.
    static func numericOrder(_ lhs: CELValue, _ rhs: CELValue) -> Int? {
        func sign<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a > b ? 1 : 0) }
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): return sign(a, b)
        case (.uint(let a), .uint(let b)): return sign(a, b)
        case (.double(let a), .double(let b)):
            return a.isNaN || b.isNaN ? nil : sign(a, b)
        case (.int(let a), .uint(let b)):
            return a < 0 ? -1 : sign(UInt64(a), b)
        case (.uint, .int):
            return numericOrder(rhs, lhs).map { -$0 }
        // As CEL's reference implementations: the integer converts to double (so 2^63-1 equals 2^63).
        case (.int(let a), .double(let b)):
            return b.isNaN ? nil : sign(Double(a), b)
        case (.uint(let a), .double(let b)):
            return b.isNaN ? nil : sign(Double(a), b)
        case (.double, .int), (.double, .uint):
            return numericOrder(rhs, lhs).map { -$0 }
        // Decimals compare exactly with decimals and integers, and as doubles with doubles.
        case (.decimal(let a), .decimal(let b)): return CELDecimal.order(a, b)
        case (.decimal(let a), .int(let b)): return CELDecimal.order(a, CELDecimal(b))
        case (.decimal(let a), .uint(let b)): return CELDecimal.order(a, CELDecimal(b))
        case (.decimal(let a), .double(let b)): return b.isNaN ? nil : sign(a.double, b)
        case (.int, .decimal), (.uint, .decimal), (.double, .decimal):
            return numericOrder(rhs, lhs).map { -$0 }
        default:
            return nil
        }
    }

    /// CEL's ordering for `<`, `<=`, `>`, `>=`: nil when the two kinds do not compare.
    static func order(_ lhs: CELValue, _ rhs: CELValue) -> Int? {
        func sign<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a > b ? 1 : 0) }
        switch (lhs, rhs) {
        case (.bool(let a), .bool(let b)): return a == b ? 0 : (a ? 1 : -1)
        case (.string(let a), .string(let b)):
            return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars, by: { $0.value < $1.value })
                ? -1 : (a.unicodeScalars.elementsEqual(b.unicodeScalars) ? 0 : 1)
        case (.bytes(let a), .bytes(let b)):
            return a.lexicographicallyPrecedes(b) ? -1 : (a == b ? 0 : 1)
        case (.timestamp(let a), .timestamp(let b)): return sign(a.nanoseconds, b.nanoseconds)
        case (.duration(let a), .duration(let b)): return sign(a.nanoseconds, b.nanoseconds)
        default: return numericOrder(lhs, rhs)
        }
    }

    /// Whether both values are numbers (NaN included), so an undefined order means `false` rather than an error.
    static func areNumbers(_ lhs: CELValue, _ rhs: CELValue) -> Bool {
        func isNumber(_ v: CELValue) -> Bool {
            switch v {
            case .int, .uint, .double, .decimal: true
            default: false
            }
        }
        return isNumber(lhs) && isNumber(rhs)
    }
}
