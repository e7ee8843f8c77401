import Testing

@testable import MapperFormats
@testable import MapperJSON

struct NumberPatternTests {
    private func number(_ style: String, _ locale: String) throws -> NumberPattern {
        try NumberPattern(style: style, locale: locale)
    }

    @Test func specExamples() throws {
        let us = try number("decimal", "en_US")
        #expect(us.parse("0.12345") == "0.12345")
        #expect(us.format("0.12345") == "0.12345")
        #expect(us.format("12345.678") == "12,345.678")
        #expect(us.parse("Apple") == nil)
        #expect(try number("percent", "en_US").parse("12%") == "0.12")
        #expect(try number("percent", "en_US").format("0.12") == "12%")
        #expect(try number("scientific", "en_US").parse("1.2345E4") == "12345")
        #expect(try number("scientific", "en_US").format("12345") == "1.2345E4")
    }

    @Test(arguments: [
        ("en_US", "12345.678", "12,345.678"), ("en_US", "-1234567.5", "-1,234,567.5"), ("en_US", "1.5e3", "1,500"),
        ("en_US", "-0", "-0"), ("en_US", "1e-3", "0.001"), ("en_US", "999", "999"), ("en_US", "1000", "1,000"),
        ("en_US", "0", "0"), ("en_US", "1.50", "1.50"), ("en_US", "0.000", "0.000"), ("en_US", "12E-1", "1.2"),
        (
            "en_US", "123456789012345678901234567890.12345678901234567890",
            "123,456,789,012,345,678,901,234,567,890.12345678901234567890"
        ),
        ("de_DE", "12345.678", "12.345,678"), ("de_DE", "-0.5", "-0,5"),
        ("fr_FR", "12345.678", "12\u{202F}345,678"), ("de_CH", "1234.5", "1’234.5"),
        ("ar_EG", "-1234.5", "\u{61C}-١٬٢٣٤٫٥"), ("en_US_POSIX", "1234.5", "1,234.5"),
    ])
    func formatsDecimals(locale: String, literal: String, text: String) throws {
        #expect(try number("decimal", locale).format(literal) == text)
    }

    @Test(arguments: [
        ("en_US", "12,345.678", "12345.678"), ("en_US", "12345.678", "12345.678"), ("en_US", "1,234,567", "1234567"),
        ("en_US", ".5", "0.5"), ("en_US", "-.5", "-0.5"), ("en_US", "007", "7"), ("en_US", "1.50", "1.50"),
        ("en_US", "-0", "-0"), ("en_US", "0.000", "0.000"), ("en_US", "1E3", "1000"), ("en_US", "1.5e-2", "0.015"),
        ("en_US", "\u{2212}5", "-5"), ("de_DE", "12.345,678", "12345.678"), ("de_DE", "12,5", "12.5"),
        ("de_DE", "12345,678", "12345.678"), ("fr_FR", "12 345,678", "12345.678"),
        ("fr_FR", "12\u{A0}345,678", "12345.678"),
        ("fr_FR", "12\u{202F}345,678", "12345.678"), ("de_CH", "1'234.5", "1234.5"), ("de_CH", "1’234.5", "1234.5"),
        ("ar_EG", "\u{61C}-١٬٢٣٤٫٥", "-1234.5"), ("ar_EG", "١٢٣٤٫٥", "1234.5"), ("ar_EG", "1234٫5", "1234.5"),
    ])
    func parsesDecimals(locale: String, text: String, literal: String) throws {
        #expect(try number("decimal", locale).parse(text) == literal)
    }

    @Test(arguments: [
        ("en_US", "Apple"), ("en_US", "1,2,3"), ("en_US", "12,34"), ("en_US", "1,234,56"), ("en_US", ",123"),
        ("en_US", "1,,234"), ("en_US", "1,234."), ("en_US", "5."), ("en_US", ""), ("en_US", "-"), ("en_US", "."),
        ("en_US", "1 234"), ("en_US", "12345,678"), ("en_US", " 5"), ("en_US", "5 "), ("en_US", "+5"), ("en_US", "--5"),
        ("en_US", "1.2.3"), ("en_US", "1e"), ("en_US", "0x10"), ("en_US", "12%"), ("en_US", "NaN"), ("en_US", "∞"),
        ("de_DE", "12.5"), ("de_DE", "12,345.678"), ("fr_FR", "12,345.678"),
    ])
    func rejectsDecimals(locale: String, text: String) throws {
        #expect(try number("decimal", locale).parse(text) == nil)
    }

