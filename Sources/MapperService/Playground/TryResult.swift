import MapperKit
import MapperTooling

/// What `POST /v1/try` answers: the catalog the request's files make (with the live catalog's
/// other files), its diagnostics, and what mapping the input with it gives.
struct TryResult {
    var diagnostics: [Diagnostic]
    /// The catalog's model names; nil when it did not load.
    var models: [String]?
    /// The model the input was mapped with (the one the route picked, for a route).
    var model: String?
    /// The output document, when mapping succeeded.
    var output: JSONValue?
    /// Data errors, each with where it sits in the input text when the client sent text.
    var errors: [JSONValue] = []
    /// Values of the input that did not convert and that `on_error` let through (null, the
    /// default, or left out), located like `errors`.
    var warnings: [JSONValue] = []
    /// A golden test expecting `output` for the input.
    var test: GoldenTest?
    /// With `"explain": true` on a decode: where each canonical value came from (`decode --explain`).
    var explanation: Explanation?

    init(_ request: TryRequest, live: Catalog, options: LoadOptions) {
        let (catalog, diagnostics) = request.catalog(live: live, options: options)
        self.diagnostics = diagnostics
        models = catalog?.modelNames
        guard let catalog, let subject = request.subject, let input = request.input else { return }
        map(input, with: subject, in: catalog, request)
    }

    private mutating func map(_ input: [UInt8], with subject: GoldenTest.Subject, in catalog: Catalog, _ request: TryRequest) {
        let model: String
        switch subject {
        case .model(let name):
            model = name
        case .route(let url):
            guard let match = catalog.routes.match(url) else {
                errors = [
                    MappingError(
                        .invalidInput, pointer: "", path: "", message: catalog.routes.explainMiss(url, method: nil, status: nil), source: ""
                    ).jsonValue
                ]
                return
            }
            model = match.model
        }
        // A session of its own: what is tried here must not count in the live drift metrics.
        var session = MappingSession(catalog: catalog)
        let bytes: [UInt8]
        do throws(MappingErrors) {
            bytes =
                switch request.direction {
                case .decode where request.explain:
                    try explained(&session, input, as: model, now: request.now)
                case .decode: try session.decodeToCanonical(input, as: model, now: request.now)
                case .encode: try session.encodeCanonical(input, as: model)
                }
        } catch {
            if !error.errors.contains(where: { $0.code == .unknownModel }) { self.model = model }
            errors = Self.located(error.errors, in: request.inputIsText ? input : nil)
            return
        }
        self.model = model
        warnings = Self.located(session.warnings, in: request.inputIsText ? input : nil)
        // Both are JSON: the input was just read, the output just written.
        guard let output = try? JSONValue(parsing: bytes), let inputValue = try? JSONValue(parsing: input) else { return }
        self.output = output
        let testSubject = request.direction == .decode ? subject : .model(model)
        test = GoldenTest(
            name: "\(request.direction.rawValue) \(Self.describe(testSubject)) (from the playground)",
            operation: request.direction,
            subject: testSubject, input: inputValue, expect: output, now: request.now)
    }

    private mutating func explained(
        _ session: inout MappingSession, _ input: [UInt8], as model: String, now: Instant?
    ) throws(MappingErrors) -> [UInt8] {
        let (decoded, explanation) = try session.explain(input, as: model, now: now)
        self.explanation = explanation
        return try session.canonicalJSON(decoded, as: model)
    }

    private static func describe(_ subject: GoldenTest.Subject) -> String {
        switch subject {
        case .model(let name): return name
        case .route(let url): return url
        }
    }

    /// The errors as JSON, with `span` (`{"start": {"line", "column"}, "end": …}`, 1-based, columns
    /// in characters, the end just past the value) where the input text shows what they point at.
    static func located(_ errors: [MappingError], in text: [UInt8]?) -> [JSONValue] {
        guard let text else { return errors.map(\.jsonValue) }
        // nil when the text is not JSON: then the syntax error says where.
        let ranges = JSONDocument.byteRanges(of: errors.map(\.pointer), in: text)
        return errors.enumerated().map { index, error in
            guard case .object(var object) = error.jsonValue else { return error.jsonValue }
            var range: Range<Int>?
            if let syntax = error.syntax {
                // A point: the byte the reader stopped at (the last one, at the end of the text).
                let at = max(0, min(syntax.offset, text.count - 1))
                range = text.isEmpty ? 0..<0 : at..<(at + 1)
            } else if error.code != .unknownModel {
                range = ranges?[index]
            }
            if let range { object.append("span", span(range, in: text)) }
            return .object(object)
        }
    }

    private static func span(_ range: Range<Int>, in text: [UInt8]) -> JSONValue {
        text.withUnsafeBytes { bytes in
            func position(_ offset: Int) -> JSONValue {
                let (line, column) = JSONTokenizer.lineAndColumn(ofOffset: offset, in: bytes)
                return ["line": .number(JSONNumber(Int64(line))), "column": .number(JSONNumber(Int64(column)))]
            }
            return ["start": position(range.lowerBound), "end": position(range.upperBound)]
        }
    }

    /// `{"output", "model", "models", "diagnostics", "errors", "warnings", "test"}` (and
    /// `"explanation"` when asked for); `output` is the document as pretty JSON text (its digits
    /// exactly as mapper writes them).
    var jsonValue: JSONValue {
        var answer: JSONValue = [
            "output": output.map { .string(JSONWriter.write($0, pretty: true)) } ?? .null,
            "model": model.map(JSONValue.string) ?? .null,
            "models": models.map { .array($0.map(JSONValue.string)) } ?? .null,
            "diagnostics": .array(diagnostics.map(\.jsonValue)),
            "errors": .array(errors),
            "warnings": .array(warnings),
            "test": test.map { .string($0.yaml) } ?? .null,
        ]
        if let explanation, case .object(var object) = answer {
            object.append("explanation", explanation.jsonValue)
            answer = .object(object)
        }
        return answer
    }
}

extension TryRequest {
    /// The catalog the request's files make with the live catalog's others (the live catalog
    /// itself when it sends none), and its diagnostics.
    func catalog(live: Catalog, options: LoadOptions) -> (catalog: Catalog?, diagnostics: [Diagnostic]) {
        guard !files.isEmpty else { return (live, live.warnings) }
        let check = Catalog.check(sources: files.reduce(live.sources) { $0.placing($1) }, options: options)
        return (check.catalog, check.diagnostics)
    }
}
