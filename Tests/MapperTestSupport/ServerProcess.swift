#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
package import Foundation
import MapperSupport
import MapperKit

/// The built `mapper` binary running `serve`, as an operator runs it: its output is collected,
/// signals are sent to it, and it is killed if a test leaves it running.
package final class ServerProcess: Sendable {
    package struct NotFound: Error, CustomStringConvertible {
        package var description: String
    }

    private let process: Process
    private final class Collected: Sendable {
        let text = Locked<(stdout: String, stderr: String)>(("", ""))
        /// How many of the two pipes have reached their end.
        let closed = Locked(0)
    }

    private let collected = Collected()

    /// Starts `mapper ARGUMENTS` in the package root (or `directory`).
    package init(_ arguments: [String], environment: [String: String] = [:], in directory: URL = MapperBinary.packageRoot) throws {
        process = try MapperBinary.process(arguments, environment: environment, in: directory)
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        for (pipe, isError) in [(stdout, false), (stderr, true)] {
            let handle = pipe.fileHandleForReading
            let thread = Thread { [collected] in
                while true {
                    let data = handle.availableData
                    if data.isEmpty {
                        collected.closed.withLock { $0 += 1 }
                        return
                    }
                    let text = String(decoding: data, as: UTF8.self)
                    collected.text.withLock { isError ? ($0.stderr += text) : ($0.stdout += text) }
                }
            }
            thread.start()
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    package var stdout: String { collected.text.withLock { $0.stdout } }
    package var stderr: String { collected.text.withLock { $0.stderr } }

    /// Waits (at most `timeout`) until stdout holds a line containing `text`; returns that line.
    @discardableResult
    package func waitForLine(containing text: String, timeout: Duration = .seconds(20)) async throws -> String {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            if let line = stdout.split(separator: "\n").first(where: { $0.contains(text) }) { return String(line) }
            if !process.isRunning && !stdout.contains(text) {
                try await Task.sleep(for: .milliseconds(100))
                if let line = stdout.split(separator: "\n").first(where: { $0.contains(text) }) { return String(line) }
                throw NotFound(
                    description:
                        "mapper exited (\(process.terminationStatus)) without printing '\(text)'\nstdout: \(stdout)\nstderr: \(stderr)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        // A busy machine may wake this task only after the deadline: look once more before failing.
        if let line = stdout.split(separator: "\n").first(where: { $0.contains(text) }) { return String(line) }
        throw NotFound(description: "no line with '\(text)' in time\nstdout: \(stdout)\nstderr: \(stderr)")
    }

    /// The port of the startup line `mapper serve listening on http://127.0.0.1:PORT`.
    package func port() async throws -> Int {
        let line = try await waitForLine(containing: "listening on http://")
        // Metadata (such as `upstream=http://…`) comes before the message in a log line.
        let message = line.range(of: "listening on ").map { line[$0.upperBound...] } ?? line[...]
        guard let range = message.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression),
            let port = Int(message[range].split(separator: ":").last ?? "")
        else { throw NotFound(description: "no port in '\(line)'") }
        return port
    }

    package var isRunning: Bool { process.isRunning }

    /// Starts `mapper serve ARGUMENTS --port 0` and waits until it listens: the server and its port.
    package static func serve(_ arguments: [String], environment: [String: String] = [:]) async throws -> (ServerProcess, port: Int) {
        let server = try ServerProcess(["serve"] + arguments + ["--port", "0"], environment: environment)
        return (server, try await server.port())
    }

    package func signal(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// The exit status, waiting at most `timeout` (then the process is killed and this throws).
    package func exitStatus(timeout: Duration = .seconds(15)) async throws -> Int32 {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                kill(process.processIdentifier, SIGKILL)
                throw NotFound(description: "mapper did not exit in time\nstdout: \(stdout)\nstderr: \(stderr)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        // The output may still be on its way through the pipes.
        while collected.closed.withLock({ $0 }) < 2 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        return process.terminationStatus
    }
}
