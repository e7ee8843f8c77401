import MapperJSON
import MapperSupport

/// Why an array cannot be streamed: the document is malformed, or holds no array at the pointer.
struct ArrayStreamError: Error, Sendable {
    enum Kind: Sendable {
        /// Not JSON (the `invalid-json` code).
        case malformed
        /// JSON, but nothing to stream where `--each` points (the `invalid-input` code).
        case notThere
    }

    var kind: Kind
    /// Where in the document: the pointer of the value being read.
    var pointer: String
    var message: String
}

/// The parts of a wrapping document around the streamed array, read token by token in constant
/// memory: the path down to the array (`locate`), and the rest of the document after it (`finish`),
/// whose values are checked for well-formedness and skipped.
struct DocumentWalker {
    enum Container { case object, array }

    var input: ByteInput
    /// The containers around the array with their pointers, outermost first (filled by `locate`).
    private(set) var enclosing: [(container: Container, pointer: String)] = []
    /// Deeper than the tokenizer reads is refused too.
    static let maximumDepth = 512

    init(input: ByteInput) {
        self.input = input
    }

    /// Reads up to the `[` of the array at `tokens` (the pointer's unescaped tokens); the next
    /// byte is the array's first after its `[`.
    mutating func locate(_ tokens: [String], pointer: String) throws -> Void {
        var reached = ""
        for token in tokens {
            _ = try input.peekSignificant()
            let start = input.here
            switch try next(at: reached) {
            case UInt8(ascii: "{"):
                try findMember(token, at: reached, start: start)
                enclosing.append((.object, reached))
            case UInt8(ascii: "["):
                try findElement(token, at: reached, start: start)
                enclosing.append((.array, reached))
            case let byte:
                throw missing(reached, token, "\(Self.kind(byte)) at \(start) holds no '\(token)'")
            }
            JSONPointer.append(token, to: &reached)
        }
        _ = try input.peekSignificant()
        let start = input.here
        let first = try next(at: reached)
        guard first == UInt8(ascii: "[") else {
            let what = pointer.isEmpty ? "the document" : pointer
            throw ArrayStreamError(
                kind: .notThere, pointer: pointer,
                message: "\(what) is \(Self.kind(first)) (at \(start)), not an array: give --each the JSON pointer of the array to stream")
        }
    }

    private mutating func findMember(_ token: String, at pointer: String, start: String) throws {
        var first = true
        while true {
            if first, try input.peekSignificant() == UInt8(ascii: "}") {
                _ = try input.take()
                throw missing(pointer, token, "the object at \(start) has no key '\(token)'")
            }
            first = false
            let key = try string(at: pointer)
            try expect(UInt8(ascii: ":"), at: pointer, "after a key")
            if key == token { return }
            try skipValue(at: pointer + "/" + JSONPointer.escape(key), depth: enclosing.count + 1)
            if try endOfMember(at: pointer) {
                throw missing(pointer, token, "the object at \(start) has no key '\(token)'")
            }
        }
    }

    private mutating func findElement(_ token: String, at pointer: String, start: String) throws {
        guard let index = Int(token), String(index) == token, index >= 0 else {
            throw missing(pointer, token, "the array at \(start) has no element '\(token)' (an array is indexed 0, 1, …)")
        }
        if try input.peekSignificant() == UInt8(ascii: "]") {
            _ = try input.take()
            throw missing(pointer, token, "the array at \(start) is empty")
        }
        for position in 0..<index {
            try skipValue(at: pointer + "/\(position)", depth: enclosing.count + 1)
            if try endOfElement(at: pointer) {
                throw missing(pointer, token, "the array at \(start) has \(position + 1) elements")
            }
        }
    }

    /// After the array: the rest of every container around it, then nothing but whitespace.
    mutating func finish() throws {
        var depth = enclosing.count
        while let (container, pointer) = enclosing.popLast() {
            switch container {
            case .object:
                while try !endOfMember(at: pointer) {
                    let key = try string(at: pointer)
                    try expect(UInt8(ascii: ":"), at: pointer, "after a key")
                    try skipValue(at: pointer + "/" + JSONPointer.escape(key), depth: depth)
                }
            case .array:
                while try !endOfElement(at: pointer) { try skipValue(at: pointer, depth: depth) }
            }
            depth -= 1
        }
        if let byte = try input.peekSignificant() {
            throw malformed("", "unexpected \(Self.describe(byte)) after the end of the document")
        }
    }

    // MARK: - Tokens

