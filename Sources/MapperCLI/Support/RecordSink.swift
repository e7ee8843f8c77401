import ArgumentParser
import MapperKit

/// Writes mapped chunks in input order: the good records to stdout, each failure to stderr with its
/// line number (or, with `--reject-file`, to that file), and the progress line. Without
/// `--keep-going` or a reject file the run ends at the first failure, after the records before it.
///
/// With `--envelope` every failure is written to stdout in its record's place instead, as an
/// error line (`RecordEnvelope`), and the run goes on and exits 0.
///
/// Whether the chunks were mapped on one thread or several, this is the only place that writes,
/// so the output, the errors and their order are the same for every `--jobs`.
struct RecordSink {
    private let data: DataOptions
    private let rejects: RejectFile?
    private let enveloped: Bool
    private var progress: Progress
    /// The elements of a streamed array, written inside its brackets.
    private var array: ArrayWriter?
    private var lines = 0
    private var records = 0
    private var bytes = 0
    private var failures = 0

    init(data: DataOptions, rejects: RejectFile?, enveloped: Bool = false, array: ArrayLayout? = nil, progress: Progress) {
        self.data = data
        self.rejects = rejects
        self.enveloped = enveloped
        self.array = array.map(ArrayWriter.init)
        self.progress = progress
    }

    mutating func write(_ chunk: MappedChunk) throws {
        if enveloped {
            try writeEnveloped(chunk)
        } else {
            try writeSplit(chunk)
        }
        lines += chunk.lines
        records += chunk.records
        bytes += chunk.bytes
        progress.update(records: records, bytes: bytes)
    }

    /// The good records to stdout, the failures to stderr or the reject file.
    private mutating func writeSplit(_ chunk: MappedChunk) throws {
        var written = 0
        var warnings = chunk.warnings[...]
        for failure in chunk.failures {
            failures += 1
            let line = number(failure.line)
            // The warnings of the records before this one, in input order.
            while let first = warnings.first, number(first.line) < line {
                reportWarnings(first)
                warnings.removeFirst()
            }
            let errors = located(failure.errors, line: line)
            if let rejects {
                let input = array == nil ? failure.input : ArrayLayout.element(of: failure.input)
                try rejects.append(line: line, input: input, errors: errors)
                continue
            }
            try emit(chunk.output[written..<failure.outputOffset])
            written = failure.outputOffset
            progress.clear()
            data.report(errors, line: array == nil ? line : nil)
            if !data.keepGoing { throw ExitCode(1) }
        }
        for warning in warnings { reportWarnings(warning) }
        // A record is in the reject file before any record after it is on stdout.
        try rejects?.flush()
        try emit(chunk.output[written...])
    }

    private mutating func emit(_ bytes: ArraySlice<UInt8>) throws {
        if array != nil { return try array!.write(bytes) }
        try Output.writeRecords(bytes)
    }

    /// A record's errors; an element's point into the input (`/data/1234/created_at`), as its
    /// line is its position in the array, counted from 1.
    private func located(_ errors: MappingErrors, line: Int) -> MappingErrors {
        guard let layout = array?.layout else { return errors }
        return MappingErrors(layout.located(errors.errors, index: line - 1))
    }

    /// Every record to stdout in input order: the failures as error lines between the `ok` ones.
    private func writeEnveloped(_ chunk: MappedChunk) throws {
        guard !chunk.failures.isEmpty else { return try Output.writeRecords(chunk.output[...]) }
        var output: [UInt8] = []
        output.reserveCapacity(chunk.output.count + 256 * chunk.failures.count)
        var written = 0
        for failure in chunk.failures {
            output += chunk.output[written..<failure.outputOffset]
            written = failure.outputOffset
            RecordEnvelope.error(failure.errors, line: number(failure.line), input: failure.input, into: &output)
            output.append(UInt8(ascii: "\n"))
        }
        output += chunk.output[written...]
        try Output.writeRecords(output[...])
    }

    /// The line of the input a record is on.
    private func number(_ line: RecordFailure.Line) -> Int {
        switch line {
        case .inChunk(let line): lines + line
        case .original(let line): line
        }
    }

    private mutating func reportWarnings(_ warning: RecordWarning) {
        progress.clear()
        let line = number(warning.line)
        guard let layout = array?.layout else { return data.report(warnings: warning.warnings, line: line) }
        data.report(warnings: layout.located(warning.warnings, index: line - 1))
    }

    /// After the last chunk: the reject file's summary, or exit 1 when records failed.
    mutating func finish() throws {
        progress.clear()
        try array?.finish()
        guard let rejects else {
            if failures > 0 { throw ExitCode(1) }
            return
        }
        if rejects.count > 0, data.errorFormat == .text {
            Output.error("\(rejects.count) of \(records) records rejected, appended to '\(rejects.path)'")
        }
    }

    /// Before the run ends on an error of its own (an unreadable input): the progress line goes.
    mutating func abandon() {
        progress.clear()
    }
}
