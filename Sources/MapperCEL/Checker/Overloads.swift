/// One signature of a library function or operator, as the checker matches it.
struct Overload: Sendable {
    /// The parameters' types, the receiver first for a member call (`s.contains(t)` is `(string, string)`).
    let parameters: [CheckType]
    let result: CheckType
    /// Whether it is called as `x.f(…)` rather than `f(x, …)`.
    let member: Bool
    /// `list + list`: the result is the list of the two element types' common type (dyn when they differ).
    var concatenates = false
}

/// Every overload `Library.call` implements, by the name it dispatches on (operators by CEL's
/// internal names: `_+_`, `-_`, `_[_]`, `@in`…). The checker and the library must agree: a change
/// to `Library/*.swift` belongs here too.
enum Overloads {
    static func named(_ name: String) -> [Overload] { table[name] ?? [] }

    /// The binary operators as written: `_+_` is `+`.
    static let operatorSymbols = [
        "_+_": "+", "_-_": "-", "_*_": "*", "_/_": "/", "_%_": "%", "_<_": "<", "_<=_": "<=", "_>_": ">", "_>=_": ">=",
        "_==_": "==", "_!=_": "!=", "@in": "in",
    ]

    /// Whether calling `name` with null at `position` can succeed: some overload takes a type
    /// parameter, `dyn` or `null` there (`x == null`, `type(x)`, `x in list`). A name without
    /// overloads answers true: nothing is known against it.
    static func acceptsNull(_ name: String, member: Bool, arity: Int, at position: Int) -> Bool {
        let candidates = named(name).filter { $0.member == member && $0.parameters.count == arity }
        guard !candidates.isEmpty else { return true }
        return candidates.contains { overload in
            switch overload.parameters[position] {
            case .parameter, .dyn, .null, .variable: true
            default: false
            }
        }
    }

    /// The names of the library's functions and macros' overloads, operators left out (`_+_`, `-_`, `@in`).
    static var functionNames: [String] { table.keys.filter { $0.first?.isLetter == true }.sorted() }

    private static let A = CheckType.parameter(0)
    private static let B = CheckType.parameter(1)

    private static let table: [String: [Overload]] = {
        var table = Table()
        standard(&table)
        strings(&table)
        time(&table)
        decimal(&table)
        return table.entries
    }()

    /// Arithmetic, comparisons, equality, `in`, indexing, `size`, `dyn`, `type` and the conversions
    /// (Library.swift, Library+Arithmetic.swift, Library+Conversions.swift).
    private static func standard(_ t: inout Table) {
        let numbers: [CheckType] = [.int, .uint, .double]
        for number in numbers {
            for op in ["_+_", "_-_", "_*_", "_/_"] { t.global(op, number, number, result: number) }
        }
        for number in [CheckType.int, .uint] { t.global("_%_", number, number, result: number) }
        t.global("_+_", .string, .string, result: .string)
        t.global("_+_", .bytes, .bytes, result: .bytes)
        t.add("_+_", Overload(parameters: [.list(A), .list(B)], result: .list(A), member: false, concatenates: true))
        t.global("_+_", .duration, .duration, result: .duration)
        t.global("_+_", .timestamp, .duration, result: .timestamp)
        t.global("_+_", .duration, .timestamp, result: .timestamp)
        t.global("_-_", .duration, .duration, result: .duration)
        t.global("_-_", .timestamp, .duration, result: .timestamp)
        t.global("_-_", .timestamp, .timestamp, result: .duration)
        t.global("-_", .int, result: .int)
        t.global("-_", .double, result: .double)
        t.global("!_", .bool, result: .bool)

        // CELValue.order: same kinds, and numbers of any kinds with each other (decimal included).
        for op in ["_<_", "_<=_", "_>_", "_>=_"] {
            for kind in [CheckType.bool, .string, .bytes, .timestamp, .duration] { t.global(op, kind, kind, result: .bool) }
            for left in numbers + [.decimal] {
                for right in numbers + [.decimal] { t.global(op, left, right, result: .bool) }
            }
        }
        // Heterogeneous equality: any two values compare (values of different kinds are unequal).
        t.global("_==_", A, B, result: .bool)
        t.global("_!=_", A, B, result: .bool)
        t.global("@in", A, .list(B), result: .bool)
        t.global("@in", A, .map(B, .parameter(2)), result: .bool)
        for index in numbers { t.global("_[_]", .list(A), index, result: A) }
        for key in numbers + [.bool, .string] { t.global("_[_]", .map(A, B), key, result: B) }
        for sized in [CheckType.string, .bytes, .list(A), .map(A, B)] {
            t.global("size", sized, result: .int)
            t.member("size", on: sized, result: .int)
        }
        t.global("dyn", A, result: .dyn)
        t.global("type", A, result: .type(A))

        let conversions: [(String, [CheckType])] = [
            ("int", [.int, .uint, .double, .string, .timestamp]),
            ("uint", [.uint, .int, .double, .string]),
            ("double", [.double, .int, .uint, .string]),
            ("string", [.string, .int, .uint, .double, .bool, .bytes, .timestamp, .duration, .type(A)]),
            ("bytes", [.bytes, .string]),
            ("bool", [.bool, .string]),
            ("timestamp", [.timestamp, .string, .int]),
            ("duration", [.duration, .string]),
        ]
        for (name, sources) in conversions {
            let result: CheckType =
                switch name {
                case "int": .int
                case "uint": .uint
                case "double": .double
                case "string": .string
                case "bytes": .bytes
                case "bool": .bool
                case "timestamp": .timestamp
                default: .duration
                }
            for source in sources { t.global(name, source, result: result) }
        }
    }