    /// Skips one value, checking that it is well-formed JSON.
    mutating func skipValue(at pointer: String, depth: Int) throws {
        guard depth < Self.maximumDepth else { throw malformed(pointer, "nesting deeper than \(Self.maximumDepth) levels") }
        switch try input.peekSignificant() {
        case UInt8(ascii: "{"):
            _ = try input.take()
            if try input.peekSignificant() == UInt8(ascii: "}") { return _ = try input.take() }
            repeat {
                let key = try string(at: pointer)
                try expect(UInt8(ascii: ":"), at: pointer, "after a key")
                try skipValue(at: pointer + "/" + JSONPointer.escape(key), depth: depth + 1)
            } while try !endOfMember(at: pointer)
        case UInt8(ascii: "["):
            _ = try input.take()
            if try input.peekSignificant() == UInt8(ascii: "]") { return _ = try input.take() }
            var position = 0
            repeat {
                try skipValue(at: pointer + "/\(position)", depth: depth + 1)
                position += 1
            } while try !endOfElement(at: pointer)
        case UInt8(ascii: "\""):
            _ = try string(at: pointer)
        default:
            try scalar(at: pointer)
        }
    }

    /// After a member: true at the object's `}`, false at a `,`.
    private mutating func endOfMember(at pointer: String) throws -> Bool {
        try endOf(UInt8(ascii: "}"), at: pointer, "',' or '}' after an object's member")
    }

    /// After an element: true at the array's `]`, false at a `,`.
    private mutating func endOfElement(at pointer: String) throws -> Bool {
        try endOf(UInt8(ascii: "]"), at: pointer, "',' or ']' after an array's element")
    }

    private mutating func endOf(_ close: UInt8, at pointer: String, _ expected: String) throws -> Bool {
        let where_ = input.here
        switch try input.take(skippingWhitespace: true) {
        case close: return true
        case UInt8(ascii: ","): return false
        case let byte: throw malformed(pointer, "expected \(expected), found \(Self.describe(byte))", at: where_)
        }
    }

    private mutating func expect(_ byte: UInt8, at pointer: String, _ context: String) throws {
        let where_ = input.here
        let found = try input.take(skippingWhitespace: true)
        guard found == byte else {
            throw malformed(pointer, "expected '\(Character(Unicode.Scalar(byte)))' \(context), found \(Self.describe(found))", at: where_)
        }
    }

    /// The next significant byte, taken; the end of the input is an error.
    private mutating func next(at pointer: String) throws -> UInt8 {
        guard let byte = try input.take(skippingWhitespace: true) else { throw malformed(pointer, "unexpected end of input") }
        return byte
    }

    /// A string, unescaped.
    private mutating func string(at pointer: String) throws -> String {
        let start = input.here
        guard try input.take(skippingWhitespace: true) == UInt8(ascii: "\"") else {
            throw malformed(pointer, "expected a string", at: start)
        }
        var raw: [UInt8] = [UInt8(ascii: "\"")]
        var escaped = false
        while true {
            guard let byte = try input.take() else { throw malformed(pointer, "unexpected end of input in a string") }
            raw.append(byte)
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                break
            }
        }
        guard case .string(let text) = try? JSONValue(parsing: raw) else {
            throw malformed(pointer, "a string that is not valid JSON (a control character or a bad escape)", at: start)
        }
        return text
    }

    /// A number, `true`, `false` or `null`.
    private mutating func scalar(at pointer: String) throws {
        let start = input.here
        var text: [UInt8] = []
        while let byte = try input.peekByte(), Self.isScalarByte(byte), text.count < 1024 {
            text.append(byte)
            _ = try input.take()
        }
        guard !text.isEmpty, (try? JSONValue(parsing: text)) != nil else {
            let found = try text.isEmpty ? Self.describe(input.peekByte()) : "'\(String(decoding: text, as: UTF8.self))'"
            throw malformed(pointer, "expected a JSON value, found \(found)", at: start)
        }
    }

    private static func isScalarByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    // MARK: - Errors

    func malformed(_ pointer: String, _ message: String, at location: String? = nil) -> ArrayStreamError {
        ArrayStreamError(kind: .malformed, pointer: pointer, message: "malformed JSON: \(location ?? input.here): \(message)")
    }

    private func missing(_ pointer: String, _ token: String, _ reason: String) -> ArrayStreamError {
        var full = pointer
        JSONPointer.append(token, to: &full)
        return ArrayStreamError(kind: .notThere, pointer: full, message: "the document has no \(full) to stream: \(reason)")
    }

    /// What a value that starts with `byte` is: "an object", "a string", …
    static func kind(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        default: "a number"
        }
    }

    static func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the input" }
        guard byte >= 0x20, byte < 0x7F else { return "byte 0x" + String(byte, radix: 16) }
        return "'\(Character(Unicode.Scalar(byte)))'"
    }
}

extension ByteInput {
    /// The next byte without taking it; nil at the end of the input.
    mutating func peekByte() throws(InputDescriptor.Failure) -> UInt8? {
        guard try refill() else { return nil }
        return block[position]
    }

    /// The next byte, after whitespace when asked, taken.
    mutating func take(skippingWhitespace: Bool) throws(InputDescriptor.Failure) -> UInt8? {
        if skippingWhitespace { _ = try peekSignificant() }
        return try take()
    }
}
