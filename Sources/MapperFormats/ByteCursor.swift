/// A write cursor over a buffer the caller has sized in advance (every formatter knows an upper
/// bound for its output), so formatting needs no growth. Writing past the bound would be a bug in
/// that bound, and traps rather than corrupt memory.
package struct ByteCursor {
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int
    var count = 0

    init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    @inline(__always)
    private func reserve(_ bytes: Int) {
        precondition(bytes <= capacity - count, "formatted output exceeds its computed bound")
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Writes `value` in decimal, zero-padded to `minimumDigits`, with a leading `-` when negative.
    mutating func appendNumber(_ value: Int64, minimumDigits: Int = 1) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        let width = max(digits, minimumDigits)
        reserve(width)
        var index = count + width - 1
        for _ in 0..<width {
            base[index] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 48
            magnitude /= 10
            index -= 1
        }
        count += width
    }

    /// Writes `value` in decimal, with a leading `-` when negative.
    mutating func appendNumber(_ value: Int128) {
        if let small = Int64(exactly: value) { return appendNumber(small) }
        let (high, low) = value.magnitude.quotientAndRemainder(dividingBy: 1_000_000_000_000_000_000)
        if value < 0 { append(UInt8(ascii: "-")) }
        appendNumber(Int128(high))
        appendNumber(Int64(low), minimumDigits: 18)
    }

    /// Two digits of a value in 0...99.
    @inline(__always)
    mutating func appendTwoDigits(_ value: Int64) {
        reserve(2)
        base[count] = UInt8(truncatingIfNeeded: value / 10) &+ 48
        base[count + 1] = UInt8(truncatingIfNeeded: value % 10) &+ 48
        count += 2
    }
}

package enum UTF8Buffer {
    /// Runs `body` on the UTF-8 bytes of `text`, without copying when the storage is contiguous.
    static func withBytes<Result>(
        of text: some StringProtocol,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) {
            return result
        }
        var copy = String(text)
        return copy.withUTF8(body)
    }

    /// A string of what `write` writes, which must stay within `capacity` bytes. Writing to a stack
    /// buffer first makes the string exactly as long as needed (short ones need no allocation).
    package static func string(capacity: Int, _ write: (inout ByteCursor) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(capacity, 1)) { buffer in
            var cursor = ByteCursor(base: buffer.baseAddress!, capacity: buffer.count)
            write(&cursor)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<cursor.count]), as: UTF8.self)
        }
    }

    /// Appends to `bytes` what `write` writes, which must stay within `capacity` bytes. The bytes
    /// are first written to a stack buffer, so the array grows once at most.
    static func append(to bytes: inout [UInt8], capacity: Int, _ write: (inout ByteCursor) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(capacity, 1)) { buffer in
            var cursor = ByteCursor(base: buffer.baseAddress!, capacity: buffer.count)
            write(&cursor)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<cursor.count]))
        }
    }
}
