import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the `mapper` binary with stdout or stderr attached to a pseudo-terminal, to check what
/// a user at a terminal sees (pretty JSON, the NDJSON progress line).
enum TerminalProcess {
    enum Stream { case stdout, stderr }

    struct Result {
        var status: Int32
        /// What the terminal received, with the terminal's `\r\n` turned back into `\n`.
        var terminal: String
        /// The other stream, through a pipe.
        var piped: String
    }

    struct PseudoTerminalUnavailable: Error {}

    static func run(_ arguments: [String], terminal stream: Stream, stdin: String, in directory: URL) throws -> Result {
        #if os(Linux)
            // posix_openpt and friends are not in the Glibc module, nor are the ioctl macros: these are
            // TIOCSPTLCK and TIOCGPTN of the generic Linux ioctl encoding (x86_64 and arm64 alike).
            let lockRequest: UInt = 0x4004_5431
            let numberRequest: UInt = 0x8004_5430
            let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            guard master >= 0 else { throw PseudoTerminalUnavailable() }
            var unlock: CInt = 0
            var number: CInt = 0
            guard ioctl(master, lockRequest, &unlock) == 0, ioctl(master, numberRequest, &number) == 0 else {
                close(master)
                throw PseudoTerminalUnavailable()
            }
            let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
            guard slave >= 0 else {
                close(master)
                throw PseudoTerminalUnavailable()
            }
            defer { close(master) }

            let process = try MapperProcess.process(arguments, in: directory)
            let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
            let pipe = Pipe()
            let input = Pipe()
            process.standardInput = input
            switch stream {
            case .stdout:
                process.standardOutput = terminal
                process.standardError = pipe
            case .stderr:
                process.standardOutput = pipe
                process.standardError = terminal
            }
            try process.run()
            close(slave)  // the child holds it now; the master reads EOF (EIO) once the child exits
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()

            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                received += buffer[0..<count]
            }
            let piped = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Result(
                status: process.terminationStatus,
                terminal: String(decoding: received, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"),
                piped: String(decoding: piped, as: UTF8.self))
        #else
            throw PseudoTerminalUnavailable()
        #endif
    }
}
