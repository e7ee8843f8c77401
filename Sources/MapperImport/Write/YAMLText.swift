/// Writing YAML scalars that libyaml and the YAML 1.2 core schema read back as exactly the same
/// string: plain where that is unambiguous, double-quoted with escapes otherwise, and block
/// scalars for long or multi-line text.
package enum YAMLText {
    /// A scalar on one line, safe inside flow collections (`{ … }`) too.
    package static func scalar(_ text: String) -> String {
        isPlainSafe(text) ? text : doubleQuoted(text)
    }

    /// `key: value` lines for a text that may be long or span lines, at `indent` spaces: one line
    /// when short, a folded block (`>-`) wrapped at `width` columns for a long line, a literal
    /// block (`|-`) for several lines.
    package static func field(_ key: String, _ text: String, indent: Int, width: Int = 100) -> [String] {
        let pad = String(repeating: " ", count: indent)
        let inner = pad + "  "
        let single = "\(pad)\(key): \(scalar(text))"
        if !text.contains("\n"), single.count <= width { return [single] }
        guard isBlockSafe(text) else { return [single] }
        if !text.contains("\n") {
            // Folded: each line break between two words reads back as one space.
            guard !text.contains("  "), !text.contains("\t") else { return [single] }
            var lines: [String] = []
            var current = ""
            for word in text.split(separator: " ", omittingEmptySubsequences: false) {
                if !current.isEmpty, inner.count + current.count + 1 + word.count > width {
                    lines.append(current)
                    current = String(word)
                } else {
                    current += current.isEmpty ? String(word) : " " + word
                }
            }
            lines.append(current)
            guard lines.count > 1 else { return [single] }
            return ["\(pad)\(key): >-"] + lines.map { inner + $0 }
        }
        return ["\(pad)\(key): |-"]
            + text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.isEmpty ? "" : inner + $0
            }
    }

    /// Whether a block scalar reads back as the text: printable characters only, no line breaks
    /// other than `\n`, no leading white space on the first line (which would set the
    /// indentation), and nothing at either end that chomping or folding would change.
    private static func isBlockSafe(_ text: String) -> Bool {
        guard let first = text.first, first != " ", first != "\t", first != "\n",
            let last = text.last, last != " ", last != "\t", last != "\n"
        else { return false }
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" { continue }
            if !isPrintable(scalar) || isLineBreak(scalar) { return false }
        }
        // A line of spaces only, before the first line with text, would confuse the indentation.
        return true
    }

    private static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
        if first == " " || last == " " || last == ":" { return false }
        if text.contains(": ") || text.contains(" #") || text.contains("\t") { return false }
        for scalar in text.unicodeScalars {
            if ",[]{}".unicodeScalars.contains(scalar) { return false }
            if !isPrintable(scalar) || isLineBreak(scalar) || scalar == "\u{FEFF}" { return false }
        }
        return !resolvesToNonString(text)
    }

    /// What the core schema would read as null, a boolean or a number; also anything that starts
    /// like a number, so that no reader (YAML 1.1 included) takes it for one.
    private static func resolvesToNonString(_ text: String) -> Bool {
        let lower = text.lowercased()
        if ["null", "~", "true", "false", "yes", "no", "on", "off", "y", "n"].contains(lower) { return true }
        guard let first = text.unicodeScalars.first else { return true }
        return first.isASCIIDigit || first == "+" || first == "." || first == "-"
    }

    /// `text` as a YAML double-quoted scalar: printable characters as themselves, the others
    /// escaped (`\n`, `\x07`, `\u2028` as `\L`).
    package static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{0}": out += "\\0"
            case "\u{85}": out += "\\N"
            case "\u{A0}": out += "\\_"
            case "\u{2028}": out += "\\L"
            case "\u{2029}": out += "\\P"
            default:
                if isPrintable(scalar) && scalar != "\u{FEFF}" {
                    out.unicodeScalars.append(scalar)
                } else if scalar.value <= 0xFF {
                    out += "\\x" + hex(scalar.value, digits: 2)
                } else if scalar.value <= 0xFFFF {
                    out += "\\u" + hex(scalar.value, digits: 4)
                } else {
                    out += "\\U" + hex(scalar.value, digits: 8)
                }
            }
        }
        return out + "\""
    }

    /// YAML's printable set, without the line breaks.
    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\r"
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
