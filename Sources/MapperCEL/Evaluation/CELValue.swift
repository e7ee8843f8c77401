/// A CEL value: what variables hold and what an expression evaluates to.
///
/// ```swift
/// let value: CELValue = .map(CELMap([(.string("name"), .string("Ada"))]))
/// ```
public enum CELValue: Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case string(String)
    case bytes([UInt8])
    case list([CELValue])
    case map(CELMap)
    case timestamp(CELTimestamp)
    case duration(CELDuration)
    case type(CELType)
    /// mapper's exact decimal (`decimal("19.90")`), for money.
    case decimal(CELDecimal)

    /// The value's CEL type (`type(value)` in an expression).
    public var type: CELType {
        switch self {
        case .null: .null
        case .bool: .bool
        case .int: .int
        case .uint: .uint
        case .double: .double
        case .string: .string
        case .bytes: .bytes
        case .list: .list
        case .map: .map
        case .timestamp: .timestamp
        case .duration: .duration
        case .type: .type
        case .decimal: .decimal
        }
    }

    /// The value as CEL would write it as a literal (approximately, for messages and tests).
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .int(let value): "\(value)"
        case .uint(let value): "\(value)u"
        case .double(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        case .bytes(let value): "b\"\(value.map { String($0, radix: 16) }.joined(separator: " "))\""
        case .list(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .map(let map): "{" + map.entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        case .timestamp(let value): "timestamp(\"\(value.formatted)\")"
        case .duration(let value): "duration(\"\(value.formatted)\")"
        case .type(let type): type.name
        case .decimal(let value): "decimal(\"\(value)\")"
        }
    }
}

/// A CEL map: entries in insertion order, looked up with CEL's equality (so `{1: 'a'}[1u]` finds `'a'`),
/// through a hash index for the key kinds CEL allows (int, uint, bool, string) once it has more than a few entries.
public struct CELMap: Sendable {
    /// The entries, in the order the map was written or built.
    public private(set) var entries: [(key: CELValue, value: CELValue)]
    /// Keys → positions in `entries`, kept only once the map has more than `scanLimit` entries:
    /// below it a scan compares fewer bytes than hashing the key would read.
    private var index: [Key: Int]?
    private static let scanLimit = 8

    /// A key normalised so that equal CEL values hash alike: numbers by value, strings by their
    /// UTF-8 bytes (CEL compares code points, not canonical equivalence as Swift's `String` does).
    private enum Key: Hashable {
        case int(Int64)
        case uint(UInt64)
        case bool(Bool)
        case string([UInt8])

        init?(_ value: CELValue) {
            switch value {
            case .int(let x): self = .int(x)
            case .uint(let x): self = x <= UInt64(Int64.max) ? .int(Int64(x)) : .uint(x)
            case .double(let x):
                if let i = Int64(exactly: x) { self = .int(i) } else if let u = UInt64(exactly: x) { self = .uint(u) } else { return nil }
            case .bool(let x): self = .bool(x)
            case .string(let x): self = .string(Array(x.utf8))
            default: return nil
            }
        }
    }

    /// A map of these entries; a later duplicate key replaces the earlier value.
    public init(_ entries: [(CELValue, CELValue)] = []) {
        self.entries = []
        self.entries.reserveCapacity(entries.count)
        for (key, value) in entries { self[key] = value }
    }

    private func position(of key: CELValue) -> Int? {
        if let index {
            if let normalised = Key(key) { return index[normalised] }
            return entries.firstIndex { CELValue.equal($0.key, key) }
        }
        return entries.firstIndex { Self.sameKey($0.key, key) }
    }

