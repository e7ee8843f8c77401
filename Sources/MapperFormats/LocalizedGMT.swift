import Foundation

/// The locale's "localized GMT" offset format (`GMT-08:00`, `GMT-8`, `UTC−08:00` in French), used by
/// the `ZZZZ`, `O` and `OOOO` fields and as the fallback name of zones without one.
package struct LocalizedGMT: Sendable {
    /// Written for a zero offset, and before the sign of the others: `GMT`, `UTC`.
    private(set) var prefix = Array("GMT".utf8)
    private(set) var plus = Array("+".utf8)
    private(set) var minus = Array("-".utf8)

    /// Learns the locale's form by formatting three offsets once with `DateFormatter`; locales whose
    /// form does not end in ASCII `01:00` (those with native digits) keep the plain `GMT±HH:MM`.
    init(locale: Locale) {
        defer { acceptTheLocalizedAndPlainForms() }
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.dateFormat = "OOOO"
        func text(_ offset: Int) -> String {
            formatter.timeZone = TimeZone(secondsFromGMT: offset)
            return formatter.string(from: Date(timeIntervalSince1970: 0))
        }
        let zero = text(0)
        let east = text(3600)
        let west = text(-3600)
        guard !zero.isEmpty, east.hasPrefix(zero), west.hasPrefix(zero), east.hasSuffix("01:00"),
            west.hasSuffix("01:00")
        else { return }
        let plusText = east.dropFirst(zero.count).dropLast(5)
        let minusText = west.dropFirst(zero.count).dropLast(5)
        guard !plusText.isEmpty, !minusText.isEmpty, plusText != minusText else { return }
        prefix = Array(zero.utf8)
        plus = Array(plusText.utf8)
        minus = Array(minusText.utf8)
    }

    /// The plain `GMT±HH:MM`, as locales without a form of their own have.
    init() {
        acceptTheLocalizedAndPlainForms()
    }

    /// Parsing takes the locale's form and the plain ones.
    private mutating func acceptTheLocalizedAndPlainForms() {
        accepted = (
            [prefix, Array("GMT".utf8), Array("UTC".utf8)], [plus, Array("+".utf8)],
            [minus, Array("-".utf8), Array("\u{2212}".utf8)]
        )
    }

    var maximumLength: Int {
        prefix.count + max(plus.count, minus.count) + 8
    }

    /// `GMT-08:00` (long) or `GMT-8`, `GMT+5:30` (short); the prefix alone for zero. Seconds, which
    /// only historical local mean times have, are written when non-zero.
    func write(offsetSeconds: Int, long: Bool, to out: inout ByteCursor) {
        out.append(prefix)
        guard offsetSeconds != 0 else { return }
        out.append(offsetSeconds < 0 ? minus : plus)
        let magnitude = Int64(offsetSeconds.magnitude)
        let hours = magnitude / 3600
        let minutes = magnitude / 60 % 60
        let seconds = magnitude % 60
        out.appendNumber(hours, minimumDigits: long ? 2 : 1)
        if long || minutes != 0 || seconds != 0 {
            out.append(UInt8(ascii: ":"))
            out.appendTwoDigits(minutes)
        }
        if seconds != 0 {
            out.append(UInt8(ascii: ":"))
            out.appendTwoDigits(seconds)
        }
    }

    /// What `parse` accepts besides the locale's own form, kept so that parsing allocates nothing.
    private var accepted: (prefixes: [[UInt8]], plus: [[UInt8]], minus: [[UInt8]]) = ([], [], [])

    /// Reads the locale's form, or `GMT`/`UTC` (any ASCII case) followed by an optional `±H`, `±HH`,
    /// `±H:MM`, `±HH:MM` or `±HHMM`, and `:SS` after `:MM`.
    func parse(_ input: UnsafeBufferPointer<UInt8>, at start: Int) -> (offsetSeconds: Int, length: Int)? {
        var position = start
        if let length = LocalizedGMT.prefixLength(input, at: position, accepted.prefixes) {
            position += length
        } else {
            return nil
        }
        var sign = 0
        if let length = LocalizedGMT.prefixLength(input, at: position, accepted.plus) {
            sign = 1
            position += length
        } else if let length = LocalizedGMT.prefixLength(input, at: position, accepted.minus) {
            sign = -1
            position += length
        }
        guard sign != 0 else { return (0, position - start) }
        func digit(_ i: Int) -> Int? {
            i < input.count && input[i] &- 48 < 10 ? Int(input[i] &- 48) : nil
        }
        guard let first = digit(position) else { return nil }
        var hours = first
        position += 1
        var hourDigits = 1
        if let second = digit(position) {
            hours = hours * 10 + second
            position += 1
            hourDigits = 2
        }
        /// `:NN`, the minutes and then the seconds that local mean times have.
        func colonPart() -> Int? {
            guard position < input.count, input[position] == UInt8(ascii: ":"), let tens = digit(position + 1),
                let ones = digit(position + 2)
            else { return nil }
            position += 3
            return tens * 10 + ones
        }
        var minutes = 0
        var seconds = 0
        if let value = colonPart() {
            minutes = value
            seconds = colonPart() ?? 0
        } else if hourDigits == 2, let tens = digit(position), let ones = digit(position + 1) {
            minutes = tens * 10 + ones
            position += 2
        }
        guard hours <= 23, minutes <= 59, seconds <= 59 else { return nil }
        return (sign * (hours * 3600 + minutes * 60 + seconds), position - start)
    }

    /// The length of the longest of `options` found at `position`, ignoring ASCII case.
    static func prefixLength(_ input: UnsafeBufferPointer<UInt8>, at position: Int, _ options: [[UInt8]]) -> Int? {
        var best: Int?
        for option in options where !option.isEmpty && option.count <= input.count - position {
            var equal = true
            for k in 0..<option.count
            where SymbolTable.fold(input[position + k]) != SymbolTable.fold(option[k]) {
                equal = false
                break
            }
            if equal, option.count > (best ?? 0) { best = option.count }
        }
        return best
    }
}
