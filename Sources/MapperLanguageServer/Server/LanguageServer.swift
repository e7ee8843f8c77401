import Foundation
public import MapperKit

/// `mapper lsp`: a language server for mapping files over stdio (JSON-RPC 2.0 with
/// `Content-Length` framing, LSP 3.17).
///
/// The catalog it checks is what `mapper validate` would load from the same paths, with the
/// editor's open buffers in place of the files on disk. It answers one message at a time; messages
/// that arrive together are read first, so that a burst of edits is checked once and a request
/// cancelled before its turn is answered with `RequestCancelled`.
///
/// ```swift
/// let server = LanguageServer(configuration: .init(paths: ["Mappings"]))
/// exit(server.run())
/// ```
public final class LanguageServer {
    /// What the server checks and how it names itself.
    public struct Configuration: Sendable {
        /// The catalog's files and directories, as `mapper validate` takes them.
        public var paths: [String]
        /// How the catalog is loaded (assumed transformers, YAML limits).
        public var options: LoadOptions
        /// The version `initialize` reports in `serverInfo`.
        public var version: String

        /// A configuration for the catalog at `paths`.
        public init(paths: [String], options: LoadOptions = LoadOptions(), version: String = "") {
            self.paths = paths
            self.options = options
            self.version = version
        }
    }

    enum State {
        case starting, running, shuttingDown
    }

    var workspace: Workspace
    let version: String
    var state = State.starting
    var reader: MessageReader
    let writer: MessageWriter
    /// How long the server waits for more messages after an edit before it checks the catalog, in
    /// milliseconds.
    static let diagnosticsDelay: Int32 = 10
    /// Whether an edit has happened since the last check began.
    var diagnosticsDue = false
    /// The check running on another thread, if any.
    var running: BackgroundCheck?
    /// What was last published for each file that had diagnostics (the notification's params), by URI.
    var published: [String: JSONValue] = [:]
    /// The index of the catalog's names, until the next edit.
    var index: CatalogIndex?
    /// Each file's names, by absolute path, with the open buffer's version they were read from (nil
    /// for the file on disk).
    var fileReaders: [String: (version: Int?, reader: FileReader)] = [:]
    /// The golden test files under the working directory, until files change on disk.
    var testFiles: [String]?
    /// Problems of the catalog as a whole (a missing directory) already shown, so each is shown once.
    var shownProblems: Set<String> = []

    /// A server reading messages from `input` and writing to `output` (stdin and stdout by default).
    public init(configuration: Configuration, input: Int32 = 0, output: Int32 = 1) {
        workspace = Workspace(paths: configuration.paths, options: configuration.options)
        version = configuration.version
        reader = MessageReader(descriptor: input)
        writer = MessageWriter(descriptor: output)
    }

    /// Serves until `exit` or the end of the input: the process's exit status, 0 when `shutdown`
    /// came first and 1 otherwise (LSP 3.17).
    public func run() -> Int32 {
        while true {
            if let check = running {
                // Messages are answered while the check runs; its diagnostics go out when it is done.
                if !reader.hasInput(within: 2) {
                    if let result = check.result { finish(check, result) }
                    continue
                }
            } else if diagnosticsDue, !reader.hasInput(within: Self.diagnosticsDelay) {
                // Diagnostics wait for a pause: a completion request that follows an edit (as
                // editors send them, a few milliseconds apart) is answered before the check starts.
                startCheck()
                continue
            }
            var frames = [reader.next()]
            while frames.count < 1024, frames.last != .end, reader.hasBufferedInput { frames.append(reader.next()) }
            var messages: [Result<Message, ResponseFailure>] = []
            var cancelled: Set<JSONValue> = []
            for frame in frames {
                switch frame {
                case .message(let body):
                    let message = Message.parse(body)
                    if case .success(.notification("$/cancelRequest", let params)) = message, let id = params["id"] { cancelled.insert(id) }
                    messages.append(message)
                case .malformed(let reason):
                    writer.log("mapper lsp skipped a malformed message: \(reason)", type: 1)
                case .end:
                    break
                }
            }
            for message in messages {
                if let status = handle(message, cancelled: cancelled) { return status }
            }
            if frames.last == .end { return state == .shuttingDown ? 0 : 1 }
        }
    }

