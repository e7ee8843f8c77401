import MapperKit

/// A position as LSP counts it: 0-based line, 0-based column in UTF-16 code units.
struct Position: Equatable, Comparable {
    var line: Int
    var character: Int

    static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }

    var jsonValue: JSONValue {
        ["line": .number(JSONNumber(Int64(line))), "character": .number(JSONNumber(Int64(character)))]
    }

    /// Reads `{"line", "character"}`; nil when either is missing or negative.
    init?(_ value: JSONValue?) {
        guard let line = value?["line"]?.integer, let character = value?["character"]?.integer, line >= 0, character >= 0 else {
            return nil
        }
        self.line = line
        self.character = character
    }

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

/// A range as LSP gives it: start and end positions.
struct TextRange: Equatable {
    var start: Position
    var end: Position

    var jsonValue: JSONValue { ["start": start.jsonValue, "end": end.jsonValue] }

    init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    init?(_ value: JSONValue?) {
        guard let start = Position(value?["start"]), let end = Position(value?["end"]) else { return nil }
        self.init(start: start, end: end)
    }
}

/// An open file's text as the editor holds it, with what converting between LSP positions (UTF-16
/// columns) and the compiler's (1-based line, column in Unicode scalars) takes.
struct TextDocument {
    private(set) var bytes: [UInt8]
    var version: Int
    /// The byte offset where each line starts; lines end at `\n`, `\r\n` or `\r`, as LSP counts them.
    private(set) var lineStarts: [Int] = [0]

    init(text: String, version: Int) {
        bytes = Array(text.utf8)
        self.version = version
        indexLines()
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
        version = 0
        indexLines()
    }

    var lineCount: Int { lineStarts.count }

    /// The bytes of line `line` (0-based) without its line break; empty past the end.
    func lineBytes(_ line: Int) -> ArraySlice<UInt8> {
        guard line >= 0, line < lineStarts.count else { return [] }
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        while end > lineStarts[line], bytes[end - 1] == 10 || bytes[end - 1] == 13 { end -= 1 }
        return bytes[lineStarts[line]..<end]
    }

    /// Line `line` (0-based) as text.
    func lineText(_ line: Int) -> String { String(decoding: lineBytes(line), as: UTF8.self) }

    /// The byte offset of an LSP position, clamped to the document (a column past the end of its line
    /// is the line's end; a line past the end is the document's end).
    func offset(of position: Position) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let line = lineBytes(position.line)
        var units = 0
        var offset = line.startIndex
        for scalar in String(decoding: line, as: UTF8.self).unicodeScalars {
            guard units < position.character else { break }
            units += scalar.utf16.count
            offset += scalar.utf8.count
        }
        return min(offset, line.endIndex)
    }

    /// The LSP position of the compiler's 1-based line and column (in Unicode scalars).
    func position(line: Int, column: Int) -> Position {
        let index = max(0, line - 1)
        let text = lineText(index)
        let units = text.unicodeScalars.prefix(max(0, column - 1)).reduce(0) { $0 + $1.utf16.count }
        return Position(line: index, character: units)
    }

    /// Whether the position names a line of the document.
    func contains(_ position: Position) -> Bool { position.line < lineStarts.count }

    /// Replaces the text between two positions (an incremental change); positions are clamped.
    mutating func replace(_ range: TextRange, with text: String) {
        let start = offset(of: range.start)
        let end = max(start, offset(of: range.end))
        bytes.replaceSubrange(start..<end, with: Array(text.utf8))
        indexLines()
    }

    /// Replaces the whole text (a full change).
    mutating func replaceAll(with text: String) {
        bytes = Array(text.utf8)
        indexLines()
    }

    private mutating func indexLines() {
        lineStarts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 13, index < bytes.count, bytes[index] == 10 { index += 1 }
            if byte == 10 || byte == 13 { lineStarts.append(index) }
        }
    }
}

extension JSONValue {
    /// The value as an Int, when it is an integer number.
    var integer: Int? {
        guard case .number(let number) = self, let value = number.int64 else { return nil }
        return Int(exactly: value)
    }

    /// The value as a string.
    var text: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }
}
