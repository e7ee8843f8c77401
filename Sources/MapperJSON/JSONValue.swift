/// A JSON value that keeps what JSON text says exactly: numbers keep their digits (integers beyond
/// 2^63 and decimals are never rounded) and objects keep their key order.
///
/// Equality is JSON equality: numbers compare by value (`1` equals `1.0`) and objects compare
/// regardless of key order.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The value of a member of an object; nil when absent or when the value is not an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// What the value is, quoted and shortened for messages: `"2012-13-45"`, `42`, `an object`.
    public var quoted: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let number): return Self.shorten(number.text)
        case .string(let string): return Self.shorten(JSONWriter.quote(string))
        case .array: return Self.shorten(JSONWriter.write(self))
        case .object: return Self.shorten(JSONWriter.write(self))
        }
    }

    /// Shortens text to 80 characters for error messages.
    package static func shorten(_ text: String) -> String {
        guard text.count > 80 else { return text }
        return String(text.prefix(77)) + "..."
    }

    /// The kind of value with its article, for messages: `a string`, `an object`, `null`.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// `"text"` as a JSON string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `42` as a JSON number (use `.number(JSONNumber("1.5")!)` for other numbers).
    public init(integerLiteral value: Int64) { self = .number(JSONNumber(value)) }
    /// `true`/`false` as a JSON Boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `[…]` as a JSON array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// `["key": value]` as a JSON object, members in the order written.
    ///
    /// ```swift
    /// let body: JSONValue = ["number": 1347, "title": "Found a bug", "labels": ["bug"], "closed_at": nil]
    /// ```
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
    /// `nil` as JSON `null`.
    public init(nilLiteral: ()) { self = .null }
}

/// A JSON object: members in their original order, compared without regard to order.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection {
    /// One key and its value.
    public struct Member: Sendable, Hashable {
        /// The member's key, unescaped.
        public var key: String
        /// The member's value.
        public var value: JSONValue

        /// A member with this key and value.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in their original order (the order writers keep).
    public var members: [Member]

    /// An object with these members in this order; keys are not checked for duplicates.
    public init(_ members: [Member] = []) {
        self.members = members
    }

    /// The position of the first member.
    public var startIndex: Int { members.startIndex }
    /// The position after the last member.
    public var endIndex: Int { members.endIndex }
    /// The member at a position, in original order.
    public subscript(position: Int) -> Member { members[position] }

    /// The value of the first member with this key, or nil; a linear search.
    public subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    /// The keys in their original order.
    public var keys: [String] { members.map(\.key) }

    /// Adds a member at the end, without checking whether the key is already there.
    public mutating func append(_ key: String, _ value: JSONValue) {
        members.append(Member(key: key, value: value))
    }

    /// Sets the value at a key path (`["status", "state"]`), creating objects on the way (a value
    /// that is not an object on the way is replaced by one).
    package mutating func insert(_ value: JSONValue, at path: some Collection<String>) {
        guard let key = path.first else { return }
        let index = members.firstIndex { $0.key == key }
        if path.count == 1 {
            if let index { members[index].value = value } else { append(key, value) }
            return
        }
        var inner = JSONObject()
        if let index, case .object(let existing) = members[index].value { inner = existing }
        inner.insert(value, at: path.dropFirst())
        if let index { members[index].value = .object(inner) } else { append(key, .object(inner)) }
    }

    /// Equal when both hold the same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        if lhs.members == rhs.members { return true }
        var remaining = Dictionary(rhs.members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        for member in lhs.members {
            guard let value = remaining.removeValue(forKey: member.key), value == member.value else { return false }
        }
        return remaining.isEmpty
    }

    /// Hashes the members without regard to their order, to agree with `==`.
    public func hash(into hasher: inout Hasher) {
        // Order-independent: combine member hashes commutatively.
        var sum = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(member)
            sum &+= memberHasher.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(sum)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object with the members in the order written, so `["name": .string("Issue")]` builds one.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { Member(key: $0.0, value: $0.1) })
    }
}
