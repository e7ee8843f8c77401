import Foundation
package import Logging
import MapperKit
import MapperSupport

/// `--log-format text` (the default): one event on one line, for people and for `grep`:
/// `2026-11-23T21:57:51.123Z info mapper: request duration_ms=0.42 method=POST model=Product path=/v1/decode/Product status=200`
/// (metadata sorted by key).
///
/// A line break inside the message (a diagnostic with its expression and caret, say) is written
/// as `\n`, so that an event never spreads over several lines; a metadata value holding a space,
/// a quote, an `=` or a control character is written as a JSON string, arrays and objects as JSON.
package struct TextLogHandler: LogHandler {
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
        var text = "\(Date().iso8601) \(level.rawValue) \(label): \(Self.oneLine(message.description))"
        let merged = metadata.merging(explicit ?? [:]) { $1 }
        for key in merged.keys.sorted() {
            text += " \(Self.oneLine(key))=\(Self.value(merged[key]!))"
        }
        output(text)
    }

    /// The text with its line breaks and other control characters escaped (`\n`, `\u{7}`).
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isControl(scalar): result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// A metadata value as one word: bare when it can be, a JSON string or JSON value otherwise.
    static func value(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .string(let text): return word(text)
        case .stringConvertible(let value): return word(value.description)
        case .array, .dictionary: return JSONWriter.write(JSONLogHandler.json(value))
        }
    }

    private static func word(_ text: String) -> String {
        let bare =
            !text.isEmpty
            && !text.unicodeScalars.contains { $0 == " " || $0 == "\"" || $0 == "=" || isControl($0) || $0.properties.isWhitespace }
        return bare ? text : JSONWriter.write(.string(text))
    }
}
