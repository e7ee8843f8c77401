/// A problem with data (not with the catalog): where in the input (`pointer`), where in the model
/// (`path`), what (`message`, quoting the value) and which declaration it broke (`source`).
///
/// Printed by the CLI as `error: /labels/2/color (Issue.labels[2].color): expected a string,
/// found 42 [Mappings/github.yaml:40:9]`.
public struct MappingError: Sendable, Hashable, CustomStringConvertible {
    /// The stable codes of data errors; tools match on these words.
    public enum Code: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The code's stable word, e.g. `type-mismatch`.
        public var description: String { rawValue }

        /// The input is not JSON; the message gives line, column and byte offset.
        case invalidJSON = "invalid-json"
        /// The JSON value has the wrong kind or form for the property's type.
        case typeMismatch = "type-mismatch"
        /// A required property is absent or null.
        case missingRequired = "missing-required"
        /// A value no enum case (and no default) accepts.
        case unknownEnumValue = "unknown-enum-value"
        /// A value breaks `min_length`, `max_length`, `minimum`, `maximum` or `pattern`.
        case constraint = "constraint"
        /// Keys a model with `unknown_keys: reject` does not map.
        case unknownKeys = "unknown-keys"
        /// Canonical JSON names a property the model does not have.
        case unknownProperty = "unknown-property"
        /// No variant matches and there is no fallback.
        case noVariant = "no-variant"
        /// A key path runs into a value that is not an object.
        case keyPathConflict = "key-path-conflict"
        /// A CEL expression (`decode`, `encode`, `default: {expr}`, a variant's `if`) failed to evaluate,
        /// or gave a value the property's type does not accept.
        case expressionFailed = "expression-failed"
        /// A model's rule does not hold (or does not evaluate to a bool).
        case ruleFailed = "rule-failed"
        /// A value its property's format cannot write exactly, on encode: a date with more fraction
        /// digits than the format holds (`unix_ms` and `.123456`).
        case unrepresentable = "unrepresentable"
        /// A registered transformer failed.
        case transformFailed = "transform-failed"
        /// The top-level value is neither an object nor an array, or a name is unknown.
        case invalidInput = "invalid-input"
        /// No model or route with that name.
        case unknownModel = "unknown-model"
    }

    /// What kind of problem it is; match on this, not on `message`.
    public var code: Code
    /// RFC 6901 pointer into the input: `/labels/2/color`.
    public var pointer: String
    /// Model path: `Issue.labels[2].color`.
    public var path: String
    /// One sentence for people that quotes the offending value, e.g. `expected a string, found 42`.
    public var message: String
    /// `file:line:column` of the property declaration (empty when there is none).
    public var source: String
    /// For `invalid-json`: the syntax error with its line, column and byte offset as numbers.
    public var syntax: JSONSyntaxError?

    /// An error; transformers and embedding code rarely need this, as decoding builds its own.
    public init(_ code: Code, pointer: String, path: String, message: String, source: String) {
        self.code = code
        self.pointer = pointer
        self.path = path
        self.message = message
        self.source = source
    }

    /// `error: POINTER (PATH): MESSAGE [SOURCE]`.
    public var description: String {
        var text = "error: \(pointer.isEmpty ? "/" : pointer)"
        if !path.isEmpty { text += " (\(path))" }
        text += ": \(message)"
        if !source.isEmpty { text += " [\(source)]" }
        return text
    }

    /// `warning: POINTER (PATH): MESSAGE [SOURCE]`: the same problem, handled by `on_error`.
    public var warningDescription: String {
        "warning" + description.dropFirst("error".count)
    }

    /// `{"pointer", "path", "message", "source", "code"}`.
    public var jsonValue: JSONValue {
        [
            "pointer": .string(pointer), "path": .string(path), "message": .string(message), "source": .string(source),
            "code": .string(code.rawValue),
        ]
    }
}

/// Every problem found in one document (at most `MappingErrors.limit`).
public struct MappingErrors: Error, Sendable, Hashable, CustomStringConvertible {
    /// Decoding stops collecting after this many errors.
    public static let limit = 100

    /// The problems found in the document, at most `limit` of them.
    public var errors: [MappingError]

    /// Wraps the errors found in one document so they can be thrown together.
    public init(_ errors: [MappingError]) {
        self.errors = errors
    }

    /// One line per error, as the CLI prints them.
    public var description: String { errors.map(\.description).joined(separator: "\n") }

    /// `{"errors": [...]}`, the CLI's `--error-format json` and the service's shape.
    public var jsonValue: JSONValue { ["errors": .array(errors.map(\.jsonValue))] }
}
