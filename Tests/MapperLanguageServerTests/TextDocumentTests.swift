import Foundation
import MapperKit
import Testing

@testable import MapperLanguageServer

struct TextDocumentTests {
    /// LSP columns count UTF-16 units: 😀 is two of them, é one; the compiler counts scalars.
    @Test func compilerColumnsBecomeUTF16Columns() {
        let document = TextDocument(text: "a: 1\nb: \"😀é\" itn\n", version: 1)
        // `itn` is the 10th scalar of line 2 ("b: \"😀é\" " is 9 scalars).
        #expect(document.position(line: 2, column: 10) == Position(line: 1, character: 10))
        #expect(document.column(of: Position(line: 1, character: 10)) == 10)
    }

    @Test func incrementalEditsApplyInUTF16Units() {
        var document = TextDocument(text: "title: 😀 strng\nnext: int\r\nlast", version: 1)
        document.replace(TextRange(start: Position(line: 0, character: 10), end: Position(line: 0, character: 15)), with: "string")
        #expect(document.lineText(0) == "title: 😀 string")
        // A range past the end of a line or of the document is clamped, never a crash.
        document.replace(TextRange(start: Position(line: 2, character: 99), end: Position(line: 40, character: 0)), with: "!")
        #expect(document.lineText(2) == "last!")
        #expect(document.lineText(1) == "next: int")
        #expect(document.lineCount == 3)
    }

    @Test func contentLengthIsReadFromTheHeader() {
        #expect(MessageReader.contentLength("Content-Length: 12") == 12)
        #expect(MessageReader.contentLength("content-length:7\r\nContent-Type: application/vscode-jsonrpc") == 7)
        #expect(MessageReader.contentLength("Content-Type: text/plain") == nil)
        #expect(MessageReader.contentLength("Content-Length: -1") == nil)
        #expect(MessageReader.contentLength("Content-Length: twelve") == nil)
    }
}

struct CursorContextTests {
    private func context(_ text: String, at marker: String = "|") -> CursorContext {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = lines.firstIndex { $0.contains(marker) }!
        let character = lines[line].range(of: marker)!.lowerBound.utf16Offset(in: lines[line])
        let document = TextDocument(text: text.replacingOccurrences(of: marker, with: ""), version: 1)
        return CursorContext(document: document, position: Position(line: line, character: character))
    }

    @Test func aKeyInAModelIsOneOfTheModelsKeys() {
        let found = context("mapper: 1\nmodels:\n  Issue:\n    doc: x\n    pro|\n")
        #expect(found.path == ["models", "Issue"])
        #expect(found.section == .model)
    }

    @Test func aValueInsideAFlowMappingIsThatKeysValue() {
        let found = context("models:\n  Issue:\n    properties:\n      id: { type: in|")
        #expect(found.path == ["models", "Issue", "properties", "id"])
        #expect(found.valueOf == "type")
        #expect(found.property == "id")
    }

    @Test func listItemsAreStepsOfThePath() {
        let found = context("models:\n  M:\n    migrations:\n      - from: 1\n        rename: {}\n      - from: 2\n        re|")
        #expect(found.path == ["models", "M", "migrations", "-"])
        #expect(found.section == .migration)
    }
}
