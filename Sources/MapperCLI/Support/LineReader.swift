#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// NDJSON input read in chunks of whole lines: what one worker maps at a time.
///
/// A chunk holds at least `chunkSize` bytes (unless the input ends first) and ends just after a
/// newline; the bytes after the chunk's last newline start the next one. A line longer than a
/// chunk makes its chunk longer: each byte is searched for a newline once, however many reads the
/// line takes.
struct LineReader {
    /// The read failed (`errno`); the command exits with 2.
    struct Failure: Error {
        let code: Int32
    }

    /// Large enough that handing a chunk to a worker costs little next to mapping it, small enough
    /// that the chunks in flight stay a few MB.
    static let chunkSize = 1 << 19

    let descriptor: Int32
    private var carry: [UInt8] = []
    private var ended = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next chunk, nil at the end of the input. The last chunk may end without a newline.
    mutating func next() throws(Failure) -> [UInt8]? {
        guard !ended else { return nil }
        var chunk = carry
        carry = []
        // The carry holds no newline: only bytes read from here on are searched.
        var searched = chunk.count
        var lastNewline: Int?
        while true {
            let count = try read(appendingTo: &chunk)
            if count == 0 {
                ended = true
                return chunk.isEmpty ? nil : chunk
            }
            if let found = Self.lastNewline(in: chunk, after: searched) { lastNewline = found }
            searched = chunk.count
            if let lastNewline, chunk.count >= Self.chunkSize {
                carry = Array(chunk[(lastNewline + 1)...])
                chunk.removeSubrange((lastNewline + 1)...)
                return chunk
            }
        }
    }

    /// Appends up to `chunkSize` bytes of input; 0 at the end of the input.
    private func read(appendingTo chunk: inout [UInt8]) throws(Failure) -> Int {
        let start = chunk.count
        // Appending grows the array geometrically, so a huge line is copied O(1) times per byte.
        chunk.append(contentsOf: repeatElement(0, count: Self.chunkSize))
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + start, Self.chunkSize)
            }
            if count >= 0 {
                chunk.removeLast(Self.chunkSize - count)
                return count
            }
            if errno == EINTR { continue }
            let code = errno
            chunk.removeLast(Self.chunkSize)
            throw Failure(code: code)
        }
    }

    /// The index of the last `\n` at or after `start`.
    private static func lastNewline(in bytes: [UInt8], after start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var index = buffer.count - 1
            while index >= start {
                if buffer[index] == 0x0A { return index }
                index -= 1
            }
            return nil
        }
    }
}

/// The C library's `read` (the qualified name keeps it apart from `LineReader.read`).
#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif
