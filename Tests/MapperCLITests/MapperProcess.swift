import Foundation
import MapperTestSupport

/// Runs the built `mapper` binary, as a user would (MapperTestSupport's `MapperBinary`).
enum MapperProcess {
    /// What a run printed and returned (a type of this target, so that test files need not import
    /// the support module).
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root, so tests can use `Mappings/` and `Examples/`.
    static var packageRoot: URL { MapperBinary.packageRoot }

    @discardableResult
    static func run(
        _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], in directory: URL = packageRoot
    ) throws -> Result {
        let result = try MapperBinary.run(arguments, stdin: stdin, environment: environment, in: directory)
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// Runs `mapper ARGUMENTS` in `directory` to its end, reading `stdin`.
    static func run(_ arguments: [String], stdin: FileHandle, in directory: URL) throws -> Result {
        let result = try MapperBinary.run(arguments, stdin: stdin, in: directory)
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// `mapper ARGUMENTS`, not yet started, in `directory` with the tests' environment.
    static func process(_ arguments: [String], in directory: URL) throws -> Process {
        try MapperBinary.process(arguments, in: directory)
    }

    /// A fresh temporary directory holding the given files.
    static func directory(_ files: [String: String]) throws -> URL {
        try TemporaryDirectory.files(files, prefix: "mapper-cli")
    }
}
