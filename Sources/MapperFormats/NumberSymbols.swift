import Foundation

/// A locale's number symbols for one style, read once from Foundation's `NumberFormatter`.
package struct NumberSymbols: Sendable {
    var decimalSeparator: String
    var groupingSeparator: String
    /// Digits in the group nearest the decimal separator (0 = no grouping), and in the others.
    var groupingSize: Int
    var secondaryGroupingSize: Int
    var positivePrefix: String
    var positiveSuffix: String
    var negativePrefix: String
    var negativeSuffix: String
    var exponentSymbol: String
    var minusSign: String
    var plusSign: String
    /// Whether exponents are written with a plus sign (`E+004`), and their minimum digits.
    var exponentShowsPlus: Bool
    var exponentMinimumDigits: Int
    /// The locale's digits zero to nine (`٠`…`٩` for `ar_EG`).
    var digits: [String]

    init(style: NumberPattern.Style, locale: Locale) {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle =
            switch style {
            case .decimal: .decimal
            case .percent: .percent
            case .scientific: .scientific
            }
        // Foundation types these as `String!` on Darwin and `String` on Linux; this takes either.
        func text(_ value: String?, _ fallback: String) -> String {
            value.flatMap { $0.isEmpty ? nil : $0 } ?? fallback
        }
        func affix(_ value: String?) -> String {
            value ?? ""
        }
        decimalSeparator = text(formatter.decimalSeparator, ".")
        groupingSeparator = text(formatter.groupingSeparator, ",")
        let grouping = style != .scientific && formatter.usesGroupingSeparator
        groupingSize = grouping ? max(formatter.groupingSize, 0) : 0
        secondaryGroupingSize = max(formatter.secondaryGroupingSize, 0)
        positivePrefix = affix(formatter.positivePrefix)
        positiveSuffix = affix(formatter.positiveSuffix)
        negativePrefix = affix(formatter.negativePrefix)
        negativeSuffix = affix(formatter.negativeSuffix)
        minusSign = text(formatter.minusSign, "-")
        plusSign = text(formatter.plusSign, "+")
        exponentSymbol = text(formatter.exponentSymbol, "E")
        if NumberSymbols.normalized(negativePrefix + negativeSuffix)
            == NumberSymbols.normalized(positivePrefix + positiveSuffix)
        {
            negativePrefix = minusSign + positivePrefix
        }

        let exponentPattern =
            affix(formatter.positiveFormat).split(separator: "E", maxSplits: 1).dropFirst().first ?? ""
        exponentShowsPlus = exponentPattern.hasPrefix("+")
        exponentMinimumDigits = max(1, exponentPattern.filter { $0 == "0" }.count)

        formatter.numberStyle = .decimal
        let native = (0...9).map { formatter.string(from: NSNumber(value: $0)) ?? "" }
        digits = native.allSatisfy({ $0.count == 1 }) && Set(native).count == 10 ? native : (0...9).map(String.init)
    }

    /// Text as the parser compares it: bidirectional marks dropped; the various spaces, minus signs
    /// and apostrophes folded to one each, so `12 %` reads like `12\u{A0}%` and `1'234` like `1’234`.
    static func normalized(_ text: some StringProtocol) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x200E, 0x200F, 0x061C: continue
            case 0x00A0, 0x202F, 0x2007: result.append(" ")
            case 0x2212: result.append("-")
            case 0x2019: result.append("'")
            default: result.append(scalar)
            }
        }
        return result
    }
}
