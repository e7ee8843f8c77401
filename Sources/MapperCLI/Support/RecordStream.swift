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
        guard data.ndjson else {
            let bytes: [UInt8]
            do { bytes = try InputDescriptor.readAll(input.fileDescriptor) } catch { throw readFailed(error) }
            var session = newSession()
            do {
                let mapped = try map(&session, bytes[...])
                data.report(warnings: session.warnings)
                output.write(bytes: mapped)
            } catch {
                data.report(error)
                throw ExitCode(1)
            }
            return
        }
        keepFreedMemory()
        let progress = Progress(enabled: Output.stderrIsTerminal, totalBytes: Self.size(of: input.fileDescriptor))
        let enveloped = self.enveloped
        var sink = RecordSink(data: data, rejects: rejects, enveloped: enveloped, progress: progress)
        let stops = !data.keepGoing && rejects == nil && !enveloped
        let makeMapper: @Sendable () -> ChunkMapper = {
            ChunkMapper(session: newSession(), framing: framing, enveloped: enveloped, stopsAtFirstFailure: stops, map: map)
        }
        var reader = LineReader(descriptor: input.fileDescriptor)
        var failure: InputDescriptor.Failure?
        if data.workers == 1 {
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
        try sink.finish()
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
