#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// Renders DOT as SVG with Graphviz's `dot` (Debian's `graphviz`), run as a child process.
struct Graphviz: Sendable {
    /// Why there is no picture.
    struct Failure: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    /// Graphviz's `dot`, when installed.
    var executable: String?
    /// How long `dot` may take before it is stopped.
    var timeout: Duration

    /// `dot` on the PATH, if installed.
    static var installed: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("dot").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let missing =
        "Graphviz is not installed, so the graph is shown as DOT text: install Debian's graphviz (apt-get install graphviz) to draw it"

    /// The SVG picture of `dot`.
    func svg(_ dot: String) async throws(Failure) -> String {
        guard let executable else { throw Failure(description: Self.missing) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-Tsvg"]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let finished: (status: Int32, svg: Data, errors: Data)
        do {
            finished = try await withThrowingTaskGroup(of: (Int32, Data, Data)?.self) { group in
                group.addTask { try await Self.run(process, writing: Data(dot.utf8), to: input, reading: output, errors) }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let result = first else {
                    // SIGKILL: a child inherits an ignored or blocked SIGTERM (as servers and test runners set up).
                    kill(process.processIdentifier, SIGKILL)
                    throw Failure(description: "Graphviz's dot took longer than \(timeout) and was stopped")
                }
                return result
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "Graphviz's dot could not be run: \(error)")
        }
        guard finished.status == 0 else {
            let message = String(decoding: finished.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(description: "Graphviz's dot failed (exit status \(finished.status)): \(message)")
        }
        return String(decoding: finished.svg, as: UTF8.self)
    }

    /// Starts `process`, feeds it `data` and collects both outputs on threads of their own (a pipe
    /// holds only so much), then waits for it to exit.
    private static func run(
        _ process: Process, writing data: Data, to input: Pipe, reading output: Pipe, _ errors: Pipe
    ) async throws
        -> (Int32, Data, Data)
    {
        let exited = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { exited.continuation.yield($0.terminationStatus) }
        try process.run()
        async let written: Void = Self.background {
            try? input.fileHandleForWriting.write(contentsOf: data); try? input.fileHandleForWriting.close()
        }
        async let svg = Self.background { output.fileHandleForReading.readDataToEndOfFile() }
        async let messages = Self.background { errors.fileHandleForReading.readDataToEndOfFile() }
        _ = await written
        let result = (await svg, await messages)
        var status: Int32 = -1
        for await value in exited.stream {
            status = value
            break
        }
        return (status, result.0, result.1)
    }

    /// Runs blocking work on a thread outside Swift's cooperative pool.
    private static func background<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }
}
