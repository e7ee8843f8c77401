extension Diagnostic {
    /// `{"file", "line", "column", "severity", "code", "message", "hint"}`, and for a problem inside
    /// an expression `"excerpt": {"text", "column"}` (the expression and the column in it).
    public var jsonValue: JSONValue {
        var object: JSONObject = [
            "file": .string(file), "line": .number(JSONNumber(Int64(line))), "column": .number(JSONNumber(Int64(column))),
            "severity": .string(severity.rawValue), "code": .string(code), "message": .string(message),
            "hint": hint.map(JSONValue.string) ?? .null,
        ]
        if let excerpt {
            object.append("excerpt", ["text": .string(excerpt.text), "column": .number(JSONNumber(Int64(excerpt.column)))])
        }
        return .object(object)
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