    /// Whether two strings have the same code points (CEL's string equality): the same UTF-8 bytes,
    /// compared in place.
    @inline(__always)
    private static func sameCodePoints(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let compared = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in x.elementsEqual(y) }
        }
        if let compared, let compared { return compared }
        return a.utf8.elementsEqual(b.utf8)
    }

    /// Whether two keys are the same key, as `Key` normalises them (1, 1u and 1.0 are one key),
    /// strings compared in place.
    @inline(__always)
    private static func sameKey(_ a: CELValue, _ b: CELValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return sameCodePoints(x, y)
        case (.string, _), (_, .string): return false
        default:
            guard let x = Key(a), let y = Key(b) else { return CELValue.equal(a, b) }
            return x == y
        }
    }

    private mutating func reindex() {
        guard entries.count > Self.scanLimit else {
            index = nil
            return
        }
        var table: [Key: Int] = [:]
        for (offset, entry) in entries.enumerated() {
            if let normalised = Key(entry.key) { table[normalised] = offset }
        }
        index = table
    }

    /// The value under `key`, or nil.
    public subscript(key: CELValue) -> CELValue? {
        get { position(of: key).map { entries[$0].value } }
        set {
            switch (position(of: key), newValue) {
            case (let found?, let value?): entries[found].value = value
            case (let found?, nil):
                entries.remove(at: found)
                reindex()
            case (nil, let value?): append(uniqueKey: key, value)
            case (nil, nil): break
            }
        }
    }

    /// Adds an entry under a key the map does not hold, without looking for it: for a caller that
    /// knows its keys are distinct (a model's property names).
    public mutating func append(uniqueKey key: CELValue, _ value: CELValue) {
        assert(!contains(key), "append(uniqueKey:) with a key the map holds")
        entries.append((key, value))
        if index != nil, let normalised = Key(key) {
            index![normalised] = entries.count - 1
        } else if index == nil && entries.count > Self.scanLimit {
            reindex()
        }
    }

    /// Adds `value` under `key` when the map does not hold the key, and says whether it did (the
    /// map is unchanged when not): for a caller building a large map that must refuse a repeated
    /// key, normalising each key once.
    public mutating func insertIfAbsent(_ key: CELValue, _ value: CELValue) -> Bool {
        // Up to `scanLimit` entries the map has no index (`append` builds it past that).
        guard index != nil, let normalised = Key(key) else {
            if position(of: key) != nil { return false }
            append(uniqueKey: key, value)
            return true
        }
        if index![normalised] != nil { return false }
        index![normalised] = entries.count
        entries.append((key, value))
        return true
    }

    /// Makes room for `count` entries, so that a map built entry by entry allocates once (its
    /// index too, for a map that will have one: a large table is not rehashed as it grows).
    public mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
        guard count > Self.scanLimit else { return }
        guard index == nil else {
            index!.reserveCapacity(count)
            return
        }
        // Small so far: the index starts now, with the entries there are.
        var table: [Key: Int] = [:]
        table.reserveCapacity(count)
        for (offset, entry) in entries.enumerated() {
            if let normalised = Key(entry.key) { table[normalised] = offset }
        }
        index = table
    }

    /// The value under the string key `field`, as `self[.string(field)]` gives it: what a field
    /// selection (`m.field`) reads, comparing only string keys, in place.
    public func value(forField field: String) -> CELValue? {
        guard index == nil else { return self[.string(field)] }
        for entry in entries {
            if case .string(let key) = entry.key, Self.sameCodePoints(key, field) { return entry.value }
        }
        return nil
    }

    /// Whether `key` is present.
    public func contains(_ key: CELValue) -> Bool { position(of: key) != nil }

    /// The number of entries.
    public var count: Int { entries.count }
}

/// A CEL type as a value (`type(1) == int`).
public struct CELType: Sendable, Hashable, CustomStringConvertible {
    /// The type's name: `int`, `list`, `google.protobuf.Timestamp`…
    public let name: String

    /// The type named `name`.
    public init(name: String) { self.name = name }

    public var description: String { name }

    /// The built-in types, by the names `type()` gives them.
    public static let null = CELType(name: "null_type")
    public static let bool = CELType(name: "bool")
    public static let int = CELType(name: "int")
    public static let uint = CELType(name: "uint")
    public static let double = CELType(name: "double")
    public static let string = CELType(name: "string")
    public static let bytes = CELType(name: "bytes")
    public static let list = CELType(name: "list")
    public static let map = CELType(name: "map")
    public static let timestamp = CELType(name: "google.protobuf.Timestamp")
    public static let duration = CELType(name: "google.protobuf.Duration")
    public static let type = CELType(name: "type")
    public static let dyn = CELType(name: "dyn")
    /// mapper's exact decimal.
    public static let decimal = CELType(name: "decimal")

    /// The types an identifier can name.
    static let named: [String: CELType] = Dictionary(
        uniqueKeysWithValues: [null, bool, int, uint, double, string, bytes, list, map, timestamp, duration, type, decimal].map {
            ($0.name, $0)
        })
}
