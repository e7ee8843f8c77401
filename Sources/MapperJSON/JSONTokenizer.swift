/// Validates JSON text and fills a `JSONTape` in one pass over the bytes (simdjson's tape, without
/// its SIMD stage): strings are scanned 16 bytes per step with SWAR word tricks, UTF-8 is decoded
/// only where a byte ≥ 0x80 occurs, and nesting is tracked on an explicit stack, so deep input is an
/// error, never a crash. Nothing is allocated per token; the tape's memory is reused.
///
/// ```swift
/// var tape = JSONTape()
/// try line.withUnsafeBytes { try JSONTokenizer.tokenize($0, into: &tape) }
/// ```
///
/// Stricter than RFC 8259 where mapper's input rules say so: UTF-8 only (no byte order mark), no duplicate
/// keys (compared after unescaping), no lone surrogate escapes, nesting limited to `maxDepth`.
@usableFromInline package struct JSONTokenizer {
    /// Fills `tape` (reset first) from `bytes`, which must hold exactly one JSON value, with JSON
    /// whitespace around it allowed. The tape's offsets point into `bytes`, which the caller keeps.
    package static func tokenize(
        _ bytes: UnsafeRawBufferPointer, into tape: inout JSONTape, maxDepth: Int = 512
    ) throws(JSONSyntaxError) {
        tape.reset()
        guard bytes.count <= Int(UInt32.max) else {
            throw JSONSyntaxError(
                message: "JSON input of \(bytes.count) bytes is larger than the 4 GiB limit", offset: 0, line: 1, column: 1)
        }
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            throw JSONSyntaxError(message: "unexpected end of input", offset: 0, line: 1, column: 1)
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw JSONSyntaxError(
                message: "a UTF-8 byte order mark is not allowed at the start of JSON", offset: 0, line: 1, column: 1)
        }
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw JSONSyntaxError(
                message: "JSON must be UTF-8, found a UTF-16 byte order mark", offset: 0, line: 1, column: 1)
        }
        if !isKnownUniquelyReferenced(&tape.scratch) { tape.scratch = JSONTokenizerScratch() }
        var parser = Parser(base: base, count: bytes.count, maxDepth: maxDepth, scratch: tape.scratch)
        defer { parser.store(into: tape.scratch) }
        try parser.run()
        tape.entries.append(contentsOf: UnsafeBufferPointer(start: parser.entries, count: parser.entryCount))
    }

    /// The state of one tokenization, in locals the optimizer can keep in registers.
    struct Parser {
        typealias Frame = JSONTokenizerScratch.Frame
        typealias KeyRecord = JSONTokenizerScratch.KeyRecord
        typealias Slot = JSONTokenizerScratch.Slot

        let base: UnsafeRawPointer
        let count: Int
        let maxDepth: Int

        var entries: UnsafeMutablePointer<JSONTape.Entry>
        var entryCount = 0
        var entryCapacity: Int
        var frames: UnsafeMutablePointer<Frame>
        var frameCapacity: Int
        var depth = 0
        var keys: UnsafeMutablePointer<KeyRecord>
        var keyCapacity: Int
        var keyCount = 0
        var slots: UnsafeMutablePointer<Slot>
        var slotCapacity: Int
        var slotCount = 0
        var epoch: UInt32
        /// Open objects that use the duplicate table; when none is left the table is emptied.
        var tableUsers = 0
        var text: UnsafeMutableRawPointer
        var textCapacity: Int

        init(base: UnsafeRawPointer, count: Int, maxDepth: Int, scratch: JSONTokenizerScratch) {
            self.base = base
            self.count = count
            self.maxDepth = maxDepth
            let storage = scratch.storage
            entries = storage.entries
            entryCapacity = storage.entryCapacity
            frames = storage.frames
            frameCapacity = storage.frameCapacity
            keys = storage.keys
            keyCapacity = storage.keyCapacity
            slots = storage.slots
            slotCapacity = storage.slotCapacity
            text = storage.text
            textCapacity = storage.textCapacity
            // A previous run may have thrown with live slots: start from an empty table.
            epoch = storage.epoch
            nextEpoch()
            if entryCapacity < 64 {
                JSONTokenizerScratch.grow(&entries, capacity: &entryCapacity, used: 0, minimum: min(count / 8 + 64, 1 << 16))
            }
        }

        func store(into scratch: JSONTokenizerScratch) {
            scratch.storage = JSONTokenizerScratch.Storage(
                entries: entries, entryCapacity: entryCapacity, frames: frames, frameCapacity: frameCapacity, keys: keys,
                keyCapacity: keyCapacity, slots: slots, slotCapacity: slotCapacity, epoch: epoch, text: text,
                textCapacity: textCapacity)
        }

        /// The main loop: parse a value, then consume separators and closing brackets up to the next
        /// value. Object keys are read right where `{` or `,` is seen, so there is no state to dispatch on.
        mutating func run() throws(JSONSyntaxError) {
            var i = 0
            value: while true {
                i = skipWhitespace(i)
                guard i < count else { throw endOfInput() }
                if entryCount == entryCapacity { growEntries() }
                switch byte(i) {
                case UInt8(ascii: "\""):
                    let (end, flags) = try scanString(from: i + 1)
                    emit(.string, flags: flags, start: i + 1, length: end - i - 1)
                    i = end + 1
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    i = try scanNumber(at: i)
                case UInt8(ascii: "{"):
                    try open(at: i, isObject: true)
                    i = skipWhitespace(i + 1)
                    guard i < count && byte(i) == UInt8(ascii: "}") else {
                        i = try member(at: i)
                        continue value
                    }
                    close(at: i)
                    i += 1
                case UInt8(ascii: "["):
                    try open(at: i, isObject: false)
                    i = skipWhitespace(i + 1)
                    guard i < count && byte(i) == UInt8(ascii: "]") else {
                        frames[depth - 1].count = 1
                        continue value
                    }
                    close(at: i)
                    i += 1
                case UInt8(ascii: "t"):
                    try literal(at: i, word: 0x6575_7274, length: 4, kind: .true)
                    i += 4
                case UInt8(ascii: "f"):
                    try literal(at: i + 1, word: 0x6573_6C61, length: 4, kind: .false)
                    i += 5
                case UInt8(ascii: "n"):
                    try literal(at: i, word: 0x6C6C_756E, length: 4, kind: .null)
                    i += 4
                default:
                    throw badValue(at: i)
                }
                // After a value: a comma leads to the next value, a closing bracket ends a container.
                while true {
                    i = skipWhitespace(i)
                    guard depth > 0 else {
                        guard i == count else { throw fail("unexpected data after the JSON value", at: i, inChild: false) }
                        return
                    }
                    guard i < count else { throw endOfInput(inChild: false) }
                    let c = byte(i)
                    let isObject = frames[depth - 1].isObject
                    if c == UInt8(ascii: ",") {
                        if isObject {
                            i = try member(at: skipWhitespace(i + 1))
                        } else {
                            frames[depth - 1].count += 1
                            i += 1
                        }
                        continue value
                    }
                    if c == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        close(at: i)
                        i += 1
                        continue
                    }
                    let expected = isObject ? "expected ',' or '}' after object member" : "expected ',' or ']' after array element"
                    throw fail("\(expected), found \(describeByte(at: i))", at: i, inChild: false)
                }
            }
        }

        /// Reads an object member's key (its quote at `i`, after `{` or `,` and whitespace) and the
        /// colon; returns the offset of the member's value.
        @inline(always) mutating func member(at i: Int) throws(JSONSyntaxError) -> Int {
            guard i < count else { throw endOfInput(inChild: false) }
            guard byte(i) == UInt8(ascii: "\"") else { throw badKey(at: i) }
            if entryCount == entryCapacity { growEntries() }
            let (end, flags) = try scanString(from: i + 1)
            let key = entryCount
            emit(.string, flags: flags, start: i + 1, length: end - i - 1)
            frames[depth - 1].count += 1
            frames[depth - 1].lastKey = UInt32(truncatingIfNeeded: key)
            try checkDuplicate(key: key, at: i)
            var colon = end + 1
            if colon >= count || byte(colon) != UInt8(ascii: ":") {
                colon = skipWhitespace(colon)
                guard colon < count else { throw endOfInput() }
                guard byte(colon) == UInt8(ascii: ":") else {
                    throw fail("expected ':' after object key, found \(describeByte(at: colon))", at: colon, inChild: false)
                }
            }
            return colon + 1
        }

        // MARK: - Bytes and entries

        @inline(__always) func byte(_ index: Int) -> UInt8 {
            base.load(fromByteOffset: index, as: UInt8.self)
        }

        @inline(always) func skipWhitespace(_ index: Int) -> Int {
            var i = index
            // Compact JSON: most calls see a non-whitespace byte at once.
            if i < count && byte(i) > 0x20 { return i }
            while i < count {
                let c = byte(i)
                if c == 0x20 && i &+ 8 <= count {
                    // Indentation: the spaces among the next eight bytes, up to the first other one.
                    let others = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) ^ 0x2020_2020_2020_2020
                    i &+= others == 0 ? 8 : others.trailingZeroBitCount &>> 3
                    continue
                }
                guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return i }
                i += 1
            }
            return i
        }

        /// Appends a scalar entry; the caller made room.
        @inline(__always) mutating func emit(_ kind: JSONTape.Kind, flags: UInt8, start: Int, length: Int) {
            let next = UInt32(truncatingIfNeeded: entryCount + 1)
            entries[entryCount] = JSONTape.Entry(
                kind: kind, flags: flags, start: UInt32(truncatingIfNeeded: start), length: UInt32(truncatingIfNeeded: length),
                next: next, count: 0)
            entryCount += 1
        }

        @inline(never) mutating func growEntries() {
            JSONTokenizerScratch.grow(&entries, capacity: &entryCapacity, used: entryCount, minimum: entryCount + 1)
        }

        @inline(__always) mutating func literal(at i: Int, word: UInt32, length: Int, kind: JSONTape.Kind) throws(JSONSyntaxError) {
            if i + 4 <= count && base.loadUnaligned(fromByteOffset: i, as: UInt32.self) == UInt32(littleEndian: word) {
                let start = kind == .false ? i - 1 : i
                emit(kind, flags: 0, start: start, length: kind == .false ? 5 : 4)
                return
            }
            throw badValue(at: kind == .false ? i - 1 : i)
        }

        // MARK: - Containers

        @inline(__always) mutating func open(at i: Int, isObject: Bool) throws(JSONSyntaxError) {
            guard depth < maxDepth else {
                throw fail("nesting deeper than \(maxDepth) levels", at: i, inChild: true)
            }
            if depth == frameCapacity {
                JSONTokenizerScratch.grow(&frames, capacity: &frameCapacity, used: depth, minimum: depth + 1)
            }
            frames[depth] = Frame(
                entry: UInt32(truncatingIfNeeded: entryCount), count: 0, keyBase: UInt32(truncatingIfNeeded: keyCount),
                lastKey: 0, isObject: isObject, usesTable: false, bloomLow: 0, bloomHigh: 0)
            depth += 1
            entries[entryCount] = JSONTape.Entry(
                kind: isObject ? .object : .array, flags: 0, start: UInt32(truncatingIfNeeded: i), length: 0, next: 0, count: 0)
            entryCount += 1
        }

        /// Closes the innermost container at its closing bracket `i`.
        @inline(__always) mutating func close(at i: Int) {
            depth -= 1
            let frame = frames[depth]
            let index = Int(frame.entry)
            entries[index].length = UInt32(truncatingIfNeeded: i + 1) &- entries[index].start
            entries[index].next = UInt32(truncatingIfNeeded: entryCount)
            entries[index].count = frame.count
            if frame.isObject {
                keyCount = Int(frame.keyBase)
                if frame.usesTable {
                    tableUsers -= 1
                    if tableUsers == 0 { nextEpoch() }
                }
            }
        }
    }
}
