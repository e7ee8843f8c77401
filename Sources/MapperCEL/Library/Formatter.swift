internal import Foundation

/// The strings extension's `format`: `%s`, `%d`, `%f`, `%e`, `%x`, `%X`, `%o`, `%b`, `%%`, with an
/// optional precision (`%.3f`).
enum Formatter {
    static func format(_ template: String, _ arguments: [CELValue]) throws(CELError) -> String {
        var result = ""
        var scalars = template.unicodeScalars[...]
        var next = 0
        while let c = scalars.first {
            scalars = scalars.dropFirst()
            guard c == "%" else { result.unicodeScalars.append(c); continue }
            if scalars.first == "%" {
                scalars = scalars.dropFirst()
                result += "%"
                continue
            }
            var precision: Int?
            if scalars.first == "." {
                scalars = scalars.dropFirst()
                let digits = scalars.prefix { $0.isDigit }
                scalars = scalars.dropFirst(digits.count)
                precision = Int(String(String.UnicodeScalarView(digits))) ?? 0
                guard digits.count <= 3 else { throw failure("could not parse formatting clause: a precision above 999") }
            }
            guard let verb = scalars.first else {
                throw failure("could not parse formatting clause: the template ends after '%'")
            }
            scalars = scalars.dropFirst()
            guard "sdfexXob".unicodeScalars.contains(verb) else {
                throw failure("could not parse formatting clause: unrecognized formatting clause \"\(verb)\"")
            }
            guard next < arguments.count else { throw failure("index \(next) out of range") }
            result += try clause(verb, precision, arguments[next])
            next += 1
        }
        return result
    }

    private static func failure(_ message: String) -> CELError {
        CELError(.invalidArgument, message, column: 0)
    }

    private static func clause(_ verb: Unicode.Scalar, _ precision: Int?, _ value: CELValue) throws(CELError) -> String {
        func special(_ x: Double) -> String? {
            x.isNaN ? "NaN" : (x.isInfinite ? (x < 0 ? "-Infinity" : "Infinity") : nil)
        }
        switch verb {
        case "s":
            return try string(value)
        case "d":
            switch value {
            case .int(let x): return String(x)
            case .uint(let x): return String(x)
            case .double(let x) where special(x) != nil: return special(x)!
            default: throw failure("error during formatting: decimal clause can only be used on integers, was given \(value.type)")
            }
        case "f", "e":
            let x: Double
            switch value {
            case .int(let i): x = Double(i)
            case .uint(let u): x = Double(u)
            case .double(let d): x = d
            default:
                let name = verb == "f" ? "fixed-point" : "scientific"
                throw failure("error during formatting: \(name) clause can only be used on doubles, was given \(value.type)")
            }
            if let text = special(x) { return text }
            return String(format: "%.\(precision ?? 6)\(verb)", x)
        case "x", "X":
            var text: String
            switch value {
            case .int(let i): text = i < 0 ? "-" + String(i.magnitude, radix: 16) : String(i, radix: 16)
            case .uint(let u): text = String(u, radix: 16)
            case .string(let s): text = Array(s.utf8).map { hex($0) }.joined()
            case .bytes(let b): text = b.map { hex($0) }.joined()
            default:
                throw failure(
                    "error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given \(value.type)")
            }
            if verb == "X" { text = text.uppercased() }
            return text
        case "o":
            switch value {
            case .int(let i): return i < 0 ? "-" + String(i.magnitude, radix: 8) : String(i, radix: 8)
            case .uint(let u): return String(u, radix: 8)
            default: throw failure("error during formatting: octal clause can only be used on integers, was given \(value.type)")
            }
        default:
            switch value {
            case .int(let i): return i < 0 ? "-" + String(i.magnitude, radix: 2) : String(i, radix: 2)
            case .uint(let u): return String(u, radix: 2)
            case .bool(let b): return b ? "1" : "0"
            default: throw failure("error during formatting: only integers and bools can be formatted as binary, was given \(value.type)")
            }
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let text = String(byte, radix: 16)
        return text.count == 1 ? "0" + text : text
    }

    /// `%s`: the value as text; lists and maps recursively, map entries ordered by their keys' text.
    static func string(_ value: CELValue) throws(CELError) -> String {
        switch value {
        case .string(let s): return s
        case .bytes(let b): return String(decoding: b, as: UTF8.self)
        case .null: return "null"
        case .double(let x): return Library.format(double: x)
        case .list(let items):
            var parts: [String] = []
            for item in items { parts.append(try string(item)) }
            return "[" + parts.joined(separator: ", ") + "]"
        case .map(let map):
            var parts: [(String, String)] = []
            for entry in map.entries { parts.append((try string(entry.key), try string(entry.value))) }
            return "{" + parts.sorted { $0.0 < $1.0 }.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
        default:
            let converted = try [value].withUnsafeBufferPointer { args throws(CELError) in
                try Library.conversion(.string, member: false, args)
            }
            guard case .string(let text)? = converted else {
                throw failure("error during formatting: string clause cannot format \(value.type)")
            }
            return text
        }
    }
}
