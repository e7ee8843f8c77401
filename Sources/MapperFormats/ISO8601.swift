import MapperSupport

/// The built-in `iso8601` format: RFC 3339 timestamps in, canonical UTC timestamps out.
///
/// ```swift
/// ISO8601.parse("2017-10-10T18:00:00.12+02:00")  // Instant(milliseconds: 1507651200120)
/// ISO8601.parse("2017-10-10T16:00:00.123456789Z") // Instant(seconds: 1507651200, nanosecond: 123456789)
/// ISO8601.format(Instant(seconds: 1507651200))    // "2017-10-10T16:00:00Z"
/// ```
///
/// Input is `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`: `T`/`t`, `Z`/`z`, a fraction of 1 to 9
/// digits (kept exactly, to the nanosecond), months, days, hours, minutes and offsets
/// range-checked. A leap second (`:60`) is rejected: the instant it names cannot be told apart
/// from the next second in Unix time, and accepting it would break round trips.
package enum ISO8601 {
    /// Upper bound of a formatted timestamp: a sign, 9 year digits for the extreme instants, and
    /// `-MM-DDTHH:MM:SS.sssssssssZ`.
    static let maximumLength = 46

    package static func parse(_ text: some StringProtocol) -> Instant? {
        UTF8Buffer.withBytes(of: text) { parse($0) }
    }

    /// Parses raw UTF-8 bytes (the runtime passes JSON string contents) without allocating.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Instant? {
        let count = bytes.count
        guard count >= 20, let p = bytes.baseAddress else { return nil }
        let year = digits(p, 4)
        let month = digits(p + 5, 2)
        let day = digits(p + 8, 2)
        let hour = digits(p + 11, 2)
        let minute = digits(p + 14, 2)
        let second = digits(p + 17, 2)
        guard p[4] == UInt8(ascii: "-"), p[7] == UInt8(ascii: "-"), p[10] | 0x20 == UInt8(ascii: "t"),
            p[13] == UInt8(ascii: ":"), p[16] == UInt8(ascii: ":"),
            year >= 0, month >= 1, month <= 12, day >= 1, day <= CivilCalendar.daysInMonth(month, year: year),
            hour >= 0, hour <= 23, minute >= 0, minute <= 59, second >= 0, second <= 59
        else { return nil }

        var index = 19
        var nanosecond: Int64 = 0
        if p[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < count, p[index] &- 48 < 10, index - start < 10 {
                nanosecond = nanosecond * 10 + Int64(p[index] &- 48)
                index += 1
            }
            let fractionDigits = index - start
            guard fractionDigits >= 1, fractionDigits <= 9 else { return nil }
            nanosecond *= Instant.powersOfTen[9 - fractionDigits]
        }

        guard index < count else { return nil }
        var offsetSeconds: Int64 = 0
        switch p[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard count - index >= 6, p[index + 3] == UInt8(ascii: ":") else { return nil }
            let offsetHours = digits(p + index + 1, 2)
            let offsetMinutes = digits(p + index + 4, 2)
            guard offsetHours >= 0, offsetHours <= 23, offsetMinutes >= 0, offsetMinutes <= 59 else {
                return nil
            }
            offsetSeconds = offsetHours * 3600 + offsetMinutes * 60
            if p[index] == UInt8(ascii: "-") { offsetSeconds = -offsetSeconds }
            index += 6
        default:
            return nil
        }
        guard index == count else { return nil }

        let days = CivilCalendar.days(year: year, month: month, day: day)
        let local = days * 86400 + hour * 3600 + minute * 60 + second
        let instant = Instant(seconds: local - offsetSeconds, nanosecond: nanosecond)
        return instant.isSupported ? instant : nil
    }

    /// The canonical form: `2017-10-10T16:00:00Z`, or with the fraction in groups of three digits,
    /// as many as it needs (`2017-10-10T16:00:00.120Z`, `….123456Z`, `….123456789Z`). Years outside 0000–9999 (which no parser produces) are written in
    /// ISO 8601's expanded form with a sign, e.g. `+10000-01-01T00:00:00Z`.
    package static func format(_ instant: Instant) -> String {
        UTF8Buffer.string(capacity: maximumLength) { write(instant, to: &$0) }
    }

    /// Appends the canonical form to a byte buffer.
    package static func format(_ instant: Instant, into bytes: inout [UInt8]) {
        UTF8Buffer.append(to: &bytes, capacity: maximumLength) { write(instant, to: &$0) }
    }

    static func write(_ instant: Instant, to out: inout ByteCursor) {
        let time = CivilTime(instant)
        if time.year >= 0, time.year <= 9999 {
            out.appendTwoDigits(time.year / 100)
            out.appendTwoDigits(time.year % 100)
        } else {
            if time.year > 0 { out.append(UInt8(ascii: "+")) }
            out.appendNumber(time.year, minimumDigits: 4)
        }
        out.append(UInt8(ascii: "-"))
        out.appendTwoDigits(time.month)
        out.append(UInt8(ascii: "-"))
        out.appendTwoDigits(time.day)
        out.append(UInt8(ascii: "T"))
        out.appendTwoDigits(time.hour)
        out.append(UInt8(ascii: ":"))
        out.appendTwoDigits(time.minute)
        out.append(UInt8(ascii: ":"))
        out.appendTwoDigits(time.second)
        writeFraction(instant, to: &out)
        out.append(UInt8(ascii: "Z"))
    }

    /// `.sss`, `.ssssss` or `.sssssssss`, as many groups as the instant needs; nothing for whole seconds.
    static func writeFraction(_ instant: Instant, to out: inout ByteCursor) {
        let digits = instant.fractionDigits
        guard digits > 0 else { return }
        out.append(UInt8(ascii: "."))
        out.appendNumber(Int64(instant.nanosecond) / Instant.powersOfTen[9 - digits], minimumDigits: digits)
    }

    /// The value of `count` ASCII digits at `p`, or -1 if any byte is not a digit.
    @inline(__always)
    static func digits(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int64 {
        var value: Int64 = 0
        for i in 0..<count {
            let digit = p[i] &- 48
            if digit > 9 { return -1 }
            value = value * 10 + Int64(digit)
        }
        return value
    }
}
