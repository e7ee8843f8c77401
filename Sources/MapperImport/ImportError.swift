#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import MapperSupport

/// Why an import or an inference cannot produce a catalog at all: the input is unreadable or is
/// not what the command reads. Everything less serious is an ``ImportWarning``.
public struct ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable kebab-case word: `unreadable`, `invalid-yaml`, `invalid-json`, `not-openapi`,
    /// `unsupported-version`, `invalid-openapi`, `no-samples`, `invalid-sample`, `output-not-empty`.
    public var code: String
    /// One sentence saying what is wrong with the input, quoting it where that helps.
    public var message: String
    /// `file:line:column`, or the file alone when no position is known.
    public var location: String

    /// An error about the input at `location`.
    public init(code: String, message: String, location: String) {
        self.code = code
        self.message = message
        self.location = location
    }

    /// `location: error: message [code]`, as the CLI prints it.
    public var description: String { "\(location): error: \(message) [\(code)]" }

    /// The file at `location` cannot be read: "no such file", or the system's reason.
    static func unreadable(_ failure: InputDescriptor.Failure, location: String) -> ImportError {
        let message = failure.code == ENOENT ? "no such file" : "cannot read the file: \(failure.reason)"
        return ImportError(code: "unreadable", message: message, location: location)
    }
}

/// Something of the input that the generated catalog does not say exactly: a construct the
/// mapping language cannot express, a contradiction in the description, a reference that leads
/// nowhere. Each names where it is (`file#/json/pointer`).
public struct ImportWarning: Sendable, Hashable, CustomStringConvertible {
    /// A stable kebab-case word naming the kind of construct, for counting.
    public var kind: String
    /// Where the construct is: mostly `file#/json/pointer` in the input, or the generated file it
    /// concerns (`issues.yaml`).
    public var location: String
    /// One sentence saying what the catalog does instead of what the input says.
    public var message: String

    /// A warning about the construct at `location`.
    public init(kind: String, location: String, message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    /// `location: warning: message [kind]`, as the CLI prints it.
    public var description: String { "\(location): warning: \(message) [\(kind)]" }
}
