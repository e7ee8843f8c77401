import Testing
@testable import MapperYAML

/// Files must be UTF-8 (or UTF-16 with a byte order mark) without control characters; libyaml
/// reports where by byte offset, which the reader turns into a line and column.
struct EncodingTests {
    func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

    func utf16(_ text: String, littleEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        for unit in text.utf16 {
            let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
            bytes += littleEndian ? [low, high] : [high, low]
        }
        return bytes
    }

    func errors(_ bytes: [UInt8]) -> [YAMLError] {
        let document = YAML.parse(bytes, file: testFile)
        #expect(document.root == nil)
        return document.errors
    }

    func encodingError(_ problem: String, line: Int, column: Int) -> [YAMLError] {
        [YAMLError(.encoding, "the file is not valid YAML text: \(problem)", at: mark(line, column))]
    }

    @Test func invalidUTF8Byte() {
        #expect(
            errors(utf8("a: 1\nb: x") + [0xFF] + utf8("\n"))
                == encodingError("invalid leading UTF-8 octet (0xFF at byte offset 9)", line: 2, column: 5))
    }

    @Test func columnsAfterMultiByteCharactersCountCharacters() {
        #expect(
            errors(utf8("a: 1\nüé: ") + [0xFE])
                == encodingError("invalid leading UTF-8 octet (0xFE at byte offset 11)", line: 2, column: 5))
    }

    @Test func byteOrderMarkIsNotAColumn() {
        #expect(
            errors([0xEF, 0xBB, 0xBF] + utf8("a: ") + [0xFF])
                == encodingError("invalid leading UTF-8 octet (0xFF at byte offset 6)", line: 1, column: 4))
    }

    @Test(arguments: ["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"])
    func lineBreaksCountAsLibyamlCountsThem(lineBreak: String) {
        #expect(errors(utf8("a: 1\(lineBreak)b: ") + [0xFF]).map(\.mark) == [mark(2, 4)])
    }

    @Test func nulByte() {
        #expect(
            errors(utf8("a: b\0c\n"))
                == encodingError("control characters are not allowed (0x00 at byte offset 4)", line: 1, column: 5))
    }

    @Test func otherControlCharacter() {
        #expect(
            errors(utf8("a: 1\r\nb: \u{7}\r\n"))
                == encodingError("control characters are not allowed (0x07 at byte offset 9)", line: 2, column: 4))
    }

    @Test func truncatedSequenceAtTheEnd() {
        #expect(
            errors(utf8("a: 1\nb: ") + [0xE2, 0x82])
                == encodingError("incomplete UTF-8 octet sequence (at byte offset 8)", line: 2, column: 4))
    }

    @Test func invalidTrailingByte() {
        #expect(
            errors(utf8("a: x") + [0xC3] + utf8("z\n"))
                == encodingError("invalid trailing UTF-8 octet (0x7A at byte offset 5)", line: 1, column: 6))
    }

    @Test func overlongEncoding() {
        #expect(
            errors(utf8("a: ") + [0xC0, 0x80])
                == encodingError("invalid length of a UTF-8 sequence (at byte offset 3)", line: 1, column: 4))
    }

    @Test func encodedSurrogate() {
        #expect(
            errors(utf8("a: ") + [0xED, 0xA0, 0x80])
                == encodingError("invalid Unicode character (0xD800 at byte offset 3)", line: 1, column: 4))
    }

    @Test(arguments: [true, false])
    func utf16WithByteOrderMarkReads(littleEndian: Bool) throws {
        let text = "name: é\nlist: [x, \"😀\", 3]\n"
        let document = YAML.parse(utf16(text, littleEndian: littleEndian), file: testFile)
        #expect(document.errors == [])
        let node = try #require(document.root)
        #expect(try Plain(node) == plain(text))
        #expect(position(node["list"]?.sequence?.last) == [2, 16])
    }

    @Test(arguments: [true, false])
    func utf16ErrorsHaveCharacterPositions(littleEndian: Bool) {
        // A lone low surrogate after a surrogate pair (one character) on the second line.
        var bytes = utf16("a: 1\nb: 😀", littleEndian: littleEndian)
        bytes += littleEndian ? [0x00, 0xDC] : [0xDC, 0x00]
        #expect(
            errors(bytes)
                == encodingError("unexpected low surrogate area (0xDC00 at byte offset 22)", line: 2, column: 5))
    }

    @Test func utf16SyntaxErrorAtTheEndStaysOnTheLastLine() {
        #expect(errors(utf16("a: [é", littleEndian: true)).map(\.mark) == [mark(1, 6)])
    }
}
