package import Foundation
import MapperKit
import MapperSupport

/// The package's built `mapper` executable and the package root, for tests that run it as a user
/// would. Test targets that use it depend on `MapperCLI`, so that `swift test` builds the binary.
package enum MapperBinary {
    /// The package root, so tests can use `Mappings/` and `Examples/`.
    package static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    package struct NotFound: Error, CustomStringConvertible {
        package var searched: [String]
        package var description: String { "the mapper binary was not found in \(searched); build it with 'swift build'" }
    }

    /// The `mapper` executable next to the test bundle (it lives beside the products it depends on).
    package static var url: URL {
        get throws {
            let candidates =
                [
                    Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                ] + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
            for directory in candidates {
                let url = directory.appendingPathComponent("mapper")
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
            throw NotFound(searched: candidates.map(\.path))
        }
    }

    /// The environment `mapper` runs with in tests: the caller's, without `MAPPER_MAPPINGS` (a
    /// developer's setting must not change what a test sees), plus `extra`.
    package static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "MAPPER_MAPPINGS")
        environment.merge(extra) { $1 }
        return environment
    }

    /// What a finished run printed and returned.
    package struct Result: Sendable {
        package var status: Int32
        package var stdout: String
        package var stderr: String
    }

    /// `mapper ARGUMENTS`, not yet started, in `directory` with the tests' environment.
    package static func process(
        _ arguments: [String], environment: [String: String] = [:], in directory: URL = packageRoot
    ) throws -> Process {
        let process = Process()
        process.executableURL = try url
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = Self.environment(environment)
        return process
    }

    /// Runs `mapper ARGUMENTS` in `directory` to its end, with `stdin` as its input.
    @discardableResult
    package static func run(
        _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], in directory: URL = packageRoot
    ) throws -> Result {
        let input = Pipe()
        return try run(arguments, stdin: input.fileHandleForReading, environment: environment, in: directory) {
            // Written on a thread of its own: a child that answers as it reads fills its stdout
            // while this input is still being written, and stdout is only read after `started`.
            let writer = input.fileHandleForWriting
            let bytes = Data((stdin ?? "").utf8)
            Thread {
                try? writer.write(contentsOf: bytes)
                try? writer.close()
            }.start()
        }
    }

    /// `run(_:stdin:environment:in:)` for async tests: the wait happens on a thread of its own, so
    /// it never holds one of the few threads of the cooperative pool that in-process servers answer on.
    @discardableResult
    package static func run(
        _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], in directory: URL = packageRoot
    ) async throws -> Result {
        try await onThread { try run(arguments, stdin: stdin, environment: environment, in: directory) }
    }

    /// Runs `mapper ARGUMENTS` in `directory` to its end, reading `stdin` (a directory, a pipe, a
    /// terminal); `started` runs once the process has.
    @discardableResult
    package static func run(
        _ arguments: [String], stdin: FileHandle, environment: [String: String] = [:], in directory: URL = packageRoot,
        started: () throws -> Void = {}
    ) throws -> Result {
        let process = try process(arguments, environment: environment, in: directory)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        try started()
        // Read both pipes before waiting so a full pipe never blocks the child; stderr on a
        // thread of its own, so that a child filling it while stdout is read never blocks either.
        let errData = Locked(Data())
        let errDone = DispatchSemaphore(value: 0)
        Thread {
            errData.withLock { $0 = err.fileHandleForReading.readDataToEndOfFile() }
            errDone.signal()
        }.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errDone.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.withLock { $0 }, as: UTF8.self))
    }
}
