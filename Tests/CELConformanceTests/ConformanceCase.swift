import Foundation
import MapperCEL

/// One test of a cel-spec `SimpleTestFile`, with what it expects.
struct ConformanceCase {
    enum Expectation {
        case value(CELValue)
        case error(String)
    }

    var name: String
    var expr: String
    var container: String
    var bindings: [String: CELValue]
    /// The declared variables (`type_env`, with the bound names), checked when parsing.
    var declared: Set<String>
    /// The declared variables' types (`type_env` idents; an undeclared variable is dyn) and
    /// functions, for the checker.
    var variableTypes: [String: CELCheckedType] = [:]
    var functions: [CELFunction] = []
    var disableCheck: Bool
    var expectation: Expectation
    /// `typed_result`'s `deduced_type`: the type the checker must deduce, exactly.
    var deducedType: CELCheckedType?
    /// `check_only`: the test has no value to evaluate, only a type to deduce.
    var checkOnly: Bool
    /// Why the test is out of scope (protocol buffer message types), or nil.
    var skipReason: String?

    struct Skip: Error {
        var reason: String
    }

    /// The skip reasons for features MapperCEL does not have (any other reason the runner cannot
    /// read a test is a failure).
    static let optionalTypes = "uses optional types (cel-spec's optional extension), which MapperCEL does not have"
    static let typeParameters = "declares functions with type parameters or abstract types, which CELFunction cannot declare"

    /// Whether `reason` puts a test out of scope (skipped), rather than being a failure to read it.
    static func isOutOfScope(_ reason: String) -> Bool {
        reason.hasPrefix("uses protocol buffer") || reason == optionalTypes || reason == typeParameters
    }

    init(_ test: TextProtoMessage, path: String) {
        name = path
        expr = test.string("expr") ?? ""
        container = test.string("container") ?? ""
        bindings = [:]
        disableCheck = test.bool("disable_check")
        checkOnly = test.bool("check_only")
        declared = Set(test.messages("type_env").compactMap { $0.string("name") })
        expectation = .value(.bool(true))
        skipReason = Self.messageTypeReference(in: expr)
        do {
            (variableTypes, functions) = try CheckedTypes.environment(test)
            for binding in test.messages("bindings") {
                guard let key = binding.string("key"), let value = binding.message("value")?.message("value") else { continue }
                bindings[key] = try Self.value(value)
                declared.insert(key)
            }
            if let value = test.message("value") {
                expectation = .value(try Self.value(value))
            } else if let error = test.message("eval_error") {
                expectation = .error(error.messages("errors").first?.string("message") ?? "an error")
            } else if let typed = test.message("typed_result") {
                deducedType = try typed.message("deduced_type").map(CheckedTypes.checkedType)
                if let value = typed.message("result") {
                    expectation = .value(try Self.value(value))
                } else if !checkOnly {
                    skipReason = skipReason ?? "a typed_result without a result, not check_only"
                }
            } else if test.first("unknown") != nil || test.first("any_eval_errors") != nil {
                skipReason = skipReason ?? "expects a result kind this runner does not read"
            }
        } catch let skip as Skip {
            skipReason = skipReason ?? skip.reason
        } catch {
            skipReason = skipReason ?? "\(error)"
        }
    }

    /// A protocol buffer message type the expression names (out of scope), as a skip reason.
    static func messageTypeReference(in expr: String) -> String? {
        for marker in ["TestAllTypes", "NestedMessage", "GlobalEnum", "proto2.", "proto3.", "NestedEnum"] where expr.contains(marker) {
            return "uses protocol buffer message types ('\(marker)')"
        }
        if expr.contains("optional.") { return optionalTypes }
        var rest = Substring(expr)
        while let range = rest.range(of: "google.protobuf.") {
            let after = rest[range.upperBound...]
            if !after.hasPrefix("Timestamp") && !after.hasPrefix("Duration") {
                return "uses protocol buffer message types ('google.protobuf.\(after.prefix { $0.isLetter })')"
            }
            rest = after
        }
        return nil
    }

