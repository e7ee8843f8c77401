import Atomics
import Foundation
package import Logging
import MapperSupport

/// How one log event is written as one line (`--log-format`): `TextLine` or `JSONLine`.
package protocol LineFormat: Sendable {
    /// The line for an event, without its line break; `metadata` is the handler's and the
    /// event's, the event's winning.
    static func line(time: String, level: Logger.Level, label: String, message: String, metadata: Logger.Metadata) -> String
}

/// A log handler writing each event as one line in `Format` to standard output (or to `output`).
package struct LineLogHandler<Format: LineFormat>: LogHandler {
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .info
    let label: String
    private let output: @Sendable (String) -> Void

    /// A handler writing to standard output (`LogOutput`).
    package init(label: String) {
        self.init(label: label, output: LogOutput.write)
    }

    /// A handler giving each line to `output` (tests).
    package init(label: String, output: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.output = output
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if let error = event.error, merged["error"] == nil { merged["error"] = "\(error)" }
        output(Format.line(time: Date().iso8601, level: event.level, label: label, message: event.message.description, metadata: merged))
    }
}

/// Log lines on standard output. A line that cannot be written (a full disk, a collector that
/// closed its pipe) is dropped and the service goes on serving: the first such failure is said
/// once on standard error, with the system's reason.
enum LogOutput {
    private static let failed = ManagedAtomic(false)

    @Sendable static func write(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        guard let failure = bytes.withUnsafeBytes({ OutputDescriptor.write($0, to: 1) }),
            !failed.exchange(true, ordering: .relaxed)
        else { return }
        let notice = "warning: log lines cannot be written to standard output (\(failure)); dropping them\n"
        _ = Array(notice.utf8).withUnsafeBytes { OutputDescriptor.write($0, to: 2) }
    }
}
