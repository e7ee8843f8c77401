import Foundation
import MapperKit

/// One line of a `--reject-file`: a record that failed, as
/// `{"line": N, "input": "…", "errors": [{"pointer", "path", "message", "source", "code"}]}`.
///
/// `input` is the record as read, without its line ending, as a JSON string. A record that is not
/// valid UTF-8 cannot be a JSON string as it is: `input` then holds it with each invalid byte
/// replaced by U+FFFD (for people), and `input_base64` holds its exact bytes (base64, RFC 4648),
/// which is what `mapper replay` reads.
struct DeadLetter {
    var line: Int
    var input: [UInt8]

    /// The dead letter's JSON text (one line, without the newline).
    static func json(line: Int, input: [UInt8], errors: MappingErrors) -> String {
        var object = JSONObject()
        object.append("line", .number(JSONNumber(Int64(line))))
        RecordEnvelope.appendInput(input, to: &object)
        object.append("errors", .array(errors.errors.map(\.jsonValue)))
        return JSONWriter.write(.object(object))
    }

    /// Reads a line `--reject-file` wrote; anything else is an `invalid-input` error.
    init(parsing bytes: ArraySlice<UInt8>) throws(MappingErrors) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw Self.notADeadLetter("malformed JSON: \(error.description)")
        }
        guard case .object(let object) = value else {
            throw Self.notADeadLetter("expected an object, found \(value.kindName)")
        }
        guard case .number(let number) = object["line"], let line = number.int64, line > 0 else {
            throw Self.notADeadLetter("'line' is missing or not a positive integer")
        }
        self.line = Int(line)
        if let encoded = object["input_base64"] {
            guard case .string(let text) = encoded, let data = Data(base64Encoded: text) else {
                throw Self.notADeadLetter("'input_base64' is not a base64 string")
            }
            input = Array(data)
        } else if case .string(let text) = object["input"] {
            input = Array(text.utf8)
        } else {
            throw Self.notADeadLetter("'input' is missing or not a string")
        }
    }

    private static func notADeadLetter(_ reason: String) -> MappingErrors {
        MappingErrors([
            MappingError(
                .invalidInput, pointer: "", path: "",
                message: "not a rejected record (a line of --reject-file: {\"line\", \"input\", \"errors\"}): \(reason)",
                source: "")
        ])
    }
}
