/// Sizes as people write them: `10MiB`, `512 KiB`, `2MB`, `1.5GiB`, `65536`, `100B`.
///
/// Binary units (`KiB`, `MiB`, `GiB`) are powers of 1024, decimal ones (`KB`, `MB`, `GB`, and the
/// bare `K`, `M`, `G`) powers of 1000; unit letters are case-insensitive.
package enum ByteSize {
    package static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingSpaces
        let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = trimmed.dropFirst(number.count).trimmingSpaces.lowercased()
        guard !number.isEmpty, number.filter({ $0 == "." }).count <= 1, let value = Double(number) else { return nil }
        let multipliers: [String: Double] = [
            "": 1, "b": 1,
            "k": 1e3, "kb": 1e3, "kib": 1024, "m": 1e6, "mb": 1e6, "mib": 1_048_576,
            "g": 1e9, "gb": 1e9, "gib": 1_073_741_824,
        ]
        guard let multiplier = multipliers[unit] else { return nil }
        let bytes = (value * multiplier).rounded(.down)
        guard bytes >= 0, bytes < Double(Int.max / 2) else { return nil }
        return Int(bytes)
    }

    /// `10 MiB`, `512 KiB`, `100 B`: the largest binary unit that divides the size exactly.
    package static func describe(_ bytes: Int) -> String {
        for (unit, size) in [("GiB", 1_073_741_824), ("MiB", 1_048_576), ("KiB", 1024)] where bytes >= size && bytes % size == 0 {
            return "\(bytes / size) \(unit)"
        }
        return "\(bytes) B"
    }
}

/// Durations as people write them: `30s`, `500ms`, `2m`, `1.5s`; a bare number is seconds.
package enum DurationText {
    package static func parse(_ text: String) -> Duration? {
        let trimmed = text.trimmingSpaces
        let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = trimmed.dropFirst(number.count).trimmingSpaces.lowercased()
        guard !number.isEmpty, let value = Double(number), value >= 0 else { return nil }
        let milliseconds: Double
        switch unit {
        case "ms": milliseconds = value
        case "", "s": milliseconds = value * 1000
        case "m", "min": milliseconds = value * 60_000
        case "h": milliseconds = value * 3_600_000
        default: return nil
        }
        guard milliseconds < 1e12 else { return nil }
        return .milliseconds(Int64(milliseconds.rounded()))
    }
}

extension StringProtocol {
    var trimmingSpaces: Substring {
        let characters = Substring(self)
        let start = characters.firstIndex { !$0.isWhitespace } ?? characters.endIndex
        let end = characters.lastIndex { !$0.isWhitespace }.map { characters.index(after: $0) } ?? start
        return characters[start..<Swift.max(start, end)]
    }
}
