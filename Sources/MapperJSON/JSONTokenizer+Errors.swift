/// Error construction: kept out of line so the hot loop stays small; line, column and pointer are
/// computed only here.
extension JSONTokenizer.Parser {
    /// An error at `offset`. `inChild`: the failure is inside the innermost container's current
    /// element or member (which then ends the pointer), not between its members.
    @inline(never) func fail(_ message: String, at offset: Int, inChild: Bool) -> JSONSyntaxError {
        let bytes = UnsafeRawBufferPointer(start: base, count: count)
        let (line, column) = JSONTokenizer.lineAndColumn(ofOffset: offset, in: bytes)
        return JSONSyntaxError(message: message, offset: offset, line: line, column: column, pointer: pointer(inChild: inChild))
    }

    func pointer(inChild: Bool) -> String {
        var pointer = ""
        for level in 0..<depth {
            if level == depth - 1 && !inChild { break }
            let frame = frames[level]
            if frame.isObject {
                guard frame.count > 0 else { break }
                let key = entries[Int(frame.lastKey)]
                JSONPointer.append(JSONTokenizer.string(base + Int(key.start), entry: key), to: &pointer)
            } else {
                guard frame.count > 0 else { break }
                pointer += "/\(frame.count - 1)"
            }
        }
        return pointer
    }

    @inline(never) func endOfInput(inChild: Bool = true) -> JSONSyntaxError {
        fail("unexpected end of input", at: count, inChild: inChild)
    }

    @inline(never) func duplicate(_ key: Int, at offset: Int) -> JSONSyntaxError {
        let entry = entries[key]
        let name = JSONTokenizer.string(base + Int(entry.start), entry: entry)
        return fail("duplicate key \(JSONWriter.quote(name)) in object", at: offset, inChild: true)
    }

    /// No string where an object key must be.
    @inline(never) func badKey(at offset: Int) -> JSONSyntaxError {
        if byte(offset) == UInt8(ascii: "}") {
            return fail("trailing commas are not allowed in objects", at: offset, inChild: false)
        }
        return fail("expected a string key in object, found \(describeByte(at: offset))", at: offset, inChild: false)
    }

    /// The UTF-8 sequence starting at `offset` is invalid: says how.
    @inline(never) func invalidUTF8(at offset: Int) -> JSONSyntaxError {
        let lead = byte(offset)
        let second = offset + 1 < count ? byte(offset + 1) : 0
        let leadText = "0x" + JSONTokenizer.hex(UInt32(lead), width: 2)
        let pair = leadText + " 0x" + JSONTokenizer.hex(UInt32(second), width: 2)
        let message: String
        switch lead {
        case 0x80...0xBF, 0xF5...0xFF: message = "invalid UTF-8 byte \(leadText)"
        case 0xC0, 0xC1: message = "overlong UTF-8 encoding starting with byte \(leadText)"
        case _ where second & 0xC0 != 0x80: message = "incomplete UTF-8 sequence starting with byte \(leadText)"
        case 0xE0 where second < 0xA0, 0xF0 where second < 0x90: message = "overlong UTF-8 encoding (bytes \(pair))"
        case 0xED where second > 0x9F: message = "surrogate encoded in UTF-8 (bytes \(pair))"
        case 0xF4 where second > 0x8F: message = "UTF-8 sequence above U+10FFFF (bytes \(pair))"
        default: message = "incomplete UTF-8 sequence starting with byte \(leadText)"
        }
        return fail(message, at: offset, inChild: true)
    }

    /// `NaN`, `-Infinity` and friends at `offset`, for which JSON has no numbers.
    func nonNumberName(at offset: Int) -> String? {
        for name in ["NaN", "-NaN", "Infinity", "-Infinity", "inf", "-inf", "nan", "-nan"] {
            let utf8 = Array(name.utf8)
            guard offset + utf8.count <= count else { continue }
            let matches = utf8.indices.allSatisfy { byte(offset + $0) == utf8[$0] }
            if matches && (offset + utf8.count == count || !Self.isWordByte(byte(offset + utf8.count))) { return name }
        }
        return nil
    }

    static func isWordByte(_ c: UInt8) -> Bool {
        let lower = c | 0x20
        return (lower >= 0x61 && lower <= 0x7A) || c &- 0x30 < 10
    }

    /// Something at a value position that is not a JSON value: names NaN, Infinity, a misspelt
    /// literal or a stray character.
    @inline(never) func badValue(at offset: Int) -> JSONSyntaxError {
        if let name = nonNumberName(at: offset) {
            return fail("\(name) is not a JSON value", at: offset, inChild: true)
        }
        var end = offset
        while end < count && end - offset < 24 && Self.isWordByte(byte(end)) { end += 1 }
        let word = String(decoding: UnsafeRawBufferPointer(start: base + offset, count: end - offset), as: UTF8.self)
        if !word.isEmpty && end == count && ["true", "false", "null"].contains(where: { $0.hasPrefix(word) }) {
            return endOfInput()
        }
        if word.first?.isLetter == true {
            return fail("invalid literal \(JSONWriter.quote(word)), expected true, false or null", at: offset, inChild: true)
        }
        let c = byte(offset)
        if depth > 0 && !frames[depth - 1].isObject && frames[depth - 1].count > 1 && c == UInt8(ascii: "]") {
            return fail("trailing commas are not allowed in arrays", at: offset, inChild: false)
        }
        if c == UInt8(ascii: ".") || c == UInt8(ascii: "+") {
            return fail("a number cannot start with '\(Character(Unicode.Scalar(c)))'", at: offset, inChild: true)
        }
        if c == 0 && offset <= 1 && offset + 2 < count && byte(offset + 2) == 0 {
            return fail("JSON must be UTF-8, found a NUL byte (UTF-16 or UTF-32 text?)", at: offset, inChild: true)
        }
        if c >= 0x80, scalar(at: offset) == nil { return invalidUTF8(at: offset) }
        return fail("unexpected \(describeByte(at: offset))", at: offset, inChild: true)
    }

