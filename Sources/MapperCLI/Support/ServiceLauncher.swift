import ArgumentParser
import Foundation
import Logging
import MapperKit
import MapperService

/// What `mapper serve` and `mapper playground` share: logging to stdout, and running the service
/// until SIGTERM or SIGINT with the catalog's diagnostics printed when it does not load (or the
/// address when it cannot be bound).
enum ServiceLauncher {
    /// The logger at `level`, with the logging system sent to stdout as text or, with `json`, one
    /// JSON object a line.
    static func logger(level: Logger.Level, json: Bool = false) -> Logger {
        LoggingSystem.bootstrap { label in
            var handler: any LogHandler = json ? JSONLogHandler(label: label) : TextLogHandler(label: label)
            handler.logLevel = level
            return handler
        }
        var logger = Logger(label: "mapper")
        logger.logLevel = level
        return logger
    }

    /// Where the playground's CodeMirror is: `MAPPER_CODEMIRROR`, else Debian's `libjs-codemirror`.
    static var codeMirrorDirectory: String {
        ProcessInfo.processInfo.environment["MAPPER_CODEMIRROR"].flatMap { $0.isEmpty ? nil : $0 } ?? PlaygroundAssets.debianCodeMirror
    }

    static func run(_ configuration: ServiceConfiguration) async throws {
        do {
            try await runService(buildApplication(configuration), configuration: configuration)
        } catch let error as CatalogError {
            for diagnostic in error.diagnostics { Output.error(diagnostic.description) }
            Output.error(error.diagnostics.summary)
            Output.error("error: nothing to serve: the catalog did not load\(configuration.gate == nil ? "" : " or did not pass the gate")")
            throw ExitCode(error.isIOFailure ? 2 : 1)
        } catch let error as ListenError {
            Output.error("error: \(error)")
            throw ExitCode(1)
        }
    }
}