    /// A `cel.expr.Value` message as a CEL value.
    static func value(_ message: TextProtoMessage) throws -> CELValue {
        guard let field = message.fields.first else { throw Skip(reason: "an empty expected value") }
        switch (field.name, field.value) {
        case ("null_value", _): return .null
        case ("bool_value", .token(let t)): return .bool(t == "true")
        case ("int64_value", .token(let t)): return .int(Int64(t)!)
        case ("uint64_value", .token(let t)): return .uint(UInt64(t)!)
        case ("double_value", .token(let t)): return .double(double(t))
        case ("string_value", .string(let b)): return .string(String(decoding: b, as: UTF8.self))
        case ("bytes_value", .string(let b)): return .bytes(b)
        case ("type_value", .string(let b)): return .type(CELType(name: String(decoding: b, as: UTF8.self)))
        case ("list_value", .message(let list)):
            return .list(try list.messages("values").map(value))
        case ("map_value", .message(let map)):
            var entries: [(CELValue, CELValue)] = []
            for entry in map.messages("entries") {
                guard let key = entry.message("key"), let v = entry.message("value") else { continue }
                entries.append((try value(key), try value(v)))
            }
            return .map(CELMap(entries))
        case ("object_value", .message(let any)):
            guard let inner = any.fields.first, case .message(let body) = inner.value else { throw Skip(reason: "an empty object") }
            let seconds = Int128(body.string("seconds").flatMap { Int64($0) } ?? 0)
            let nanos = Int128(body.string("nanos").flatMap { Int64($0) } ?? 0)
            if inner.name.hasSuffix("/google.protobuf.Duration]") {
                return .duration(CELDuration(nanoseconds: Int64(seconds * 1_000_000_000 + nanos)))
            }
            if inner.name.hasSuffix("/google.protobuf.Timestamp]") {
                return .timestamp(try CELTimestamp(nanoseconds: seconds * 1_000_000_000 + nanos))
            }
            throw Skip(reason: "uses protocol buffer message types (\(inner.name))")
        case ("enum_value", _):
            throw Skip(reason: "uses protocol buffer enum types")
        default:
            throw Skip(reason: "an expected value of kind \(field.name)")
        }
    }

    private static func double(_ token: String) -> Double {
        switch token.lowercased() {
        case "inf", "infinity": .infinity
        case "-inf", "-infinity": -.infinity
        case "nan": .nan
        default: Double(token)!
        }
    }

    /// nil when the test passes, else what went wrong; with what the checker made of the
    /// expression (for `--verbose`).
    func run() -> (failure: String?, check: String) {
        var deduced: CELCheckedType?
        var checkError: CELError?
        let failure = run(&deduced, &checkError)
        var check = checkError.map { "check error: \($0)" } ?? deduced.map { "checked: \($0)" } ?? "not checked"
        if disableCheck {
            // For information only: what the checker would say of a test cel-spec does not check.
            let program = try? CELProgram(source: expr, container: container, functions: functions)
            let verdict = program.map { program in
                Result { () throws(CELError) in try program.check(variableTypes) }
            }
            switch verdict {
            case .success(let type)?: check = "disable_check; would check as \(type)"
            case .failure(let error)?: check = "disable_check; the checker would reject it: \(error)"
            case nil: check = "disable_check"
            }
        }
        return (failure, check)
    }

    private func run(_ deduced: inout CELCheckedType?, _ checkError: inout CELError?) -> String? {
        let result: Result<CELValue, CELError>
        do throws(CELError) {
            // Without `disable_check`, a test declares every name it uses: parse with the
            // declarations, and check the types before evaluating.
            let program = try CELProgram(
                source: expr, variables: disableCheck ? nil : declared.union(functions.map(\.name)), container: container,
                functions: functions)
            if !disableCheck {
                do throws(CELError) {
                    deduced = try program.check(variableTypes)
                } catch {
                    checkError = error
                    throw CELError(error.code, "check: \(error.message)", column: error.column)
                }
            }
            if let expected = deducedType, deduced != expected {
                return "expected the deduced type \(expected), got \(deduced.map(\.description) ?? "none (disable_check)")"
            }
            if checkOnly { return nil }
            result = .success(try program.evaluate(bindings))
        } catch {
            result = .failure(error)
        }
        switch (expectation, result) {
        case (.value(let expected), .success(let actual)):
            if let deduced, !CheckedTypes.fits(actual, deduced) { return "the value \(actual) is not of the deduced type \(deduced)" }
            return Self.same(expected, actual) ? nil : "expected \(expected), got \(actual)"
        case (.value(let expected), .failure(let error)):
            return "expected \(expected), got the error \(error)"
        case (.error, .failure):
            return nil
        case (.error(let message), .success(let actual)):
            return "expected an error (\(message)), got \(actual)"
        }
    }

    /// Equality for expected values: as CEL's `==`, but NaN matches NaN and kinds must agree.
    static func same(_ a: CELValue, _ b: CELValue) -> Bool {
        switch (a, b) {
        case (.double(let x), .double(let y)): return (x.isNaN && y.isNaN) || (x == y && x.sign == y.sign)
        case (.int, .int), (.uint, .uint): return a == b
        case (.list(let x), .list(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.map(let x), .map(let y)):
            return x.count == y.count && x.entries.allSatisfy { entry in y[entry.key].map { same(entry.value, $0) } ?? false }
        default:
            return a.type == b.type && a == b
        }
    }
}
