import ArgumentParser
import Foundation

/// Whole-file inputs of commands that take several files.
enum InputFile {
    /// The bytes of a file (`-` is stdin); exits with 2 when it cannot be read.
    static func read(_ path: String) throws -> [UInt8] {
        if path == "-" {
            do {
                return try InputDescriptor.readAll(FileHandle.standardInput.fileDescriptor)
            } catch {
                Output.error("error: cannot read '-' (stdin): \(error.reason)")
                throw ExitCode(2)
            }
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read" : "no such file"
            Output.error("error: \(reason) '\(path)'")
            throw ExitCode(2)
        }
        return [UInt8](data)
    }
}
