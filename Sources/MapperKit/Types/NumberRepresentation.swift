/// How a number type (`int`, `double`, `decimal`) appears in external JSON: a JSON number, a
/// string holding one (`json: string`), or a string in a number format.
enum NumberRepresentation: Sendable {
    /// A JSON number.
    case number
    /// `json: string`: a JSON string holding the number.
    case string
    /// A number format: a JSON string in that format.
    case format(name: String, pattern: NumberPattern, style: String)

    /// How to write a number type's value in canonical form (for defaults).
    static let canonicalHint = "write the number itself, even when the JSON form is a string"

    var isNumber: Bool {
        if case .number = self { return true }
        return false
    }

    /// The number literal behind a value: a JSON number's digits, the string holding one, or the
    /// string in a number format parsed; else why the value is none.
    func literal(_ document: JSONDocument, at index: Int, expected: String) -> Result<String, NumberMismatch> {
        let kind = document.kind(at: index)
        switch self {
        case .number:
            guard kind == .number else { return .failure(NumberMismatch("expected \(expected), found \(document.quoted(at: index))")) }
            return .success(document.numberText(at: index))
        case .string:
            guard kind == .string, case let text = document.string(at: index), JSONNumber.isValid(text) else {
                return .failure(NumberMismatch("expected \(expected) written as a string, found \(document.quoted(at: index))"))
            }
            return .success(text)
        case .format(let name, let pattern, let style):
            guard kind == .string, let literal = pattern.parse(document.string(at: index)) else {
                return .failure(NumberMismatch("expected a number in format \(name) (\(style)), found \(document.quoted(at: index))"))
            }
            return .success(literal)
        }
    }

    /// Writes what `body` writes (a number) as `json: string` writes it, in quotes, when `quoted`.
    @inline(__always)
    static func write(quoted: Bool, into output: inout JSONOutput, _ body: (inout JSONOutput) -> Void) {
        if quoted { output.append(UInt8(ascii: "\"")) }
        body(&output)
        if quoted { output.append(UInt8(ascii: "\"")) }
    }

    /// Writes a number's canonical literal in this representation.
    func write(_ literal: String, into output: inout JSONOutput) {
        switch self {
        case .number: output.append(contentsOf: literal)
        case .string: output.appendString(literal)
        case .format(_, let pattern, _): output.appendString(pattern.format(literal))
        }
    }

    func schema(integer: Bool) -> JSONObject {
        switch self {
        case .number:
            guard integer else { return ["type": "number"] }
            return ["type": "integer", "minimum": .number(JSONNumber(Int64.min)), "maximum": .number(JSONNumber(Int64.max))]
        case .string:
            return ["type": "string", "pattern": "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$"]
        case .format(let name, _, let style):
            return ["type": "string", "description": .string("a number in format \(name) (\(style))")]
        }
    }
}

/// Why a value is no number in its representation: the whole message.
struct NumberMismatch: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