    @Test(arguments: [
        ("en_US", "0.12", "12%"), ("en_US", "1", "100%"), ("en_US", "1.00", "100%"), ("en_US", "0.125", "12.5%"),
        ("en_US", "0.1250", "12.50%"), ("en_US", "-0.5", "-50%"), ("en_US", "12345", "1,234,500%"),
        ("en_US", "0.005", "0.5%"), ("de_DE", "0.12", "12\u{A0}%"), ("tr_TR", "0.12", "%12"),
        ("tr_TR", "-0.12", "-%12"),
    ])
    func formatsPercentages(locale: String, literal: String, text: String) throws {
        #expect(try number("percent", locale).format(literal) == text)
    }

    @Test(arguments: [
        ("en_US", "12%", "0.12"), ("en_US", "100%", "1.00"), ("en_US", "12.5%", "0.125"), ("en_US", "0.5%", "0.005"),
        ("en_US", "-12%", "-0.12"), ("en_US", "1,234,500%", "12345.00"), ("de_DE", "12 %", "0.12"),
        ("de_DE", "12\u{A0}%", "0.12"), ("tr_TR", "%12", "0.12"), ("tr_TR", "-%12", "-0.12"),
    ])
    func parsesPercentages(locale: String, text: String, literal: String) throws {
        #expect(try number("percent", locale).parse(text) == literal)
    }

    @Test(arguments: ["12", "12 %", "%12", "12%%", "-12", "12%-"])
    func rejectsPercentagesWithoutTheSign(text: String) throws {
        #expect(try number("percent", "en_US").parse(text) == nil)
    }

    @Test(arguments: [
        ("en_US", "12345", "1.2345E4"), ("en_US", "12300", "1.23E4"), ("en_US", "0.00012", "1.2E-4"),
        ("en_US", "-1.5", "-1.5E0"), ("en_US", "0", "0E0"), ("en_US", "1.50", "1.50E0"), ("en_US", "100.0", "1.000E2"),
        ("en_US", "1e5000", "1E5000"), ("en_US_POSIX", "12345", "1.2345E+004"), ("en_US_POSIX", "0.5", "5E-001"),
        ("de_DE", "12345", "1,2345E4"),
    ])
    func formatsScientific(locale: String, literal: String, text: String) throws {
        #expect(try number("scientific", locale).format(literal) == text)
    }

    @Test(arguments: [
        ("en_US", "1.2345E4", "12345"), ("en_US", "1.2345e4", "12345"), ("en_US", "1.2345E+4", "12345"),
        ("en_US", "1.23E4", "12300"), ("en_US", "1.2E-4", "0.00012"), ("en_US", "-1.5E0", "-1.5"),
        ("en_US", "1.20E1", "12.0"), ("en_US", "12345", "12345"), ("en_US", "1E5000", "1e5000"),
        ("en_US", "1.5E-5000", "1.5e-5000"), ("en_US_POSIX", "1.2345E+004", "12345"), ("de_DE", "1,2345E4", "12345"),
    ])
    func parsesScientific(locale: String, text: String, literal: String) throws {
        #expect(try number("scientific", locale).parse(text) == literal)
    }

    @Test(arguments: ["1.2345E", "E4", "1.2345E4.5", "1,234E4", "1.2345 E4", "1.2345X4"])
    func rejectsScientific(text: String) throws {
        #expect(try number("scientific", "en_US").parse(text) == nil)
    }

    @Test func hugeExponentsStayCompact() throws {
        let decimal = try number("decimal", "en_US")
        #expect(decimal.format("1e999").count == 1 + 999 + 333)
        #expect(decimal.format("1e5000") == "1E5000")
        #expect(decimal.parse("1E5000") == "1e5000")
        #expect(decimal.format("0e999999999") == "0")
        #expect(decimal.format("-2.5e-4000") == "-2.5E-4000")
    }

    @Test func textThatIsNotAJSONNumberIsWrittenUnchanged() throws {
        #expect(try number("decimal", "en_US").format("abc") == "abc")
        #expect(try number("decimal", "en_US").format("01") == "01")
    }

    @Test func unknownStylesAndLocales() {
        #expect(
            throws: FormatError(
                code: "unknown-number-style", message: "unknown number style 'currency'",
                hint: "use decimal, percent or scientific")
        ) { try NumberPattern(style: "currency") }
        #expect(
            throws: FormatError(
                code: "unknown-number-style", message: "unknown number style 'percnt'", hint: "did you mean 'percent'?")
        ) { try NumberPattern(style: "percnt") }
        #expect(
            throws: FormatError(
                code: "unknown-number-style", message: "unknown number style 'Decimal'", hint: "did you mean 'decimal'?"
            )
        ) { try NumberPattern(style: "Decimal") }
        #expect(
            throws: FormatError(
                code: "unknown-locale", message: "unknown locale 'en_USS'", hint: "did you mean 'en_US'?")
        ) {
            try NumberPattern(style: "decimal", locale: "en_USS")
        }
    }
}
