extension Diagnostic {
    /// `{"file", "line", "column", "severity", "code", "message", "hint"}`.
    public var jsonValue: JSONValue {
        [
            "file": .string(file), "line": .number(JSONNumber(Int64(line))), "column": .number(JSONNumber(Int64(column))),
            "severity": .string(severity.rawValue), "code": .string(code), "message": .string(message),
            "hint": hint.map(JSONValue.string) ?? .null,
        ]
    }
}

extension Array where Element == Diagnostic {
    /// `{"diagnostics": [...], "errors": N, "warnings": M}`.
    public var jsonReport: JSONValue {
        [
            "diagnostics": .array(map(\.jsonValue)),
            "errors": .number(JSONNumber(Int64(errorCount))),
            "warnings": .number(JSONNumber(Int64(warningCount))),
        ]
    }
}
