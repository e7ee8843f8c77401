import Testing

@testable import MapperFormats
@testable import MapperJSON

struct DatePatternErrorTests {
    private func failure(
        pattern: String = "yyyy", locale: String = "en_US_POSIX", timeZone: String = "UTC",
        calendar: String = "gregorian"
    ) -> FormatError? {
        do {
            _ = try DatePattern(pattern: pattern, locale: locale, timeZone: timeZone, calendar: calendar)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        (
            "yyyy-MM-ddTHH:mm", "invalid date pattern \"yyyy-MM-ddTHH:mm\": 'T' is not a pattern letter",
            "quote literal letters: 'T'"
        ),
        (
            "yyyy-MM-dd'T", "invalid date pattern \"yyyy-MM-dd'T\": unterminated quote",
            "close the quoted text with ', and write '' for a literal quote"
        ),
        (
            "YYYY-MM-dd", "invalid date pattern \"YYYY-MM-dd\": 'YYYY' is the week-based year, which is not supported",
            "use 'yyyy' for the calendar year"
        ),
        (
            "yyyy-ww", "invalid date pattern \"yyyy-ww\": 'w' (week of year) is not supported",
            "remove it, or quote it to write it as text: 'ww'"
        ),
        (
            "QQQ yyyy", "invalid date pattern \"QQQ yyyy\": 'Q' (quarter) is not supported",
            "remove it, or quote it to write it as text: 'QQQ'"
        ),
        ("MMMMMM", "invalid date pattern \"MMMMMM\": 'MMMMMM' has too many letters", "'M' takes 1 to 5 letters"),
        (
            "SSSSSSSSSS", "invalid date pattern \"SSSSSSSSSS\": 'SSSSSSSSSS' has too many letters",
            "'S' takes 1 to 9 letters"
        ),
        ("OO", "invalid date pattern \"OO\": 'OO' is not a valid width", "'O' takes 1 letter (GMT-8) or 4 (GMT-08:00)"),
        ("", "the date pattern is empty", "write a pattern such as \"yyyy-MM-dd'T'HH:mm:ssXXX\""),
        ("h:mm at", "invalid date pattern \"h:mm at\": 't' is not a pattern letter", "quote literal letters: 't'"),
    ])
    func invalidPatterns(pattern: String, message: String, hint: String) throws {
        let error = try #require(failure(pattern: pattern))
        #expect(error.code == "invalid-date-pattern")
        #expect(error.message == message)
        #expect(error.hint == hint)
    }

    @Test func unknownTimeZones() throws {
        let typo = try #require(failure(timeZone: "Europe/Pariss"))
        #expect(
            typo
                == FormatError(
                    code: "unknown-time-zone", message: "unknown time zone 'Europe/Pariss'",
                    hint: "did you mean 'Europe/Paris'?"))
        #expect(failure(timeZone: "america/los_angeles")?.hint == "did you mean 'America/Los_Angeles'?")
        #expect(failure(timeZone: "utc")?.hint == "did you mean 'UTC'?")
        let offset = try #require(failure(timeZone: "+25:00"))
        #expect(offset.code == "unknown-time-zone")
        #expect(offset.message == "unknown time zone '+25:00'")
        #expect(offset.hint == "write a fixed offset as ±HH:MM with hours 00–23, e.g. '+05:30'")
        #expect(
            failure(timeZone: "Nowhere/Qqqqqqqqqq")?.hint
                == "use an IANA name such as 'Europe/Paris', 'UTC', or an offset such as '+05:30'")
    }

    @Test func unknownLocales() throws {
        let typo = try #require(failure(locale: "en_USS"))
        #expect(
            typo
                == FormatError(
                    code: "unknown-locale", message: "unknown locale 'en_USS'", hint: "did you mean 'en_US'?"))
        #expect(failure(locale: "de_de")?.hint == "did you mean 'de_DE'?")
        let generic = "use a locale identifier such as 'en_US', 'de_DE' or 'en_US_POSIX'"
        #expect(failure(locale: "qqqqqqqqqqqqqq")?.hint == generic)
        #expect(failure(locale: "")?.hint == generic)
        #expect(failure(locale: "en-US") == nil)
    }

    @Test func onlyTheGregorianCalendarIsSupported() throws {
        let other = try #require(failure(calendar: "buddhist"))
        #expect(
            other
                == FormatError(
                    code: "unknown-calendar", message: "unknown calendar 'buddhist': only 'gregorian' is supported",
                    hint: "remove 'calendar' or set it to 'gregorian'"))
        #expect(failure(calendar: "gregorain")?.hint == "did you mean 'gregorian'?")
    }

    @Test func descriptionJoinsMessageAndHint() {
        let error = FormatError(
            code: "unknown-locale", message: "unknown locale 'en_USS'", hint: "did you mean 'en_US'?")
        #expect(error.description == "unknown locale 'en_USS' (did you mean 'en_US'?)")
    }
}
