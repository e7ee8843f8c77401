#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import MapperSupport
public import MapperYAML

/// Why an import or an inference cannot produce a catalog at all: the input is unreadable or is
/// not what the command reads. Everything less serious is an ``ImportWarning``.
public struct ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stable codes of import errors. Tests and tools match on these words; `allCases` lists
    /// every one.
    public enum Code: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The code's stable word, e.g. `invalid-yaml`.
        public var description: String { rawValue }

        /// A file cannot be read: it does not exist, or the system gives a reason.
        case unreadable = "unreadable"
        /// A description or an overlay is not valid YAML, or a description is empty.
        case invalidYAML = "invalid-yaml"
        /// A description file is not valid JSON.
        case invalidJSON = "invalid-json"
        /// The description is not an OpenAPI description (no `openapi` field, or not an object).
        case notOpenAPI = "not-openapi"
        /// A Swagger 2 description, or an OpenAPI version other than 3.0, 3.1 and 3.2.
        case unsupportedVersion = "unsupported-version"
        /// OpenAPIKit cannot read the description, even with the unreadable parts left out.
        case invalidOpenAPI = "invalid-openapi"
        /// An overlay (`--overlay`) is not an Overlay 1.0 document: a missing or wrong field.
        case invalidOverlay = "invalid-overlay"
        /// An overlay action's `target` is not a JSONPath query (RFC 9535).
        case invalidJSONPath = "invalid-jsonpath"
        /// An overlay action's `update` cannot be merged into what its target selects.
        case overlayUpdate = "overlay-update"
        /// `mapper infer` was given files that hold no samples.
        case noSamples = "no-samples"
        /// A sample is not valid JSON or not an object, or the inferred catalog does not decode it.
        case invalidSample = "invalid-sample"
        /// The model name given to `mapper infer` is not a model name.
        case invalidName = "invalid-name"
        /// The inferred catalog does not load (a bug in `mapper infer`).
        case invalidCatalog = "invalid-catalog"
    }

    /// Where an error is: a position in a file, or what it concerns when no position is known.
    public enum Place: Sendable, Hashable, CustomStringConvertible {
        /// A position in a file (a description, an overlay, a file of samples).
        case position(Mark)
        /// A file as a whole, a sample in one (`issues.ndjson:3`, `issues.json#/2`) or an argument
        /// (`MODEL`): no position in a file is known.
        case source(String)

        /// `file:line:column`, or the source as it is.
        public var description: String {
            switch self {
            case .position(let mark): return mark.description
            case .source(let source): return source
            }
        }
    }

    /// What kind of error it is.
    public var code: Code
    /// One sentence saying what is wrong with the input, quoting it where that helps.
    public var message: String
    /// Where the error is.
    public var location: Place

    /// An error about the input at `location`.
    public init(code: Code, message: String, location: Place) {
        self.code = code
        self.message = message
        self.location = location
    }

    /// An error about the input at a position in a file.
    public init(code: Code, message: String, at mark: Mark) {
        self.init(code: code, message: message, location: .position(mark))
    }

    /// `location: error: message [code]`, as the CLI prints it.
    public var description: String { "\(location): error: \(message) [\(code)]" }

    /// The file `source` names cannot be read: "no such file", or the system's reason.
    static func unreadable(_ failure: InputDescriptor.Failure, location source: String) -> ImportError {
        let message = failure.code == ENOENT ? "no such file" : "cannot read the file: \(failure.reason)"
        return ImportError(code: .unreadable, message: message, location: .source(source))
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
