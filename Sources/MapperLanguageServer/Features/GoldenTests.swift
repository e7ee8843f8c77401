import MapperKit
import MapperTooling

extension LanguageServer {
    /// The command a golden-test code lens runs.
    static let runGoldenTests = "mapper.runGoldenTests"

    /// `textDocument/codeLens`: "run N golden tests" on each model of the file that golden tests name.
    func codeLenses(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let (path, _) = try document(params)
        let file = Workspace.name(of: path)
        var lenses: [JSONValue] = []
        for model in currentIndex().occurrences where model.file == file && model.isDeclaration && model.kind == .model {
            let count = goldenTestUses(of: model.name).count
            guard count > 0 else { continue }
            lenses.append([
                "range": location(model)["range"] ?? .null,
                "command": [
                    "title": .string("run \(count) golden test\(count == 1 ? "" : "s")"), "command": .string(Self.runGoldenTests),
                    "arguments": [.string(model.name)],
                ],
            ])
        }
        return .array(lenses)
    }

    /// `workspace/executeCommand` of `mapper.runGoldenTests MODEL`: runs the golden test files that
    /// name the model against the catalog as it is in the editor, publishes each failing test as an
    /// error in its test file (and clears those that pass), and answers `{passed, failed}`.
    func executeCommand(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        guard params["command"]?.text == Self.runGoldenTests else {
            throw ResponseError(
                .invalidParams, "unknown command '\(params["command"]?.text ?? "")'; the server runs '\(Self.runGoldenTests)'")
        }
        guard case .array(let arguments) = params["arguments"] ?? .null, let model = arguments.first?.text else {
            throw ResponseError(.invalidParams, "'\(Self.runGoldenTests)' takes the model's name as its argument")
        }
        guard let catalog = workspace.check(plans: true).check.catalog else {
            throw ResponseError(.requestFailed, "the catalog has errors; fix them before running its golden tests")
        }
        let files = Array(Set(goldenTestUses(of: model).map(\.file))).sorted()
        let run = GoldenRunner.run(files: files, catalog: catalog)
        for file in files {
            guard let document = workspace.document(named: file) else { continue }
            let failures = run.results.filter { !$0.passed && $0.mark.file == file }.map { result -> JSONValue in
                let start = document.position(line: result.mark.line, column: result.mark.column)
                return [
                    "range": document.wordRange(at: start).jsonValue, "severity": 1, "source": "mapper test",
                    "message": .string(([result.name] + result.details).joined(separator: "\n")),
                ]
            }
            writer.notify("textDocument/publishDiagnostics", ["uri": .string(Workspace.uri(of: file)), "diagnostics": .array(failures)])
        }
        return ["passed": .number(JSONNumber(Int64(run.passed))), "failed": .number(JSONNumber(Int64(run.failed)))]
    }
}
