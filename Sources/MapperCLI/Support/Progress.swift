import Foundation

/// `12345 records, 45.6 of 120.0 MB (38%), 120.3 MB/s, ETA 0:07` on stderr, redrawn over itself at
/// most twice a second, when stderr is a terminal. The size and the ETA appear when the input is a
/// file whose size is known; piped input shows `12345 records, 45.6 MB, 120.3 MB/s`.
struct Progress {
    let enabled: Bool
    /// The input's size in bytes, when it is a regular file.
    let totalBytes: Int?
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(enabled: Bool, totalBytes: Int?) {
        self.enabled = enabled
        self.totalBytes = totalBytes
    }

    /// Records and input bytes written so far.
    mutating func update(records: Int, bytes: Int) {
        guard enabled, Date().timeIntervalSince(lastDraw) >= 0.5 else { return }
        lastDraw = Date()
        Output.errorRaw(
            "\r\u{1B}[K" + Self.line(records: records, bytes: bytes, of: totalBytes, seconds: lastDraw.timeIntervalSince(start)))
        drawn = true
    }

    /// Erases the line (before an error is printed, and at the end).
    mutating func clear() {
        guard drawn else { return }
        Output.errorRaw("\r\u{1B}[K")
        drawn = false
    }

    static func line(records: Int, bytes: Int, of total: Int?, seconds: Double) -> String {
        let megabytes = Double(bytes) / 1_000_000
        let rate = megabytes / max(seconds, 0.001)
        guard let total, total > 0 else {
            return "\(records) records, \(format(megabytes)) MB, \(format(rate)) MB/s"
        }
        let percent = Int((Double(bytes) / Double(total) * 100).rounded(.down))
        var line = "\(records) records, \(format(megabytes)) of \(format(Double(total) / 1_000_000)) MB (\(percent)%), \(format(rate)) MB/s"
        if rate > 0 {
            let left = Int((Double(total - bytes) / 1_000_000 / rate).rounded(.up))
            line += ", ETA \(left / 60):\(String(format: "%02d", left % 60))"
        }
        return line
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.1f", value)
    }
}
