public import MapperYAML

/// One property of a model, as declared, with names resolved and checked.
public struct PropertySpec: Sendable, Hashable {
    /// A value the decoder makes up instead of reading it from the JSON (`computed:`).
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

    /// The property's name: the key of canonical JSON and of `Model` access.
    public var name: String
    /// The property's type, with model and enum names resolved.
    public var type: TypeSpec
    /// Where the value lives in the external JSON object; nil for transient and flattened properties.
    public var key: JSONKeyPath?
    /// Whether an absent or null value is a `missing-required` error.
    public var required: Bool
    /// Canonical JSON of the value used when the key is absent.
    public var defaultValue: JSONValue?
    /// `json: string` or `json: int`: how the value is spelled in the external JSON, when not as its
    /// type's natural JSON kind.
    public var representation: Representation?
    /// `format:`: how dates (or numbers with a number format) are read and written; nil for the
    /// type's default (`iso8601` for dates).
    public var format: FormatReference?
    /// `transient: true`: never read from the external JSON; the property holds its default, if any.
    public var transient: Bool
    /// `computed:`: the value is made when decoding external JSON instead of read from it.
    public var computed: Computed?
    /// `compare: false` leaves the property out of equality, hashing and `mapper diff`.
    public var compare: Bool
    /// `archive: false` leaves the property out of archives.
    public var archive: Bool
    /// How `merge` combines the source's value with the target's (`replace` unless set).
    public var merge: MergeStrategy
    /// `flatten: true`: the nested model's keys are read from and written to this model's own JSON
    /// object, not an object of their own.
    public var flatten: Bool
    /// `transform:`: the name of the `Transformer` the value goes through (see `LoadOptions`).
    public var transform: String?
    /// The checks the value must pass beyond its type; empty when none are declared.
    public var constraints: Constraints
    /// What decoding does with a value that does not convert (`on_error`); the model's setting
    /// is already applied here where it holds.
    public var onError: OnError = .fail
    /// `omit:` as the catalog resolves it for the property: its own, else its model's (own or
    /// inherited), else its file's `defaults:`; nil when none says (a run's `--omit` applies).
    public var omit: OmitPolicy? = nil
    /// The property's `doc:` text, carried into JSON Schema descriptions.
    public var doc: String?
    /// `decode:`: the expression that computes the canonical value when decoding (variables `input`,
    /// the model's external JSON object, and `self`, the properties decoded before this one).
    public var decode: Expression?
    /// `encode:`: the expression that computes the external value written at the key path when
    /// encoding (variable `self`, the canonical model). A property with `decode` and no `encode` is
    /// decode-only: encoding leaves it out.
    public var encode: Expression?
    /// `default: {expr: EXPR}`: the default computed when the key is absent (variables as for `decode`).
    public var defaultExpression: Expression?
    /// The model whose `properties` declare this property (differs from the owner when inherited).
    public var declaredIn: String
    /// Where the declaration is: runtime errors cite it as their `source`.
    public var mark: Mark

    /// Whether encoding leaves the property out: it has `decode` and no `encode`.
    public var isDecodeOnly: Bool { decode != nil && encode == nil }

    /// Whether an expression computes or writes the property.
    public var usesExpressions: Bool { decode != nil || encode != nil || defaultExpression != nil }
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
    /// `min_length`: the fewest Unicode scalars of a string, or elements of a collection.
    public var minLength: Int?
    /// `max_length`: the most Unicode scalars of a string, or elements of a collection.
    public var maxLength: Int?
    /// `minimum`: the smallest number allowed, inclusive, kept exactly as written.
    public var minimum: JSONNumber?
    /// `maximum`: the largest number allowed, inclusive, kept exactly as written.
    public var maximum: JSONNumber?
    /// `pattern`: an RE2 expression a string must contain a match of (unanchored).
    public var pattern: Pattern?

    /// Whether no constraint is declared, so values need no check beyond their type.
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
    case unixMicroseconds
    case unixNanoseconds
    /// A date format defined in the catalog.
    case date(String)
    /// A number format defined in the catalog.
    case number(String)

    /// The built-in date formats, in the order hints and completion list them.
    static let builtInFormats: [FormatReference] = [.iso8601, .unix, .unixMilliseconds, .unixMicroseconds, .unixNanoseconds]
    static let builtIn = Dictionary(uniqueKeysWithValues: builtInFormats.map { ($0.name, $0) })

    /// The name the mapping file uses for the format (`iso8601`, `unix_ms`, or a catalog format's name).
    public var name: String {
        switch self {
        case .iso8601: return "iso8601"
        case .unix: return "unix"
        case .unixMilliseconds: return "unix_ms"
        case .unixMicroseconds: return "unix_us"
        case .unixNanoseconds: return "unix_ns"
        case .date(let name), .number(let name): return name
        }
    }

    /// The format's name, as written in `format:`.
    public var description: String { name }

    /// Whether the format reads and writes dates (every format except a catalog number format).
    public var isDate: Bool {
        if case .number = self { return false }
        return true
    }
}
