package import Logging
package import MapperKit
package import ServiceLifecycle

/// Everything `mapper serve` is told on its command line, with the defaults it documents.
package struct ServiceConfiguration: Sendable {
    /// The mapping files and directories to serve, as `--mappings` gives them.
    package var mappings: [String]
    package var loadOptions: LoadOptions
    /// The address to bind: loopback unless told otherwise.
    package var host: String
    /// 0 picks a free port (the startup log line says which).
    package var port: Int
    /// Poll the mapping files and reload when they change.
    package var watch: Bool
    /// How often `--watch` looks at the files.
    package var watchInterval: Duration
    /// Golden tests (`*.test.yaml`) a new catalog must pass before it goes live.
    package var gate: String?
    /// A candidate catalog (`--shadow`, files and directories) every mapped request is also
    /// mapped with, off the response path, to compare with the live answer.
    package var shadow: [String]?
    /// How many differing documents `GET /v1/shadow` keeps with their values (`--shadow-samples`);
    /// 0 keeps the last few redacted to pointers and kinds.
    package var shadowSamples = 0
    /// The bearer token every `/v1` and `/proxy` endpoint requires, when set.
    package var token: String?
    /// The bearer token the admin endpoints (reload, validate) require instead of `token`, when set.
    package var adminToken: String?
    /// Request bodies larger than this are refused with 413.
    package var maxBodySize: Int
    /// How long a client may take to send a request body, and how long a connection may sit idle.
    package var requestTimeout: Duration
    /// How long a graceful shutdown waits for in-flight requests before giving up on them.
    package var shutdownTimeout: Duration
    /// Reload on SIGHUP (the CLI turns it on; tests leave the test process's signals alone).
    package var reloadOnHangup: Bool
    /// Gateway mode: the upstream `/proxy/…` fronts (`--upstream`), when set.
    package var gateway: GatewayConfiguration?
    /// Where the playground's editor, CodeMirror 5, is installed (Debian's `libjs-codemirror`).
    package var codeMirrorDirectory: String
    /// Graphviz's `dot`, which draws the playground's model graph: the one on the PATH, if any.
    package var dotExecutable: String?
    package var logger: Logger
    /// A span per request, for the tracer `TracingExport.bootstrap` set up (`--otel-endpoint`).
    package var tracing = false
    /// Services that run beside the server and stop after it (the tracing exporter, which flushes
    /// the last spans).
    package var services: [any Service] = []
    /// Called with the bound port once the server listens (tests use it with port 0).
    package var onListening: (@Sendable (_ port: Int) -> Void)?

    package init(
        mappings: [String], loadOptions: LoadOptions = LoadOptions(), host: String = "127.0.0.1", port: Int = 8080,
        watch: Bool = false, watchInterval: Duration = .seconds(1), gate: String? = nil, token: String? = nil,
        maxBodySize: Int = 10 * 1024 * 1024, requestTimeout: Duration = .seconds(30), shutdownTimeout: Duration = .seconds(30),
        reloadOnHangup: Bool = false, logger: Logger = Logger(label: "mapper")
    ) {
        self.mappings = mappings
        self.loadOptions = loadOptions
        self.host = host
        self.port = port
        self.watch = watch
        self.watchInterval = watchInterval
        self.gate = gate
        self.token = token
        self.maxBodySize = maxBodySize
        self.requestTimeout = requestTimeout
        self.shutdownTimeout = shutdownTimeout
        self.reloadOnHangup = reloadOnHangup
        self.logger = logger
        codeMirrorDirectory = PlaygroundAssets.debianCodeMirror
        dotExecutable = Graphviz.installed
    }
}
