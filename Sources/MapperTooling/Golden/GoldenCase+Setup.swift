import MapperKit
import MapperSupport

extension GoldenCase {
    /// What a test asks for, read and checked before it runs.
    struct Setup {
        var operation: Operation
        /// The model the test maps (empty for an `unarchive` test without one).
        var model = ""
        /// The route a `route:` test matched.
        var route: RouteTable.Route?
        var now: Instant?
        /// The test's input documents by field (`input`; `target`, `source`; `input`, `other`).
        var inputs: [String: [UInt8]] = [:]
    }

    /// Why a test cannot run, as the lines of its report.
    struct SetupProblems: Error {
        var lines: [String]

        init(_ lines: String...) { self.lines = lines }
    }

    /// Reads the test's fields, and sets the session's `partial` and `omit` as the test asks.
    func setup(_ session: inout MappingSession) -> Result<Setup, SetupProblems> {
        guard let pairs = node.mapping else {
            return .failure(SetupProblems("a test is a mapping with name, model or route, input and expect"))
        }
        for pair in pairs where !GoldenRunner.testFields.contains(pair.key.scalar?.text ?? "") {
            let key = pair.key.scalar?.text ?? ""
            let hint = Suggestion.hint(for: key, in: GoldenRunner.testFields).map { "; \($0)" } ?? ""
            return .failure(SetupProblems("\(pair.key.mark): unknown key '\(key)' in a test\(hint)"))
        }
        guard node["name"]?.scalar != nil else { return .failure(SetupProblems("\(node.mark): a test needs a 'name'")) }
        let operationName = node["operation"]?.scalar?.text ?? "decode"
        guard let operation = Operation(rawValue: operationName) else {
            let names = Operation.allCases.map(\.rawValue)
            return .failure(
                SetupProblems(
                    "unknown operation '\(operationName)'"
                        + (Suggestion.hint(for: operationName, in: names).map { "; \($0)" }
                            ?? "; expected one of \(names.joined(separator: ", "))")))
        }
        var setup = Setup(operation: operation)
        if let problem = target(of: &setup, in: session.catalog) { return .failure(SetupProblems(problem)) }
        if let text = node["now"]?.scalar?.text {
            guard let instant = Instant(iso8601: text) else { return .failure(SetupProblems("'now' \(text) is not an ISO 8601 instant")) }
            setup.now = instant
        }
        if let problem = settings(operation, session: &session) { return .failure(SetupProblems(problem)) }
        let needed = operation == .merge ? ["target", "source"] : operation == .diff ? ["input", "other"] : ["input"]
        for field in needed {
            guard let inputNode = node[field] else {
                return .failure(SetupProblems("\(node.mark): a \(operation.rawValue) test needs '\(field)'"))
            }
            switch bytes(of: inputNode) {
            case .success(let bytes): setup.inputs[field] = bytes
            case .failure(let problem): return .failure(SetupProblems(problem.message))
            }
        }
        return .success(setup)
    }

    /// Sets the model the test maps, by `model` or (decode) by the `route` it matches; the problem
    /// when neither names one.
    private func target(of setup: inout Setup, in catalog: Catalog) -> String? {
        switch (node["model"]?.scalar?.text, node["route"]?.scalar?.text) {
        case (let name?, nil):
            guard catalog.modelType(named: name) != nil else {
                return "unknown model '\(name)'" + (catalog.closestModel(to: name).map { "; did you mean '\($0)'?" } ?? "")
            }
            setup.model = name
        case (nil, let route?) where setup.operation == .decode:
            let status = node["status"]?.scalar?.int.map(Int.init)
            guard let match = catalog.routes.match(route, method: node["method"]?.scalar?.text, status: status) else {
                return "no route matches '\(route)'"
            }
            setup.model = match.model
            setup.route = match.route
        case (nil, nil) where setup.operation == .unarchive:
            break
        default:
            let operation = setup.operation
            return
                "\(node.mark): a \(operation.rawValue) test needs \(operation == .decode ? "exactly one of 'model' and 'route'" : "a 'model'")"
        }
        return nil
    }

    /// The session's `partial` (`--partial`; decode, encode and merge tests) and `omit`
    /// (`--omit`; encode tests), set afresh for each test since a session runs many.
    private func settings(_ operation: Operation, session: inout MappingSession) -> String? {
        session.partial = false
        if let partialNode = node["partial"] {
            guard [.decode, .encode, .merge].contains(operation), let flag = partialNode.scalar?.bool else {
                return "\(partialNode.mark): 'partial' (true or false) applies to decode, encode and merge tests"
            }
            session.partial = flag
        }
        session.omit = nil
        if let omitNode = node["omit"] {
            guard operation == .encode, let policy = omitNode.scalar.flatMap({ OmitPolicy(rawValue: $0.text) }) else {
                return "\(omitNode.mark): 'omit' (never, nulls or empty) applies to encode tests"
            }
            session.omit = policy
        }
        return nil
    }
}
