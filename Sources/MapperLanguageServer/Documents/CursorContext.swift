import Foundation
import MapperKit

/// Where the cursor is in a mapping file, read from the text around it (indentation, keys, flow
/// braces) rather than from a parse, so that it works on the half-written text being typed.
struct CursorContext {
    /// The keys from the top level down to the mapping the cursor is in; `-` for a list item.
    var path: [String]
    /// Whether the cursor is on a key or on the value of `key`.
    var valueOf: String?
    /// The text of the line before the cursor.
    var before: String

    init(document: TextDocument, position: Position) {
        let line = document.lineText(position.line)
        var units = 0
        var before = ""
        for scalar in line.unicodeScalars {
            guard units < position.character else { break }
            units += scalar.utf16.count
            before.unicodeScalars.append(scalar)
        }
        self.before = before
        let indent = before.prefix { $0 == " " }.count
        var rest = Substring(before.dropFirst(indent))
        var inner: [String] = []
        var list: Int?
        if rest.hasPrefix("- ") {
            inner.append("-")
            rest = rest.dropFirst(2)
            list = indent
        }
        // Inside a flow mapping (`id: { type: int, fo`): its key, then the part after `{` or `,`.
        if let brace = Self.openBrace(in: rest) {
            if let key = Self.key(of: rest[..<brace]) { inner.append(key) }
            rest = rest[rest.index(after: brace)...]
            if let comma = rest.lastIndex(of: ",") { rest = rest[rest.index(after: comma)...] }
        }
        let trimmed = rest.drop { $0 == " " }
        if let colon = trimmed.range(of: ": ") ?? (trimmed.hasSuffix(":") ? trimmed.range(of: ":", options: .backwards) : nil) {
            valueOf = String(trimmed[..<colon.lowerBound])
        }
        path = Self.parents(of: position.line, indent: indent, list: list, in: document) + inner
    }

    /// The keys of the block mappings that contain a line at `indent`, top first; `list` is the
    /// indentation of the `-` when the line is a list item itself.
    private static func parents(of line: Int, indent: Int, list: Int?, in document: TextDocument) -> [String] {
        var keys: [String] = []
        var current = indent
        // While inside a list: the indentation of its `-`, whose siblings are skipped.
        var listAt = list
        var index = line - 1
        while index >= 0, current > 0 || listAt != nil {
            let text = document.lineText(index)
            index -= 1
            let spaces = text.prefix { $0 == " " }.count
            let rest = text.dropFirst(spaces)
            guard !rest.isEmpty, !rest.hasPrefix("#") else { continue }
            let isItem = rest.hasPrefix("- ") || rest == "-"
            if let dash = listAt {
                guard spaces <= dash, !isItem, let key = key(of: rest) else { continue }
                keys.append(key)
                current = spaces
                listAt = nil
            } else if spaces < current, isItem {
                // A list item holding the line's mapping: `- from: 1` above `  rename: …`.
                keys.append("-")
                listAt = spaces
            } else if spaces < current, let key = key(of: rest) {
                keys.append(key)
                current = spaces
            }
        }
        return keys.reversed()
    }

    /// The key of `key: …` or `key:`.
    private static func key(of text: Substring) -> String? {
        let text = text.drop { $0 == " " }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let after = text.index(after: colon)
        guard after == text.endIndex || text[after] == " " else { return nil }
        let key = text[..<colon].trimmingCharacters(in: .whitespaces)
        let unquoted = key.hasPrefix("\"") || key.hasPrefix("'") ? String(key.dropFirst().dropLast()) : key
        return unquoted.isEmpty ? nil : unquoted
    }

    /// The `{` of a flow mapping still open at the end of the text.
    private static func openBrace(in text: Substring) -> Substring.Index? {
        var open: [Substring.Index] = []
        var quote: Character?
        for index in text.indices {
            let c = text[index]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "{" {
                open.append(index)
            } else if c == "}" {
                _ = open.popLast()
            }
        }
        return open.last
    }

    /// What the language says is at `path`: the value of the last key.
    static func value(at path: [String]) -> MappingLanguage.Value? {
        var value = MappingLanguage.Value.section(.file)
        for key in path {
            guard let next = step(value, key) else { return nil }
            value = next
        }
        return value
    }

    private static func step(_ value: MappingLanguage.Value, _ key: String) -> MappingLanguage.Value? {
        switch value {
        case .section(let section): return MappingLanguage.key(key, of: section)?.value
        case .names(let inner): return key == "-" ? nil : inner
        case .list(let inner): return key == "-" ? inner : nil
        case .either(let options):
            for option in options { if case .section = option, let next = step(option, key) { return next } }
            return nil
        default: return nil
        }
    }

    /// The section whose keys may be written at the cursor, when it is on a key.
    var section: MappingLanguage.Section? {
        guard valueOf == nil else { return nil }
        switch Self.value(at: path) {
        case .section(let section): return section
        case .either(let options):
            for case .section(let section) in options { return section }
            return nil
        default: return nil
        }
    }

    /// What the value at the cursor is, when it is on a value.
    var value: MappingLanguage.Value? {
        guard let key = valueOf else { return nil }
        return Self.value(at: path + [key])
    }

    /// The model the cursor is in (`models: Name: …`).
    var model: String? { path.count >= 2 && path[0] == "models" ? path[1] : nil }

    /// The word the cursor ends (letters, digits and `_`): what completion narrows to.
    var word: Substring { before.suffix(before.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.count) }

    /// The enum the cursor is in (`enums: Name: …`).
    var enumeration: String? { path.count >= 2 && path[0] == "enums" ? path[1] : nil }

    /// The type written before the cursor on its line (`{ type: State, default: `), for text that
    /// does not parse yet.
    var writtenType: String? {
        guard let range = before.range(of: "type:") else { return nil }
        let word = before[range.upperBound...].drop { $0 == " " || $0 == "\"" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return word.isEmpty ? nil : String(word)
    }

    /// The property names written under the `properties:` that holds the cursor's line, for text
    /// that does not parse yet.
    static func writtenProperties(around line: Int, in document: TextDocument) -> [String] {
        var index = line
        var header: (line: Int, indent: Int)?
        while index >= 0, header == nil {
            let text = document.lineText(index)
            let spaces = text.prefix { $0 == " " }.count
            if text.dropFirst(spaces).hasPrefix("properties:") { header = (index, spaces) }
            index -= 1
        }
        guard let header else { return [] }
        var names: [String] = []
        var next = header.line + 1
        var inner: Int?
        while next < document.lineCount {
            let text = document.lineText(next)
            next += 1
            let spaces = text.prefix { $0 == " " }.count
            let rest = text.dropFirst(spaces)
            guard !rest.isEmpty, !rest.hasPrefix("#") else { continue }
            if spaces <= header.indent { break }
            if inner == nil { inner = spaces }
            if spaces == inner, let key = key(of: rest) { names.append(key) }
        }
        return names
    }

    /// The property the cursor is in (`models: M: properties: name: …`).
    var property: String? { path.count >= 4 && path[0] == "models" && path[2] == "properties" ? path[3] : nil }
}
