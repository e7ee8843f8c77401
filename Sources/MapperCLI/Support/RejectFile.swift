import ArgumentParser
import MapperKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `--reject-file`: records that failed, appended as dead letters (`DeadLetter`). Every write
/// is checked: a record that cannot be written there ends the run with 2, it is never dropped.
final class RejectFile {
    let path: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private(set) var count = 0

    /// Opens (creating) the file for appending; exits with 2 when it cannot.
    init(path: String) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            Output.error("error: cannot open the reject file '\(path)': \(String(cString: strerror(errno)))")
            throw ExitCode(2)
        }
    }

    deinit {
        close(descriptor)
    }

    func append(line: Int, input: [UInt8], errors: MappingErrors) throws {
        buffer += DeadLetter.json(line: line, input: input, errors: errors).utf8
        buffer.append(UInt8(ascii: "\n"))
        count += 1
        if buffer.count >= 1 << 20 { try flush() }
    }

    func flush() throws {
        guard !buffer.isEmpty else { return }
        if let failure = Output.write(buffer[...], to: descriptor) {
            Output.error("error: cannot write to the reject file '\(path)': \(failure)")
            throw ExitCode(2)
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
