/// A problem with data (not with the catalog): where in the input (`pointer`), where in the model
/// (`path`), what (`message`, quoting the value) and which declaration it broke (`source`).
///
/// Printed by the CLI as `error: /labels/2/color (Issue.labels[2].color): expected a string,
/// found 42 [Mappings/github.yaml:40:9]` (SPEC §8, §13).
public struct MappingError: Sendable, Hashable, CustomStringConvertible {
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The input is not JSON (§3); the message gives line, column and byte offset.
        public static let invalidJSON = Code(rawValue: "invalid-json")
        /// The JSON value has the wrong kind or form for the property's type.
        public static let typeMismatch = Code(rawValue: "type-mismatch")
        /// A required property is absent or null.
        public static let missingRequired = Code(rawValue: "missing-required")
        /// A value no enum case (and no default) accepts.
        public static let unknownEnumValue = Code(rawValue: "unknown-enum-value")
        /// A value breaks `min_length`, `max_length`, `minimum`, `maximum` or `pattern`.
        public static let constraint = Code(rawValue: "constraint")
        /// Keys a model with `unknown_keys: reject` does not map.
        public static let unknownKeys = Code(rawValue: "unknown-keys")
        /// Canonical JSON names a property the model does not have.
        public static let unknownProperty = Code(rawValue: "unknown-property")
        /// No variant matches and there is no fallback (§4.5).
        public static let noVariant = Code(rawValue: "no-variant")
        /// A key path runs into a value that is not an object.
        public static let keyPathConflict = Code(rawValue: "key-path-conflict")
        /// A registered transformer failed.
        public static let transformFailed = Code(rawValue: "transform-failed")
        /// The top-level value is neither an object nor an array, or a name is unknown.
        public static let invalidInput = Code(rawValue: "invalid-input")
        /// No model or route with that name.
        public static let unknownModel = Code(rawValue: "unknown-model")
    }

    public var code: Code
    /// RFC 6901 pointer into the input: `/labels/2/color`.
    public var pointer: String
    /// Model path: `Issue.labels[2].color`.
    public var path: String
    public var message: String
    /// `file:line:column` of the property declaration (empty when there is none).
    public var source: String
    /// For `invalid-json`: the syntax error with its line, column and byte offset as numbers.
    public var syntax: JSONSyntaxError?

    public init(_ code: Code, pointer: String, path: String, message: String, source: String) {
        self.code = code
        self.pointer = pointer
        self.path = path
        self.message = message
        self.source = source
    }

    /// `error: POINTER (PATH): MESSAGE [SOURCE]` (SPEC §13).
    public var description: String {
        var text = "error: \(pointer.isEmpty ? "/" : pointer)"
        if !path.isEmpty { text += " (\(path))" }
        text += ": \(message)"
        if !source.isEmpty { text += " [\(source)]" }
        return text
    }

    /// `{"pointer", "path", "message", "source"}` (SPEC §13, §14).
    public var jsonValue: JSONValue {
        ["pointer": .string(pointer), "path": .string(path), "message": .string(message), "source": .string(source)]
    }
}

/// Every problem found in one document (at most `MappingErrors.limit`).
public struct MappingErrors: Error, Sendable, Hashable, CustomStringConvertible {
    /// Decoding stops collecting after this many errors (§8).
    public static let limit = 100

    public var errors: [MappingError]

    public init(_ errors: [MappingError]) {
        self.errors = errors
    }

    public var description: String { errors.map(\.description).joined(separator: "\n") }

    /// `{"errors": [...]}`, the CLI's `--error-format json` and the service's shape.
    public var jsonValue: JSONValue { ["errors": .array(errors.map(\.jsonValue))] }
}
