import MapperSupport

/// NDJSON input read in chunks of whole lines: what one worker maps at a time.
///
/// A chunk holds at least `chunkSize` bytes (unless the input ends first, or has no more bytes
/// ready for now) and ends just after a newline; the bytes after the chunk's last newline start
/// the next one. A line longer than a chunk makes its chunk longer: each byte is searched for a
/// newline once, however many reads the line takes.
///
/// A live stream (a pipe or a socket fed a record at a time, `tail -f`) is not held back until
/// `chunkSize` bytes have arrived: when a read leaves nothing more ready, the whole lines read so
/// far are a chunk of their own, so each record is mapped as it arrives. A file, or a pipe that is
/// kept full, still gives whole chunks.
struct LineReader: ChunkReader {
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
    mutating func next() throws(InputDescriptor.Failure) -> [UInt8]? {
        guard !ended else { return nil }
        var chunk = carry
        carry = []
        // The carry holds no newline: only bytes read from here on are searched.
        var searched = chunk.count
        var lastNewline: Int?
        var capacity = chunk.count + Self.chunkSize
        while true {
            let atEnd = try InputDescriptor.read(descriptor, into: &chunk, capacity: capacity) { buffer, count in
                if let found = Self.lastNewline(in: buffer, from: searched, to: count) { lastNewline = found }
                searched = count
                // A short read (a file's reads are short only at its end): whole lines go out now
                // rather than wait for input that may be a long time coming.
                return lastNewline != nil && count < capacity && !InputDescriptor.isReady(descriptor)
            }
            if atEnd {
                ended = true
                return chunk.isEmpty ? nil : chunk
            }
            if let lastNewline {
                carry = Array(chunk[(lastNewline + 1)...])
                chunk.removeSubrange((lastNewline + 1)...)
                return chunk
            }
            // A line longer than the chunk: room for twice as much, so that a huge line is copied
            // O(1) times per byte.
            capacity *= 2
        }
    }

    /// The index of the last `\n` in `start..<end`.
    private static func lastNewline(in buffer: UnsafeMutableBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = end - 1
        while index >= start {
            if buffer[index] == 0x0A { return index }
            index -= 1
        }
        return nil
    }
}
