import Foundation
import MapperJSON
import MapperSupport

/// What a streaming run reads: chunks of whole records, one a line.
protocol ChunkReader: Sendable {
    /// The next chunk, nil at the end of the input.
    mutating func next() throws(InputDescriptor.Failure) -> [UInt8]?
}

/// Where a streamed array's reader tells the run that the document was not what it should be: the
/// reader ends its chunks there, and the run reports the error once the chunks before it are written.
final class ArrayStreamOutcome: Sendable {
    private let failure = Locked<ArrayStreamError?>(nil)

    var error: ArrayStreamError? { failure.withLock { $0 } }

    func fail(_ error: ArrayStreamError) { failure.withLock { $0 = error } }
}

/// A JSON array, at the top of the input or at a JSON pointer inside it (`--each`), read in
/// constant memory as NDJSON chunks that the NDJSON pipeline maps: every element becomes one line
/// holding `[element]` (a one-element array, so that it is mapped exactly as it would be in the
/// whole array, `null` included), with its raw newlines turned into spaces.
///
/// Element boundaries are found by a byte scan that skips strings (and their escapes) and nested
/// brackets; the tokens of each element are checked when it is mapped. What surrounds the array is
/// checked and skipped (`DocumentWalker`).
struct ArrayReader: ChunkReader, @unchecked Sendable {
    private enum Phase { case locating, elements, finishing, done }

    private var walker: DocumentWalker
    private let tokens: [String]
    let pointer: String
    private let outcome: ArrayStreamOutcome
    private var phase = Phase.locating
    private var index = 0
    /// The brackets open in the element being read.
    private var open: [UInt8] = []

    /// `initial`: the bytes already read from `descriptor`; `pointer`: the array's JSON pointer.
    init(descriptor: Int32, initial: [UInt8], pointer: String, outcome: ArrayStreamOutcome) {
        walker = DocumentWalker(input: ByteInput(descriptor: descriptor, initial: initial))
        self.pointer = pointer
        tokens = pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { JSONPointer.unescape($0) }
        self.outcome = outcome
    }

    mutating func next() throws(InputDescriptor.Failure) -> [UInt8]? {
        do {
            switch phase {
            case .locating:
                try walker.locate(tokens, pointer: pointer)
                phase = .elements
                return try next()
            case .elements:
                return try elements()
            case .finishing:
                phase = .done
                try walker.finish()
                return nil
            case .done:
                return nil
            }
        } catch let error as InputDescriptor.Failure {
            throw error
        } catch {
            phase = .done
            outcome.fail(
                error as? ArrayStreamError ?? ArrayStreamError(kind: .malformed, pointer: pointer, message: "\(error)"))
            return nil
        }
    }

    /// The next chunk of elements (nil when the array has ended and left none).
    private mutating func elements() throws -> [UInt8]? {
        var chunk: [UInt8] = []
        chunk.reserveCapacity(LineReader.chunkSize + (LineReader.chunkSize >> 2))
        if index == 0, try walker.input.peekSignificant() == UInt8(ascii: "]") {
            _ = try walker.input.take()
            phase = .done
            try walker.finish()
            return nil
        }
        while chunk.count < LineReader.chunkSize {
            chunk.append(UInt8(ascii: "["))
            let before = chunk.count
            let ended = try element(into: &chunk)
            guard chunk[before...].contains(where: { !Self.isWhitespace($0) }) else {
                // At the `,` or `]` just taken.
                throw walker.malformed(
                    pointer + "/\(index)", "expected an element of the array, found \(ended ? "']'" : "','")",
                    at: walker.input.location(walker.input.position - 1))
            }
            chunk.append(UInt8(ascii: "]"))
            chunk.append(UInt8(ascii: "\n"))
            index += 1
            if ended {
                phase = .finishing
                break
            }
        }
        return chunk
    }

