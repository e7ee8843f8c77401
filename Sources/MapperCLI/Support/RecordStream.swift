import ArgumentParser
import Foundation
import MapperKit

/// Runs a bytes-to-bytes transformation over a whole input or, with `--ndjson`, over each line in
/// constant memory, writing results to stdout and errors to stderr.
struct RecordStream {
    let data: DataOptions
    let output: OutputOptions
    let file: String?

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

    /// Reads with the throwing `FileHandle` API (the old one traps, on a directory for one):
    /// a read error exits with 2.
    private func read(_ input: FileHandle, _ body: (FileHandle) throws -> Data) throws -> [UInt8] {
        do {
            return [UInt8](try body(input))
        } catch {
            Output.error("error: cannot read '\(file ?? "-")'")
            throw ExitCode(2)
        }
    }

    func run(_ transform: (ArraySlice<UInt8>) throws(MappingErrors) -> [UInt8]) throws {
        let input = try openInput()
        if data.ndjson {
            try runLines(input, transform)
        } else {
            let bytes = try read(input) { try $0.readToEnd() ?? Data() }
            do {
                output.write(bytes: try transform(bytes[...]))
            } catch {
                data.report(error)
                throw ExitCode(1)
            }
        }
    }

    private func runLines(_ input: FileHandle, _ transform: (ArraySlice<UInt8>) throws(MappingErrors) -> [UInt8]) throws {
        var pending: [UInt8] = []
        // Bytes at the start of `pending` already searched for a newline: a line longer than one
        // read is searched once, not again with every read (which made one huge line quadratic).
        var searched = 0
        var out: [UInt8] = []
        out.reserveCapacity(1 << 20)
        var lineNumber = 0
        var failures = 0
        var progress = Progress(enabled: Output.stderrIsTerminal)
        func process(_ line: ArraySlice<UInt8>) throws {
            lineNumber += 1
            var line = line
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            // Blank lines carry no record (JSON whitespace only; stops at the first other byte).
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
            do {
                out += try transform(line)
                out.append(UInt8(ascii: "\n"))
            } catch {
                failures += 1
                progress.clear()
                data.report(error, line: lineNumber)
                guard data.keepGoing else {
                    Output.write(out)
                    throw ExitCode(1)
                }
            }
            if out.count >= 1 << 20 {
                Output.write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        while true {
            let chunk = try read(input) { try $0.read(upToCount: 1 << 20) ?? Data() }
            if chunk.isEmpty { break }
            progress.advance(bytes: chunk.count, lines: lineNumber)
            pending.append(contentsOf: chunk)
            var start = 0
            while let newline = Self.newline(in: pending, from: max(start, searched)) {
                try process(pending[start..<newline])
                start = newline + 1
            }
            pending.removeSubrange(..<start)
            searched = pending.count
        }
        if !pending.isEmpty { try process(pending[...]) }  // a last line without a newline
        Output.write(out)
        progress.clear()
        if failures > 0 { throw ExitCode(1) }
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

/// `12,345 lines, 45.6 MB, 120.3 MB/s` on stderr, redrawn at most twice a second, when stderr is
/// a terminal.
struct Progress {
    let enabled: Bool
    private var bytes = 0
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(enabled: Bool) {
        self.enabled = enabled
    }

    mutating func advance(bytes count: Int, lines: Int) {
        bytes += count
        guard enabled, Date().timeIntervalSince(lastDraw) >= 0.5 else { return }
        lastDraw = Date()
        let seconds = max(Date().timeIntervalSince(start), 0.001)
        let megabytes = Double(bytes) / 1_000_000
        Output.errorRaw("\r\u{1B}[K\(lines) lines, \(String(format: "%.1f", megabytes)) MB, \(String(format: "%.1f", megabytes / seconds)) MB/s")
        drawn = true
    }

    mutating func clear() {
        guard drawn else { return }
        Output.errorRaw("\r\u{1B}[K")
        drawn = false
    }
}
