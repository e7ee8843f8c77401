import MapperSupport

extension DatePattern.Compiled {
    /// What the fields of one input said; `unset` for "not in the text" (plain integers keep the
    /// struct small: it is set up for every parse).
    private struct Fields {
        static let unset = Int64.min
        var era = unset  // 0 BC, 1 AD
        var yearOfEra = unset
        var twoDigitYear = unset
        var extendedYear = unset
        var month = unset
        /// Months a name matched (bit 0 = January); 0 = no name.
        var monthMask: UInt32 = 0
        /// Weekdays still allowed (bit 0 = Sunday).
        var weekdayMask: UInt32 = 0x7F
        var day = unset
        var dayOfYear = unset
        var pm = unset  // 0 AM, 1 PM
        var hour24 = unset
        var hour12 = unset
        var minute = unset
        var second = unset
        var nanosecond = unset
        var offsetSeconds = unset
        var daylight = unset  // 0 standard, 1 daylight saving time

        @inline(__always)
        static func value(_ raw: Int64) -> Int64? {
            raw == unset ? nil : raw
        }
    }

    package func parse(_ input: UnsafeBufferPointer<UInt8>) -> Instant? {
        steps.withUnsafeBufferPointer { steps in
            literals.withUnsafeBufferPointer { literals in
                parse(input, steps: steps, literals: literals)
            }
        }
    }

    /// The number written with the step's minimum to maximum digits at `position` (moved past
    /// them), and how many digits it has; nil when there are fewer digits than the minimum.
    @inline(__always)
    private static func digits(_ input: UnsafeBufferPointer<UInt8>, at position: inout Int, _ step: DateStep) -> (Int64, Int)? {
        var value: Int64 = 0
        var digits = 0
        while digits < step.maximumDigits, position < input.count, input[position] &- 48 < 10 {
            value = value * 10 + Int64(input[position] &- 48)
            digits += 1
            position += 1
        }
        return digits >= step.minimumDigits ? (value, digits) : nil
    }

    private func parse(
        _ input: UnsafeBufferPointer<UInt8>, steps: UnsafeBufferPointer<DateStep>, literals: UnsafeBufferPointer<UInt8>
    ) -> Instant? {
        var fields = Fields()
        var position = 0
        let end = input.count
        for step in steps {
            switch step.kind {
            case .literal:
                guard step.literalLength <= end - position else { return nil }
                for k in 0..<step.literalLength where input[position + k] != literals[step.literalStart + k] {
                    return nil
                }
                position += step.literalLength

            case .fraction:
                // At most 9 digits (`S` × 1–9), kept exactly.
                guard let (value, digits) = Self.digits(input, at: &position, step),
                    DatePattern.assign(&fields.nanosecond, value * Instant.powersOfTen[9 - digits])
                else { return nil }

            case .year, .twoDigitYear, .extendedYear, .month, .day, .dayOfYear, .localWeekday, .hour0To23,
                .hour1To24, .hour1To12, .hour0To11, .minute, .second:
                guard let (value, _) = Self.digits(input, at: &position, step), store(value, for: step.kind, in: &fields) else {
                    return nil
                }

            case .era, .monthName, .weekdayName, .dayPeriod:
                guard let (mask, length) = symbols[step.symbols].match(input, at: position) else { return nil }
                position += length
                switch step.kind {
                case .era:
                    guard mask == 1 || mask == 2, DatePattern.assign(&fields.era, mask == 1 ? 0 : 1) else { return nil }
                case .monthName:
                    fields.monthMask = fields.monthMask == 0 ? mask : fields.monthMask & mask
                    guard fields.monthMask != 0 else { return nil }
                case .weekdayName:
                    fields.weekdayMask &= mask
                default:
                    guard mask == 1 || mask == 2, DatePattern.assign(&fields.pm, mask == 2 ? 1 : 0) else { return nil }
                }

            case .offsetBasic, .offsetGMT, .offsetISO:
                let parsed: (offsetSeconds: Int, length: Int)? =
                    switch step.kind {
                    case .offsetBasic:
                        DatePattern.parseOffset(
                            input, at: position, z: false, colon: false, minutes: true, seconds: false)
                    case .offsetGMT: zone.gmt.parse(input, at: position)
                    default:
                        DatePattern.parseOffset(
                            input, at: position, z: step.isoZ, colon: step.isoColon, minutes: step.isoMinutesRequired,
                            seconds: step.isoSeconds)
                    }
                guard let parsed, DatePattern.assign(&fields.offsetSeconds, Int64(parsed.offsetSeconds)) else {
                    return nil
                }
                position += parsed.length

            case .zoneName:
                // A GMT form states its offset; a name of the pattern's own zone means "this zone",
                // and a specific (standard or daylight) name also says which of the two it was.
                let offset = zone.gmt.parse(input, at: position)
                let name = zone.names.match(input, at: position)
                if let offset, offset.length >= name?.length ?? 0 {
                    guard DatePattern.assign(&fields.offsetSeconds, Int64(offset.offsetSeconds)) else { return nil }
                    position += offset.length
                } else if let name {
                    position += name.length
                    if name.mask == 1 || name.mask == 2 {
                        guard DatePattern.assign(&fields.daylight, name.mask == 2 ? 1 : 0) else { return nil }
                    }
                } else {
                    return nil
                }
            }
        }
        guard position == end else { return nil }
        return resolve(fields)
    }

