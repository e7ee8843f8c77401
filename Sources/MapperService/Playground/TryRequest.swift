import MapperKit
import MapperSupport
import MapperTooling

/// The body of `POST /v1/try` and `POST /v1/try/graph`:
/// `{"files": {"name.yaml": "…"}, "model" | "route", "direction", "input", "now", "explain"}`, every member
/// optional. A request the body cannot describe is a 400 naming the member.
struct TryRequest {
    static let members = ["files", "model", "route", "direction", "input", "now", "explain"]

    /// Mapping texts placed among the live catalog's files (each replaces the loaded file of that
    /// path or path suffix, or joins the catalog), in the order given.
    var files: [Catalog.Source] = []
    /// What to map with; nil: only the catalog is checked.
    var subject: GoldenTest.Subject?
    /// Which way `input` is mapped: external JSON → canonical JSON, or back.
    var direction = GoldenTest.Operation.decode
    /// The JSON text to map; nil: nothing to map.
    var input: [UInt8]?
    /// The input was given as JSON text (a string), so positions in it mean something to the client.
    var inputIsText = false
    /// Pins `computed: now`.
    var now: Instant?
    /// Answer with the explanation of every canonical value too (decode only).
    var explain = false

    init(parsing body: [UInt8]) throws {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: body)
        } catch {
            throw Problem.malformedJSON(error)
        }
        guard case .object(let object) = document else {
            throw Problem.badRequest(
                "the body is \(document.kindName), not an object such as {\"files\": {…}, \"model\": \"M\", \"input\": \"{…}\"}")
        }
        for key in object.keys where !Self.members.contains(key) {
            let hint =
                Suggestion.hint(for: key, in: Self.members).map { "; \($0)" } ?? "; the members are \(Self.members.joined(separator: ", "))"
            throw Problem.badRequest("unknown member '\(key.shortened(40))'\(hint)")
        }
        if let files = object["files"] {
            guard case .object(let texts) = files else { throw Self.wrong("files", files, "an object of file names to YAML texts") }
            for member in texts {
                guard case .string(let text) = member.value, !member.key.isEmpty else {
                    throw Self.wrong("files/\(member.key)", member.value, "the YAML text of a mapping file, under a non-empty name")
                }
                self.files.append(Catalog.Source(name: member.key, text: text))
            }
        }
        switch (try Self.string(object, "model"), try Self.string(object, "route")) {
        case (let model?, nil): subject = .model(model)
        case (nil, let route?): subject = .route(route)
        case (nil, nil): subject = nil
        case (_?, _?): throw Problem.badRequest("give 'model' or 'route', not both")
        }
        if let text = try Self.string(object, "direction") {
            guard let direction = GoldenTest.Operation(rawValue: text) else {
                throw Problem.badRequest("direction '\(text.shortened(40))' is neither 'decode' nor 'encode'")
            }
            self.direction = direction
        }
        switch object["input"] {
        case nil, .null?: input = nil
        case .string(let text)?:
            input = Array(text.utf8)
            inputIsText = true
        case let value?: input = Array(JSONWriter.write(value).utf8)
        }
        if let text = try Self.string(object, "now") {
            guard let instant = Instant(iso8601: text) else {
                throw Problem.badRequest("now '\(text.shortened(40))' is not an ISO 8601 instant such as 2020-01-01T00:00:00Z")
            }
            now = instant
        }
        switch object["explain"] {
        case nil, .null?: break
        case .bool(let flag)?: explain = flag
        case let value?: throw Self.wrong("explain", value, "true or false")
        }
    }

    private static func string(_ object: JSONObject, _ key: String) throws -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let value?: throw wrong(key, value, "a string")
        }
    }

    private static func wrong(_ member: String, _ value: JSONValue, _ expected: String) -> Problem {
        Problem.badRequest("'\(member.shortened(60))' is \(value.kindName); expected \(expected)")
    }
}