    /// `contains`, `startsWith`, `endsWith`, `matches` and the strings extension (Library+Strings.swift).
    private static func strings(_ t: inout Table) {
        for name in ["contains", "startsWith", "endsWith", "matches"] { t.member(name, on: .string, .string, result: .bool) }
        t.global("matches", .string, .string, result: .bool)
        for name in ["lowerAscii", "upperAscii", "trim", "reverse"] { t.member(name, on: .string, result: .string) }
        t.member("charAt", on: .string, .int, result: .string)
        for name in ["indexOf", "lastIndexOf"] {
            t.member(name, on: .string, .string, result: .int)
            t.member(name, on: .string, .string, .int, result: .int)
        }
        t.member("substring", on: .string, .int, result: .string)
        t.member("substring", on: .string, .int, .int, result: .string)
        t.member("replace", on: .string, .string, .string, result: .string)
        t.member("replace", on: .string, .string, .string, .int, result: .string)
        t.member("split", on: .string, .string, result: .list(.string))
        t.member("split", on: .string, .string, .int, result: .list(.string))
        t.member("format", on: .string, .list(A), result: .string)
        t.member("join", on: .list(.string), result: .string)
        t.member("join", on: .list(.string), .string, result: .string)
        t.global("strings.quote", .string, result: .string)
    }

    /// The timestamp and duration accessors (Library+Time.swift).
    private static func time(_ t: inout Table) {
        for name in ["getHours", "getMinutes", "getSeconds", "getMilliseconds"] { t.member(name, on: .duration, result: .int) }
        for name in [
            "getFullYear", "getMonth", "getDayOfYear", "getDayOfMonth", "getDate", "getDayOfWeek", "getHours", "getMinutes",
            "getSeconds", "getMilliseconds",
        ] {
            t.member(name, on: .timestamp, result: .int)
            t.member(name, on: .timestamp, .string, result: .int)
        }
    }

    /// mapper's decimals (Library+Decimal.swift): listed last, and a `dyn` argument takes a decimal
    /// parameter only when no other overload fits (see `Checker.call`).
    private static func decimal(_ t: inout Table) {
        for source in [CheckType.decimal, .int, .uint, .string] { t.global("decimal", source, result: .decimal) }
        for op in ["_+_", "_-_", "_*_"] {
            for (left, right) in [
                (CheckType.decimal, CheckType.decimal), (.decimal, .int), (.int, .decimal), (.decimal, .uint), (.uint, .decimal),
            ] {
                t.global(op, left, right, result: .decimal)
            }
        }
        t.global("-_", .decimal, result: .decimal)
        t.member("scale", on: .decimal, .int, result: .decimal)
        t.member("round", on: .decimal, .int, result: .decimal)
        t.global("string", .decimal, result: .string)
        t.global("int", .decimal, result: .int)
        t.global("double", .decimal, result: .double)
    }

    private struct Table {
        var entries: [String: [Overload]] = [:]

        mutating func add(_ name: String, _ overload: Overload) { entries[name, default: []].append(overload) }

        mutating func global(_ name: String, _ parameters: CheckType..., result: CheckType) {
            add(name, Overload(parameters: parameters, result: result, member: false))
        }

        mutating func member(_ name: String, on receiver: CheckType, _ parameters: CheckType..., result: CheckType) {
            add(name, Overload(parameters: [receiver] + parameters, result: result, member: true))
        }
    }
}
