#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing to a file descriptor (stdout, stderr, a reject file) without the process stopping when
/// the descriptor refuses: a full disk or a reader that went away is a reason to report.
package enum OutputDescriptor {
    /// Writes every byte, retrying after signals and partial writes; the system's reason when the
    /// descriptor refuses them ("No space left on device", "Broken pipe").
    package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return String(cString: strerror(errno)) }
            offset += written
        }
        return nil
    }
}

/// The C library's `write` (the qualified name keeps it apart from `OutputDescriptor.write`).
#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif
