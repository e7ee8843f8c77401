/// The value of a model property at run time: what a type expression denotes.
///
/// Absent properties have no `Value` at all (`nil`); `.null` is a JSON `null` that was present.
public enum Value: Sendable, Hashable, CustomStringConvertible {
    case null
    case string(String)
    /// `int`: exact 64-bit integer.
    case int(Int64)
    case double(Double)
    /// `decimal`: the number's digits exactly as read.
    case decimal(JSONNumber)
    case bool(Bool)
    /// `url`: a valid URI reference.
    case url(String)
    /// `uuid`: lower-case `8-4-4-4-12` text.
    case uuid(String)
    case date(Instant)
    /// An enum value: the case name.
    case enumCase(String)
    case model(Model)
    case array([Value])
    /// `[string: T]`: keys in their original order.
    case dictionary(ValueDictionary)
    /// `any`: the JSON value as it was.
    case any(JSONValue)

    public var description: String {
        switch self {
        case .null: return "null"
        case .string(let text), .url(let text), .uuid(let text), .enumCase(let text): return text
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .decimal(let number): return number.text
        case .bool(let value): return value ? "true" : "false"
        case .date(let instant): return instant.description
        case .model(let model): return model.description
        case .array(let values): return "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(let dictionary):
            return "[" + dictionary.entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "]"
        case .any(let json): return JSONWriter.write(json)
        }
    }

    public var string: String? {
        switch self {
        case .string(let text), .url(let text), .uuid(let text), .enumCase(let text): return text
        default: return nil
        }
    }

    public var int: Int64? {
        if case .int(let value) = self { return value }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var date: Instant? {
        if case .date(let instant) = self { return instant }
        return nil
    }

    public var model: Model? {
        if case .model(let model) = self { return model }
        return nil
    }

    public var array: [Value]? {
        if case .array(let values) = self { return values }
        return nil
    }
}

/// The value of a `[string: T]` property: entries in their original order, compared without
/// regard to order (as JSON objects are).
public struct ValueDictionary: Sendable, Hashable, RandomAccessCollection {
    public struct Entry: Sendable, Hashable {
        public var key: String
        public var value: Value

        public init(key: String, value: Value) {
            self.key = key
            self.value = value
        }
    }

    public var entries: [Entry]

    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> Entry { entries[position] }

    public subscript(key: String) -> Value? {
        entries.first { $0.key == key }?.value
    }

    public static func == (lhs: ValueDictionary, rhs: ValueDictionary) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        if lhs.entries == rhs.entries { return true }
        let right = Dictionary(rhs.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        return lhs.entries.allSatisfy { right[$0.key] == $0.value }
    }

    public func hash(into hasher: inout Hasher) {
        var sum = 0
        for entry in entries {
            var entryHasher = Hasher()
            entryHasher.combine(entry)
            sum &+= entryHasher.finalize()
        }
        hasher.combine(entries.count)
        hasher.combine(sum)
    }
}

extension Value {
    /// The value as JSON text for messages, shortened to 80 characters: `"bug"`, `["a",null]`.
    var quoted: String {
        var output = JSONOutput()
        CanonicalWriter.write(self, .any, into: &output)
        return JSONValue.shorten(String(decoding: output.bytes, as: UTF8.self))
    }
}
