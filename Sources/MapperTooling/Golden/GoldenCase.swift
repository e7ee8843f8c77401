import Foundation
import MapperKit
import MapperSupport

/// One test of a `*.test.yaml` file, read and run.
struct GoldenCase {
    let node: Node
    let directory: URL
    /// `mapper test --round-trip`: a decode test also encodes its result and fails on a difference
    /// from its input that is not a documented canonicalisation (`RoundTripCheck`).
    let checksRoundTrip: Bool

    init(node: Node, directory: URL, checksRoundTrip: Bool = false) {
        self.node = node
        self.directory = directory
        self.checksRoundTrip = checksRoundTrip
    }

    var name: String { node["name"]?.scalar?.text ?? "test at \(node.mark)" }

    /// `exercises`, when not nil, collects what a successful decode or encode mapped (coverage).
    func run(session: inout MappingSession, exercises: inout [Coverage.Exercise]?) -> GoldenRunner.Result {
        let details = check(session: &session, exercises: &exercises)
        return GoldenRunner.Result(name: name, mark: node.mark, passed: details.isEmpty, details: details)
    }

    /// What a test does with its input; `decode` unless `operation` says otherwise.
    typealias Operation = GoldenOperation

    private func check(session: inout MappingSession, exercises: inout [Coverage.Exercise]?) -> [String] {
        let setup: Setup
        switch self.setup(&session) {
        case .success(let read): setup = read
        case .failure(let problems): return problems.lines
        }
        let produced: [UInt8]
        do {
            let (bytes, archived) = try run(setup, session: &session)
            if let archived, !setup.model.isEmpty, archived != setup.model {
                return ["the archive holds a '\(archived)', not a '\(setup.model)'"]
            }
            produced = bytes
        } catch {
            guard let expected = node["expect_error"] else {
                return ["\(setup.operation.rawValue) failed:"] + error.errors.map { "  \($0)" }
            }
            let failedRules = Set(error.errors.filter { $0.code == .ruleFailed }.map(\.source))
            if exercises != nil, !failedRules.isEmpty {
                exercises?.append(Coverage.Exercise(model: setup.model, external: .null, canonical: .null, failedRules: failedRules))
            }
            return matchError(error, expected: expected)
        }
        if node["expect_error"] != nil {
            return [
                "expected an error, but \(setup.operation.rawValue) succeeded: \(String(decoding: produced.prefix(200), as: UTF8.self))"
            ]
        }
        return compare(produced, setup, session: &session, exercises: &exercises)
    }

    /// Runs the test's operation on its inputs: what it produced, and (`unarchive`) the model the
    /// archive holds.
    private func run(_ setup: Setup, session: inout MappingSession) throws(MappingErrors) -> ([UInt8], archived: String?) {
        let (model, inputs) = (setup.model, setup.inputs)
        switch setup.operation {
        case .decode: return (try session.decodeToCanonical(inputs["input"]!, as: model, now: setup.now), nil)
        case .encode: return (try session.encodeCanonical(inputs["input"]!, as: model), nil)
        case .merge: return (try session.merge(target: inputs["target"]!, source: inputs["source"]!, as: model), nil)
        case .archive: return (try session.archive(inputs["input"]!, as: model), nil)
        case .unarchive:
            let (archived, canonical) = try session.unarchive(inputs["input"]!)
            return (canonical, archived)
        case .diff:
            let paths = try session.differences(inputs["input"]!, inputs["other"]!, as: model)
            return (Array(JSONWriter.write(.array(paths.map(JSONValue.string))).utf8), nil)
        }
    }

    /// Compares what a successful run produced with the test's `expect_warnings`, `expect` and
    /// `roundtrip`, and notes what it exercised (coverage).
    private func compare(
        _ produced: [UInt8], _ setup: Setup, session: inout MappingSession, exercises: inout [Coverage.Exercise]?
    ) -> [String] {
        let (operation, model) = (setup.operation, setup.model)
        var details: [String] = []
        let warnings = session.warnings
        if let expected = node["expect_warnings"] {
            details += matchWarnings(warnings, expected: expected)
        }
        let actual = (try? JSONValue(parsing: produced)) ?? .null
        if exercises != nil, operation == .decode || operation == .encode, let input = try? JSONValue(parsing: setup.inputs["input"]!) {
            let (external, canonical) = operation == .decode ? (input, actual) : (actual, input)
            exercises?.append(
                Coverage.Exercise(
                    model: model, external: external, canonical: canonical, route: setup.route, decoded: operation == .decode))
        }
        if let expectNode = node["expect"] {
            switch bytes(of: expectNode).flatMap({ bytes in
                Result { () throws(JSONSyntaxError) in try JSONValue(parsing: bytes) }.mapError { Problem(message: "expect: \($0)") }
            }) {
            case .success(let expected):
                details += JSONDiff.lines(expected: expected, actual: actual)
            case .failure(let problem):
                return [problem.message]
            }
        }
        if node["roundtrip"]?.scalar?.bool == true {
            guard operation == .decode else { return ["'roundtrip' applies to decode tests"] }
            details += roundTrip(produced, actual: actual, model: model, now: setup.now, session: &session)
        }
        if checksRoundTrip, operation == .decode, let input = try? JSONValue(parsing: setup.inputs["input"]!) {
            details += checkRoundTrip(input, produced, model: model, warned: Set(warnings.map(\.pointer)), session: &session)
        }
        return details
    }