    /// Range-checks and records a numeric field.
    @inline(__always)
    private func store(_ value: Int64, for kind: DateStep.Kind, in fields: inout Fields) -> Bool {
        switch kind {
        case .year: return value >= 1 && DatePattern.assign(&fields.yearOfEra, value)
        case .twoDigitYear: return DatePattern.assign(&fields.twoDigitYear, value)
        case .extendedYear: return DatePattern.assign(&fields.extendedYear, value)
        case .month: return (1...12).contains(value) && DatePattern.assign(&fields.month, value)
        case .day: return (1...31).contains(value) && DatePattern.assign(&fields.day, value)
        case .dayOfYear: return (1...366).contains(value) && DatePattern.assign(&fields.dayOfYear, value)
        case .localWeekday:
            guard (1...7).contains(value) else { return false }
            fields.weekdayMask &= 1 << UInt32((symbols.firstWeekday + Int(value) - 1) % 7)
            return true
        case .hour0To23: return (0...23).contains(value) && DatePattern.assign(&fields.hour24, value)
        case .hour1To24: return (1...24).contains(value) && DatePattern.assign(&fields.hour24, value % 24)
        case .hour1To12: return (1...12).contains(value) && DatePattern.assign(&fields.hour12, value % 12)
        case .hour0To11: return (0...11).contains(value) && DatePattern.assign(&fields.hour12, value)
        case .minute: return (0...59).contains(value) && DatePattern.assign(&fields.minute, value)
        case .second: return (0...59).contains(value) && DatePattern.assign(&fields.second, value)
        default: return false
        }
    }

