package import Logging
import MapperKit

/// `--log-format json`: one JSON object per line on standard output, for log collectors:
/// `{"time":"2026-11-23T21:57:51.123Z","level":"info","label":"mapper","message":"request","method":"POST",…}`.
/// Metadata values are strings, arrays and objects as logged; a metadata key never replaces
/// `time`, `level`, `label` or `message`.
package typealias JSONLogHandler = LineLogHandler<JSONLine>

/// The line of `--log-format json`.
package enum JSONLine: LineFormat {
    package static func line(time: String, level: Logger.Level, label: String, message: String, metadata: Logger.Metadata) -> String {
        var object: JSONObject = [
            "time": .string(time), "level": .string(level.rawValue), "label": .string(label), "message": .string(message),
        ]
        let reserved: Set<String> = ["time", "level", "label", "message"]
        for key in metadata.keys.sorted() where !reserved.contains(key) {
            object.append(key, json(metadata[key]!))
        }
        return JSONWriter.write(.object(object))
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