    /// Encodes the decoded `canonical` and lists the differences from `input` not on the list.
    private func checkRoundTrip(
        _ input: JSONValue, _ canonical: [UInt8], model: String, warned: Set<String>, session: inout MappingSession
    )
        -> [String]
    {
        do {
            let written = try JSONValue(parsing: try session.encodeCanonical(canonical, as: model))
            var check = RoundTripCheck(catalog: session.catalog, warned: warned)
            let type = session.catalog.routeValueType(named: model) ?? (input.isArray ? .array(.model(model)) : .model(model))
            check.compare(input, written, type: type)
            return check.problems.isEmpty
                ? [] : ["the round trip changed what no documented rule changes:"] + check.problems.map { "  " + $0 }
        } catch let error as JSONSyntaxError {
            return ["round trip: the encoded JSON does not parse: \(error)"]
        } catch let error as MappingErrors {
            return ["round trip: encoding the decoded model failed:"] + error.errors.map { "  \($0)" }
        } catch {
            return ["round trip: \(error)"]
        }
    }

    private func roundTrip(_ canonical: [UInt8], actual: JSONValue, model: String, now: Instant?, session: inout MappingSession) -> [String]
    {
        do {
            let external = try session.encodeCanonical(canonical, as: model)
            let again = try session.decodeToCanonical(external, as: model, now: now)
            let differences = JSONDiff.lines(expected: actual, actual: (try? JSONValue(parsing: again)) ?? .null)
            return differences.isEmpty ? [] : ["round trip changed the model:"] + differences.map { "  " + $0 }
        } catch {
            return ["round trip failed:"] + error.errors.map { "  \($0)" }
        }
    }

    private func matchError(_ failure: MappingErrors, expected: Node) -> [String] {
        guard !failure.errors.contains(where: { Self.matches($0, expected) }) else { return [] }
        return ["expected an error with \(Self.wanted(expected)), got:"] + failure.errors.map { "  \($0)" }
    }

    /// `expect_warnings: [{pointer, path, code, contains}, …]`: exactly these warnings, in order
    /// (`[]`: none).
    private func matchWarnings(_ warnings: [MappingError], expected: Node) -> [String] {
        guard let items = expected.sequence else {
            return ["\(expected.mark): 'expect_warnings' is a list of {pointer, path, code, contains}"]
        }
        let shown = warnings.isEmpty ? ["  (none)"] : warnings.map { "  \($0.warningDescription)" }
        guard items.count == warnings.count else {
            return ["expected \(items.count) warning\(items.count == 1 ? "" : "s"), got \(warnings.count):"] + shown
        }
        for (item, warning) in zip(items, warnings) where !Self.matches(warning, item) {
            return ["expected a warning with \(Self.wanted(item)), got:"] + shown
        }
        return []
    }

    /// Whether an error (or warning) has every field the expectation gives.
    private static func matches(_ error: MappingError, _ expected: Node) -> Bool {
        let text = { (key: String) in expected[key]?.scalar?.text }
        return (text("pointer").map { $0 == error.pointer } ?? true) && (text("contains").map { error.message.contains($0) } ?? true)
            && (text("code").map { $0 == error.code.rawValue } ?? true) && (text("path").map { $0 == error.path } ?? true)
    }

    private static func wanted(_ expected: Node) -> String {
        var wanted: [String] = []
        if let pointer = expected["pointer"]?.scalar?.text { wanted.append("pointer \(pointer)") }
        if let path = expected["path"]?.scalar?.text { wanted.append("path \(path)") }
        if let code = expected["code"]?.scalar?.text { wanted.append("code \(code)") }
        if let contains = expected["contains"]?.scalar?.text { wanted.append("a message containing \"\(contains)\"") }
        return wanted.joined(separator: ", ")
    }

    struct Problem: Error {
        var message: String
    }

    /// A value given as a path (relative to the test file) or inline (YAML read as JSON).
    func bytes(of node: Node) -> Result<[UInt8], Problem> {
        if let path = node.string {
            let url = URL(fileURLWithPath: path, relativeTo: directory)
            do {
                return .success(try InputDescriptor.readFile(url.path))
            } catch {
                return .failure(Problem(message: "\(node.mark): cannot read '\(path)' (relative to \(directory.path)): \(error.reason)"))
            }
        }
        switch JSONValue.fromYAML(node) {
        case .success(let value): return .success(Array(JSONWriter.write(value).utf8))
        case .failure(let problem): return .failure(Problem(message: problem.description))
        }
    }
}
