import ArgumentParser
import Foundation
import MapperSupport

/// Whole-file inputs of commands that take several files.
enum InputFile {
    /// The bytes of a file (`-` is stdin; a named pipe or `<(command)` is read as it comes); exits
    /// with 2 when it cannot be read.
    static func read(_ path: String) throws -> [UInt8] {
        if path == "-" {
            do {
                return try InputDescriptor.readAll(FileHandle.standardInput.fileDescriptor)
            } catch {
                Output.error("error: cannot read '-' (stdin): \(error.reason)")
                throw ExitCode(2)
            }
        }
        do {
            return try InputDescriptor.readFile(path)
        } catch {
            Output.error(error.code == ENOENT ? "error: no such file '\(path)'" : "error: cannot read '\(path)': \(error.reason)")
            throw ExitCode(2)
        }
    }
}
