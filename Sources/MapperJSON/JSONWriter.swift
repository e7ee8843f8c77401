/// Writes `JSONValue`s as JSON text, compact or pretty, keeping key order and number digits.
public enum JSONWriter {
    /// Compact (`{"a":[1,null]}`) or pretty (2-space indent, `"a": 1`) JSON text.
    public static func write(_ value: JSONValue, pretty: Bool = false) -> String {
        var output = JSONOutput()
        output.append(value, pretty: pretty)
        return output.string
    }

    /// A JSON string literal: `"`, `\` and control characters escaped, everything else as is.
    public static func quote(_ string: String) -> String {
        var output = JSONOutput()
        output.appendString(string)
        return output.string
    }

    /// The bytes of `quote(string)`, then `suffix` when given (`:` after an object member's key),
    /// in one exactly sized allocation: catalogs keep one such key per property.
    package static func quotedBytes(_ string: String, then suffix: UInt8? = nil) -> [UInt8] {
        var string = string
        return string.withUTF8 { text in
            let clean = text.isEmpty || JSONOutput.firstEscape(text.baseAddress!, count: text.count) == text.count
            let maximum = (clean ? text.count : text.count * 6) + 3
            return [UInt8](unsafeUninitializedCapacity: maximum) { buffer, initialized in
                var written = 2
                if text.isEmpty {
                    buffer[0] = UInt8(ascii: "\"")
                    buffer[1] = UInt8(ascii: "\"")
                } else {
                    written = JSONOutput.escape(text.baseAddress!, count: text.count, into: buffer.baseAddress!)
                }
                if let suffix {
                    buffer[written] = suffix
                    written += 1
                }
                initialized = written
            }
        }
    }
}

extension JSONOutput {
    /// Appends a value as JSON: compact, or pretty with 2-space indentation and `": "`.
    package mutating func append(_ value: JSONValue, pretty: Bool = false) {
        append(value, pretty: pretty, indent: 0)
    }

    private mutating func append(_ value: JSONValue, pretty: Bool, indent: Int) {
        switch value {
        case .null: append(contentsOf: "null")
        case .bool(let bool): append(contentsOf: bool ? "true" : "false")
        case .number(let number): append(contentsOf: number.text)
        case .string(let string): appendString(string)
        case .array(let items):
            guard !items.isEmpty else {
                append(contentsOf: "[]")
                return
            }
            append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                newline(pretty: pretty, indent: indent + 1)
                append(item, pretty: pretty, indent: indent + 1)
            }
            newline(pretty: pretty, indent: indent)
            append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else {
                append(contentsOf: "{}")
                return
            }
            append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                newline(pretty: pretty, indent: indent + 1)
                appendString(member.key)
                append(UInt8(ascii: ":"))
                if pretty { append(UInt8(ascii: " ")) }
                append(member.value, pretty: pretty, indent: indent + 1)
            }
            newline(pretty: pretty, indent: indent)
            append(UInt8(ascii: "}"))
        }
    }

    private mutating func newline(pretty: Bool, indent: Int) {
        guard pretty else { return }
        append(0x0A)
        append(UInt8(ascii: " "), count: indent * 2)
    }
}
