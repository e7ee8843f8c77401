import CJSONScan
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
/// Element boundaries are found by a byte scan (`cjs_scan`, 64 bytes at a time) that skips
/// strings (and their escapes) and nested brackets; the tokens of each element are checked when it
/// is mapped. What surrounds the array is
/// checked and skipped (`DocumentWalker`).
struct ArrayReader: ChunkReader, @unchecked Sendable {
    private enum Phase { case locating, elements, finishing, done }

    private var walker: DocumentWalker
    private let tokens: [String]
    let pointer: String
    private let outcome: ArrayStreamOutcome
    private var phase = Phase.locating
    private var index = 0
    /// The brackets open in the element being read (`cjs_scan`'s stack).
    private var stack = [UInt8](repeating: 0, count: DocumentWalker.maximumDepth)

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
        var scan = cjs_state()
        while true {
            guard try walker.input.refill() else {
                throw walker.malformed(pointer + "/\(index)", "unexpected end of input in the array's element \(index)")
            }
            // A reference of its own, so that counting lines (which changes `walker.input`) does not
            // overlap the access to the block.
            let bytes = walker.input.block
            let start = walker.input.position
            let count = walker.input.count
            var stop = 0
            let found = bytes.withUnsafeBufferPointer { block in
                stack.withUnsafeMutableBufferPointer { stack in
                    cjs_scan(
                        block.baseAddress, start, count, &scan, stack.baseAddress, UInt32(DocumentWalker.maximumDepth), &stop)
                }
            }
            let copied = chunk.count
            chunk.append(contentsOf: bytes[start..<stop])
            if scan.newlines > 0 {
                // The element's line breaks (none is in a string) become spaces: it is one line.
                Self.replaceLineBreaks(in: &chunk, from: copied)
                walker.input.newlines(Int(scan.newlines), lastAt: Int(scan.last_newline))
            }
            walker.input.position = stop
            switch found {
            case CJS_END:
                continue
            case CJS_COMMA, CJS_CLOSE:
                walker.input.position = stop + 1
                return found == CJS_CLOSE
            default:
                throw stopError(found, at: stop, scan: scan)
            }
        }
    }

    /// The error a scan stopped at, at `position` of the block.
    private func stopError(_ found: cjs_stop, at position: Int, scan: cjs_state) -> ArrayStreamError {
        let location = walker.input.location(position)
        let element = pointer + "/\(index)"
        let byte = walker.input.block[position]
        switch found {
        case CJS_STRAY_BRACE:
            return walker.malformed(pointer, "unexpected '}' in an array", at: location)
        case CJS_MISMATCH:
            let open = stack[Int(scan.depth) - 1]
            return walker.malformed(
                element, "'\(Character(Unicode.Scalar(byte)))' closes '\(Character(Unicode.Scalar(open)))'", at: location)
        case CJS_TOO_DEEP:
            return walker.malformed(element, "nesting deeper than \(DocumentWalker.maximumDepth) levels", at: location)
        default:
            return walker.malformed(element, "a line break inside a string", at: location)
        }
    }

    /// Turns every `\n` of `chunk` from `start` on into a space.
    private static func replaceLineBreaks(in chunk: inout [UInt8], from start: Int) {
        chunk.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var position = start
            while position < buffer.count, let found = memchr(base + position, 0x0A, buffer.count - position) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                buffer[index] = UInt8(ascii: " ")
                position = index + 1
            }
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
