extension DatePattern {
    /// An ECMA-262 regular expression (what JSON Schema's `pattern` uses) that matches the strings
    /// this pattern writes: digits for numeric fields, the locale's names for name fields, offset
    /// shapes for zones. Parsing is a little more lenient (names in any letter case).
    package var regularExpression: String {
        let compiled = compiled
        var regex = "^"
        for step in compiled.steps {
            switch step.kind {
            case .literal:
                let text = String(decoding: compiled.literals[step.literalStart..<(step.literalStart + step.literalLength)], as: UTF8.self)
                regex += Self.escape(text)
            case .era, .monthName, .weekdayName, .dayPeriod:
                let names = compiled.symbols[step.symbols].names.filter { !$0.isEmpty }
                regex += "(?:" + names.map(Self.escape).joined(separator: "|") + ")"
            case .twoDigitYear:
                regex += "\\d{2}"
            case .year, .extendedYear, .month, .day, .dayOfYear, .localWeekday, .hour0To23, .hour1To24,
                .hour1To12, .hour0To11, .minute, .second, .fraction:
                regex += "\\d{\(step.minimumDigits),\(max(step.minimumDigits, step.maximumDigits))}"
            case .offsetBasic:
                regex += "[+-]\\d{4}"
            case .offsetISO:
                regex += "(?:Z|[+-]\\d{2}(?::?\\d{2}){0,2})"
            case .offsetGMT:
                regex += "GMT(?:[+-]\\d{1,2}(?::\\d{2}){0,2})?"
            case .zoneName:
                regex += "[A-Za-z][A-Za-z0-9+\\-/_ ]*"
            }
        }
        return regex + "$"
    }

    private static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\^$.|?*+()[]{}/".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
