/// One instruction of a compiled date pattern: a literal run or a field.
package struct DateStep: Sendable {
    enum Kind: UInt8, Sendable {
        case literal
        case era, year, twoDigitYear, extendedYear
        case month, monthName, day, dayOfYear
        case weekdayName, localWeekday
        case dayPeriod
        case hour0To23, hour1To24, hour1To12, hour0To11
        case minute, second, fraction
        /// `Z`…`ZZZ`: `-0800`.
        case offsetBasic
        /// `ZZZZ`, `OOOO`: `GMT-08:00`; `O`: `GMT-8`.
        case offsetGMT
        /// `X`…`XXXXX`, `x`…`xxxxx`, `ZZZZZ`.
        case offsetISO
        /// `z`…`zzzz` (specific), `v`, `vvvv` (generic).
        case zoneName
    }

    var kind: Kind
    /// How many letters the pattern repeats; sets the zero padding when formatting.
    var count = 0
    /// Digits a numeric field reads.
    var minimumDigits = 1
    var maximumDigits = 1
    var symbols = DateSymbols.Kind.monthWide
    var literalStart = 0
    var literalLength = 0
    /// Long form of a GMT offset or zone name; generic zone name.
    var long = false
    var generic = false
    /// ISO offset shape: `Z` for zero, `:` between fields, minutes required, seconds allowed.
    var isoZ = false
    var isoColon = false
    var isoMinutesRequired = true
    var isoSeconds = false

    var isNumeric: Bool {
        switch kind {
        case .year, .twoDigitYear, .extendedYear, .month, .day, .dayOfYear, .localWeekday, .hour0To23,
            .hour1To24, .hour1To12, .hour0To11, .minute, .second, .fraction:
            true
        default:
            false
        }
    }

    /// The width a numeric field takes when another numeric field follows it directly
    /// (`yyyyMMdd`): its letter count, or for a single letter the field's usual width.
    var abuttingWidth: Int {
        guard count == 1 else { return count }
        switch kind {
        case .year, .extendedYear: return 4
        case .dayOfYear: return 3
        case .fraction, .localWeekday: return 1
        default: return 2
        }
    }
}
