import Foundation
import MapperKit

extension LanguageServer {
    /// The absolute path of `params.textDocument.uri`.
    func documentPath(_ params: JSONValue) throws(ResponseError) -> String {
        guard let uri = params["textDocument"]?["uri"]?.text else {
            throw ResponseError(.invalidParams, "'textDocument.uri' is missing or not a string")
        }
        guard let path = Workspace.path(ofURI: uri) else {
            throw ResponseError(.invalidParams, "'\(uri)' is not a file: URI")
        }
        return path
    }

    /// The open document at `params.textDocument.uri` (or the catalog file there, when not open).
    func document(_ params: JSONValue) throws(ResponseError) -> (path: String, document: TextDocument) {
        let path = try documentPath(params)
        if let document = workspace.documents[path] ?? workspace.document(named: path) { return (path, document) }
        throw ResponseError(.invalidParams, "'\(path)' is neither open nor readable")
    }

    func didOpen(_ params: JSONValue) throws(ResponseError) {
        let path = try documentPath(params)
        guard let text = params["textDocument"]?["text"]?.text else {
            throw ResponseError(.invalidParams, "'textDocument.text' is missing or not a string")
        }
        workspace.documents[path] = TextDocument(text: text, version: params["textDocument"]?["version"]?.integer ?? 0)
        diagnosticsDue = true
        invalidateIndex()
    }

    func didChange(_ params: JSONValue) throws(ResponseError) {
        let path = try documentPath(params)
        guard var document = workspace.documents[path] else {
            throw ResponseError(.invalidParams, "'\(path)' changed but was not opened")
        }
        guard case .array(let changes) = params["contentChanges"] else {
            throw ResponseError(.invalidParams, "'contentChanges' is missing or not an array")
        }
        for change in changes {
            guard let text = change["text"]?.text else { throw ResponseError(.invalidParams, "a content change has no 'text'") }
            if let range = change["range"] {
                guard let range = TextRange(range) else { throw ResponseError(.invalidParams, "a content change has an invalid 'range'") }
                document.replace(range, with: text)
            } else {
                document.replaceAll(with: text)
            }
        }
        document.version = params["textDocument"]?["version"]?.integer ?? document.version + 1
        workspace.documents[path] = document
        diagnosticsDue = true
        invalidateIndex()
    }

    func didClose(_ params: JSONValue) throws(ResponseError) {
        let path = try documentPath(params)
        workspace.documents[path] = nil
        fileReaders[path] = nil
        diagnosticsDue = true
        invalidateIndex()
    }

    /// Starts checking the catalog as it is now, on another thread.
    func startCheck() {
        diagnosticsDue = false
        running = BackgroundCheck(workspace.checkInput())
    }

    /// Takes a finished check's outcome, and publishes its diagnostics unless the texts changed
    /// while it ran (another check follows then).
    func finish(_ check: BackgroundCheck, _ result: Catalog.OverlayCheck) {
        running = nil
        workspace.accept(result, of: check.input)
        if !diagnosticsDue { publishDiagnostics(result) }
    }

    /// Publishes every file's diagnostics: each file of the catalog that has some, and an empty
    /// list for each that had some before (fixing one file clears what it caused in another). A
    /// file whose diagnostics are what was last published for it is skipped.
    func publishDiagnostics(_ result: Catalog.OverlayCheck) {
        var byFile: [String: [Diagnostic]] = [:]
        for diagnostic in result.check.diagnostics { byFile[diagnostic.file, default: []].append(diagnostic) }
        var now: [String: JSONValue] = [:]
        for (name, diagnostics) in byFile.sorted(by: { $0.key < $1.key }) {
            guard let document = workspace.document(named: name) else {
                for diagnostic in diagnostics where shownProblems.insert(diagnostic.description).inserted {
                    writer.notify("window/showMessage", ["type": 1, "message": .string("mapper: \(diagnostic.description)")])
                }
                continue
            }
            let uri = Workspace.uri(of: name)
            now[uri] = publish(
                uri, diagnostics.map { $0.lspValue(in: document) }, version: workspace.documents[workspace.path(of: name)]?.version)
        }
        for uri in published.keys.sorted() where now[uri] == nil { _ = publish(uri, [], version: nil) }
        published = now
    }

    /// Sends a file's diagnostics unless they are what was last sent for it; what was sent.
    private func publish(_ uri: String, _ diagnostics: [JSONValue], version: Int?) -> JSONValue {
        var params: JSONObject = ["uri": .string(uri), "diagnostics": .array(diagnostics)]
        if let version { params.append("version", .number(JSONNumber(Int64(version)))) }
        let value = JSONValue.object(params)
        if published[uri] != value { writer.notify("textDocument/publishDiagnostics", value) }
        return value
    }
}

/// A check of the catalog running on another thread, so that the server answers requests
/// (completion first) while it runs.
final class BackgroundCheck: @unchecked Sendable {
    let input: Workspace.CheckInput
    private let lock = NSLock()
    private var outcome: Catalog.OverlayCheck?
    private let done = DispatchSemaphore(value: 0)

    init(_ input: Workspace.CheckInput) {
        self.input = input
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Workspace.check(input)
            self.lock.withLock { self.outcome = result }
            self.done.signal()
        }
    }

    /// The check's outcome, once it is done.
    var result: Catalog.OverlayCheck? { lock.withLock { outcome } }

    /// The check's outcome, waiting for it.
    func wait() -> Catalog.OverlayCheck {
        while true {
            if let result { return result }
            done.wait()
            done.signal()
        }
    }
}
