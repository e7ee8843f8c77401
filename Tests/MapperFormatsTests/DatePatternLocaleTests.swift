import Foundation
import Testing

@testable import MapperFormats
@testable import MapperJSON

/// Month, weekday, era and day-period names come from the locale.
struct DatePatternLocaleTests {
    static let thursday = Instant("2015-03-05T19:04:09Z")

    @Test(arguments: [
        ("de_DE", "EEEE, d. MMMM yyyy", "Donnerstag, 5. März 2015"), ("de_DE", "EEE d. MMM", "Do. 5. März"),
        ("fr_FR", "EEEE d MMMM yyyy", "jeudi 5 mars 2015"), ("fr_FR", "d MMM yyyy", "5 mars 2015"),
        ("ru_RU", "d MMMM yyyy", "5 марта 2015"), ("ru_RU", "LLLL yyyy", "март 2015"),
        ("ja_JP", "yyyy年M月d日(E)", "2015年3月5日(木)"), ("en_US", "h:mm a, MMM d", "7:04 PM, Mar 5"),
        ("de_DE", "G y", "n. Chr. 2015"), ("fr_FR", "GGGG y", "après Jésus-Christ 2015"),
    ])
    func writesAndReadsLocaleNames(locale: String, pattern: String, text: String) throws {
        let format = try DatePattern(pattern: pattern, locale: locale)
        #expect(format.format(Self.thursday) == text)
        let parsed = try #require(format.parse(text))
        #expect(format.format(parsed) == text)
    }

    @Test func nonASCIINamesMatchTheirLowerAndUpperCaseForms() throws {
        let german = try DatePattern(pattern: "d. MMMM yyyy", locale: "de_DE")
        let march5 = Instant("2015-03-05T00:00:00Z")
        #expect(german.parse("5. März 2015") == march5)
        #expect(german.parse("5. märz 2015") == march5)
        #expect(german.parse("5. MÄRZ 2015") == march5)
        #expect(german.parse("5. March 2015") == nil)
        let russian = try DatePattern(pattern: "d MMMM yyyy", locale: "ru_RU")
        #expect(russian.parse("5 МАРТА 2015") == march5)
        #expect(russian.parse("5 март 2015") == nil)  // the stand-alone form is for LLLL
    }

    @Test func bcp47HyphensAreAccepted() throws {
        let pattern = try DatePattern(pattern: "MMMM", locale: "de-DE")
        #expect(pattern.format(Self.thursday) == "März")
    }
}

struct POSIXSymbolTests {
    /// The built-in en_US_POSIX names must be exactly what Foundation (ICU) says.
    @Test func builtInPOSIXNamesMatchFoundation() {
        let (names, firstWeekday) = DateSymbols.names(locale: Locale(identifier: "en_US_POSIX"))
        #expect(names == DateSymbols.posixNames)
        #expect(firstWeekday == 0)
    }
}
