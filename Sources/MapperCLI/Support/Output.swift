#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to stdout and stderr.
enum Output {
    static var stdoutIsTerminal: Bool { isatty(1) == 1 }
    static var stderrIsTerminal: Bool { isatty(2) == 1 }

    static func print(_ text: String) {
        write(text + "\n", to: 1)
    }

    static func error(_ text: String) {
        write(text + "\n", to: 2)
    }

    /// Text on stderr without a newline (progress lines).
    static func errorRaw(_ text: String) {
        write(text, to: 2)
    }

    static func write(_ bytes: [UInt8]) {
        write(bytes, to: 1)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        write(Array(text.utf8), to: descriptor)
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32) {
        var bytes = bytes
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written <= 0 { return }
            offset += written
        }
    }
}

/// The C library's `write`, which both Glibc and Darwin export under that name (the qualified name
/// is what keeps it apart from `Output.write`).
#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
