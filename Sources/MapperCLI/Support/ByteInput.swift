import MapperSupport

/// An input read in blocks, a byte at a time or a block at a time, knowing the line and column of
/// every byte: what `ArrayReader` scans.
struct ByteInput {
    static let blockSize = 1 << 18

    let descriptor: Int32
    /// The block read last; `position` is the next byte to look at, `count` the bytes it holds.
    private(set) var block: [UInt8]
    private(set) var count: Int
    var position = 0
    /// The offset in the input of `block[0]`.
    private(set) var blockOffset = 0
    /// The line of `position` (1-based) and the offset where it starts: `\n`s before it are counted
    /// by whoever steps over them (`newline(at:)`).
    private(set) var line = 1
    private var lineStart = 0
    private(set) var ended = false

    /// `initial`: bytes already read from the descriptor (to see what the input is).
    init(descriptor: Int32, initial: [UInt8]) {
        self.descriptor = descriptor
        block = initial
        count = initial.count
        // A UTF-8 byte order mark is not part of the document (as the tokenizer reads it).
        if initial.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// The offset in the input of the byte at `index` of the block.
    func offset(_ index: Int) -> Int { blockOffset + index }

    /// Where the byte at `index` of the block is, for errors: `line 3, column 7 (byte 52)`.
    func location(_ index: Int) -> String {
        let offset = self.offset(index)
        return "line \(line), column \(offset - lineStart + 1) (byte \(offset))"
    }

    /// Counts the `\n` at `index` of the block.
    mutating func newline(at index: Int) {
        line += 1
        lineStart = offset(index) + 1
    }

    /// Counts `count` line breaks, the last at `index` of the block.
    mutating func newlines(_ count: Int, lastAt index: Int) {
        line += count
        lineStart = offset(index) + 1
    }

    /// Reads the next block once `position` has reached the end of this one; false at the end of
    /// the input.
    mutating func refill() throws(InputDescriptor.Failure) -> Bool {
        guard position >= count else { return true }
        guard !ended else { return false }
        blockOffset += count
        position = 0
        count = 0
        if block.count < Self.blockSize { block = [UInt8](repeating: 0, count: Self.blockSize) }
        let descriptor = self.descriptor
        let outcome = block.withUnsafeMutableBytes { buffer in
            Result { () throws(InputDescriptor.Failure) in
                try InputDescriptor.read(descriptor, into: buffer.baseAddress!, count: buffer.count)
            }
        }
        count = try outcome.get()
        if count == 0 { ended = true }
        return count > 0
    }

    /// The next byte that is not JSON whitespace (counting lines), without taking it; nil at the
    /// end of the input.
    mutating func peekSignificant() throws(InputDescriptor.Failure) -> UInt8? {
        while try refill() {
            let byte = block[position]
            switch byte {
            case 0x20, 0x09, 0x0D: position += 1
            case 0x0A:
                newline(at: position)
                position += 1
            default: return byte
            }
        }
        return nil
    }

    /// The next byte, taken; nil at the end of the input.
    mutating func take() throws(InputDescriptor.Failure) -> UInt8? {
        guard try refill() else { return nil }
        let byte = block[position]
        if byte == 0x0A { newline(at: position) }
        position += 1
        return byte
    }

    /// Where the next byte is (after `peekSignificant`, the next token).
    var here: String { location(position) }
}