    /// `character 'x'`, `control character U+0001`, `end of input`.
    func describeByte(at offset: Int) -> String {
        guard offset < count else { return "end of input" }
        let c = byte(offset)
        if c < 0x20 || c == 0x7F { return "control character \(JSONTokenizer.unicodeName(UInt32(c)))" }
        if c >= 0x80 && scalar(at: offset) == nil { return "byte 0x\(JSONTokenizer.hex(UInt32(c), width: 2))" }
        if c < 0x80 { return "character '\(Character(Unicode.Scalar(c)))'" }
        return "character '\(Character(scalar(at: offset)!))'"
    }

    /// The Unicode scalar whose UTF-8 encoding starts at `offset`, when it is valid.
    func scalar(at offset: Int) -> Unicode.Scalar? {
        let length = min(4, count - offset)
        var iterator = UnsafeRawBufferPointer(start: base + offset, count: length).makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }
}

extension JSONTokenizer {
    /// The unescaped text of a string entry whose content starts at `start`.
    static func string(_ start: UnsafeRawPointer, entry: JSONTape.Entry) -> String {
        let length = Int(entry.length)
        guard entry.flags & JSONTape.hasEscapes != 0 else {
            return String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: length) { buffer in
            unescape(start, count: length, into: UnsafeMutableRawPointer(buffer.baseAddress!))
        }
    }

    /// Unescapes `count` bytes of string content already checked by the tokenizer into `output`
    /// (which has room for `count` bytes: unescaping never lengthens); returns the length written.
    @usableFromInline static func unescape(_ input: UnsafeRawPointer, count: Int, into output: UnsafeMutableRawPointer) -> Int {
        var i = 0
        var o = 0
        while i < count {
            // Copy the run up to the next backslash, a word at a time.
            var run = i
            while run + 8 <= count {
                let word = UInt64(littleEndian: input.loadUnaligned(fromByteOffset: run, as: UInt64.self))
                let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
                let found = (backslash &- 0x0101_0101_0101_0101) & ~backslash & 0x8080_8080_8080_8080
                if found != 0 {
                    run += found.trailingZeroBitCount >> 3
                    break
                }
                run += 8
            }
            if run + 8 > count {
                while run < count && input.load(fromByteOffset: run, as: UInt8.self) != UInt8(ascii: "\\") { run += 1 }
            }
            (output + o).copyMemory(from: input + i, byteCount: run - i)
            o += run - i
            i = run
            guard i < count else { break }
            let escaped = input.load(fromByteOffset: i + 1, as: UInt8.self)
            i += 2
            var byte: UInt8
            switch escaped {
            case UInt8(ascii: "b"): byte = 0x08
            case UInt8(ascii: "f"): byte = 0x0C
            case UInt8(ascii: "n"): byte = 0x0A
            case UInt8(ascii: "r"): byte = 0x0D
            case UInt8(ascii: "t"): byte = 0x09
            case UInt8(ascii: "u"):
                var scalar = hex4(input + i)
                i += 4
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex4(input + i + 2) - 0xDC00)
                    i += 6
                }
                o += writeUTF8(scalar, to: output + o)
                continue
            default: byte = escaped  // `"`, `\`, `/`
            }
            output.storeBytes(of: byte, toByteOffset: o, as: UInt8.self)
            o += 1
        }
        return o
    }

    @inline(__always) static func hex4(_ start: UnsafeRawPointer) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            value = value << 4 | (hexDigit(start.load(fromByteOffset: offset, as: UInt8.self)) ?? 0)
        }
        return value
    }

    /// Writes a scalar as UTF-8; returns the byte count.
    @inline(__always) static func writeUTF8(_ scalar: UInt32, to output: UnsafeMutableRawPointer) -> Int {
        switch scalar {
        case 0..<0x80:
            output.storeBytes(of: UInt8(scalar), as: UInt8.self)
            return 1
        case 0x80..<0x800:
            output.storeBytes(of: UInt8(0xC0 | scalar >> 6), toByteOffset: 0, as: UInt8.self)
            output.storeBytes(of: UInt8(0x80 | scalar & 0x3F), toByteOffset: 1, as: UInt8.self)
            return 2
        case 0x800..<0x10000:
            output.storeBytes(of: UInt8(0xE0 | scalar >> 12), toByteOffset: 0, as: UInt8.self)
            output.storeBytes(of: UInt8(0x80 | scalar >> 6 & 0x3F), toByteOffset: 1, as: UInt8.self)
            output.storeBytes(of: UInt8(0x80 | scalar & 0x3F), toByteOffset: 2, as: UInt8.self)
            return 3
        default:
            output.storeBytes(of: UInt8(0xF0 | scalar >> 18), toByteOffset: 0, as: UInt8.self)
            output.storeBytes(of: UInt8(0x80 | scalar >> 12 & 0x3F), toByteOffset: 1, as: UInt8.self)
            output.storeBytes(of: UInt8(0x80 | scalar >> 6 & 0x3F), toByteOffset: 2, as: UInt8.self)
            output.storeBytes(of: UInt8(0x80 | scalar & 0x3F), toByteOffset: 3, as: UInt8.self)
            return 4
        }
    }
}