    private func resolve(_ fields: borrowing Fields) -> Instant? {
        var year = Fields.value(fields.extendedYear)
        if let yearOfEra = Fields.value(fields.yearOfEra) {
            guard DatePattern.assign(&year, fields.era == 0 ? 1 - yearOfEra : yearOfEra) else { return nil }
        } else if fields.era == 0, year == nil {
            year = 1 - 1970
        }
        if let twoDigits = Fields.value(fields.twoDigitYear) {
            guard DatePattern.assign(&year, twoDigits < 50 ? 2000 + twoDigits : 1900 + twoDigits) else { return nil }
        }
        let resolvedYear = year ?? 1970
        guard (0...9999).contains(resolvedYear) else { return nil }

        var month = Fields.value(fields.month)
        if fields.monthMask != 0 {
            if let month {
                guard fields.monthMask & 1 << UInt32(month - 1) != 0 else { return nil }
            } else {
                month = Int64(fields.monthMask.trailingZeroBitCount) + 1
            }
        }
        var day = Fields.value(fields.day)
        if let dayOfYear = Fields.value(fields.dayOfYear) {
            guard dayOfYear <= CivilCalendar.daysInYear(resolvedYear) else { return nil }
            let date = CivilCalendar.date(days: CivilCalendar.days(year: resolvedYear, month: 1, day: 1) + dayOfYear - 1)
            guard DatePattern.assign(&month, date.month), DatePattern.assign(&day, date.day) else { return nil }
        }
        let resolvedMonth = month ?? 1
        let resolvedDay = day ?? 1
        guard resolvedDay <= CivilCalendar.daysInMonth(resolvedMonth, year: resolvedYear) else { return nil }
        let days = CivilCalendar.days(year: resolvedYear, month: resolvedMonth, day: resolvedDay)
        guard fields.weekdayMask & 1 << UInt32(CivilCalendar.weekday(days: days)) != 0 else { return nil }

        let hour: Int64
        if let hour12 = Fields.value(fields.hour12) {
            hour = hour12 + (fields.pm == 1 ? 12 : 0)
            if let hour24 = Fields.value(fields.hour24), hour24 != hour { return nil }
        } else if let hour24 = Fields.value(fields.hour24) {
            if let pm = Fields.value(fields.pm), (pm == 1) != (hour24 >= 12) { return nil }
            hour = hour24
        } else {
            hour = fields.pm == 1 ? 12 : 0
        }
        let local =
            days * CivilCalendar.millisecondsPerDay + hour * 3_600_000 + (Fields.value(fields.minute) ?? 0) * 60000
            + (Fields.value(fields.second) ?? 0) * 1000
        let utc: Int64
        if let offset = Fields.value(fields.offsetSeconds) {
            utc = local - offset * 1000
        } else if let resolved = zone.utc(fromLocal: local, daylight: Fields.value(fields.daylight).map { $0 == 1 }) {
            utc = resolved
        } else {
            return nil
        }
        // Whole seconds (offsets are whole seconds too), then the fraction.
        let instant = Instant(seconds: utc / 1000, nanosecond: Fields.value(fields.nanosecond) ?? 0)
        return instant.isSupported ? instant : nil
    }
}

extension DatePattern {
    /// Records `value` in `slot`; false when the slot already holds a different value (a field
    /// given twice with different values).
    @inline(__always)
    static func assign<T: Equatable>(_ slot: inout T?, _ value: T) -> Bool {
        if let existing = slot { return existing == value }
        slot = value
        return true
    }

    /// `assign` for a slot that holds `Int64.min` while unset.
    @inline(__always)
    static func assign(_ slot: inout Int64, _ value: Int64) -> Bool {
        if slot != .min { return slot == value }
        slot = value
        return true
    }

    /// `±HH`, `±HHMM`, `±HH:MM`, optionally seconds, optionally `Z` for zero; hours up to 23.
    static func parseOffset(
        _ input: UnsafeBufferPointer<UInt8>, at start: Int, z: Bool, colon: Bool, minutes: Bool, seconds: Bool
    ) -> (offsetSeconds: Int, length: Int)? {
        let end = input.count
        guard start < end else { return nil }
        if z, input[start] == UInt8(ascii: "Z") { return (0, 1) }
        let sign: Int
        switch input[start] {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        var position = start + 1
        func twoDigits() -> Int? {
            guard end - position >= 2, input[position] &- 48 < 10, input[position + 1] &- 48 < 10 else { return nil }
            defer { position += 2 }
            return Int(input[position] &- 48) * 10 + Int(input[position + 1] &- 48)
        }
        /// A further two-digit part, after `:` when the shape has colons.
        func part() -> Int? {
            let saved = position
            if colon {
                guard position < end, input[position] == UInt8(ascii: ":") else { return nil }
                position += 1
            }
            guard let value = twoDigits() else {
                position = saved
                return nil
            }
            return value
        }
        guard let hours = twoDigits(), hours <= 23 else { return nil }
        var total = hours * 3600
        if let minuteValue = part() {
            guard minuteValue <= 59 else { return nil }
            total += minuteValue * 60
            if seconds, let secondValue = part() {
                guard secondValue <= 59 else { return nil }
                total += secondValue
            }
        } else if minutes {
            return nil
        }
        return (sign * total, position - start)
    }
}
