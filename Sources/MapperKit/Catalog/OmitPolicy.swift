/// `omit: never | nulls | empty`: which members encoding leaves out of the external JSON.
///
/// Set on a property, on a model (for its properties without their own; inherited along
/// `extends`) or in a file's `defaults:`; the nearest wins, and a run's setting (`--omit`,
/// `?omit=`) applies where the catalog says nothing. Canonical JSON is never affected.
public enum OmitPolicy: String, Sendable, Hashable, CaseIterable {
    /// Every member is written, null or empty (the default).
    case never
    /// A member whose external value is `null` is left out.
    case nulls
    /// A member whose external value is `null`, `""`, `[]` or `{}` is left out.
    case empty

    /// Whether a member whose external value is `value` (its JSON text) is left out.
    func omits(_ value: UnsafeRawBufferPointer) -> Bool {
        guard self != .never else { return false }
        var start = value.startIndex
        var end = value.endIndex
        while start < end, Self.isSpace(value[start]) { start += 1 }
        while end > start, Self.isSpace(value[end - 1]) { end -= 1 }
        guard start < end else { return false }
        if end - start == 4, value[start] == UInt8(ascii: "n") { return true }  // `null`: no other value starts with n
        guard self == .empty else { return false }
        switch value[start] {
        case UInt8(ascii: "\""): return end - start == 2
        case UInt8(ascii: "["), UInt8(ascii: "{"): return (start + 1..<end - 1).allSatisfy { Self.isSpace(value[$0]) }
        default: return false
        }
    }

    /// Whether a member whose external value is `value` is left out.
    package func omits(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.never, _): return false
        case (_, .null): return true
        case (.empty, .string(let text)): return text.isEmpty
        case (.empty, .array(let items)): return items.isEmpty
        case (.empty, .object(let members)): return members.isEmpty
        default: return false
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}
