/// Reads a stream of JSON texts separated by white space (the yaml-test-suite's `in.json`
/// holds one per YAML document). Small and strict enough for the suite's files.
struct JSONStream {
    private let bytes: [UInt8]
    private var index = 0

    static func values(in text: String) throws(Mismatch) -> [Plain] {
        var stream = JSONStream(bytes: Array(text.utf8))
        var values: [Plain] = []
        while true {
            stream.skipWhiteSpace()
            if stream.index == stream.bytes.count { return values }
            values.append(try stream.value())
        }
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func value() throws(Mismatch) -> Plain {
        skipWhiteSpace()
        guard index < bytes.count else { throw Mismatch("JSON ends early") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var object: [String: Plain] = [:]
            while true {
                skipWhiteSpace()
                if take("}") { return .object(object) }
                if !object.isEmpty { try expect(",") }
                skipWhiteSpace()
                let key = try string()
                skipWhiteSpace()
                try expect(":")
                object[key] = try value()
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [Plain] = []
            while true {
                skipWhiteSpace()
                if take("]") { return .array(items) }
                if !items.isEmpty { try expect(",") }
                items.append(try value())
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return true
        case UInt8(ascii: "f"): try word("false"); return false
        case UInt8(ascii: "n"): try word("null"); return nil
        default:
            let start = index
            while index < bytes.count, "+-.0123456789eE".utf8.contains(bytes[index]) { index += 1 }
            guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
                throw Mismatch("bad JSON at byte \(start)")
            }
            return .number(number)
        }
    }

    private mutating func string() throws(Mismatch) -> String {
        try expect("\"")
        var units: [UInt16] = []
        var raw: [UInt8] = []
        func flush() {
            units += String(decoding: raw, as: UTF8.self).utf16
            raw = []
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                return String(decoding: units, as: UTF16.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                let simple: [UInt8: UInt8] = [
                    UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
                    UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
                    UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
                ]
                if let character = simple[escape] {
                    raw.append(character)
                } else if escape == UInt8(ascii: "u"), index + 4 <= bytes.count,
                    let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                {
                    index += 4
                    flush()
                    units.append(unit)
                } else {
                    throw Mismatch("bad JSON escape at byte \(index)")
                }
            default:
                raw.append(byte)
            }
        }
        throw Mismatch("unterminated JSON string")
    }

    private mutating func skipWhiteSpace() {
        while index < bytes.count, " \t\r\n".utf8.contains(bytes[index]) { index += 1 }
    }

    private mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ character: Unicode.Scalar) throws(Mismatch) {
        guard take(character) else { throw Mismatch("expected '\(character)' at JSON byte \(index)") }
    }

    private mutating func word(_ word: String) throws(Mismatch) {
        guard bytes[index...].starts(with: word.utf8) else { throw Mismatch("bad JSON at byte \(index)") }
        index += word.utf8.count
    }
}
