import ArgumentParser
import Foundation

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
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let failure = InputDescriptor.Failure(code: errno)
            Output.error(failure.code == ENOENT ? "error: no such file '\(path)'" : "error: cannot read '\(path)': \(failure.reason)")
            throw ExitCode(2)
        }
        defer { close(descriptor) }
        do {
            return try InputDescriptor.readAll(descriptor)
        } catch {
            Output.error("error: cannot read '\(path)': \(error.reason)")
            throw ExitCode(2)
        }
    }
}
