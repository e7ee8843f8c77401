import MapperKit

/// An NDJSON request body cut into lines as its buffers arrive, each line answered with one
/// envelope line (`RecordEnvelope`) in order: the service's side of `--ndjson --envelope`.
///
/// A line is answered as soon as its newline arrives, so a client that streams a record at a
/// time reads each answer before it sends the next. The body as a whole has no size limit (it is
/// never held); a line longer than `maxLine` is answered with an error and skipped.
struct EnvelopeLines {
    /// The longest line kept: the service's body limit.
    let maxLine: Int
    /// The bytes of the line not yet ended.
    private var carry: [UInt8] = []
    /// Lines answered so far.
    private var number = 0
    /// Inside a line longer than `maxLine`, already answered: its bytes are dropped up to its newline.
    private var skipping = false

    /// How much of an overlong line its error line quotes.
    static let quoted = 1024

    init(maxLine: Int) {
        self.maxLine = maxLine
    }

    /// Answers the lines that `bytes` ends, appending to `output`; `map` gives one line's output
    /// and warnings. Nil at the end of the body: the last line, when it has no newline.
    mutating func feed(
        _ bytes: UnsafeRawBufferPointer?, into output: inout [UInt8],
        _ map: (ArraySlice<UInt8>) throws(MappingErrors) -> ([UInt8], [MappingError])
    ) {
        guard let bytes else {
            if !carry.isEmpty && !skipping { answer(into: &output, map) }
            return
        }
        var start = 0
        while start < bytes.count {
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else {
                keep(bytes[start...], into: &output)
                return
            }
            keep(bytes[start..<newline], into: &output)
            if skipping {
                skipping = false
            } else {
                answer(into: &output, map)
            }
            carry.removeAll(keepingCapacity: carry.count <= 1 << 16)
            start = newline + 1
        }
    }

    private mutating func keep(_ bytes: Slice<UnsafeRawBufferPointer>, into output: inout [UInt8]) {
        guard !skipping else { return }
        carry.append(contentsOf: bytes)
        guard carry.count > maxLine else { return }
        number += 1
        let error = MappingError(
            .invalidInput, pointer: "", path: "",
            message: "the line is longer than the service's body limit (\(maxLine) bytes); 'input' holds its first \(Self.quoted) bytes",
            source: "")
        RecordEnvelope.error(MappingErrors([error]), line: number, input: Array(carry.prefix(Self.quoted)), into: &output)
        output.append(UInt8(ascii: "\n"))
        carry.removeAll()
        skipping = true
    }

    private mutating func answer(into output: inout [UInt8], _ map: (ArraySlice<UInt8>) throws(MappingErrors) -> ([UInt8], [MappingError]))
    {
        number += 1
        var line = carry[...]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        do throws(MappingErrors) {
            guard !RecordEnvelope.isBlank(line) else { throw RecordEnvelope.blankLine }
            let (mapped, warnings) = try map(line)
            RecordEnvelope.ok(mapped, warnings: warnings, into: &output)
        } catch {
            RecordEnvelope.error(error, line: number, input: Array(line), into: &output)
        }
        output.append(UInt8(ascii: "\n"))
    }
}
