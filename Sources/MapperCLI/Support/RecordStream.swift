import ArgumentParser
import Foundation
import MapperKit
import MapperSupport

#if canImport(Glibc)
    import CMalloc
#endif

/// Runs a bytes-to-bytes mapping over a whole input or, with `--ndjson`, over each line in
/// constant memory on `--jobs` threads, writing results to stdout (in input order) and errors to
/// stderr or the reject file.
struct RecordStream {
    let data: DataOptions
    let output: OutputOptions
    let file: String?
    /// `--envelope`: every line answered on stdout, failures in their place (`RecordSink`).
    var enveloped = false
    /// `--uuid-seed`.
    var uuidSeed: String?
    /// Whether a JSON array in the input is streamed element by element (decode, encode, convert).
    var arrays: ArrayStreaming?

    /// `--each` and `--ndjson-output`.
    struct ArrayStreaming {
        /// `--each POINTER`; nil: a top-level array is streamed, anything else read whole.
        var pointer: String?
        /// `--ndjson-output`.
        var lines: Bool
    }

    /// The input: a file, or stdin when no file (or `-`) is given. Missing files exit with 2.
    func openInput() throws -> FileHandle {
        guard let file, file != "-" else { return FileHandle.standardInput }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
            Output.error("error: '\(file)' is a directory, not a JSON file")
            throw ExitCode(2)
        }
        guard let handle = FileHandle(forReadingAtPath: file) else {
            let reason = FileManager.default.fileExists(atPath: file) ? "cannot read" : "no such file"
            Output.error("error: \(reason) '\(file)'")
            throw ExitCode(2)
        }
        return handle
    }

    private func readFailed(_ failure: InputDescriptor.Failure) -> ExitCode {
        let name = file.map { $0 == "-" ? "'-' (stdin)" : "'\($0)'" } ?? "stdin"
        Output.error("error: cannot read \(name): \(failure.reason)")
        return ExitCode(2)
    }

    /// Maps the input; `framing` says what its lines are, `rejects` takes the records that fail.
    func run(catalog: Catalog, framing: RecordFraming = .lines, rejects: RejectFile? = nil, _ map: @escaping RecordMap) throws {
        let input = try openInput()
        let strict = data.strict
        let uuidSeed = self.uuidSeed
        let newSession: @Sendable () -> MappingSession = {
            var session = MappingSession(catalog: catalog)
            session.strict = strict
            session.uuidSeed = uuidSeed
            return session
        }
        if data.ndjson {
            return try stream(
                LineReader(descriptor: input.fileDescriptor), input: input, framing: framing, rejects: rejects, newSession, map)
        }
        var bytes: [UInt8] = []
        do {
            if let arrays {
                bytes = try Self.start(of: input.fileDescriptor)
                if let pointer = arrays.pointer ?? (Self.firstSignificant(bytes) == UInt8(ascii: "[") ? "" : nil) {
                    let outcome = ArrayStreamOutcome()
                    let reader = ArrayReader(descriptor: input.fileDescriptor, initial: bytes, pointer: pointer, outcome: outcome)
                    let layout = ArrayLayout(pointer: pointer, pretty: output.isPretty, lines: arrays.lines)
                    return try stream(
                        reader, input: input, framing: framing, rejects: rejects, layout: layout, outcome: outcome, newSession, map)
                }
            }
            // A regular file's size is the first guess (one more, for the read that finds the end).
            var capacity = max(bytes.count * 2, (Self.size(of: input.fileDescriptor) ?? 0) + 1, 1 << 16)
            while try !InputDescriptor.read(input.fileDescriptor, into: &bytes, capacity: capacity) { capacity *= 2 }
        } catch let error as InputDescriptor.Failure {
            throw readFailed(error)
        }
        var session = newSession()
        do {
            let mapped = try map(&session, bytes[...])
            data.report(warnings: session.warnings)
            output.write(bytes: mapped)
        } catch {
            data.report(error)
            throw ExitCode(1)
        }
    }

    /// Maps the records `reader` reads, in constant memory on `--jobs` threads.
    private func stream(
        _ reader: some ChunkReader, input: FileHandle, framing: RecordFraming, rejects: RejectFile?, layout: ArrayLayout? = nil,
        outcome: ArrayStreamOutcome? = nil, _ newSession: @escaping @Sendable () -> MappingSession, _ map: @escaping RecordMap
    ) throws {
        keepFreedMemory()
        let progress = Progress(enabled: Output.stderrIsTerminal, totalBytes: Self.size(of: input.fileDescriptor))
        let enveloped = self.enveloped
        var sink = RecordSink(data: data, rejects: rejects, enveloped: enveloped, array: layout, progress: progress)
        let stops = !data.keepGoing && rejects == nil && !enveloped
        let makeMapper: @Sendable () -> ChunkMapper = {
            ChunkMapper(
                session: newSession(), framing: framing, enveloped: enveloped, stopsAtFirstFailure: stops, layout: layout, map: map)
        }
        var failure: InputDescriptor.Failure?
        if data.workers == 1 {
            var reader = reader
            var mapper = makeMapper()
            do {
                while let chunk = try reader.next() { try sink.write(mapper.map(chunk)) }
            } catch let error as InputDescriptor.Failure {
                failure = error
            }
        } else {
            failure = try ChunkPipeline.run(jobs: data.workers, reader: reader, makeMapper: makeMapper) { try sink.write($0) }
        }
        if let failure {
            sink.abandon()
            throw readFailed(failure)
        }
        if let error = outcome?.error {
            sink.abandon()
            let code: MappingError.Code = error.kind == .malformed ? .invalidJSON : .invalidInput
            data.report(MappingErrors([MappingError(code, pointer: error.pointer, path: "", message: error.message, source: "")]))
            throw ExitCode(1)
        }
        try sink.finish()
    }

    /// The input's first bytes, up to the first that is not whitespace (or its end): enough to
    /// tell an array from anything else.
    private static func start(of descriptor: Int32) throws(InputDescriptor.Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        var capacity = 1 << 16
        while try !InputDescriptor.read(descriptor, into: &bytes, capacity: capacity, stoppingWhen: { _, _ in true }) {
            if firstSignificant(bytes) != nil { break }
            if bytes.count == capacity { capacity *= 2 }
        }
        return bytes
    }

    /// The first byte that is not whitespace (nor a byte order mark).
    private static func firstSignificant(_ bytes: [UInt8]) -> UInt8? {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return body.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    }

    /// A stream allocates buffers of the same few sizes over and over (a chunk of input, its
    /// output): the C allocator is asked to keep what is freed for the next chunk, rather than
    /// hand it back to the kernel and fault fresh pages in again. The chunks in flight are bounded,
    /// so memory stays bounded too.
    private func keepFreedMemory() {
        #if canImport(Glibc)
            mallopt(M_MMAP_THRESHOLD, 32 << 20)
            mallopt(M_TRIM_THRESHOLD, 128 << 20)
        #endif
    }

    /// The size of a regular file (for the progress line's ETA); nil for pipes and terminals.
    private static func size(of descriptor: Int32) -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }
}
