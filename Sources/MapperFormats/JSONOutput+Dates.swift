import MapperJSON

extension JSONOutput {
    /// Writes with a `ByteCursor` straight into the output (at most `capacity` bytes).
    mutating func append(capacity: Int, _ write: (inout ByteCursor) -> Void) {
        appendUnsafe(maximum: capacity) { pointer in
            var cursor = ByteCursor(base: pointer, capacity: capacity)
            write(&cursor)
            return cursor.count
        }
    }

    /// The canonical date form, quoted: `"2017-10-10T16:00:00Z"` (a fraction in groups of three
    /// digits only when non-zero).
    package mutating func appendISO8601(_ instant: Instant) {
        append(capacity: ISO8601.maximumLength + 2) { cursor in
            cursor.append(UInt8(ascii: "\""))
            ISO8601.write(instant, to: &cursor)
            cursor.append(UInt8(ascii: "\""))
        }
    }

    /// The instant as a JSON number in `unit` (`unix`, `unix_ms`, `unix_us`, `unix_ns`).
    package mutating func appendUnix(_ instant: Instant, _ unit: UnixTime.Unit) {
        append(capacity: UnixTime.maximumLength) { UnixTime.write(instant, unit, to: &$0) }
    }
}
