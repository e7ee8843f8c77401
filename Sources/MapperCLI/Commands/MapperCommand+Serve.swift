import ArgumentParser
import Foundation
import Logging
import MapperKit
import MapperService
import MapperSupport

extension MapperCommand {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the catalog over HTTP, reloading it on SIGHUP and, with --watch, when the files change.",
            discussion: """
                Binds 127.0.0.1 unless --host says otherwise; --port 0 picks a free port (the startup log line says \
                which). A reload that fails keeps the previous catalog serving and shows in GET /v1/catalog \
                (lastReloadError). SIGTERM and SIGINT shut down gracefully: in-flight requests complete.

                GET /playground is a page where a mapping and an input are tried as you type (see mapper playground).

                Gateway mode (--upstream URL): requests under /proxy/ are forwarded to the upstream; JSON responses the \
                routes map come back as canonical JSON with Mapper-Model, canonical POST/PUT/PATCH bodies are encoded \
                with the route's model on the way up, anything else passes through (see docs/operations/gateway.md).
                """
        )

        @OptionGroup var catalog: CatalogOptions

        @Option(help: ArgumentHelp("The address to bind.", valueName: "host"))
        var host = "127.0.0.1"

        @Option(help: ArgumentHelp("The port to listen on (0: a free one).", valueName: "port"))
        var port = 8080

        @Flag(help: "Reload when a mapping file changes (polled every --watch-interval).")
        var watch = false

        @Option(help: ArgumentHelp("How often --watch looks at the mapping files (1s, 500ms).", valueName: "duration"))
        var watchInterval = "1s"

        @Option(
            help: ArgumentHelp(
                "Golden tests (*.test.yaml) a catalog must pass before it goes live, at startup and on every reload.",
                valueName: "path"))
        var gate: String?

        @Option(
            help: ArgumentHelp(
                "A candidate catalog (file or directory) every mapped request is also mapped with, off the response path, and compared (GET /v1/shadow).",
                valueName: "path"))
        var shadow: String?

        @Option(
            help: ArgumentHelp(
                "Keep this many differing documents with their values in GET /v1/shadow (default: the last 10, redacted to pointers and kinds).",
                valueName: "n"))
        var shadowSamples: Int?

        @Option(help: ArgumentHelp("A file holding the bearer token every /v1 and /proxy endpoint requires.", valueName: "file"))
        var tokenFile: String?

        @Option(
            help: ArgumentHelp(
                "A file holding the bearer token the admin endpoints (/v1/reload, /v1/validate, /v1/shadow, /v1/shadow/promote, /v1/try, /v1/try/graph) require instead of --token-file's.",
                valueName: "file"))
        var adminTokenFile: String?

        @Option(help: ArgumentHelp("Larger request bodies get 413 (B, KiB, MiB, GiB, KB, MB, GB).", valueName: "size"))
        var maxBodySize = "10MiB"

        @Option(
            help: ArgumentHelp(
                "How long a client may take to send a body, and how long a connection may stay idle (30s, 500ms, 2m).",
                valueName: "duration"))
        var requestTimeout = "30s"

        @Option(help: ArgumentHelp("How long SIGTERM waits for in-flight requests.", valueName: "duration"))
        var shutdownTimeout = "30s"

        @Option(help: ArgumentHelp("trace, debug, info, notice, warning, error or critical.", valueName: "level"))
        var logLevel = "info"

        @Option(
            help: ArgumentHelp(
                "text (one line an event: time, level, message, then key=value pairs) or json (one JSON object an event).",
                valueName: "format"))
        var logFormat = "text"

        @Option(
            help: ArgumentHelp(
                "Export a span per request to this OpenTelemetry collector over OTLP/HTTP (http://collector:4318).", valueName: "url"))
        var otelEndpoint: String?

        @Option(
            help: ArgumentHelp(
                "Gateway mode: forward /proxy/PATH to URL/PATH and map what comes back (http or https).",
                valueName: "url"))
        var upstream: String?

        @Option(
            help: ArgumentHelp(
                "How long the upstream may take to answer, and the longest silence while its body arrives (then 504). (default: 30s)",
                valueName: "duration"))
        var upstreamTimeout: String?

        @Option(help: ArgumentHelp("Larger upstream response bodies get 502. (default: 10MiB)", valueName: "size"))
        var upstreamMaxBodySize: String?

        @Option(
            help: ArgumentHelp(
                "A header set on every upstream request, replacing the client's ('Authorization: token X'); repeatable.",
                valueName: "header"))
        var upstreamHeader: [String] = []

        @Flag(help: "Refuse upstream responses no route maps (502) instead of passing them through.")
        var strictRoutes = false

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is not a port number (0-65535).") }
            guard ByteSize.parse(maxBodySize).map({ $0 > 0 }) == true else {
                throw ValidationError("--max-body-size '\(maxBodySize)' is not a size such as 10MiB, 512KiB or 1048576.")
            }
            for (flag, value) in [
                ("--request-timeout", requestTimeout), ("--shutdown-timeout", shutdownTimeout), ("--watch-interval", watchInterval),
            ] {
                guard let duration = DurationText.parse(value), duration > .zero else {
                    throw ValidationError("\(flag) '\(value)' is not a duration such as 30s, 500ms or 2m.")
                }
            }
            try validateGateway()
            if let shadowSamples {
                guard shadow != nil else { throw ValidationError("--shadow-samples goes with --shadow PATH.") }
                guard (1...1000).contains(shadowSamples) else {
                    throw ValidationError("--shadow-samples \(shadowSamples) is not a number of samples from 1 to 1000.")
                }
            }
            if let shadow, !FileManager.default.fileExists(atPath: shadow) {
                throw ValidationError(
                    "--shadow '\(shadow)': no such file or directory; give the candidate catalog's mapping file or directory.")
            }
            guard Logger.Level(rawValue: logLevel.lowercased()) != nil else {
                throw ValidationError("--log-level '\(logLevel)' is not one of trace, debug, info, notice, warning, error, critical.")
            }
            guard ["text", "json"].contains(logFormat.lowercased()) else {
                throw ValidationError("--log-format '\(logFormat)' is neither text nor json.")
            }
            if let otelEndpoint, !TracingExport.isValidEndpoint(otelEndpoint) {
                throw ValidationError("--otel-endpoint '\(otelEndpoint)' is not an http or https URL such as http://localhost:4318.")
            }
        }

        private func validateGateway() throws {
            guard let upstream else {
                let given = [
                    ("--upstream-timeout", upstreamTimeout != nil), ("--upstream-max-body-size", upstreamMaxBodySize != nil),
                    ("--upstream-header", !upstreamHeader.isEmpty), ("--strict-routes", strictRoutes),
                ].filter(\.1).map(\.0)
                if let flag = given.first { throw ValidationError("\(flag) goes with --upstream URL.") }
                return
            }
            guard UpstreamURL(upstream) != nil else {
                throw ValidationError(
                    "--upstream '\(upstream)' is not an http or https URL such as https://api.github.com (no query or fragment).")
            }
            if let upstreamTimeout, DurationText.parse(upstreamTimeout).map({ $0 > .zero }) != true {
                throw ValidationError("--upstream-timeout '\(upstreamTimeout)' is not a duration such as 30s, 500ms or 2m.")
            }
            if let upstreamMaxBodySize, ByteSize.parse(upstreamMaxBodySize).map({ $0 > 0 }) != true {
                throw ValidationError("--upstream-max-body-size '\(upstreamMaxBodySize)' is not a size such as 10MiB, 512KiB or 1048576.")
            }
            for header in upstreamHeader where GatewayConfiguration.parseHeader(header) == nil {
                throw ValidationError("--upstream-header '\(header)' is not a header line such as 'Authorization: token X'.")
            }
        }

        /// The gateway's configuration from the flags `validate()` checked.
        private var gateway: GatewayConfiguration? {
            guard let url = upstream.flatMap(UpstreamURL.init) else { return nil }
            var gateway = GatewayConfiguration(upstream: url)
            gateway.timeout = upstreamTimeout.flatMap(DurationText.parse) ?? gateway.timeout
            gateway.maxResponseSize = upstreamMaxBodySize.flatMap(ByteSize.parse) ?? gateway.maxResponseSize
            gateway.headers = upstreamHeader.compactMap(GatewayConfiguration.parseHeader)
            gateway.strictRoutes = strictRoutes
            return gateway
        }

        func run() async throws {
            let logger = ServiceLauncher.logger(
                level: Logger.Level(rawValue: logLevel.lowercased()) ?? .info, json: logFormat.lowercased() == "json")
            var configuration = ServiceConfiguration(
                mappings: try catalog.existingPaths(), loadOptions: catalog.loadOptions, logger: logger)
            configuration.host = host
            configuration.port = port
            configuration.watch = watch
            configuration.watchInterval = DurationText.parse(watchInterval) ?? configuration.watchInterval
            configuration.gate = gate
            configuration.shadow = shadow.map { [$0] }
            configuration.shadowSamples = shadowSamples ?? 0
            configuration.token = try tokenFile.map(Self.readToken)
            configuration.adminToken = try adminTokenFile.map(Self.readToken)
            configuration.maxBodySize = ByteSize.parse(maxBodySize) ?? configuration.maxBodySize
            configuration.requestTimeout = DurationText.parse(requestTimeout) ?? configuration.requestTimeout
            configuration.shutdownTimeout = DurationText.parse(shutdownTimeout) ?? configuration.shutdownTimeout
            configuration.reloadOnHangup = true
            configuration.gateway = gateway
            configuration.codeMirrorDirectory = ServiceLauncher.codeMirrorDirectory
            if let otelEndpoint {
                configuration.services.append(try TracingExport.bootstrap(endpoint: otelEndpoint, logger: logger))
                configuration.tracing = true
            }
            try await ServiceLauncher.run(configuration)
        }

        /// The token: the file's text without surrounding white space.
        static func readToken(_ path: String) throws -> String {
            let bytes: [UInt8]
            do {
                bytes = try InputDescriptor.readFile(path)
            } catch {
                Output.error("error: cannot read the token file '\(path)': \(error.reason)")
                throw ExitCode(2)
            }
            let token = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !token.isEmpty else {
                Output.error("error: the token file '\(path)' is empty")
                throw ExitCode(1)
            }
            guard !token.contains(where: { $0.isWhitespace }) else {
                Output.error("error: the token in '\(path)' contains white space; a bearer token is one word")
                throw ExitCode(1)
            }
            return token
        }
    }
}
