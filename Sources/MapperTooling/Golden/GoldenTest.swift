public import MapperKit

/// A decode or encode golden test to write down: the text of a `*.test.yaml` file that
/// `mapper test` reads back and passes while the catalog maps `input` to `expect`. `input` and
/// `expect` are objects or arrays (a string would be read back as a file's path).
///
/// ```swift
/// GoldenTest(name: "a product", operation: .decode, subject: .model("Product"),
///            input: ["sku_code": "A1"], expect: ["sku": "A1"]).yaml
/// ```
public struct GoldenTest: Sendable, Hashable {
    /// Whether the test decodes external JSON to canonical JSON, or encodes canonical JSON to external.
    public enum Operation: String, Sendable, Hashable {
        case decode, encode
    }

    /// What the test maps with: a model, or (decode only) a URL the routes pick the model for.
    public enum Subject: Sendable, Hashable {
        case model(String)
        case route(String)
    }

    /// The test's name, as `mapper test` reports it.
    public var name: String
    /// Decode or encode; written only when it is not `decode`, the default.
    public var operation: Operation
    /// The model or route the test maps with.
    public var subject: Subject
    /// The document given to the operation: external JSON for decode, canonical JSON for encode.
    public var input: JSONValue
    /// The output the catalog must produce, compared as a JSON value.
    public var expect: JSONValue
    /// Pins `computed: now`, so that the test expects the same instant every time it runs.
    public var now: Instant?

    /// A test; `now` is needed only when the model has `computed: now` properties.
    public init(name: String, operation: Operation, subject: Subject, input: JSONValue, expect: JSONValue, now: Instant? = nil) {
        self.name = name
        self.operation = operation
        self.subject = subject
        self.input = input
        self.expect = expect
        self.now = now
    }

    /// The file's text: one test whose `input` and `expect` are written as JSON (YAML reads it
    /// back, digits and key order kept).
    public var yaml: String {
        var lines = ["tests:", "  - name: \(Self.quoted(name))"]
        if operation != .decode { lines.append("    operation: \(operation.rawValue)") }
        switch subject {
        case .model(let model): lines.append("    model: \(Self.quoted(model))")
        case .route(let url): lines.append("    route: \(Self.quoted(url))")
        }
        if let now { lines.append("    now: \(now)") }
        for (key, value) in [("input", input), ("expect", expect)] {
            lines.append("    \(key):")
            // A flow collection on the lines below its key, indented past it.
            lines += JSONWriter.write(value, pretty: true).split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A YAML double-quoted scalar: JSON's string escapes are YAML's too.
    private static func quoted(_ text: String) -> String {
        JSONWriter.write(.string(text))
    }
}
