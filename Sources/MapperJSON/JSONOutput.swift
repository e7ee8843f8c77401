/// A reusable byte buffer that all JSON output is written into (canonical JSON, encoded JSON, NDJSON
/// lines). `reset()` keeps the memory, so writing one line after another allocates nothing.
///
/// ```swift
/// var output = JSONOutput()
/// output.append(UInt8(ascii: "{"))
/// output.appendString("id")
/// output.append(UInt8(ascii: ":"))
/// output.appendInt64(42)
/// output.append(UInt8(ascii: "}"))   // output.string == #"{"id":42}"#
/// ```
@usableFromInline package struct JSONOutput: @unchecked Sendable {
    /// Raw memory with a count, so appending is a capacity check and a copy. Copies of a
    /// `JSONOutput` share it until one of them writes (copy on write). Its properties opt out of
    /// the run-time exclusivity check: the writers in other modules inline these accesses, where
    /// the optimizer cannot prove them exclusive, and a check per appended byte is a call into the
    /// runtime. Sound because a `JSONOutput` is only written by the one owner of a
    /// uniquely referenced storage (copy on write above).
    @usableFromInline final class Storage {
        @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<UInt8>
        @exclusivity(unchecked) @usableFromInline var count = 0
        @exclusivity(unchecked) @usableFromInline var capacity: Int

        @usableFromInline init(capacity: Int) {
            self.capacity = max(capacity, 64)
            base = .allocate(capacity: self.capacity)
        }

        deinit {
            base.deallocate()
        }

        @usableFromInline func copy(capacity: Int) -> Storage {
            let copy = Storage(capacity: capacity)
            copy.base.initialize(from: base, count: count)
            copy.count = count
            return copy
        }
    }

    @usableFromInline var storage: Storage

    package init(capacity: Int = 0) {
        storage = Storage(capacity: capacity)
    }

    /// Bytes written so far.
    @inlinable package var count: Int {
        @inline(__always) get { storage.count }
    }

    /// Bytes that fit before the buffer grows (kept by `reset()`).
    package var capacity: Int { storage.capacity }

    /// A copy of the bytes written.
    package var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    /// Empties the buffer, keeping its memory.
    package mutating func reset() {
        if isKnownUniquelyReferenced(&storage) {
            storage.count = 0
        } else {
            storage = Storage(capacity: storage.capacity)
        }
    }

    /// Drops what was written after the first `count` bytes.
    package mutating func truncate(to count: Int) {
        precondition(count <= storage.count)
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy(capacity: storage.capacity) }
        storage.count = count
    }

    @inlinable
    package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: storage.base, count: storage.count))
    }

    /// The bytes as text (always valid UTF-8 when only the `append…` methods wrote them).
    package var string: String {
        String(decoding: UnsafeBufferPointer(start: storage.base, count: storage.count), as: UTF8.self)
    }

    /// Room for `extra` more bytes, owned by this output alone; where they go.
    @inlinable
    mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if _slowPath(!isKnownUniquelyReferenced(&storage) || storage.count + extra > storage.capacity) {
            var capacity = storage.capacity
            while capacity < storage.count + extra { capacity *= 2 }
            storage = storage.copy(capacity: capacity)
        }
        return storage.base + storage.count
    }

    /// Makes room for `extra` more bytes, so that appending them copies nothing already written.
    package mutating func reserveCapacity(forAppending extra: Int) {
        _ = reserve(extra)
    }

    // MARK: - Raw bytes

    @inlinable package mutating func append(_ byte: UInt8) {
        reserve(1).pointee = byte
        storage.count += 1
    }

    @inlinable package mutating func append(_ raw: UnsafeRawBufferPointer) {
        guard let start = raw.baseAddress, raw.count > 0 else { return }
        UnsafeMutableRawPointer(reserve(raw.count)).copyMemory(from: start, byteCount: raw.count)
        storage.count += raw.count
    }

    @inlinable package mutating func append(contentsOf raw: UnsafeRawBufferPointer) {
        append(raw)
    }

    @inlinable package mutating func append(contentsOf raw: [UInt8]) {
        raw.withUnsafeBytes { append($0) }
    }

    /// Appends text as it is (no quotes, no escaping): literals, number text, JSON already written.
    @inlinable package mutating func append(contentsOf text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// `count` copies of `byte`.
    package mutating func append(_ byte: UInt8, count: Int) {
        guard count > 0 else { return }
        reserve(count).initialize(repeating: byte, count: count)
        storage.count += count
    }

    // MARK: - Strings

    /// Appends `text` as a JSON string: quoted, with `"`, `\` and U+0000–U+001F escaped (`\n`, `\r`,
    /// `\t`, `\b`, `\f`, else `\u00XX`); everything else, `/` and non-ASCII included, as is.
    package mutating func appendString(_ text: String) {
        var text = text
        text.withUTF8 { appendString(rawBytes: UnsafeRawBufferPointer($0)) }
    }

    /// Appends UTF-8 text (unescaped, valid UTF-8) as a JSON string, quoted and escaped as
    /// `appendString(_:)` does.
    package mutating func appendString(rawBytes text: UnsafeRawBufferPointer) {
        guard let start = text.baseAddress, !text.isEmpty else {
            append(UInt8(ascii: "\""))
            append(UInt8(ascii: "\""))
            return
        }
        let clean = Self.firstEscape(start, count: text.count) == text.count
        appendUnsafe(maximum: clean ? text.count + 2 : text.count * 6 + 2) { out in
            Self.escape(start, count: text.count, into: out)
        }
    }

    /// Appends at most `maximum` bytes that `body` writes straight into the buffer (returning how
    /// many it wrote).
    @inline(__always)
    package mutating func appendUnsafe(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        let written = body(reserve(maximum))
        storage.count += written
    }

    /// The offset of the first byte of `text` that needs escaping, or `count`.
    static func firstEscape(_ text: UnsafeRawPointer, count: Int) -> Int {
        var i = 0
        while i + 8 <= count {
            let mask = JSONTokenizer.specialMask(
                UInt64(littleEndian: text.loadUnaligned(fromByteOffset: i, as: UInt64.self)), nonASCII: false)
            if mask != 0 { return i + mask.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < count {
            let c = text.load(fromByteOffset: i, as: UInt8.self)
            if c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") { return i }
            i += 1
        }
        return count
    }

    /// Writes `text` quoted and escaped into `out` (room: 6 × count + 2, or count + 2 when nothing
    /// needs escaping); returns the bytes written.
    static func escape(_ text: UnsafeRawPointer, count: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = UInt8(ascii: "\"")
        var o = 1
        var i = 0
        while i < count {
            let run = firstEscape(text + i, count: count - i)
            UnsafeMutableRawPointer(out + o).copyMemory(from: text + i, byteCount: run)
            o += run
            i += run
            guard i < count else { break }
            let c = text.load(fromByteOffset: i, as: UInt8.self)
            i += 1
            out[o] = UInt8(ascii: "\\")
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out[o + 1] = c
            case 0x0A: out[o + 1] = UInt8(ascii: "n")
            case 0x0D: out[o + 1] = UInt8(ascii: "r")
            case 0x09: out[o + 1] = UInt8(ascii: "t")
            case 0x08: out[o + 1] = UInt8(ascii: "b")
            case 0x0C: out[o + 1] = UInt8(ascii: "f")
            default:
                let hex: StaticString = "0123456789abcdef"
                out[o + 1] = UInt8(ascii: "u")
                out[o + 2] = UInt8(ascii: "0")
                out[o + 3] = UInt8(ascii: "0")
                out[o + 4] = hex.utf8Start[Int(c >> 4)]
                out[o + 5] = hex.utf8Start[Int(c & 0xF)]
                o += 4
            }
            o += 2
        }
        out[o] = UInt8(ascii: "\"")
        return o + 1
    }

    // MARK: - Numbers

    /// Appends an integer in decimal.
    package mutating func appendInt64(_ value: Int64) {
        appendUnsafe(maximum: 20) { out in
            var magnitude = value.magnitude
            var digits = 0
            var scratch = magnitude
            repeat {
                digits += 1
                scratch /= 10
            } while scratch != 0
            let sign = value < 0 ? 1 : 0
            if sign == 1 { out[0] = UInt8(ascii: "-") }
            var position = sign + digits
            repeat {
                position -= 1
                out[position] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
                magnitude /= 10
            } while magnitude != 0
            return sign + digits
        }
    }
}
