import Foundation
import MapperKit

/// One record (one input line) to the output bytes, with the worker's own session.
typealias RecordMap = @Sendable (inout MappingSession, ArraySlice<UInt8>) throws(MappingErrors) -> [UInt8]

/// What a line of the input is.
enum RecordFraming: Sendable {
    /// Every non-blank line is a record (NDJSON).
    case lines
    /// Every non-blank line is a dead letter that `--reject-file` wrote: its `input` is the record
    /// and its `line` the record's line number (`mapper replay`).
    case deadLetters
}

/// A chunk's records after mapping: the output of the good ones in input order, and the failures
/// with the place in that output where each record would have been.
struct MappedChunk: Sendable {
    var output: [UInt8] = []
    var failures: [RecordFailure] = []
    /// The records that mapped with warnings (values their property's `on_error` handled).
    var warnings: [RecordWarning] = []
    /// Lines in the chunk, blank ones included: the next chunk's line numbers start after them.
    var lines = 0
    /// Non-blank lines.
    var records = 0
    /// Input bytes.
    var bytes = 0
}

/// A record that did not map.
struct RecordFailure: Sendable {
    enum Line: Sendable {
        /// The 1-based line in its chunk (the writer, which knows the chunks before, makes it a
        /// line of the input).
        case inChunk(Int)
        /// The line a replayed dead letter names.
        case original(Int)
    }

    var line: Line
    /// The output bytes of the chunk's records before this one.
    var outputOffset: Int
    var errors: MappingErrors
    /// The record as read, without its line ending.
    var input: [UInt8]
}

/// A record that mapped, with warnings.
struct RecordWarning: Sendable {
    var line: RecordFailure.Line
    var warnings: [MappingError]
}

/// Maps chunks of whole lines with one session: what each worker (or, with `--jobs 1`, the
/// command itself) runs.
struct ChunkMapper {
    private var session: MappingSession
    private let map: RecordMap
    private let framing: RecordFraming
    /// `--envelope`: every line, blank ones too, is a record; a good one is written as
    /// `{"ok": …}` with its warnings, a failed one is left for the writer, which knows its line.
    private let enveloped: Bool
    /// Without `--keep-going` or a reject file the run ends at the first failure: the records after
    /// it are never written, so they need not be mapped.
    private let stopsAtFirstFailure: Bool
    /// The elements of a streamed array: each line is an element read as `[element]`.
    private let layout: ArrayLayout?

    init(
        session: MappingSession, framing: RecordFraming, enveloped: Bool, stopsAtFirstFailure: Bool, layout: ArrayLayout? = nil,
        map: @escaping RecordMap
    ) {
        self.session = session
        self.map = map
        self.framing = framing
        self.enveloped = enveloped
        self.stopsAtFirstFailure = stopsAtFirstFailure
        self.layout = layout
    }

    mutating func map(_ chunk: [UInt8]) -> MappedChunk {
        var mapped = MappedChunk(bytes: chunk.count)
        mapped.output.reserveCapacity(chunk.count)
        var start = 0
        while start < chunk.count {
            let end = Self.newline(in: chunk, from: start) ?? chunk.count
            mapped.lines += 1
            if !mapLine(chunk[start..<end], into: &mapped), stopsAtFirstFailure { break }
            start = end + 1
        }
        return mapped
    }

    /// False when the line is a record that failed.
    private mutating func mapLine(_ line: ArraySlice<UInt8>, into mapped: inout MappedChunk) -> Bool {
        var line = line
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        var record = line
        var number = RecordFailure.Line.inChunk(mapped.lines)
        // Blank lines carry no record, but in an envelope every line is answered.
        guard !RecordEnvelope.isBlank(line) else {
            guard enveloped else { return true }
            mapped.records += 1
            mapped.failures.append(
                RecordFailure(line: number, outputOffset: mapped.output.count, errors: RecordEnvelope.blankLine, input: Array(line)))
            return false
        }
        mapped.records += 1
        if framing == .deadLetters {
            do {
                let letter = try DeadLetter(parsing: line)
                record = letter.input[...]
                number = .original(letter.line)
            } catch {
                mapped.failures.append(RecordFailure(line: number, outputOffset: mapped.output.count, errors: error, input: Array(line)))
                return false
            }
        }
        do {
            let output = try map(&session, record)
            if enveloped {
                RecordEnvelope.ok(output, warnings: session.warnings, into: &mapped.output)
            } else {
                if let layout {
                    layout.append(record: output, to: &mapped.output)
                } else {
                    mapped.output += output
                }
                if !session.warnings.isEmpty { mapped.warnings.append(RecordWarning(line: number, warnings: session.warnings)) }
            }
            if layout == nil { mapped.output.append(UInt8(ascii: "\n")) }
            return true
        } catch {
            mapped.failures.append(RecordFailure(line: number, outputOffset: mapped.output.count, errors: error, input: Array(record)))
            return false
        }
    }

    /// The index of the next `\n` at or after `start` (memchr).
    private static func newline(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard start < buffer.count, let base = buffer.baseAddress,
                let found = memchr(base + start, 0x0A, buffer.count - start)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }
}