    /// Copies one element into `chunk`, up to the `,` or `]` after it (taken, not copied); true at `]`.
    private mutating func element(into chunk: inout [UInt8]) throws -> Bool {
        var inString = false
        var escaped = false
        while true {
            guard try walker.input.refill() else {
                throw walker.malformed(pointer + "/\(index)", "unexpected end of input in the array's element \(index)")
            }
            // A reference of its own, so that counting lines (which changes `walker.input`) does not
            // overlap the access to the block.
            let bytes = walker.input.block
            let result = try bytes.withUnsafeBufferPointer { block throws -> (end: Int, done: Bool?) in
                var position = walker.input.position
                let count = walker.input.count
                var copied = position
                while position < count {
                    let byte = block[position]
                    if inString {
                        if escaped {
                            guard byte != 0x0A else { throw lineBreakInString(at: position) }
                            escaped = false
                            position += 1
                        } else {
                            let skipped = Self.skipString(block, from: position, to: count)
                            if skipped.lineBreak { throw lineBreakInString(at: skipped.end) }
                            (position, inString, escaped) = (skipped.end, skipped.inString, skipped.escaped)
                        }
                        continue
                    }
                    switch byte {
                    case UInt8(ascii: "\""):
                        inString = true
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        guard open.count < DocumentWalker.maximumDepth else {
                            throw walker.malformed(pointer + "/\(index)", "nesting deeper than \(DocumentWalker.maximumDepth) levels")
                        }
                        open.append(byte)
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        guard let last = open.popLast() else {
                            guard byte == UInt8(ascii: "]") else {
                                throw walker.malformed(pointer, "unexpected '}' in an array", at: walker.input.location(position))
                            }
                            chunk.append(contentsOf: block[copied..<position])
                            return (position + 1, true)
                        }
                        guard last + 2 == byte else {
                            throw walker.malformed(
                                pointer + "/\(index)", "'\(Character(Unicode.Scalar(byte)))' closes '\(Character(Unicode.Scalar(last)))'",
                                at: walker.input.location(position))
                        }
                    case UInt8(ascii: ","):
                        if open.isEmpty {
                            chunk.append(contentsOf: block[copied..<position])
                            return (position + 1, false)
                        }
                    case 0x0A:
                        chunk.append(contentsOf: block[copied..<position])
                        chunk.append(UInt8(ascii: " "))
                        copied = position + 1
                        walker.input.newline(at: position)
                    default:
                        break
                    }
                    position += 1
                }
                chunk.append(contentsOf: block[copied..<count])
                return (count, nil)
            }
            walker.input.position = result.end
            if let done = result.done { return done }
        }
    }

    /// Past the string bytes from `start` (not escaped): to just after its closing quote, or to
    /// `end` when the string goes on in the next block (then whether a backslash at the block's
    /// end escapes the next one); or, with `lineBreak`, the position of a raw line break in the
    /// string (refused: it would split the element's line). Most of a document's bytes are in
    /// strings, so they are searched eight at a time for the three bytes that matter. Static, as
    /// what it calls in the scan's loop: a method of `self` there would copy the reader.
    private static func skipString(
        _ block: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
    ) -> (end: Int, inString: Bool, escaped: Bool, lineBreak: Bool) {
        var position = start
        while true {
            position = stringStop(block, from: position, to: end)
            guard position < end else { return (end, true, false, false) }
            switch block[position] {
            case UInt8(ascii: "\""):
                return (position + 1, false, false, false)
            case UInt8(ascii: "\\"):
                guard position + 1 < end else { return (end, true, true, false) }
                guard block[position + 1] != 0x0A else { return (position + 1, true, false, true) }
                position += 2
            default:
                return (position, true, false, true)
            }
        }
    }

    private func lineBreakInString(at position: Int) -> ArrayStreamError {
        walker.malformed(pointer + "/\(index)", "a line break inside a string", at: walker.input.location(position))
    }

    /// The first quote, backslash or line break at or after `start`, else `end`.
    @inline(__always)
    private static func stringStop(_ block: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard let base = block.baseAddress.map(UnsafeRawPointer.init) else { return end }
        var position = start
        while position + 8 <= end {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            let found = matches(word, 0x22) | matches(word, 0x5C) | matches(word, 0x0A)
            if found != 0 { return position + found.trailingZeroBitCount >> 3 }
            position += 8
        }
        while position < end {
            let byte = block[position]
            if byte == 0x22 || byte == 0x5C || byte == 0x0A { return position }
            position += 1
        }
        return end
    }

    /// The high bit of each byte of `word` that equals `byte`, exact up to the first such byte
    /// (a borrow may mark bytes after it, which are never looked at).
    @inline(__always)
    private static func matches(_ word: UInt64, _ byte: UInt64) -> UInt64 {
        let x = word ^ (0x0101_0101_0101_0101 &* byte)
        return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
