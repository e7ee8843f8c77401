/// Why an import or an inference cannot produce a catalog at all: the input is unreadable or is
/// not what the command reads. Everything less serious is an ``ImportWarning``.
public struct ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable kebab-case word: `unreadable`, `invalid-yaml`, `invalid-json`, `not-openapi`,
    /// `unsupported-version`, `invalid-openapi`, `no-samples`, `invalid-sample`, `output-not-empty`.
    public var code: String
    public var message: String
    /// `file:line:column`, or the file alone when no position is known.
    public var location: String

    public init(code: String, message: String, location: String) {
        self.code = code
        self.message = message
        self.location = location
    }

    public var description: String { "\(location): error: \(message) [\(code)]" }
}

/// Something of the input that the generated catalog does not say exactly: a construct the
/// mapping language cannot express, a contradiction in the description, a reference that leads
/// nowhere. Each names where it is (`file#/json/pointer`).
public struct ImportWarning: Sendable, Hashable, CustomStringConvertible {
    /// A stable kebab-case word naming the kind of construct, for counting.
    public var kind: String
    public var location: String
    public var message: String

    public init(kind: String, location: String, message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): warning: \(message) [\(kind)]" }
}
