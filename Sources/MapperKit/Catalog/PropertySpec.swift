public import MapperYAML

/// One property of a model, as declared, with names resolved and checked.
public struct PropertySpec: Sendable, Hashable {
    public enum Computed: String, Sendable, Hashable {
        /// The time of the decode call (type `date`).
        case now
        /// A fresh random UUID (type `uuid`).
        case uuid
    }

    /// The `json:` representation hint: numbers as strings, booleans as strings or 0/1.
    public enum Representation: String, Sendable, Hashable {
        case string, int
    }

    public var name: String
    public var type: TypeSpec
    /// Where the value lives in the external JSON object; nil for transient and flattened properties.
    public var key: JSONKeyPath?
    public var required: Bool
    /// Canonical JSON of the value used when the key is absent.
    public var defaultValue: JSONValue?
    public var representation: Representation?
    public var format: FormatReference?
    public var transient: Bool
    public var computed: Computed?
    public var compare: Bool
    public var archive: Bool
    public var merge: MergeStrategy
    public var flatten: Bool
    public var transform: String?
    public var constraints: Constraints
    /// What decoding does with a value that does not convert (`on_error`); the model's setting
    /// is already applied here where it holds.
    public var onError: OnError = .fail
    public var doc: String?
    /// The model whose `properties` declare this property (differs from the owner when inherited).
    public var declaredIn: String
    /// Where the declaration is: runtime errors cite it as their `source`.
    public var mark: Mark
}

/// `on_error: fail | null | default | drop`: what decoding does with a present value that does not
/// convert (wrong kind or form, unknown enum value, broken constraint, failed transformer, a
/// nested model with an error). Anything but `fail` records a warning instead of an error.
public enum OnError: String, Sendable, Hashable, CaseIterable {
    /// The value is an error (the default).
    case fail
    /// The property is null.
    case null
    /// The property takes its `default`.
    case `default`
    /// The property is absent; in an array (or dictionary) property, only the elements (entries)
    /// that do not convert are left out.
    case drop
}

/// `min_length`, `max_length`, `minimum`, `maximum`, `pattern`.
public struct Constraints: Sendable, Hashable {
    public var minLength: Int?
    public var maxLength: Int?
    public var minimum: JSONNumber?
    public var maximum: JSONNumber?
    public var pattern: Pattern?

    public var isEmpty: Bool {
        minLength == nil && maxLength == nil && minimum == nil && maximum == nil && pattern == nil
    }
}

/// How `merge` combines a property of a target with the same property of a source.
public enum MergeStrategy: String, Sendable, Hashable, CaseIterable {
    case replace, keep, sum, max, min, append, union, deep
}

/// The format a property's values are read and written with.
public enum FormatReference: Sendable, Hashable, CustomStringConvertible {
    case iso8601
    case unix
    case unixMilliseconds
    /// A date format defined in the catalog.
    case date(String)
    /// A number format defined in the catalog.
    case number(String)

    static let builtIn: [String: FormatReference] = ["iso8601": .iso8601, "unix": .unix, "unix_ms": .unixMilliseconds]

    public var name: String {
        switch self {
        case .iso8601: return "iso8601"
        case .unix: return "unix"
        case .unixMilliseconds: return "unix_ms"
        case .date(let name), .number(let name): return name
        }
    }

    public var description: String { name }

    public var isDate: Bool {
        if case .number = self { return false }
        return true
    }
}
