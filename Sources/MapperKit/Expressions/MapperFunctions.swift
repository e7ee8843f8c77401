import MapperCEL
import MapperJSON

/// The functions mapper adds to CEL's library, available in every expression of a mapping file.
enum MapperFunctions {
    static let all: [CELFunction] = [
        // json.parse(string) -> dyn: the JSON value a string holds.
        CELFunction(name: "json.parse") { args throws(CELError) in
            guard args.count == 1, case .string(let text) = args[0] else { throw MapperFunctions.usage("json.parse(string)", args) }
            do {
                return CELBridge.cel(try JSONValue(parsing: text))
            } catch {
                throw CELError(.invalidArgument, "json.parse: the string is not JSON: \(error)", column: 0)
            }
        },
        // json.stringify(dyn) -> string: compact JSON text.
        CELFunction(name: "json.stringify") { args throws(CELError) in
            guard args.count == 1 else { throw MapperFunctions.usage("json.stringify(value)", args) }
            switch CELBridge.json(args[0]) {
            case .success(let json): return .string(JSONWriter.write(json))
            case .failure(let problem): throw CELError(.invalidArgument, "json.stringify: \(problem.message)", column: 0)
            }
        },
        // base64.encode(bytes | string) -> string (RFC 4648, padded).
        CELFunction(name: "base64.encode") { args throws(CELError) in
            guard args.count == 1 else { throw MapperFunctions.usage("base64.encode(bytes)", args) }
            switch args[0] {
            case .bytes(let bytes): return .string(Base64.encode(bytes))
            case .string(let text): return .string(Base64.encode(Array(text.utf8)))
            default: throw MapperFunctions.usage("base64.encode(bytes)", args)
            }
        },
        // base64.decode(string) -> bytes (padding optional); `string(base64.decode(s))` for text.
        CELFunction(name: "base64.decode") { args throws(CELError) in
            guard args.count == 1, case .string(let text) = args[0] else { throw MapperFunctions.usage("base64.decode(string)", args) }
            guard let bytes = Base64.decode(text) else {
                throw CELError(.invalidArgument, "base64.decode: '\(text.prefix(40))' is not base64", column: 0)
            }
            return .bytes(bytes)
        },
    ]

    private static func usage(_ signature: String, _ args: [CELValue]) -> CELError {
        CELError(
            .noSuchOverload, text: "no such overload: called with (\(args.map(\.type), separator: ", ")); expected \(signature)",
            column: 0)
    }
}

extension Base64 {
    /// The bytes of base64 text (standard or URL alphabet, padding optional); nil when it is not base64.
    static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        var padding = 0
        for byte in text.utf8 {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
            case UInt8(ascii: "="):
                padding += 1
                continue
            default: return nil
            }
            if padding > 0 { return nil }  // data after padding
            values.append(value)
        }
        if values.count % 4 == 1 || padding > 2 { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 3 / 4)
        var index = 0
        while index < values.count {
            let chunk = values[index..<min(index + 4, values.count)]
            let a = chunk[chunk.startIndex]
            let b = chunk.count > 1 ? chunk[chunk.startIndex + 1] : 0
            let c = chunk.count > 2 ? chunk[chunk.startIndex + 2] : 0
            let d = chunk.count > 3 ? chunk[chunk.startIndex + 3] : 0
            bytes.append(a << 2 | b >> 4)
            if chunk.count > 2 { bytes.append((b & 0x0F) << 4 | c >> 2) }
            if chunk.count > 3 { bytes.append((c & 0x03) << 6 | d) }
            index += 4
        }
        return bytes
    }
}
