import MapperSupport

/// A CEL timestamp (`google.protobuf.Timestamp`): an instant between 0001-01-01T00:00:00Z and
/// 9999-12-31T23:59:59.999999999Z, with nanosecond precision.
///
/// ```swift
/// try CELTimestamp(parsing: "2009-02-13T23:31:30Z").seconds   // 1234567890
/// ```
public struct CELTimestamp: Sendable, Hashable {
    /// Nanoseconds since 1970-01-01T00:00:00Z.
    public let nanoseconds: Int128

    static let minimumSeconds: Int128 = -62_135_596_800
    static let maximumSeconds: Int128 = 253_402_300_799

    /// The instant `nanoseconds` after the Unix epoch; throws outside years 1 to 9999.
    public init(nanoseconds: Int128) throws(CELError) {
        guard nanoseconds >= Self.minimumSeconds * 1_000_000_000,
            nanoseconds < (Self.maximumSeconds + 1) * 1_000_000_000
        else {
            throw CELError(.overflow, "the timestamp is out of range (years 1 to 9999)", column: 0)
        }
        self.nanoseconds = nanoseconds
    }

    /// Whole seconds since the Unix epoch (rounded down).
    public var seconds: Int64 {
        Int64(nanoseconds >= 0 ? nanoseconds / 1_000_000_000 : (nanoseconds - 999_999_999) / 1_000_000_000)
    }

    /// The nanoseconds within the second (0 to 999,999,999).
    public var nanosecondOfSecond: Int64 { Int64(nanoseconds - Int128(seconds) * 1_000_000_000) }

    /// Parses RFC 3339: `2009-02-13T23:31:30Z`, `2009-02-13T23:31:30.123456789+01:00`.
    public init(parsing text: String) throws(CELError) {
        func invalid() -> CELError {
            CELError(.invalidArgument, "invalid timestamp '\(text)': expected RFC 3339 such as '2009-02-13T23:31:30Z'", column: 0)
        }
        let s = Array(text.unicodeScalars)
        var i = 0
        func digits(_ count: Int) throws(CELError) -> Int {
            var value = 0
            for _ in 0..<count {
                guard i < s.count, s[i].isDigit else { throw invalid() }
                value = value * 10 + Int(s[i].value - 48)
                i += 1
            }
            return value
        }
        func expect(_ c: Unicode.Scalar...) throws(CELError) {
            guard i < s.count, c.contains(s[i]) else { throw invalid() }
            i += 1
        }
        let year = try digits(4)
        guard i == 4, i < s.count, s[i] == "-" else {
            throw CELError(.overflow, "the timestamp '\(text)' is out of range (years 1 to 9999)", column: 0)
        }
        try expect("-")
        let month = try digits(2)
        try expect("-")
        let day = try digits(2)
        try expect("T", "t")
        let hour = try digits(2)
        try expect(":")
        let minute = try digits(2)
        try expect(":")
        let second = try digits(2)
        var nanos = 0
        if i < s.count, s[i] == "." {
            i += 1
            var count = 0
            while i < s.count, s[i].isDigit {
                if count < 9 { nanos = nanos * 10 + Int(s[i].value - 48) }
                count += 1
                i += 1
            }
            guard count > 0 else { throw invalid() }
            if count < 9 { for _ in count..<9 { nanos *= 10 } }
        }
        var offset = 0
        guard i < s.count else { throw invalid() }
        if s[i] == "Z" || s[i] == "z" {
            i += 1
        } else {
            let negative = s[i] == "-"
            try expect("+", "-")
            let hours = try digits(2)
            try expect(":")
            let minutes = try digits(2)
            offset = (hours * 60 + minutes) * 60 * (negative ? -1 : 1)
        }
        guard i == s.count, (1...12).contains(month), (1...Int(CivilCalendar.daysInMonth(Int64(month), year: Int64(year)))).contains(day),
            hour < 24, minute < 60, second < 60
        else { throw invalid() }
        let days = Int(CivilCalendar.days(year: Int64(year), month: Int64(month), day: Int64(day)))
        let seconds = Int128(days) * 86_400 + Int128(hour * 3600 + minute * 60 + second - offset)
        do {
            try self.init(nanoseconds: seconds * 1_000_000_000 + Int128(nanos))
        } catch {
            throw CELError(.overflow, "the timestamp '\(text)' is out of range (years 1 to 9999)", column: 0)
        }
    }

    /// RFC 3339 in UTC with as many fractional digits as needed, as CEL's `string(timestamp)` writes it.
    public var formatted: String {
        let seconds = Int(seconds)
        let (days, secondOfDay) = (seconds.floorDivided(by: 86_400), seconds.floorModulo(86_400))
        let date = CivilCalendar.date(days: Int64(days))
        let (year, month, day) = (Int(date.year), Int(date.month), Int(date.day))
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var text =
            "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        let nanos = Int(nanosecondOfSecond)
        if nanos != 0 {
            var fraction = pad(nanos, 9)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }
}

extension Int {
    func floorDivided(by divisor: Int) -> Int {
        let q = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
    }

    func floorModulo(_ divisor: Int) -> Int { self - floorDivided(by: divisor) * divisor }
}
