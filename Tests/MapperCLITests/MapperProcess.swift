import Foundation
import Testing

/// Runs the built `mapper` binary, as a user would.
struct MapperProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root, so tests can use `Mappings/` and `Examples/`.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var binary: URL {
        get throws {
            // The test bundle lives next to the products it depends on.
            let candidates = [
                Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            ] + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
            for directory in candidates {
                let url = directory.appendingPathComponent("mapper")
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
            throw BinaryNotFound(searched: candidates.map(\.path))
        }
    }

    @discardableResult
    static func run(
        _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
        in directory: URL = packageRoot
    ) throws -> Result {
        let process = Process()
        process.executableURL = try binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "MAPPER_MAPPINGS")
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting so a full pipe never blocks the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    struct BinaryNotFound: Error, CustomStringConvertible {
        var searched: [String]
        var description: String { "the mapper binary was not found in \(searched); build it with 'swift build'" }
    }

    /// A fresh temporary directory holding the given files.
    static func directory(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapper-cli-\(UUID().uuidString)")
        for (name, text) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return url
    }
}
