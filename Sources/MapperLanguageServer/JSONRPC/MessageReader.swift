import MapperSupport

/// Reads LSP base-protocol frames (`Content-Length: N\r\n\r\n` then N bytes) from a file
/// descriptor. A malformed header is reported and skipped up to the next `Content-Length:`, so that
/// one bad frame never stops the server.
struct MessageReader {
    /// What one read yields.
    enum Frame: Equatable {
        /// A frame's body: the JSON text of one message (not yet checked).
        case message([UInt8])
        /// A header the reader could not use, and why; the bytes were skipped.
        case malformed(String)
        /// The input ended (or failed).
        case end
    }

    /// The largest body accepted: a 10 MB mapping file, escaped as JSON, fits several times over.
    static let maximumLength = 256 << 20
    /// The longest header block accepted before it is skipped as garbage.
    static let maximumHeader = 8 << 10

    let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Whether a frame can be returned without waiting for input.
    var hasBufferedInput: Bool { start < buffer.count || InputDescriptor.isReady(descriptor) }

    /// Whether a frame can be returned after waiting at most `milliseconds` for input.
    func hasInput(within milliseconds: Int32) -> Bool {
        start < buffer.count || InputDescriptor.isReady(descriptor, within: milliseconds)
    }

    /// The next frame, waiting for input as needed.
    mutating func next() -> Frame {
        while true {
            if let frame = frameInBuffer() { return frame }
            if ended {
                if start < buffer.count {
                    start = buffer.count
                    return .malformed("the input ended inside a message")
                }
                return .end
            }
            fill()
        }
    }

    /// A frame made of bytes already read, or nil when more are needed.
    private mutating func frameInBuffer() -> Frame? {
        let available = buffer.count - start
        guard available > 0 else { return nil }
        guard let headerEnd = find([13, 10, 13, 10], from: start) else {
            guard available > Self.maximumHeader else { return nil }
            return skip(to: buffer.count, "a header longer than \(Self.maximumHeader) bytes without a blank line")
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        let bodyStart = headerEnd + 4
        guard let length = Self.contentLength(header) else {
            return skip(to: bodyStart, "a header without a valid Content-Length: \(header.debugDescription)")
        }
        guard length <= Self.maximumLength else {
            return skip(to: bodyStart, "a message of \(length) bytes, more than the \(Self.maximumLength) accepted")
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<bodyStart + length])
        start = bodyStart + length
        compact()
        return .message(body)
    }

    /// Skips the bad header (and anything up to the next `Content-Length:`), reporting why.
    private mutating func skip(to offset: Int, _ reason: String) -> Frame {
        let marker = Array("Content-Length:".utf8)
        start = find(marker, from: offset) ?? buffer.count
        compact()
        return .malformed(reason)
    }

    /// `Content-Length`'s value; other headers (`Content-Type`) are allowed and ignored.
    static func contentLength(_ header: String) -> Int? {
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            if parts[0].trimmingSpaces.lowercased() == "content-length" {
                guard let value = Int(parts[1].trimmingSpaces), value >= 0 else { return nil }
                length = value
            }
        }
        return length
    }

    private func find(_ needle: [UInt8], from offset: Int) -> Int? {
        guard buffer.count >= needle.count, offset <= buffer.count - needle.count else { return nil }
        var index = offset
        while index <= buffer.count - needle.count {
            if buffer[index] == needle[0], buffer[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1 << 16 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }

    private mutating func fill() {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let read = chunk.withUnsafeMutableBytes { raw -> Int in
            (try? InputDescriptor.read(descriptor, into: raw.baseAddress!, count: raw.count)) ?? 0
        }
        if read == 0 {
            ended = true
        } else {
            buffer.append(contentsOf: chunk[0..<read])
        }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var trimmed = self
        while trimmed.first == " " || trimmed.first == "\t" { trimmed.removeFirst() }
        while trimmed.last == " " || trimmed.last == "\t" { trimmed.removeLast() }
        return trimmed
    }
}
