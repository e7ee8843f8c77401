package import Logging
import MapperKit

/// `--log-format text` (the default): one event on one line, for people and for `grep`:
/// `2026-11-23T21:57:51.123Z info mapper: request duration_ms=0.42 method=POST model=Product path=/v1/decode/Product status=200`
/// (metadata sorted by key).
///
/// A line break inside the message (a diagnostic with its expression and caret, say) is written
/// as `\n`, so that an event never spreads over several lines; a metadata value holding a space,
/// a quote, an `=` or a control character is written as a JSON string, arrays and objects as JSON.
package typealias TextLogHandler = LineLogHandler<TextLine>

/// The line of `--log-format text`.
package enum TextLine: LineFormat {
    package static func line(time: String, level: Logger.Level, label: String, message: String, metadata: Logger.Metadata) -> String {
        var text = "\(time) \(level.rawValue) \(label): \(oneLine(message))"
        for key in metadata.keys.sorted() {
            text += " \(oneLine(key))=\(value(metadata[key]!))"
        }
        return text
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
        case .array, .dictionary: return JSONWriter.write(JSONLine.json(value))
        }
    }

    private static func word(_ text: String) -> String {
        let bare =
            !text.isEmpty
            && !text.unicodeScalars.contains { $0 == " " || $0 == "\"" || $0 == "=" || isControl($0) || $0.properties.isWhitespace }
        return bare ? text : JSONWriter.write(.string(text))
    }
}
