import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The next line written to `descriptor`, without its newline; nil when none is complete
/// within `milliseconds`.
func nextLine(from descriptor: Int32, pending: inout [UInt8], within milliseconds: Int) -> String? {
    let deadline = Date().addingTimeInterval(Double(milliseconds) / 1000)
    while true {
        if let newline = pending.firstIndex(of: 0x0A) {
            defer { pending.removeSubrange(...newline) }
            return String(decoding: pending[..<newline], as: UTF8.self)
        }
        let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard left > 0, poll(&entry, 1, left) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return nil }
        pending += buffer[..<count]
    }
}
