/// A message in protocol buffers' text format, untyped: fields in order, each a scalar token, a
/// string (as bytes, since `bytes_value` holds raw octets), or a nested message.
struct TextProtoMessage: Sendable {
    indirect enum Value: Sendable {
        case token(String)
        case string([UInt8])
        case message(TextProtoMessage)
    }

    var fields: [(name: String, value: Value)] = []

    func all(_ name: String) -> [Value] { fields.filter { $0.name == name }.map(\.value) }
    func first(_ name: String) -> Value? { fields.first { $0.name == name }?.value }
    func message(_ name: String) -> TextProtoMessage? {
        if case .message(let m)? = first(name) { return m }
        return nil
    }
    func messages(_ name: String) -> [TextProtoMessage] {
        all(name).compactMap { if case .message(let m) = $0 { m } else { nil } }
    }
    func string(_ name: String) -> String? {
        switch first(name) {
        case .string(let bytes)?: String(decoding: bytes, as: UTF8.self)
        case .token(let token)?: token
        default: nil
        }
    }
    func bool(_ name: String) -> Bool { string(name) == "true" }
}

struct TextProtoError: Error, CustomStringConvertible {
    var line: Int
    var message: String
    var description: String { "line \(line): \(message)" }
}

/// Parses the text format: `name: value`, `name { … }`, `name: { … }`, `name: [ … ]`, `[ext.name] { … }`,
/// `#` comments, adjacent string literals concatenated, C escapes in strings.
struct TextProtoParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    init(_ text: String) { bytes = Array(text.utf8) }

    static func parse(_ text: String) throws -> TextProtoMessage {
        var parser = TextProtoParser(text)
        let message = try parser.fields(until: nil)
        return message
    }

    private func error(_ message: String) -> TextProtoError { TextProtoError(line: line, message: message) }

    private mutating func skipSpace() {
        while index < bytes.count {
            let c = bytes[index]
            if c == UInt8(ascii: "#") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if c == UInt8(ascii: "\n") {
                line += 1
                index += 1
            } else if c == 32 || c == 9 || c == 13 {
                index += 1
            } else {
                return
            }
        }
    }

    private mutating func peek() -> UInt8? {
        skipSpace()
        return index < bytes.count ? bytes[index] : nil
    }

    private mutating func fields(until closing: UInt8?) throws -> TextProtoMessage {
        var message = TextProtoMessage()
        while true {
            guard let c = peek() else {
                if closing != nil { throw error("unexpected end of file") }
                return message
            }
            if c == closing { index += 1; return message }
            if c == UInt8(ascii: ",") || c == UInt8(ascii: ";") { index += 1; continue }
            let name = try fieldName()
            var sawColon = false
            if peek() == UInt8(ascii: ":") { index += 1; sawColon = true }
            if peek() == UInt8(ascii: "[") && sawColon {
                index += 1
                while true {
                    if peek() == UInt8(ascii: "]") { index += 1; break }
                    if peek() == UInt8(ascii: ",") { index += 1; continue }
                    message.fields.append((name, try value()))
                }
            } else {
                message.fields.append((name, try value()))
            }
        }
    }

    private mutating func fieldName() throws -> String {
        guard let c = peek() else { throw error("expected a field name") }
        if c == UInt8(ascii: "[") {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "]") { index += 1 }
            index += 1
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        return token()
    }

    private mutating func token() -> String {
        let start = index
        while index < bytes.count {
            let c = bytes[index]
            let isPart =
                (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
                || c == UInt8(ascii: "_") || c == UInt8(ascii: ".") || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
            guard isPart else { break }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func value() throws -> TextProtoMessage.Value {
        guard let c = peek() else { throw error("expected a value") }
        if c == UInt8(ascii: "{") || c == UInt8(ascii: "<") {
            index += 1
            return .message(try fields(until: c == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: ">")))
        }
        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
            var result: [UInt8] = []
            while let q = peek(), q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") {
                result += try string(quote: q)
            }
            return .string(result)
        }
        let text = token()
        if text.isEmpty { throw error("unexpected character '\(UnicodeScalar(c))'") }
        return .token(text)
    }

    private mutating func string(quote: UInt8) throws -> [UInt8] {
        index += 1
        var result: [UInt8] = []
        while index < bytes.count, bytes[index] != quote {
            let c = bytes[index]
            index += 1
            guard c == UInt8(ascii: "\\") else { result.append(c); continue }
            guard index < bytes.count else { throw error("unterminated string") }
            let e = bytes[index]
            index += 1
            switch UnicodeScalar(e) {
            case "a": result.append(7)
            case "b": result.append(8)
            case "f": result.append(12)
            case "n": result.append(10)
            case "r": result.append(13)
            case "t": result.append(9)
            case "v": result.append(11)
            case "0"..."7":
                var value = UInt32(e - 48)
                var count = 1
                while count < 3, index < bytes.count, bytes[index] >= 48, bytes[index] <= 55 {
                    value = value * 8 + UInt32(bytes[index] - 48)
                    index += 1
                    count += 1
                }
                result.append(UInt8(truncatingIfNeeded: value))
            case "x", "X":
                var value: UInt32 = 0
                var count = 0
                while count < 2, index < bytes.count, let d = hexValue(bytes[index]) {
                    value = value * 16 + d
                    index += 1
                    count += 1
                }
                result.append(UInt8(value))
            case "u", "U":
                let width = e == UInt8(ascii: "u") ? 4 : 8
                var value: UInt32 = 0
                for _ in 0..<width {
                    guard index < bytes.count, let d = hexValue(bytes[index]) else { throw error("bad \\u escape") }
                    value = value * 16 + d
                    index += 1
                }
                guard let scalar = Unicode.Scalar(value) else { throw error("bad code point") }
                result += Array(String(scalar).utf8)
            default:
                result.append(e)
            }
        }
        index += 1
        return result
    }

    private func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case 48...57: UInt32(c - 48)
        case 65...70: UInt32(c - 55)
        case 97...102: UInt32(c - 87)
        default: nil
        }
    }
}
