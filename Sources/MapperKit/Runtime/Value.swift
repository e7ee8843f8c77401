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
    /// `local_date`: a day on the calendar.
    case localDate(LocalDate)
    /// An enum value: the case name.
    case enumCase(String)
    case model(Model)
    case array([Value])
    /// `[string: T]`: keys in their original order.
    case dictionary(ValueDictionary)
    /// `any`: the JSON value as it was.
    case any(JSONValue)

    /// The value as plain text for messages and logs: strings unquoted, dates in ISO 8601, `any`
    /// as JSON. Not canonical JSON; use `Catalog.canonicalJSON` for that.
    public var description: String {
        switch self {
        case .null: return "null"
        case .string(let text), .url(let text), .uuid(let text), .enumCase(let text): return text
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .decimal(let number): return number.text
        case .bool(let value): return value ? "true" : "false"
        case .date(let instant): return instant.description
        case .localDate(let date): return date.description
        case .model(let model): return model.description
        case .array(let values): return "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(let dictionary):
            return "[" + dictionary.entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "]"
        case .any(let json): return JSONWriter.write(json)
        }
    }

    /// The text of a `string`, `url`, `uuid` or enum value (its case name); nil for other kinds.
    public var string: String? {
        switch self {
        case .string(let text), .url(let text), .uuid(let text), .enumCase(let text): return text
        default: return nil
        }
    }

    /// The integer of an `int` value; nil for other kinds (a `double` or `decimal` is not converted).
    public var int: Int64? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The Boolean of a `bool` value; nil for other kinds.
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The instant of a date value, whatever format it was read with; nil for other kinds.
    public var date: Instant? {
        if case .date(let instant) = self { return instant }
        return nil
    }

    /// The day of a `local_date` value; nil for other kinds.
    public var localDate: LocalDate? {
        if case .localDate(let date) = self { return date }
        return nil
    }

    /// The nested model of a property whose type is a model; nil for other kinds.
    ///
    /// ```swift
    /// issue.user?.model?.login   // Value.string("octocat")
    /// ```
    public var model: Model? {
        if case .model(let model) = self { return model }
        return nil
    }

    /// The elements of an array value; nil for other kinds.
    public var array: [Value]? {
        if case .array(let values) = self { return values }
        return nil
    }
}

/// The value of a `[string: T]` property: entries in their original order, compared without
/// regard to order (as JSON objects are).
public struct ValueDictionary: Sendable, Hashable, RandomAccessCollection {
    /// One key and its value.
    public struct Entry: Sendable, Hashable {
        /// The key as it was in the JSON object.
        public var key: String
        /// The value, of the dictionary's element type.
        public var value: Value

        /// An entry; the value is checked against the element type only when the dictionary is set on
        /// a model with `Model.set`.
        public init(key: String, value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// The entries in their original order (the order canonical JSON writes them in).
    public var entries: [Entry]

    /// A dictionary with these entries in this order; keys are not checked for duplicates.
    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    /// The position of the first entry.
    public var startIndex: Int { entries.startIndex }
    /// The position after the last entry.
    public var endIndex: Int { entries.endIndex }
    /// The entry at a position, in original order.
    public subscript(position: Int) -> Entry { entries[position] }

    /// The value of the first entry with this key, or nil; a linear search, meant for small
    /// dictionaries and tests.
    public subscript(key: String) -> Value? {
        entries.first { $0.key == key }?.value
    }

    /// Equal when both hold the same keys with equal values, in any order, as JSON objects compare.
    public static func == (lhs: ValueDictionary, rhs: ValueDictionary) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        if lhs.entries == rhs.entries { return true }
        let right = Dictionary(rhs.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        return lhs.entries.allSatisfy { right[$0.key] == $0.value }
    }

    /// Hashes the entries without regard to their order, to agree with `==`.
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
