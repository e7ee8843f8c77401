/// Writes `JSONValue`s as JSON text, compact or pretty, keeping key order and number digits.
public enum JSONWriter {
    public static func write(_ value: JSONValue, pretty: Bool = false) -> String {
        var output = ""
        write(value, into: &output, pretty: pretty, indent: 0)
        return output
    }

    static func write(_ value: JSONValue, into output: inout String, pretty: Bool, indent: Int) {
        switch value {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .number(let number): output += number.text
        case .string(let string): output += quote(string)
        case .array(let items):
            guard !items.isEmpty else { output += "[]"; return }
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                newline(&output, pretty: pretty, indent: indent + 1)
                write(item, into: &output, pretty: pretty, indent: indent + 1)
            }
            newline(&output, pretty: pretty, indent: indent)
            output += "]"
        case .object(let object):
            guard !object.isEmpty else { output += "{}"; return }
            output += "{"
            for (index, member) in object.enumerated() {
                if index > 0 { output += "," }
                newline(&output, pretty: pretty, indent: indent + 1)
                output += quote(member.key)
                output += pretty ? ": " : ":"
                write(member.value, into: &output, pretty: pretty, indent: indent + 1)
            }
            newline(&output, pretty: pretty, indent: indent)
            output += "}"
        }
    }

    private static func newline(_ output: inout String, pretty: Bool, indent: Int) {
        guard pretty else { return }
        output += "\n"
        output += String(repeating: "  ", count: indent)
    }

    /// A JSON string literal: `"`, `\` and control characters escaped, everything else as is.
    public static func quote(_ string: String) -> String {
        var output = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
