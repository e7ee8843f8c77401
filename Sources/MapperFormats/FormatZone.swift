import Foundation
import MapperSupport

/// The time zone of a date pattern: UTC or a fixed offset (pure arithmetic), or an IANA zone
/// (Foundation's `TimeZone`, asked for the offset at an instant).
package struct FormatZone: Sendable {
    enum Rule: Sendable {
        case fixed(seconds: Int)
        case foundation(TimeZone)
    }

    let identifier: String
    let rule: Rule
    let gmt: LocalizedGMT
    /// The zone's own names, which `z` and `v` parse: index 0 standard, 1 daylight, 2 generic.
    let names: SymbolTable
    /// Display names for `z`, `zzzz`, `v`, `vvvv`; empty means "write the localized GMT offset".
    private let shortStandard: [UInt8], shortDaylight: [UInt8], longStandard: [UInt8], longDaylight: [UInt8]
    private let shortGeneric: [UInt8], longGeneric: [UInt8]
    /// The zone's present-day standard and daylight offsets, which a parsed `PST` or `PDT` means
    /// when the date itself does not have that kind of time (a `PDT` in January is UTC−7).
    private let standardOffset: Int?, daylightOffset: Int?

    /// `names`: whether the pattern writes or reads the zone by name or as a localized GMT offset
    /// (`z`, `v`, `O`, `ZZZZ`). Only then are the locale's names asked for, which costs ICU
    /// milliseconds, a good part of the time a small catalog takes to load.
    init(identifier: String, locale: Locale, names needsNames: Bool) throws(FormatError) {
        self.identifier = identifier
        var nameZone: TimeZone?
        if let (seconds, named) = FormatZone.fixedOffset(identifier) {
            rule = .fixed(seconds: seconds)
            // "UTC" and "GMT" have names of their own; other fixed offsets are written as GMT offsets.
            nameZone = named.flatMap { TimeZone(identifier: $0) }
        } else if let zone = TimeZone(identifier: identifier) {
            rule = .foundation(zone)
            nameZone = zone
        } else {
            throw FormatZone.unknown(identifier)
        }
        guard needsNames else {
            gmt = LocalizedGMT()
            names = SymbolTable(alternatives: [[], [], []])
            (shortStandard, shortDaylight, longStandard, longDaylight, shortGeneric, longGeneric) = ([], [], [], [], [], [])
            (standardOffset, daylightOffset) = (nil, nil)
            return
        }
        gmt = LocalizedGMT(locale: locale)
        func name(_ style: NSTimeZone.NameStyle) -> String {
            nameZone?.localizedName(for: style, locale: locale) ?? ""
        }
        var styles: [NSTimeZone.NameStyle] = [
            .shortStandard, .shortDaylightSaving, .standard, .daylightSaving, .shortGeneric, .generic,
        ]
        if case .fixed = rule {
            // A fixed zone has one name; Foundation's daylight and generic names of UTC say "GMT".
            styles = [.shortStandard, .shortStandard, .standard, .standard, .shortStandard, .standard]
        }
        var typical: (standard: Int?, daylight: Int?) = (nil, nil)
        if case .foundation(let zone) = rule {
            for seconds in [1_579_046_400.0, 1_594_771_200] {  // 2020-01-15 and 2020-07-15
                let date = Date(timeIntervalSince1970: seconds)
                if zone.isDaylightSavingTime(for: date) {
                    typical.daylight = zone.secondsFromGMT(for: date)
                } else {
                    typical.standard = zone.secondsFromGMT(for: date)
                }
            }
        }
        (standardOffset, daylightOffset) = typical
        let texts = styles.map(name)
        shortStandard = Array(texts[0].utf8)
        shortDaylight = Array(texts[1].utf8)
        longStandard = Array(texts[2].utf8)
        longDaylight = Array(texts[3].utf8)
        shortGeneric = Array(texts[4].utf8)
        longGeneric = Array(texts[5].utf8)
        names = SymbolTable(alternatives: [
            [texts[0], texts[2]].filter { !$0.isEmpty },
            [texts[1], texts[3]].filter { !$0.isEmpty },
            [texts[4], texts[5]].filter { !$0.isEmpty },
        ])
    }

    var maximumNameLength: Int {
        [shortStandard, shortDaylight, longStandard, longDaylight, shortGeneric, longGeneric]
            .map(\.count).max().map { max($0, gmt.maximumLength) } ?? gmt.maximumLength
    }

    /// Seconds east of UTC at `milliseconds` since the epoch.
    @inline(__always)
    func offset(at milliseconds: Int64) -> Int {
        switch rule {
        case .fixed(let seconds): seconds
        case .foundation(let zone): zone.secondsFromGMT(for: FormatZone.date(milliseconds))
        }
    }

    func isDaylightSavingTime(at milliseconds: Int64) -> Bool {
        switch rule {
        case .fixed: false
        case .foundation(let zone): zone.isDaylightSavingTime(for: FormatZone.date(milliseconds))
        }
    }

    /// The UTC instant whose wall-clock reading here is `local`, or nil when there is none (the
    /// hour skipped when clocks go forward). When clocks go back and a reading happens twice, the
    /// later one is taken, as ICU (and so `DateFormatter`) does, unless `daylight` says which one
    /// the text meant (a parsed `PDT` or `PST`). A `daylight` that the date cannot have stands for
    /// the zone's typical offset of that kind, as ICU reads zone abbreviations.
    func utc(fromLocal local: Int64, daylight: Bool?) -> Int64? {
        switch rule {
        case .fixed(let seconds):
            return local - Int64(seconds) * 1000
        case .foundation:
            // Any answer lies within 26 hours of `local`, and zones change offset at most once in
            // such a window, so the offsets a day either side are the only candidates.
            let before = offset(at: local - CivilCalendar.millisecondsPerDay)
            let after = offset(at: local + CivilCalendar.millisecondsPerDay)
            var found: Int64?
            func consider(_ candidate: Int) {
                let instant = local - Int64(candidate) * 1000
                guard offset(at: instant) == candidate else { return }
                if let daylight, isDaylightSavingTime(at: instant) != daylight { return }
                found = max(found ?? instant, instant)
            }
            consider(before)
            if after != before { consider(after) }
            if found == nil, let daylight, let typical = daylight ? daylightOffset : standardOffset {
                return local - Int64(typical) * 1000
            }
            return found
        }
    }

    func writeName(at milliseconds: Int64, offsetSeconds: Int, long: Bool, generic: Bool, to out: inout ByteCursor) {
        let name: [UInt8]
        if generic {
            name = long ? longGeneric : shortGeneric
        } else if isDaylightSavingTime(at: milliseconds) {
            name = long ? longDaylight : shortDaylight
        } else {
            name = long ? longStandard : shortStandard
        }
        if name.isEmpty {
            gmt.write(offsetSeconds: offsetSeconds, long: long, to: &out)
        } else {
            out.append(name)
        }
    }

    private static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// `UTC`, `GMT`, `Z`, `Etc/UTC`, `Etc/GMT`, and offsets `±HH:MM` (also `±HHMM`, `±HH`, `±H`,
    /// optionally after `UTC` or `GMT`) with hours up to 23 and minutes up to 59; with the IANA
    /// zone whose names a zero offset uses.
    static func fixedOffset(_ identifier: String) -> (seconds: Int, names: String?)? {
        switch identifier {
        case "UTC", "Z", "Etc/UTC": return (0, "Etc/UTC")
        case "GMT", "Etc/GMT": return (0, "GMT")
        default: break
        }
        var text = Substring(identifier)
        if text.hasPrefix("UTC") || text.hasPrefix("GMT") { text = text.dropFirst(3) }
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let digits = text.dropFirst().filter { $0 != ":" }
        guard text.dropFirst().allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":") }),
            text.filter({ $0 == ":" }).count <= 1
        else { return nil }
        let hours: Int?
        let minutes: Int?
        switch (digits.count, text.contains(":")) {
        case (1, false), (2, false): (hours, minutes) = (Int(digits), 0)
        case (4, false): (hours, minutes) = (Int(digits.prefix(2)), Int(digits.suffix(2)))
        case (4, true) where text.dropFirst().dropFirst(2).first == ":":
            (hours, minutes) = (Int(digits.prefix(2)), Int(digits.suffix(2)))
        default: return nil
        }
        guard let hours, let minutes, hours <= 23, minutes <= 59 else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return (sign == "-" ? -seconds : seconds, nil)
    }

    static func unknown(_ identifier: String) -> FormatError {
        let message = "unknown time zone '\(identifier)'"
        if let first = identifier.first,
            first == "+" || first == "-" || identifier.hasPrefix("UTC")
                || identifier.hasPrefix("GMT")
        {
            return FormatError(
                code: "unknown-time-zone", message: message,
                hint: "write a fixed offset as ±HH:MM with hours 00–23, e.g. '+05:30'")
        }
        let candidates = ["UTC", "GMT"] + TimeZone.knownTimeZoneIdentifiers
        return FormatError(
            code: "unknown-time-zone", message: message,
            hint: Suggestion.hint(for: identifier, in: candidates)
                ?? "use an IANA name such as 'Europe/Paris', 'UTC', or an offset such as '+05:30'")
    }
}
