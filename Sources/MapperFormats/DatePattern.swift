import Foundation
import MapperSupport

/// A Unicode TR35 date pattern (`DateFormatter.dateFormat` syntax) with its locale, time zone and
/// calendar, compiled once and then parsed and formatted without Foundation.
///
/// ```swift
/// let pattern = try DatePattern(pattern: "MMMM d, yyyy", locale: "en_US", timeZone: "America/Los_Angeles")
/// pattern.parse("September 25, 2015")          // Instant(seconds: 1443164400)
/// pattern.format(Instant(seconds: 1183135260))  // "June 29, 2007"
/// ```
///
/// Parsing is strict: the whole text must match, every field is range-checked (no rollover), a
/// weekday must agree with the date, a day period (`a`) with a 24-hour field, and a field given
/// twice must agree with itself. Details:
/// - Names (months, weekdays, eras, AM/PM, zone names) match ignoring case: ASCII case anywhere,
///   plus each name's all-lower and all-upper forms (`MÄRZ`); narrow names (`MMMMM`) that several
///   months share resolve to the first.
/// - Numeric fields read ASCII digits: one to the field's usual width (`d` and `dd` both read `5` and
///   `25`, as ICU does) or the letter count if larger; `yy` reads exactly two. A numeric field
///   directly followed by another (`yyyyMMdd`) reads exactly its letter count (a single letter: the
///   usual width).
/// - `yy` maps 00–49 to 2000–2049 and 50–99 to 1950–1999. This fixed window is the default of
///   Foundation's `twoDigitStartDate` (1950-01-01) on Linux; ICU's own default slides with today's
///   date, which would make the same input decode differently over the years.
/// - A parsed offset (`Z`, `X`, `O`, a GMT form in `z`) overrides the pattern's zone. A zone name of
///   the pattern's own zone (`PDT`) selects which reading of an ambiguous wall-clock time is meant;
///   on a date without that kind of time it stands for the zone's typical offset of that kind
///   (`PDT` in January is UTC−7), as ICU reads it. Names of other zones (`EST` in a Los Angeles
///   pattern) are not recognised. Without a name, a wall-clock time that happens twice (clocks
///   going back) is the later one, and one that never happens (clocks going forward) is a failure,
///   as with a non-lenient `DateFormatter`.
/// - Fields missing from the pattern default to 1970-01-01 00:00:00.000 in the pattern's zone.
/// - Supported letters: `G y yy u M L d D E e c a h H k K m s S Z O X x z v`. `Y` (week-based year),
///   `w`, `W`, `F`, `g`, `A`, `Q`, `q`, `b`, `B`, `U`, `r`, `V` are rejected with a hint.
/// - Only the Gregorian calendar is supported; digits are always ASCII, even for locales whose
///   `DateFormatter` writes native digits.
package struct DatePattern: Sendable {
    /// Everything built at init, behind one reference: copying a pattern (into a closure, a
    /// dictionary, another thread) costs one retain, not one per table.
    package final class Compiled: Sendable {
        let pattern: String
        let steps: [DateStep]
        let literals: [UInt8]
        let symbols: DateSymbols
        let zone: FormatZone
        /// Upper bound of a formatted string, so formatting writes in place.
        package let maximumLength: Int
        /// How many fraction-of-second digits the pattern writes (its `S` field, 1–9), or nil when
        /// it has none.
        package let fractionDigits: Int?

        init(pattern: String, steps: [DateStep], literals: [UInt8], symbols: DateSymbols, zone: FormatZone) {
            self.pattern = pattern
            self.steps = steps
            self.literals = literals
            self.symbols = symbols
            self.zone = zone
            var length = 0
            for step in steps {
                switch step.kind {
                case .literal: length += step.literalLength
                case .era, .monthName, .weekdayName, .dayPeriod: length += symbols[step.symbols].maximumLength
                case .offsetBasic, .offsetISO: length += 16
                case .offsetGMT: length += zone.gmt.maximumLength
                case .zoneName: length += zone.maximumNameLength
                default: length += max(step.count, 20) + 1
                }
            }
            maximumLength = length
            fractionDigits = steps.filter { $0.kind == .fraction }.map { min($0.count, 9) }.max()
        }
    }

    package let compiled: Compiled

    package var pattern: String {
        compiled.pattern
    }

    package init(
        pattern: String, locale: String = "en_US_POSIX", timeZone: String = "UTC", calendar: String = "gregorian"
    ) throws(FormatError) {
        guard calendar == "gregorian" else {
            throw FormatError(
                code: "unknown-calendar",
                message: "unknown calendar '\(calendar)': only 'gregorian' is supported",
                hint: Suggestion.hint(for: calendar, in: ["gregorian"])
                    ?? "remove 'calendar' or set it to 'gregorian'")
        }
        let (steps, literals) = try DatePattern.compile(pattern)
        let locale = Locale(identifier: try LocaleIdentifier.validate(locale))
        let zone = try FormatZone(
            identifier: timeZone, locale: locale, names: steps.contains { $0.kind == .zoneName || $0.kind == .offsetGMT })
        compiled = Compiled(
            pattern: pattern, steps: steps, literals: literals, symbols: DateSymbols.cached(locale: locale), zone: zone)
    }

    /// The instant `text` denotes, or nil when it does not match the pattern exactly.
    package func parse(_ text: some StringProtocol) -> Instant? {
        let compiled = compiled
        return UTF8Buffer.withBytes(of: text) { compiled.parse($0) }
    }

    /// Parses raw UTF-8 bytes without allocating (IANA zones ask Foundation for offsets).
    package func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Instant? {
        compiled.parse(bytes)
    }

    package func format(_ instant: Instant) -> String {
        let compiled = compiled
        return UTF8Buffer.string(capacity: compiled.maximumLength) { compiled.write(instant, to: &$0) }
    }

    package func format(_ instant: Instant, into bytes: inout [UInt8]) {
        let compiled = compiled
        UTF8Buffer.append(to: &bytes, capacity: compiled.maximumLength) { compiled.write(instant, to: &$0) }
    }

    /// How many fraction-of-second digits the pattern writes (its `S` field, 1–9), or nil when it
    /// has none. An instant with finer digits cannot be written exactly: the encoder reports it.
    package var fractionDigits: Int? {
        compiled.fractionDigits
    }

    /// Whether the pattern names a calendar day and nothing finer: only era, year, month, day and
    /// weekday fields and literals (`dd.MM.yyyy`, `MMM d, yyyy`), no time of day and no zone.
    package var isDayOnly: Bool {
        let steps = compiled.steps
        let kinds = Set(steps.map(\.kind))
        let hasDay = kinds.contains(.dayOfYear) || (kinds.contains(.day) && !kinds.isDisjoint(with: [.month, .monthName]))
        return hasDay && !kinds.isDisjoint(with: [.year, .twoDigitYear, .extendedYear])
            && steps.allSatisfy { step in
                switch step.kind {
                case .literal, .era, .year, .twoDigitYear, .extendedYear, .month, .monthName, .day, .dayOfYear,
                    .weekdayName, .localWeekday:
                    return true
                default: return false
                }
            }
    }

    /// nil when the pattern reads back what it writes; otherwise one sentence saying what went wrong
    /// (the catalog reports it as a load error).
    ///
    /// For each sample instant the formatted text must parse, and the parsed instant must format to
    /// the same text. A pattern that names a full date and time down to the minute must moreover give
    /// back the sample itself to its precision, which catches `hh` without `a`.
    package func roundTripProblem() -> String? {
        for sample in DatePattern.samples {
            let text = format(sample)
            guard let parsed = parse(text) else {
                return "date pattern \"\(pattern)\" writes \(sample) as \"\(text)\" but cannot parse that back"
            }
            let again = format(parsed)
            guard again == text else {
                return "date pattern \"\(pattern)\" writes \(sample) as \"\(text)\" but parses that back as \(parsed), "
                    + "which it writes as \"\(again)\""
            }
            if let unit = precision,
                !(sample.milliseconds - unit + 1...sample.milliseconds).contains(parsed.milliseconds)
            {
                return "date pattern \"\(pattern)\" writes \(sample) as \"\(text)\" but parses that back as \(parsed)"
            }
        }
        return nil
    }

    /// 2007-06-29T16:41:00Z and 2015-09-25T07:00:00Z, a 1999 date with single-digit month,
    /// day and hour and non-zero milliseconds, and a leap-day afternoon.
    static let samples: [Instant] = [
        Instant(seconds: 1_183_135_260),
        Instant(seconds: 1_443_164_400),
        Instant(milliseconds: 920_606_706_007),
        Instant(milliseconds: 1_583_011_845_500),
    ]

    /// The smallest unit in milliseconds when the pattern holds a whole date and time to the minute
    /// or finer; nil otherwise (then only the text round trip is checked).
    private var precision: Int64? {
        let steps = compiled.steps
        let kinds = Set(steps.map(\.kind))
        let hasYear = !kinds.isDisjoint(with: [.year, .twoDigitYear, .extendedYear])
        let hasDate =
            kinds.contains(.dayOfYear) || (kinds.contains(.day) && !kinds.isDisjoint(with: [.month, .monthName]))
        let hasHour = !kinds.isDisjoint(with: [.hour0To23, .hour1To24, .hour1To12, .hour0To11])
        guard hasYear, hasDate, hasHour, kinds.contains(.minute) else { return nil }
        if let fraction = steps.first(where: { $0.kind == .fraction }) {
            return fraction.count == 1 ? 100 : fraction.count == 2 ? 10 : 1
        }
        return kinds.contains(.second) ? 1000 : 60000
    }
}

package enum LocaleIdentifier {
    static let available: Set<String> = Set(Locale.availableIdentifiers).union(["en_US_POSIX"])

    /// The identifier as Foundation knows it (`en-US` is accepted as `en_US`), or `unknown-locale`.
    static func validate(_ identifier: String) throws(FormatError) -> String {
        // The default, checked without building the set of every locale ICU knows.
        if identifier == "en_US_POSIX" || available.contains(identifier) { return identifier }
        let underscored = String(identifier.map { $0 == "-" ? "_" : $0 })
        if available.contains(underscored) { return underscored }
        throw FormatError(
            code: "unknown-locale", message: "unknown locale '\(identifier)'",
            hint: Suggestion.hint(for: identifier, in: available.sorted())
                ?? "use a locale identifier such as 'en_US', 'de_DE' or 'en_US_POSIX'")
    }
}