    /// Handles one message; the exit status when it is `exit`.
    private func handle(_ message: Result<Message, ResponseFailure>, cancelled: Set<JSONValue>) -> Int32? {
        switch message {
        case .failure(let failure):
            writer.respond(to: failure.id, error: failure.error)
        case .success(.response):
            break
        case .success(.notification(let method, let params)):
            if method == "exit" { return state == .shuttingDown ? 0 : 1 }
            guard state == .running else { return nil }
            do throws(ResponseError) {
                try receive(method, params)
            } catch {
                writer.log("mapper lsp ignored '\(method)': \(error.message)", type: 1)
            }
        case .success(.request(let id, let method, let params)):
            if cancelled.contains(id) {
                writer.respond(to: id, error: ResponseError(.requestCancelled, "the request was cancelled"))
                return nil
            }
            do throws(ResponseError) {
                writer.respond(to: id, result: try answer(method, params))
            } catch {
                writer.respond(to: id, error: error)
            }
        }
        return nil
    }

    /// The answer to a request, by method.
    private func answer(_ method: String, _ params: JSONValue) throws(ResponseError) -> JSONValue {
        switch (state, method) {
        case (.starting, "initialize"):
            state = .running
            diagnosticsDue = true
            enterWorkspaceFolder(params)
            return initializeResult(params)
        case (.starting, _):
            throw ResponseError(.serverNotInitialized, "the server is not initialized; send 'initialize' first")
        case (.shuttingDown, _):
            throw ResponseError(.invalidRequest, "the server is shutting down; only 'exit' is accepted")
        case (.running, "initialize"):
            throw ResponseError(.invalidRequest, "the server is already initialized")
        case (.running, "shutdown"):
            state = .shuttingDown
            return .null
        case (.running, _):
            guard let result = try feature(method, params) else {
                throw ResponseError(.methodNotFound, "mapper lsp does not handle '\(method)'")
            }
            return result
        }
    }

    /// Handles a notification, by method.
    private func receive(_ method: String, _ params: JSONValue) throws(ResponseError) {
        switch method {
        case "initialized":
            // The first check runs before any later message is answered, so that completion and
            // hover know the catalog as it is on disk (its JSON keys, resolved types) from the
            // first request on, even when that request's buffer does not load. When `initialized`
            // came late (a loaded machine), that check has begun on its own thread: it is awaited.
            if let check = running { finish(check, check.wait()) }
            if diagnosticsDue, running == nil {
                diagnosticsDue = false
                publishDiagnostics(workspace.check())
            }
        case "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration":
            break
        case "textDocument/didOpen": try didOpen(params)
        case "textDocument/didChange": try didChange(params)
        case "textDocument/didSave", "workspace/didChangeWatchedFiles":
            diagnosticsDue = true
            invalidateIndex(disk: true)
            workspace.forgetDisk()
            testFiles = nil
        case "textDocument/didClose": try didClose(params)
        default:
            // `$/` notifications may be ignored silently (LSP 3.17).
            if !method.hasPrefix("$/") { writer.log("mapper lsp ignored the unknown notification '\(method)'", type: 3) }
        }
    }

    /// Moves into the workspace's folder that `initialize` names (its first `workspaceFolders`
    /// entry, else `rootUri`, else `rootPath`), so that the catalog is what `mapper validate` would
    /// load there, whatever folder the editor started the server in.
    private func enterWorkspaceFolder(_ params: JSONValue) {
        var uri = params["rootUri"]?.text
        if case .array(let folders) = params["workspaceFolders"], let first = folders.first?["uri"]?.text { uri = first }
        guard let folder = uri.flatMap(Workspace.path(ofURI:)) ?? params["rootPath"]?.text else { return }
        guard folder != Workspace.absolute(FileManager.default.currentDirectoryPath) else { return }
        if !FileManager.default.changeCurrentDirectoryPath(folder) {
            writer.log(
                "mapper lsp cannot enter the workspace folder '\(folder)'; the catalog is read from '\(FileManager.default.currentDirectoryPath)'",
                type: 2)
        }
    }

    private func initializeResult(_ params: JSONValue) -> JSONValue {
        let capabilities: JSONValue = [
            "positionEncoding": "utf-16",
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "completionProvider": ["triggerCharacters": [".", " ", "[", "|"], "resolveProvider": true],
            "hoverProvider": true,
            "definitionProvider": true,
            "referencesProvider": true,
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
            "documentSymbolProvider": true,
            "workspaceSymbolProvider": true,
            "renameProvider": true,
            "codeLensProvider": ["resolveProvider": false],
            "executeCommandProvider": ["commands": [.string(Self.runGoldenTests)]],
        ]
        return ["capabilities": capabilities, "serverInfo": ["name": "mapper", "version": .string(version)]]
    }
}
