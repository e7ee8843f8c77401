import Foundation

/// One line of the envelope stream: what `--ndjson --envelope` writes, and the service answers
/// an `application/x-ndjson` body with, for each input line, in input order:
///
/// ```json
/// {"ok": {"id": 1}}
/// {"ok": {"id": 2}, "warnings": [{"pointer": "/size", …}]}
/// {"error": {"errors": [{"pointer": "", "code": "invalid-json", …}]}, "line": 3, "input": "{oops"}
/// ```
///
/// An error line's `errors` are the objects of `--error-format json`; `line` is the 1-based input
/// line and `input` the line as read (without its line ending). A line that is not valid UTF-8
/// cannot be a JSON string as it is: `input` then holds it with each invalid byte replaced by
/// U+FFFD, and `input_base64` its exact bytes (as a `--reject-file` dead letter does).
package enum RecordEnvelope {
    /// `{"ok": output}` (`output` is compact JSON, spliced as it is), with `"warnings"` when the
    /// record mapped with some; appended to `line`, without a newline.
    package static func ok(_ output: some Collection<UInt8>, warnings: [MappingError], into line: inout [UInt8]) {
        line.append(contentsOf: #"{"ok":"#.utf8)
        line.append(contentsOf: output)
        if !warnings.isEmpty {
            line.append(contentsOf: #","warnings":"#.utf8)
            line.append(contentsOf: JSONWriter.write(.array(warnings.map(\.jsonValue))).utf8)
        }
        line.append(UInt8(ascii: "}"))
    }

    /// `{"error": {"errors": [...]}, "line": N, "input": "…"}`, appended to `line` without a newline.
    package static func error(_ errors: MappingErrors, line number: Int, input: [UInt8], into line: inout [UInt8]) {
        var object = JSONObject()
        object.append("error", errors.jsonValue)
        object.append("line", .number(JSONNumber(Int64(number))))
        appendInput(input, to: &object)
        line.append(contentsOf: JSONWriter.write(.object(object)).utf8)
    }

    /// `"input"` (and `"input_base64"` when it is not UTF-8): the one rule for showing a record
    /// as read, which dead letters follow too.
    package static func appendInput(_ input: [UInt8], to object: inout JSONObject) {
        if let text = String(validating: input, as: UTF8.self) {
            object.append("input", .string(text))
        } else {
            object.append("input", .string(String(decoding: input, as: UTF8.self)))
            object.append("input_base64", .string(Data(input).base64EncodedString()))
        }
    }

    /// Whether a line holds only JSON whitespace (stops at the first other byte).
    package static func isBlank(_ line: some Collection<UInt8>) -> Bool {
        !line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A })
    }

    /// The error of a line with nothing on it but whitespace: every line is a record here.
    package static let blankLine = MappingErrors([
        MappingError(
            .invalidJSON, pointer: "", path: "",
            message: "malformed JSON: the line is blank; every line must hold one JSON value", source: "")
    ])
}
