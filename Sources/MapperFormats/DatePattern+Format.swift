import MapperSupport

extension DatePattern.Compiled {
    /// Writes `instant`; at most `maximumLength` bytes. Only IANA zones call Foundation (for the
    /// offset, and for `z`/`zzzz` whether daylight saving time is in effect).
    package func write(_ instant: Instant, to out: inout ByteCursor) {
        let offset = zone.offset(at: instant.milliseconds)
        let time = CivilTime(instant, offsetSeconds: offset)
        let yearOfEra = time.year > 0 ? time.year : 1 - time.year
        for step in steps {
            switch step.kind {
            case .literal:
                literals.withUnsafeBufferPointer { bytes in
                    out.append(
                        UnsafeBufferPointer(rebasing: bytes[step.literalStart..<step.literalStart + step.literalLength])
                    )
                }
            case .era: symbols[step.symbols].write(time.year > 0 ? 1 : 0, to: &out)
            case .year: out.appendNumber(yearOfEra, minimumDigits: step.count == 1 ? 1 : step.count)
            case .twoDigitYear: out.appendTwoDigits(yearOfEra % 100)
            case .extendedYear: out.appendNumber(time.year, minimumDigits: step.count)
            case .month: out.appendNumber(time.month, minimumDigits: step.count)
            case .monthName: symbols[step.symbols].write(Int(time.month - 1), to: &out)
            case .day: out.appendNumber(time.day, minimumDigits: step.count)
            case .dayOfYear:
                out.appendNumber(
                    CivilCalendar.dayOfYear(year: time.year, month: time.month, day: time.day), minimumDigits: step.count)
            case .weekdayName: symbols[step.symbols].write(time.weekday, to: &out)
            case .localWeekday:
                out.appendNumber(Int64((time.weekday - symbols.firstWeekday + 7) % 7 + 1), minimumDigits: step.count)
            case .dayPeriod: symbols[step.symbols].write(time.hour < 12 ? 0 : 1, to: &out)
            case .hour0To23: out.appendNumber(time.hour, minimumDigits: step.count)
            case .hour1To24: out.appendNumber(time.hour == 0 ? 24 : time.hour, minimumDigits: step.count)
            case .hour1To12: out.appendNumber(time.hour % 12 == 0 ? 12 : time.hour % 12, minimumDigits: step.count)
            case .hour0To11: out.appendNumber(time.hour % 12, minimumDigits: step.count)
            case .minute: out.appendNumber(time.minute, minimumDigits: step.count)
            case .second: out.appendNumber(time.second, minimumDigits: step.count)
            case .fraction:
                // Truncated, never rounded: .999 with `S` is 9, not 10 (the encoder reports digits
                // a pattern cannot write before it gets here; see `fractionDigits`).
                let digits = min(step.count, 9)
                out.appendNumber(time.nanosecond / Instant.powersOfTen[9 - digits], minimumDigits: digits)
                for _ in digits..<step.count { out.append(UInt8(ascii: "0")) }
            case .offsetBasic:
                DatePattern.writeOffset(offset, z: false, colon: false, minutes: .always, seconds: false, to: &out)
            case .offsetGMT:
                zone.gmt.write(offsetSeconds: offset, long: step.long, to: &out)
            case .offsetISO:
                DatePattern.writeOffset(
                    offset, z: step.isoZ, colon: step.isoColon,
                    minutes: step.isoMinutesRequired ? .always : .whenNonZero,
                    seconds: step.isoSeconds, to: &out)
            case .zoneName:
                zone.writeName(
                    at: instant.milliseconds, offsetSeconds: offset, long: step.long, generic: step.generic, to: &out)
            }
        }
    }
}

extension DatePattern {
    enum MinutesShown {
        case always, whenNonZero
    }

    /// `+05:30`, `-0800`, `+05`, or `Z` for zero when `z`. Seconds (only historical local mean
    /// times have them) are written when allowed and non-zero, and otherwise dropped.
    static func writeOffset(
        _ offset: Int, z: Bool, colon: Bool, minutes: MinutesShown, seconds: Bool, to out: inout ByteCursor
    ) {
        if offset == 0, z {
            out.append(UInt8(ascii: "Z"))
            return
        }
        out.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        let magnitude = Int64(offset.magnitude)
        out.appendTwoDigits(magnitude / 3600 % 100)
        let minuteValue = magnitude / 60 % 60
        let secondValue = magnitude % 60
        if minutes == .always || minuteValue != 0 || (seconds && secondValue != 0) {
            if colon { out.append(UInt8(ascii: ":")) }
            out.appendTwoDigits(minuteValue)
        }
        if seconds, secondValue != 0 {
            if colon { out.append(UInt8(ascii: ":")) }
            out.appendTwoDigits(secondValue)
        }
    }
}
