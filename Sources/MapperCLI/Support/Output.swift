import ArgumentParser
import MapperSupport

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
        _ = write(Array((text + "\n").utf8)[...], to: 1)
    }

    static func error(_ text: String) {
        _ = write(Array((text + "\n").utf8)[...], to: 2)
    }

    /// Text on stderr without a newline (progress lines).
    static func errorRaw(_ text: String) {
        _ = write(Array(text.utf8)[...], to: 2)
    }

    static func write(_ bytes: [UInt8]) {
        _ = write(bytes[...], to: 1)
    }

    /// Mapped records to stdout: output that cannot be written (a full disk) is an error that ends
    /// the run with 2, never a silent loss.
    static func writeRecords(_ bytes: ArraySlice<UInt8>) throws {
        if let failure = write(bytes, to: 1) {
            error("error: cannot write the output: \(failure)")
            throw ExitCode(2)
        }
    }

    /// Writes every byte, retrying after signals; the reason when the descriptor refuses them.
    static func write(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) -> String? {
        bytes.withUnsafeBytes { OutputDescriptor.write($0, to: descriptor) }
    }
}
