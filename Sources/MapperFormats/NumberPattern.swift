import Foundation
import MapperJSON
import MapperSupport

/// A number format: numbers as localized strings, converted exactly, digit by digit.
///
/// ```swift
/// let us = try NumberPattern(style: "decimal", locale: "en_US")
/// us.format("12345.678")   // "12,345.678"
/// us.parse("12,345.678")   // "12345.678"
/// try NumberPattern(style: "percent", locale: "en_US").parse("12%")  // "0.12"
/// ```
///
/// Values are JSON number literals and never pass through `Double`. The literal `parse` returns
/// keeps the digits as written with the decimal point moved, in the manner of IEEE 754 decimal
/// `scaleB`: trailing fraction zeros are kept (`1.50` → `1.50`, `100%` → `1.00`, `1.20E1` → `12.0`),
/// leading integer zeros are dropped, `-0` stays `-0`, and there is no exponent unless the value
/// would need more than 1,000 padding zeros (then `1e5000`). So `parse(format(x))` has the value of
/// `x`, and `format(parse(s))` gives back `s` for any `s` that `format` wrote.
///
/// Parsing is strict about shape and lenient about look-alikes: the locale's prefix and suffix
/// (`%`, `-`) must be there; grouping separators are optional but, when present, must sit exactly
/// every group (`1,2,3` fails); `.5` is read, `5.` is not; an exponent (the locale's symbol, `E`) is
/// accepted in every style, as ICU does; digits may be ASCII or the locale's own; bidirectional
/// marks are ignored and no-break spaces, `−` and `’` match plain space, `-` and `'`.
package struct NumberPattern: Sendable {
    package enum Style: String, Sendable, CaseIterable {
        case decimal, percent, scientific
    }

    package let style: Style
    let symbols: NumberSymbols
    let matcher: Matcher

    package init(style: String, locale: String = "en_US_POSIX") throws(FormatError) {
        guard let resolved = Style(rawValue: style) else {
            let names = Style.allCases.map(\.rawValue)
            throw FormatError(
                code: "unknown-number-style", message: "unknown number style '\(style)'",
                hint: Suggestion.hint(for: style, in: names) ?? "use decimal, percent or scientific")
        }
        self.style = resolved
        symbols = NumberSymbols(style: resolved, locale: Locale(identifier: try LocaleIdentifier.validate(locale)))
        matcher = Matcher(symbols)
    }

    /// Padding beyond this many zeros switches to exponent notation, so that a hostile `1e999999999`
    /// cannot make a gigabyte of text.
    static let maximumPadding = 1000

    /// The exact value of `text` as a JSON number literal, or nil when `text` is not a number in
    /// this format.
    package func parse(_ text: some StringProtocol) -> String? {
        let input = NumberSymbols.normalized(text)
        for (prefix, suffix, negative) in [
            (matcher.negativePrefix, matcher.negativeSuffix, true),
            (matcher.positivePrefix, matcher.positiveSuffix, false),
        ] {
            guard input.count >= prefix.count + suffix.count, input.starts(with: prefix),
                input.reversed().starts(with: suffix.reversed())
            else { continue }
            if let number = parseBody(input[prefix.count..<input.count - suffix.count]) {
                let shift = number.exponent + (style == .percent ? -2 : 0)
                return DecimalText(
                    negative: negative, digits: number.integer + number.fraction,
                    point: number.integer.count + shift
                ).jsonLiteral
            }
        }
        return nil
    }

    /// The localized text of a JSON number literal (`12345.678`, `-1.5e3`), with every digit kept.
    /// Text that is not a JSON number literal is returned unchanged.
    package func format(_ number: String) -> String {
        var literal = number
        let parsed: (negative: Bool, digits: [UInt8], point: Int)? = literal.withUTF8 { bytes in
            guard let syntax = JSONNumberSyntax(bytes) else { return nil }
            let digits = Array(bytes[syntax.integerDigits]) + Array(bytes[syntax.fractionDigits])
            let point = syntax.integerDigits.count + syntax.exponent + (style == .percent ? 2 : 0)
            return (syntax.negative, digits, point)
        }
        guard let parsed else { return number }
        let value = DecimalText(negative: parsed.negative, digits: parsed.digits, point: parsed.point)
        var out = parsed.negative ? symbols.negativePrefix : symbols.positivePrefix
        if style == .scientific || value.padding > NumberPattern.maximumPadding {
            writeScientific(value, to: &out)
        } else {
            writePlain(value, to: &out)
        }
        out += parsed.negative ? symbols.negativeSuffix : symbols.positiveSuffix
        return out
    }

    private func writeDigits(_ digits: some Sequence<UInt8>, to out: inout String) {
        for digit in digits { out += symbols.digits[Int(digit &- 48)] }
    }

    private func writePlain(_ value: DecimalText, to out: inout String) {
        let (integer, fraction) = value.plainParts
        let primary = symbols.groupingSize
        let secondary = symbols.secondaryGroupingSize > 0 ? symbols.secondaryGroupingSize : primary
        for (index, digit) in integer.enumerated() {
            let remaining = integer.count - index
            if index > 0, primary > 0,
                remaining == primary || (remaining > primary && (remaining - primary) % secondary == 0)
            {
                out += symbols.groupingSeparator
            }
            writeDigits(CollectionOfOne(digit), to: &out)
        }
        if !fraction.isEmpty {
            out += symbols.decimalSeparator
            writeDigits(fraction, to: &out)
        }
    }

    private func writeScientific(_ value: DecimalText, to out: inout String) {
        let (mantissa, exponent) = value.scientificParts
        writeDigits(mantissa.prefix(1), to: &out)
        if mantissa.count > 1 {
            out += symbols.decimalSeparator
            writeDigits(mantissa.dropFirst(), to: &out)
        }
        out += symbols.exponentSymbol
        if exponent < 0 {
            out += symbols.minusSign
        } else if symbols.exponentShowsPlus {
            out += symbols.plusSign
        }
        let exponentDigits = Array(String(exponent.magnitude).utf8)
        writeDigits(
            repeatElement(UInt8(ascii: "0"), count: max(0, symbols.exponentMinimumDigits - exponentDigits.count)),
            to: &out)
        writeDigits(exponentDigits, to: &out)
    }
}
