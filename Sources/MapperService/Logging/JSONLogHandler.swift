import Atomics
import Foundation
package import Logging
import MapperKit
import MapperSupport

/// `--log-format json`: one JSON object per line on standard output, for log collectors:
/// `{"time":"2026-11-23T21:57:51.123Z","level":"info","label":"mapper","message":"request","method":"POST",…}`.
/// Metadata values are strings, arrays and objects as logged; a metadata key never replaces
/// `time`, `level`, `label` or `message`.
package struct JSONLogHandler: LogHandler {
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

    package func log(
        level: Logger.Level, message: Logger.Message, metadata explicit: Logger.Metadata?, source: String, file: String,
        function: String, line: UInt
    ) {
        var object: JSONObject = [
            "time": .string(Date().iso8601), "level": .string(level.rawValue), "label": .string(label),
            "message": .string(message.description),
        ]
        let reserved: Set<String> = ["time", "level", "label", "message"]
        let merged = metadata.merging(explicit ?? [:]) { $1 }
        for key in merged.keys.sorted() where !reserved.contains(key) {
            object.append(key, Self.json(merged[key]!))
        }
        output(JSONWriter.write(.object(object)))
    }

    static func json(_ value: Logger.Metadata.Value) -> JSONValue {
        switch value {
        case .string(let text): return .string(text)
        case .stringConvertible(let value): return .string(value.description)
        case .array(let items): return .array(items.map(json))
        case .dictionary(let members):
            var object = JSONObject()
            for key in members.keys.sorted() { object.append(key, json(members[key]!)) }
            return .object(object)
        }
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
