#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading an input's file descriptor (a file, or stdin: a pipe, a socket, a terminal, or whatever
/// else a shell attached), as everything that reads data or descriptions does: retrying after
/// signals, waiting when the descriptor was left non-blocking, reading a named pipe or
/// `<(command)` as it comes, and saying why when a read fails (a directory on stdin, say) instead
/// of stopping the process.
package enum InputDescriptor {
    /// An open or a read failed (`errno`).
    package struct Failure: Error {
        package let code: Int32

        /// The C library's description: "Is a directory".
        package var reason: String { String(cString: strerror(code)) }
    }

    /// Every byte of the file at `path`: a regular file, a named pipe, `/dev/stdin`, `<(command)`.
    package static func readFile(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(code: errno) }
        defer { close(descriptor) }
        return try readAll(descriptor)
    }

    /// Reads up to `count` bytes into `buffer`: 0 at the end of the input.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) throws(Failure) -> Int {
        while true {
            let read = systemRead(descriptor, buffer, count)
            if read >= 0 { return read }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: wait(descriptor, milliseconds: -1)
            case let code: throw Failure(code: code)
            }
        }
    }

    /// Every byte to the end of the input; a regular file's size is its first guess.
    package static func readAll(_ descriptor: Int32) throws(Failure) -> [UInt8] {
        var status = stat()
        let size = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : 0
        var bytes: [UInt8] = []
        // One more than the size, so that the read that finds the end has room to (and a file
        // kept in memory, as a catalog keeps its sources, holds no more room than that); a pipe,
        // or a file that reports no size (/proc), starts at 64 KB.
        var capacity = size > 0 ? size + 1 : 1 << 16
        // Twice the room each time: a long input is copied O(1) times per byte.
        while try !read(descriptor, into: &bytes, capacity: capacity) { capacity *= 2 }
        return bytes
    }

    /// Reads into `bytes`, grown to `capacity` (the bytes are read into the new room, with no
    /// zeros written first), until it is full, `stop` (asked after each read with the room and
    /// how many bytes it holds) says so, or the input ends: true then.
    package static func read(
        _ descriptor: Int32, into bytes: inout [UInt8], capacity: Int,
        stoppingWhen stop: (UnsafeMutableBufferPointer<UInt8>, Int) -> Bool = { _, _ in false }
    ) throws(Failure) -> Bool {
        let kept = bytes
        var result = Result<Bool, Failure>.success(false)
        bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = buffer.initialize(fromContentsOf: kept)
            while count < capacity {
                do throws(Failure) {
                    let read = try read(descriptor, into: buffer.baseAddress! + count, count: capacity - count)
                    if read == 0 {
                        result = .success(true)
                        return
                    }
                    count += read
                } catch {
                    result = .failure(error)
                    return
                }
                if stop(buffer, count) { return }
            }
        }
        return try result.get()
    }

    /// Whether a read of `descriptor` would return at once: input is ready, it has ended, or it
    /// failed (the read says which).
    package static func isReady(_ descriptor: Int32) -> Bool {
        wait(descriptor, milliseconds: 0)
    }

    /// Whether the descriptor has input to read (or its end) within `milliseconds`.
    package static func isReady(_ descriptor: Int32, within milliseconds: Int32) -> Bool {
        wait(descriptor, milliseconds: milliseconds)
    }

    @discardableResult
    private static func wait(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) != 0
    }
}

/// The C library's `read` (the qualified name keeps it apart from `InputDescriptor.read`).
#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif
