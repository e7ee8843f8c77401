extension DatePattern {
    /// Splits a TR35 pattern into steps: runs of one ASCII letter are fields, text between single
    /// quotes is literal (`''` is a quote, inside or outside quotes), anything else is literal.
    static func compile(_ pattern: String) throws(FormatError) -> (steps: [DateStep], literals: [UInt8]) {
        guard !pattern.isEmpty else {
            throw invalid(
                pattern, "the date pattern is empty", hint: "write a pattern such as \"yyyy-MM-dd'T'HH:mm:ssXXX\"")
        }
        let scalars = Array(pattern.unicodeScalars)
        var steps: [DateStep] = []
        var literals: [UInt8] = []
        var pendingStart = 0
        func flushLiteral() {
            if literals.count > pendingStart {
                var step = DateStep(kind: .literal)
                step.literalStart = pendingStart
                step.literalLength = literals.count - pendingStart
                steps.append(step)
            }
            pendingStart = literals.count
        }
        func appendLiteral(_ scalar: Unicode.Scalar) {
            literals += Array(String(Character(scalar)).utf8)
        }
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "'" {
                if index + 1 < scalars.count, scalars[index + 1] == "'" {
                    appendLiteral("'")
                    index += 2
                    continue
                }
                var end = index + 1
                var closed = false
                while end < scalars.count {
                    if scalars[end] == "'" {
                        if end + 1 < scalars.count, scalars[end + 1] == "'" {
                            appendLiteral("'")
                            end += 2
                            continue
                        }
                        closed = true
                        break
                    }
                    appendLiteral(scalars[end])
                    end += 1
                }
                guard closed else {
                    throw invalid(
                        pattern, "invalid date pattern \"\(pattern)\": unterminated quote",
                        hint: "close the quoted text with ', and write '' for a literal quote")
                }
                index = end + 1
            } else if scalar.isASCII, scalar.properties.isAlphabetic {
                var end = index
                while end < scalars.count, scalars[end] == scalar { end += 1 }
                flushLiteral()
                steps.append(try field(Character(scalar), count: end - index, in: pattern))
                index = end
            } else {
                appendLiteral(scalar)
                index += 1
            }
        }
        flushLiteral()
        // Adjacent value parsing (TR35): a numeric field directly followed by another takes a fixed width.
        for i in steps.indices.dropLast() where steps[i].isNumeric && steps[i + 1].isNumeric {
            steps[i].minimumDigits = steps[i].abuttingWidth
            steps[i].maximumDigits = steps[i].abuttingWidth
        }
        return (steps, literals)
    }

    /// The step for a run of one pattern letter (Unicode TR35's date fields). One switch over every
    /// letter: it is long because the alphabet is, and a reader looks a letter up in one place.
    private static func field(_ letter: Character, count: Int, in pattern: String) throws(FormatError) -> DateStep {
        let run = String(repeating: letter, count: count)
        func limit(_ range: ClosedRange<Int>) throws(FormatError) {
            guard range.contains(count) else {
                throw invalid(
                    pattern, "invalid date pattern \"\(pattern)\": '\(run)' has too many letters",
                    hint: "'\(letter)' takes \(range.lowerBound) to \(range.upperBound) letters")
            }
        }
        func numeric(_ kind: DateStep.Kind, usualDigits: Int) throws(FormatError) -> DateStep {
            try limit(1...9)
            var step = DateStep(kind: kind, count: count)
            step.maximumDigits = max(count, usualDigits)
            return step
        }
        func named(_ kind: DateStep.Kind, _ symbols: DateSymbols.Kind) -> DateStep {
            var step = DateStep(kind: kind, count: count)
            step.symbols = symbols
            return step
        }
        func iso(z: Bool) throws(FormatError) -> DateStep {
            try limit(1...5)
            var step = DateStep(kind: .offsetISO, count: count)
            step.isoZ = z
            step.isoColon = count == 3 || count == 5
            step.isoMinutesRequired = count != 1
            step.isoSeconds = count >= 4
            return step
        }

        switch letter {
        case "G":
            try limit(1...5)
            return named(.era, count <= 3 ? .eraAbbreviated : count == 4 ? .eraWide : .eraNarrow)
        case "y":
            if count == 2 {
                var step = DateStep(kind: .twoDigitYear, count: 2)
                (step.minimumDigits, step.maximumDigits) = (2, 2)
                return step
            }
            return try numeric(.year, usualDigits: 4)
        case "u":
            return try numeric(.extendedYear, usualDigits: 4)
        case "M", "L":
            try limit(1...5)
            if count <= 2 { return try numeric(.month, usualDigits: 2) }
            let standalone = letter == "L"
            switch count {
            case 3: return named(.monthName, standalone ? .standaloneMonthAbbreviated : .monthAbbreviated)
            case 4: return named(.monthName, standalone ? .standaloneMonthWide : .monthWide)
            default: return named(.monthName, standalone ? .standaloneMonthNarrow : .monthNarrow)
            }
        case "d":
            return try numeric(.day, usualDigits: 2)
        case "D":
            return try numeric(.dayOfYear, usualDigits: 3)
        case "E", "e", "c":
            try limit(1...6)
            if letter != "E", count <= 2 { return try numeric(.localWeekday, usualDigits: count) }
            let standalone = letter == "c"
            switch count {
            case 1...3: return named(.weekdayName, standalone ? .standaloneWeekdayAbbreviated : .weekdayAbbreviated)
            case 4: return named(.weekdayName, standalone ? .standaloneWeekdayWide : .weekdayWide)
            case 5: return named(.weekdayName, standalone ? .standaloneWeekdayNarrow : .weekdayNarrow)
            default: return named(.weekdayName, standalone ? .standaloneWeekdayShort : .weekdayShort)
            }
        case "a":
            try limit(1...5)
            return named(.dayPeriod, count == 5 ? .dayPeriodNarrow : .dayPeriod)
        case "H": return try numeric(.hour0To23, usualDigits: 2)
        case "k": return try numeric(.hour1To24, usualDigits: 2)
        case "h": return try numeric(.hour1To12, usualDigits: 2)
        case "K": return try numeric(.hour0To11, usualDigits: 2)
        case "m": return try numeric(.minute, usualDigits: 2)
        case "s": return try numeric(.second, usualDigits: 2)
        case "S":
            var step = try numeric(.fraction, usualDigits: 9)
            step.maximumDigits = 9
            return step
        case "Z":
            try limit(1...5)
            if count <= 3 { return DateStep(kind: .offsetBasic, count: count) }
            if count == 4 {
                var step = DateStep(kind: .offsetGMT, count: count)
                step.long = true
                return step
            }
            return try iso(z: true)
        case "O":
            guard count == 1 || count == 4 else {
                throw invalid(
                    pattern, "invalid date pattern \"\(pattern)\": '\(run)' is not a valid width",
                    hint: "'O' takes 1 letter (GMT-8) or 4 (GMT-08:00)")
            }
            var step = DateStep(kind: .offsetGMT, count: count)
            step.long = count == 4
            return step
        case "X": return try iso(z: true)
        case "x": return try iso(z: false)
        case "z":
            try limit(1...4)
            var step = DateStep(kind: .zoneName, count: count)
            step.long = count == 4
            return step
        case "v":
            guard count == 1 || count == 4 else {
                throw invalid(
                    pattern, "invalid date pattern \"\(pattern)\": '\(run)' is not a valid width",
                    hint: "'v' takes 1 letter (PT) or 4 (Pacific Time)")
            }
            var step = DateStep(kind: .zoneName, count: count)
            step.long = count == 4
            step.generic = true
            return step
        case "Y":
            throw invalid(
                pattern, "invalid date pattern \"\(pattern)\": '\(run)' is the week-based year, which is not supported",
                hint: "use '\(String(repeating: "y", count: count))' for the calendar year")
        default:
            if let name = unsupportedFields[letter] {
                throw invalid(
                    pattern, "invalid date pattern \"\(pattern)\": '\(letter)' (\(name)) is not supported",
                    hint: "remove it, or quote it to write it as text: '\(run)'")
            }
            throw invalid(
                pattern, "invalid date pattern \"\(pattern)\": '\(letter)' is not a pattern letter",
                hint: "quote literal letters: '\(run)'")
        }
    }

    private static let unsupportedFields: [Character: String] = [
        "w": "week of year", "W": "week of month", "F": "day of week in month", "g": "modified Julian day",
        "A": "milliseconds in day", "Q": "quarter", "q": "stand-alone quarter", "b": "day period",
        "B": "flexible day period", "U": "cyclic year", "r": "related Gregorian year", "V": "time zone ID",
        "l": "leap month", "j": "skeleton hour", "J": "skeleton hour", "C": "skeleton hour",
    ]

    private static func invalid(_ pattern: String, _ message: String, hint: String) -> FormatError {
        FormatError(code: "invalid-date-pattern", message: message, hint: hint)
    }
}
