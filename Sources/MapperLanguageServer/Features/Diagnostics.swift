import Foundation
import MapperKit

extension Diagnostic {
    /// The diagnostic as LSP shows it, placed in `document` (the text it was found in): the range
    /// covers the word at the position (for an expression, the word at the problem's column inside
    /// it), the other place a duplicate involves is related information, and a did-you-mean's
    /// replacement travels in `data` for the quick fix.
    func lspValue(in document: TextDocument) -> JSONValue {
        let start = excerpt.flatMap { document.position(of: $0, at: mark) } ?? document.position(line: line, column: column)
        var object: JSONObject = [
            "range": document.wordRange(at: start).jsonValue,
            "severity": .number(JSONNumber(severity == .error ? 1 : 2)),
            "code": .string(code),
            "source": "mapper",
            "message": .string(hint.map { "\(message); \($0)" } ?? message),
        ]
        if let related {
            let other = Diagnostic(
                .error, .duplicateDefinition, "", at: Mark(file: related.file, line: related.line, column: related.column))
            object.append(
                "relatedInformation",
                [
                    [
                        "location": ["uri": .string(Workspace.uri(of: related.file)), "range": other.pointRange.jsonValue],
                        "message": .string(related.message),
                    ]
                ])
        }
        if let replacement { object.append("data", ["suggestion": .string(replacement)]) }
        return .object(object)
    }

    /// The start of the diagnostic as an empty range, for a file whose text is not at hand.
    var pointRange: TextRange {
        let position = Position(line: max(0, line - 1), character: max(0, column - 1))
        return TextRange(start: position, end: position)
    }

}

extension TextDocument {
    /// Where column `excerpt.column` of an expression written at `mark` is: after the quote of a
    /// quoted scalar, on the lines below a block scalar's `|` or `>`, else from the mark on.
    func position(of excerpt: Diagnostic.Excerpt, at mark: Mark) -> Position? {
        let line = mark.line - 1
        let text = Array(lineText(line).unicodeScalars)
        let column = mark.column - 1
        guard line < lineCount, column < text.count else { return nil }
        // The problem's line and column inside the expression.
        let before = excerpt.text.unicodeScalars.prefix(max(0, excerpt.column - 1))
        let innerLine = before.count { $0 == "\n" }
        let innerColumn = before.reversed().prefix { $0 != "\n" }.count
        switch text[column] {
        case "|", ">":
            var first = line + 1
            while first < lineCount, lineText(first).allSatisfy({ $0 == " " }) { first += 1 }
            let indent = lineText(first).prefix { $0 == " " }.count
            return position(line: first + innerLine + 1, column: indent + innerColumn + 1)
        case "\"", "'":
            return innerLine == 0 ? position(line: mark.line, column: mark.column + 1 + innerColumn) : nil
        default:
            return innerLine == 0 ? position(line: mark.line, column: mark.column + innerColumn) : nil
        }
    }

    /// The word (a name, a number, a quoted string, or one character) that starts at `start`.
    func wordRange(at start: Position) -> TextRange {
        let scalars = Array(lineText(start.line).unicodeScalars)
        var units = 0
        var index = 0
        while index < scalars.count, units < start.character {
            units += scalars[index].utf16.count
            index += 1
        }
        guard index < scalars.count else { return TextRange(start: start, end: start) }
        var end = index
        if scalars[index] == "\"" || scalars[index] == "'" {
            end += 1
            while end < scalars.count, scalars[end] != scalars[index] { end += 1 }
            end = min(end + 1, scalars.count)
        } else if scalars[index].isWordPart {
            while end < scalars.count, scalars[end].isWordPart { end += 1 }
        } else {
            end += 1
        }
        let width = scalars[index..<end].reduce(0) { $0 + $1.utf16.count }
        return TextRange(start: start, end: Position(line: start.line, character: units + width))
    }
}

extension Unicode.Scalar {
    /// A letter, digit or `_` (or `-`, `$`): a character of a name, word or number.
    var isWordPart: Bool {
        properties.isAlphabetic || properties.numericType != nil || self == "_" || self == "-" || self == "$"
    }
}
