import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `mapper ARGUMENTS` with its stdin and stdout on pipes (stderr discarded), as `tail -f` or a
/// pipeline engine runs it: lines written one at a time, each answer read within a deadline, so a
/// test cannot hang on a process that waits for more input.
final class PipedMapper {
    let process: Process
    private let input = Pipe()
    private let output = Pipe()
    private var pending: [UInt8] = []

    init(_ arguments: [String], in directory: URL) throws {
        process = try MapperProcess.process(arguments, in: directory)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Writes `line` and its newline; the input stays open.
    func write(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// The next line written to stdout, without its newline; nil when none is complete within
    /// `milliseconds`.
    func nextLine(within milliseconds: Int = 30_000) -> String? {
        let descriptor = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(Double(milliseconds) / 1000)
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                defer { pending.removeSubrange(...newline) }
                return String(decoding: pending[..<newline], as: UTF8.self)
            }
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&entry, 1, left) > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return nil }
            pending += buffer[..<count]
        }
    }

    /// Closes stdin and waits for the process: its exit status, and whether it wrote anything
    /// that was not read.
    func finish() throws -> (status: Int32, unread: Bool) {
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        // Not read to its end: this process holds the pipe's write end too, so no end would come.
        let extra = nextLine(within: 200)
        return (process.terminationStatus, extra != nil || !pending.isEmpty)
    }
}
