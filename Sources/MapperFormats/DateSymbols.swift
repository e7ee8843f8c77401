import Foundation
import MapperSupport

/// The locale's names for date fields, read once from Foundation's `DateFormatter` (Gregorian
/// calendar) when a format is built; parsing and formatting never call Foundation for them.
package struct DateSymbols: Sendable {
    enum Kind: Int, CaseIterable {
        case monthAbbreviated, monthWide, monthNarrow
        case standaloneMonthAbbreviated, standaloneMonthWide, standaloneMonthNarrow
        case weekdayAbbreviated, weekdayWide, weekdayNarrow, weekdayShort
        case standaloneWeekdayAbbreviated, standaloneWeekdayWide, standaloneWeekdayNarrow, standaloneWeekdayShort
        case eraAbbreviated, eraWide, eraNarrow
        case dayPeriod, dayPeriodNarrow
    }

    private var tables: [SymbolTable]
    /// 0 = Sunday … 6 = Saturday: the day the locale's week starts on, for `e` and `c`.
    let firstWeekday: Int

    subscript(kind: Kind) -> SymbolTable {
        tables[kind.rawValue]
    }

    /// Symbols read once per locale and process: asking `DateFormatter` is the costliest part of
    /// loading a catalog, and reloads and formats share locales.
    private static let cache = Locked<[String: DateSymbols]>([:])

    static func cached(locale: Locale) -> DateSymbols {
        if let known = cache.withLock({ $0[locale.identifier] }) { return known }
        let symbols =
            locale.identifier == "en_US_POSIX"
            ? DateSymbols(names: posixNames, firstWeekday: 0) : DateSymbols(locale: locale)
        cache.withLock { $0[locale.identifier] = symbols }
        return symbols
    }

    init(locale: Locale) {
        let (names, firstWeekday) = Self.names(locale: locale)
        self.init(names: names, firstWeekday: firstWeekday)
    }

    private init(names: [[String]], firstWeekday: Int) {
        tables = names.map { SymbolTable($0) }
        self.firstWeekday = firstWeekday
    }

    /// The names of every `Kind`, in `Kind` order, and the first weekday, as Foundation gives them.
    static func names(locale: Locale) -> (names: [[String]], firstWeekday: Int) {
        let formatter = DateFormatter()
        formatter.locale = locale
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone

        // Names Foundation exposes no property for come from formatting known dates once.
        func formatted(_ pattern: String, _ seconds: [Double]) -> [String] {
            formatter.dateFormat = pattern
            return seconds.map { formatter.string(from: Date(timeIntervalSince1970: $0)) }
        }
        let sundays = (0..<7).map { Double(259_200 + $0 * 86_400 + 43_200) }  // 1970-01-04 is a Sunday
        let eras = [-70_000_000_000.0, 0]
        let periods = [3_600.0, 46_800]

        func checked(_ names: [String], _ count: Int, _ fallback: [String]) -> [String] {
            names.count == count && !names.contains(where: \.isEmpty) ? names : fallback
        }
        let months = checked(formatter.monthSymbols, 12, DateSymbols.englishMonths)
        let shortMonths = checked(formatter.shortMonthSymbols, 12, months.map { String($0.prefix(3)) })
        let weekdays = checked(formatter.weekdaySymbols, 7, DateSymbols.englishWeekdays)
        let shortWeekdays = checked(formatter.shortWeekdaySymbols, 7, weekdays.map { String($0.prefix(3)) })
        let standaloneWeekdays = checked(formatter.standaloneWeekdaySymbols, 7, weekdays)
        let shortStandaloneWeekdays = checked(formatter.shortStandaloneWeekdaySymbols, 7, shortWeekdays)
        let eraNames = checked(formatter.eraSymbols, 2, ["BC", "AD"])
        let am: String = formatter.amSymbol
        let pm: String = formatter.pmSymbol
        let dayPeriods = [am, pm]

        let names = Kind.allCases.map { kind -> [String] in
            switch kind {
            case .monthAbbreviated: shortMonths
            case .monthWide: months
            case .monthNarrow: checked(formatter.veryShortMonthSymbols, 12, months.map { String($0.prefix(1)) })
            case .standaloneMonthAbbreviated: checked(formatter.shortStandaloneMonthSymbols, 12, shortMonths)
            case .standaloneMonthWide: checked(formatter.standaloneMonthSymbols, 12, months)
            case .standaloneMonthNarrow:
                checked(formatter.veryShortStandaloneMonthSymbols, 12, months.map { String($0.prefix(1)) })
            case .weekdayAbbreviated: shortWeekdays
            case .weekdayWide: weekdays
            case .weekdayNarrow:
                checked(formatter.veryShortWeekdaySymbols, 7, weekdays.map { String($0.prefix(1)) })
            case .weekdayShort: checked(formatted("EEEEEE", sundays), 7, shortWeekdays)
            case .standaloneWeekdayAbbreviated: shortStandaloneWeekdays
            case .standaloneWeekdayWide: standaloneWeekdays
            case .standaloneWeekdayNarrow:
                checked(formatter.veryShortStandaloneWeekdaySymbols, 7, weekdays.map { String($0.prefix(1)) })
            case .standaloneWeekdayShort: checked(formatted("cccccc", sundays), 7, shortStandaloneWeekdays)
            case .eraAbbreviated: eraNames
            case .eraWide: checked(formatter.longEraSymbols, 2, eraNames)
            case .eraNarrow: checked(formatted("GGGGG", eras), 2, eraNames)
            case .dayPeriod: checked(dayPeriods, 2, ["AM", "PM"])
            case .dayPeriodNarrow: checked(formatted("aaaaa", periods), 2, ["a", "p"])
            }
        }
        return (names, (calendar.firstWeekday - 1) % 7)
    }

    /// `en_US_POSIX`, the default locale of formats, is fixed by definition: its names are written
    /// here so the common case never starts ICU (a test checks them against Foundation).
    static let posixNames: [[String]] = {
        let months = englishMonths
        let shortMonths = months.map { String($0.prefix(3)) }
        let narrowMonths = months.map { String($0.prefix(1)) }
        let weekdays = englishWeekdays
        let shortWeekdays = weekdays.map { String($0.prefix(3)) }
        let narrowWeekdays = weekdays.map { String($0.prefix(1)) }
        let twoLetterWeekdays = weekdays.map { String($0.prefix(2)) }
        return Kind.allCases.map { kind -> [String] in
            switch kind {
            case .monthAbbreviated, .standaloneMonthAbbreviated: shortMonths
            case .monthWide, .standaloneMonthWide: months
            case .monthNarrow, .standaloneMonthNarrow: narrowMonths
            case .weekdayAbbreviated, .standaloneWeekdayAbbreviated: shortWeekdays
            case .weekdayWide, .standaloneWeekdayWide: weekdays
            case .weekdayNarrow, .standaloneWeekdayNarrow: narrowWeekdays
            case .weekdayShort, .standaloneWeekdayShort: twoLetterWeekdays
            case .eraAbbreviated: ["BC", "AD"]
            case .eraWide: ["Before Christ", "Anno Domini"]
            case .eraNarrow: ["B", "A"]
            case .dayPeriod: ["AM", "PM"]
            case .dayPeriodNarrow: ["a", "p"]
            }
        }
    }()

    static let englishMonths = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    static let englishWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
}
